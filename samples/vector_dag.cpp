// samples/vector_dag.cpp — a diamond-shaped DAG of vector tasks over 128-row blocks:
//   s = a + b;  d = s * 2;  e = exp(-s);  out = (d - e) / (1 + e)
// Each node is its own pl::at scope with explicit dependencies on its producers.
#include <pl/dsl.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

using T = pl::Tensor<pl::fp32, 256, 64>;
using TT = pl::Tile<pl::fp32, 128, 64>;

PL_JIT void vector_dag(T a, T b, pl::Out<T> out) {
  T s = pl::create_tensor({256, 64}, pl::fp32), d = pl::create_tensor({256, 64}, pl::fp32),
    e = pl::create_tensor({256, 64}, pl::fp32);
  for (auto blk : pl::range(2)) {
    const pl::Index r = blk * 128;
    auto t_s = pl::at({.name_hint = "sum"}, [&] {
      TT x = pl::load(a, {r, 0}, {128, 64});
      TT y = pl::load(b, {r, 0}, {128, 64});
      pl::store(x + y, {r, 0}, s);
    });
    auto t_d = pl::at({.name_hint = "double", .deps = {t_s}}, [&] {
      TT x = pl::load(s, {r, 0}, {128, 64});
      pl::store(pl::muls(x, 2.0f), {r, 0}, d);
    });
    auto t_e = pl::at({.name_hint = "decay", .deps = {t_s}}, [&] {
      TT x = pl::load(s, {r, 0}, {128, 64});
      pl::store(pl::exp(pl::neg(x)), {r, 0}, e);
    });
    pl::at({.name_hint = "combine", .deps = {t_d, t_e}}, [&] {
      TT x = pl::load(d, {r, 0}, {128, 64});
      TT y = pl::load(e, {r, 0}, {128, 64});
      pl::store(pl::div(pl::sub(x, y), pl::adds(y, 1.0f)), {r, 0}, out);
    });
  }
}

int main() {
  const auto as = pl::random_vector(256 * 64, 131), bs = pl::random_vector(256 * 64, 132);
  T a(as), b(bs), out;
  vector_dag(a, b, out);
  std::vector<double> ref(as.size());
  for (std::size_t i = 0; i < ref.size(); ++i) {
    const double s = double(as[i]) + bs[i], e = std::exp(-s);
    ref[i] = (2 * s - e) / (1 + e);
  }
  const bool ok = pl::allclose(out, ref);
  std::printf("vector_dag: %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
