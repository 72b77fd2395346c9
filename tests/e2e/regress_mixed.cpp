// tests/e2e/regress_mixed.cpp — programs the samples do not cover: a 3-way rotation of fp16 tile carries in pl::while_ on a
// ragged (valid-shape) load, zero and three trips; int32 scalar carries with negative operands.
#include <pl/dsl.hpp>
#include <cstdio>
#include <vector>
using T = pl::Tensor<pl::fp16, 8, 16>;
using H = pl::Tile<pl::fp16, 8, 16>;

PL_FUNCTION(pl::FunctionType::InCore)
void rot3(T x, T y, T z, pl::Index n, pl::Index cols, pl::Out<T> o1, pl::Out<T> o2, pl::Out<T> o3) {
  H a = pl::load(x, {0, 0}, {8, 16}, {.valid_shape = {8, cols}});
  H b = pl::load(y, {0, 0}, {8, 16}, {.valid_shape = {8, cols}});
  H c = pl::load(z, {0, 0}, {8, 16}, {.valid_shape = {8, cols}});
  auto [i, p, q, r] = pl::while_(pl::init_values(pl::Index{0}, a, b, c), [&](pl::Index k, H u, H v, H w) {
    pl::cond(k < n);
    return pl::yield_(k + 1, w, u, v);
  });
  (void)i;
  pl::store(p, {0, 0}, o1);
  pl::store(q, {0, 0}, o2);
  pl::store(r, {0, 0}, o3);
}

PL_FUNCTION(pl::FunctionType::InCore)
void negs(T x, pl::Index m, pl::Out<T> o) {
  pl::Index s = -7, t = 5;
  for (auto k : pl::range(m)) {
    pl::Index u = (s - k) / 3 + (t % -4) - ((k - 9) % 4);
    s = t; t = u;  // permuted scalar carries
  }
  pl::store(pl::adds(pl::load(x, {0, 0}, {8, 16}), static_cast<float>(s * 100 + t)), {0, 0}, o);
}

int main() {
  T x(pl::random_vector(128, 1)), y(pl::random_vector(128, 2)), z(pl::random_vector(128, 3));
  const std::vector<double> in[3] = {x.to_vector<double>(), y.to_vector<double>(), z.to_vector<double>()};
  int failures = 0;
  for (pl::Index n : {0, 3, 4})
    for (pl::Index cols : {16, 5}) {
      T o[3];
      rot3(x, y, z, n, cols, o[0], o[1], o[2]);
      for (int k = 0; k < 3; ++k) {  // after n rotations slot k holds input (k - n) mod 3
        std::vector<double> want = in[((k - n) % 3 + 3) % 3];
        for (int e = 0; e < 128; ++e)
          if (e % 16 >= cols) want[e] = 0;  // store writes only the valid region
        failures += pl::allclose(o[k], want) ? 0 : 1;
      }
    }
  for (pl::Index m : {0, 1, 5}) {
    T o;
    negs(x, m, o);
    long s = -7, t = 5;
    for (long k = 0; k < m; ++k) {
      long u = (s - k) / 3 + (t % -4) - ((k - 9) % 4);
      s = t;
      t = u;
    }
    std::vector<double> want = in[0];
    for (double& v : want) v = pl::round_to(pl::DType::FP16, v + static_cast<float>(s * 100 + t));
    failures += pl::allclose(o, want) ? 0 : 1;
  }
  std::printf("regress_mixed: %d failures\n", failures);
  return failures == 0 ? 0 : 1;
}
