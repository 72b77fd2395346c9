// common.hpp — shared by both kernel files and main.cpp: the tensor types, the scale both
// kernels apply, and a PL_INLINE helper that the translator inlines into each kernel.
#pragma once

#include <pl/dsl.hpp>

inline constexpr float kScale = 2.0f;

using Mat = pl::Tensor<pl::fp32, 64, 64>;
using Tile64 = pl::Tile<pl::fp32, 64, 64>;

/// x * kScale + y, tile by tile.
PL_INLINE inline Tile64 scale_add(Tile64 x, Tile64 y) { return x * kScale + y; }

// The entry points of axpy.cpp and relu_axpy.cpp, called from main.cpp.
void axpy(Mat x, Mat y, pl::Out<Mat> out);
void relu_axpy(Mat x, Mat y, pl::Out<Mat> out);
