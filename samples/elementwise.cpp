// samples/elementwise.cpp — tile add / mul at 128x128 and 64x64, and chunked_add: a pl::range
// loop inside one kernel walking a 512x128 tensor in four 128-row chunks.
#include <pl/dsl.hpp>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

template <std::int64_t N>
using Sq = pl::Tensor<pl::fp32, N, N>;
using Tall = pl::Tensor<pl::fp32, 512, 128>;

template <std::int64_t N>
PL_FUNCTION(pl::FunctionType::InCore)
void add_kernel(Sq<N> a, Sq<N> b, pl::Out<Sq<N>> c) {
  pl::Tile<pl::fp32, N, N> ta = pl::load(a, {0, 0}, {N, N});
  pl::Tile<pl::fp32, N, N> tb = pl::load(b, {0, 0}, {N, N});
  pl::store(pl::add(ta, tb), {0, 0}, c);
}

template <std::int64_t N>
PL_FUNCTION(pl::FunctionType::InCore)
void mul_kernel(Sq<N> a, Sq<N> b, pl::Out<Sq<N>> c) {
  auto ta = pl::load<N, N>(a, {0, 0});
  auto tb = pl::load<N, N>(b, {0, 0});
  pl::store(ta * tb, {0, 0}, c);
}

PL_FUNCTION(pl::FunctionType::InCore)
void chunked_add(Tall a, Tall b, pl::Out<Tall> c) {
  for (auto i : pl::range(4)) {
    const pl::Index row = i * 128;
    pl::Tile<pl::fp32, 128, 128> ta = pl::load(a, {row, 0}, {128, 128});
    pl::Tile<pl::fp32, 128, 128> tb = pl::load(b, {row, 0}, {128, 128});
    pl::store(ta + tb, {row, 0}, c);
  }
}

template <class T, class F>
bool check(const char* name, const T& got, const std::vector<float>& x, const std::vector<float>& y, F f) {
  std::vector<float> ref(x.size());
  for (std::size_t i = 0; i < ref.size(); ++i) ref[i] = f(x[i], y[i]);
  const bool ok = pl::allclose(got, ref);
  std::printf("elementwise/%s: %s\n", name, ok ? "PASS" : "FAIL");
  return ok;
}

auto plus = [](float x, float y) { return x + y; };
auto times = [](float x, float y) { return x * y; };

/// add_kernel<N> and mul_kernel<N> on random N x N inputs drawn with `seed` and `seed + 1`.
template <std::int64_t N> bool checkSquare(std::uint64_t seed) {
  const auto x = pl::random_vector(N * N, seed), y = pl::random_vector(N * N, seed + 1);
  Sq<N> a(x), b(y), c, d;
  add_kernel<N>(a, b, c);
  mul_kernel<N>(a, b, d);
  const bool added = check(("add" + std::to_string(N)).c_str(), c, x, y, plus);
  const bool multiplied = check(("mul" + std::to_string(N)).c_str(), d, x, y, times);
  return added && multiplied;
}

int main() {
  bool ok = checkSquare<128>(3);
  ok &= checkSquare<64>(5);
  {
    const auto x = pl::random_vector(512 * 128, 7), y = pl::random_vector(512 * 128, 8);
    Tall a(x), b(y), c;
    chunked_add(a, b, c);
    ok &= check("chunked_add", c, x, y, plus);
  }
  return ok ? 0 : 1;
}
