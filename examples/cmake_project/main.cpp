// main.cpp — host code: runs both kernels (translated by pl_add_kernels, so on the simulator)
// and checks them against plain loops.
#include <algorithm>
#include <cstdio>
#include <vector>

#include "common.hpp"

int main() {
  const std::vector<float> vx = pl::random_vector(64 * 64, 1), vy = pl::random_vector(64 * 64, 2);
  Mat x(vx), y(vy), a, r;
  axpy(x, y, a);
  relu_axpy(x, y, r);

  std::vector<float> refA(vx.size()), refR(vx.size());
  for (std::size_t i = 0; i < vx.size(); ++i) {
    refA[i] = vx[i] * kScale + vy[i];
    refR[i] = std::max(refA[i], 0.0f);
  }
  const bool ok = pl::allclose(a, refA) && pl::allclose(r, refR);
  std::printf("cmake_project (scale %g): %s\n", static_cast<double>(kScale), ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
