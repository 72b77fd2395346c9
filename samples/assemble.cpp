// samples/assemble.cpp — tile-level pl::assemble: Acc -> Mat (a matmul result written into a
// larger Mat tile), and Vec -> Vec in loops over tile slices: row by row, and as a quadrant
// broadcast of one 16x16 block into a 32x32 tile.
#include <pl/dsl.hpp>

#include <cstdio>
#include <vector>

using T32 = pl::Tensor<pl::fp32, 32, 32>;
using T16 = pl::Tensor<pl::fp32, 16, 16>;

/// Reverses the row order of a 32x32 tile by assembling one-row slices.
PL_FUNCTION(pl::FunctionType::AIV)
void reverse_rows(T32 x, pl::Out<T32> y) {
  pl::Tile<pl::fp32, 32, 32> src = pl::load(x, {0, 0}, {32, 32});
  auto dst = pl::create_tile({32, 32}, pl::fp32);
  for (auto r : pl::range(32)) {
    auto row = pl::slice(src, {1, 32}, {r, 0});
    dst = pl::assemble(dst, row, {31 - r, 0});
  }
  pl::store(dst, {0, 0}, y);
}

/// Broadcasts the top-left 16x16 quadrant into all four quadrants.
PL_FUNCTION(pl::FunctionType::AIV)
void quadrant_broadcast(T32 x, pl::Out<T32> y) {
  pl::Tile<pl::fp32, 32, 32> src = pl::load(x, {0, 0}, {32, 32});
  auto quad = pl::slice(src, {16, 16}, {0, 0});
  pl::Tile<pl::fp32, 32, 32> dst = pl::create_tile({32, 32}, pl::fp32);
  for (auto qi : pl::unroll(2))
    for (auto qj : pl::unroll(2)) dst = pl::assemble(dst, quad, {qi * 16, qj * 16});
  pl::store(dst, {0, 0}, y);
}

/// Two 16x16 products written into the left and right halves of a 16x32 Mat tile.
PL_FUNCTION(pl::FunctionType::AIC)
void acc_to_mat(T16 a, T16 b, T16 c, pl::Out<pl::Tensor<pl::fp32, 16, 32>> y) {
  auto mat = pl::create_tile({16, 32}, pl::fp32, {.target_memory = pl::Mem::Mat});
  auto left = pl::move(pl::load(a, {0, 0}, {16, 16}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Left});
  auto r0 = pl::move(pl::load(b, {0, 0}, {16, 16}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Right});
  auto r1 = pl::move(pl::load(c, {0, 0}, {16, 16}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Right});
  pl::Tile<pl::fp32, 16, 16, pl::Mem::Acc> p0 = pl::matmul(left, r0);
  pl::Tile<pl::fp32, 16, 16, pl::Mem::Acc> p1 = pl::matmul(left, r1);
  mat = pl::assemble(mat, p0, {0, 0});
  mat = pl::assemble(mat, p1, {0, 16});
  pl::store(mat, {0, 0}, y);
}

int main() {
  bool ok = true;
  const auto xs = pl::random_vector(32 * 32, 91);
  T32 x(xs), y1, y2;
  reverse_rows(x, y1);
  quadrant_broadcast(x, y2);
  std::vector<float> r1(32 * 32), r2(32 * 32);
  for (int r = 0; r < 32; ++r)
    for (int c = 0; c < 32; ++c) {
      r1[r * 32 + c] = xs[(31 - r) * 32 + c];
      r2[r * 32 + c] = xs[(r % 16) * 32 + (c % 16)];
    }
  const bool a1 = pl::allclose(y1, r1, {.rtol = 0, .atol = 0}), a2 = pl::allclose(y2, r2, {.rtol = 0, .atol = 0});
  std::printf("assemble/rows: %s\nassemble/quadrants: %s\n", a1 ? "PASS" : "FAIL", a2 ? "PASS" : "FAIL");
  ok = a1 && a2;

  const auto as = pl::random_vector(256, 92), bs = pl::random_vector(256, 93), cs = pl::random_vector(256, 94);
  T16 a(as), b(bs), c(cs);
  pl::Tensor<pl::fp32, 16, 32> y3;
  acc_to_mat(a, b, c, y3);
  std::vector<double> r3(16 * 32, 0.0);
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j)
      for (int k = 0; k < 16; ++k) {
        r3[i * 32 + j] += double(as[i * 16 + k]) * bs[k * 16 + j];
        r3[i * 32 + 16 + j] += double(as[i * 16 + k]) * cs[k * 16 + j];
      }
  const bool a3 = pl::allclose(y3, r3, {.atol = 1e-5});
  std::printf("assemble/acc_to_mat: %s\n", a3 ? "PASS" : "FAIL");
  return ok && a3 ? 0 : 1;
}
