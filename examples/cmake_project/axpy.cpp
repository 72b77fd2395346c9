// axpy.cpp — out = x * kScale + y on one 64x64 tile.
#include "common.hpp"

PL_JIT void axpy(Mat x, Mat y, pl::Out<Mat> out) {
  pl::at(pl::Level::CORE_GROUP, [&] {
    Tile64 tx = pl::load(x, {0, 0}, {64, 64});
    Tile64 ty = pl::load(y, {0, 0}, {64, 64});
    pl::store(scale_add(tx, ty), {0, 0}, out);
  });
}
