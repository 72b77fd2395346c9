// RUN: materialize-tile-valid-shapes
// windows not proven inside: a load's extents (its valid_shape, else its shape) clipped to the tensor become its valid_shape and its tile's valid shape; a store's clip is its attr valid_shape
program {
  index n;

  AIV k(In Tensor<fp32, 8, n> x, In index c, In index v, Out Tensor<fp32, 8, n> o) {
    Tile<fp32, 8, 16, Vec> a = tile.load(x, {0, c * 16}, {8, 16}) [[in_bounds = false]];
    Tile<fp32, 8, 16, Vec> b = tile.add(a, a);
    Tile<fp32, 8, 16, Vec, view{valid_shape = {8, v}}> d = tile.load(x, {0, 0}, {8, 16}, {.valid_shape = {8, v}}) [[in_bounds = false]];
    Tensor<fp32, 8, n> r = tile.store(b, {0, c * 16}, o) [[in_bounds = false]];
    return;
  }
}
// EXPECTED:
program {
  index n;

  AIV k(In Tensor<fp32, 8, n> x, In index c, In index v, Out Tensor<fp32, 8, n> o) {
    index x_d0 = tensor.dim(x, 0);
    index x_d1 = tensor.dim(x, 1);
    Tile<fp32, 8, 16, Vec, view{valid_shape = {max(0, min(8, x_d0)), max(0, min(16, x_d1 - c * 16))}}> a = tile.load(x, {0, c * 16}, {8, 16}, {.valid_shape = {max(0, min(8, x_d0)), max(0, min(16, x_d1 - c * 16))}}) [[in_bounds = false]];
    Tile<fp32, 8, 16, Vec> b = tile.add(a, a);
    index x_d0_1 = tensor.dim(x, 0);
    index x_d1_1 = tensor.dim(x, 1);
    Tile<fp32, 8, 16, Vec, view{valid_shape = {max(0, min(8, x_d0_1)), max(0, min(v, x_d1_1))}}> d = tile.load(x, {0, 0}, {8, 16}, {.valid_shape = {max(0, min(8, x_d0_1)), max(0, min(v, x_d1_1))}}) [[in_bounds = false]];
    index o_d0 = tensor.dim(o, 0);
    index o_d1 = tensor.dim(o, 1);
    Tensor<fp32, 8, n> r = tile.store(b, {0, c * 16}, o) [[in_bounds = false, valid_shape = {max(0, min(8, o_d0)), max(0, min(16, o_d1 - c * 16))}]];
    return;
  }
}
// -----
// RUN: materialize-tile-valid-shapes
// must not change: windows proven inside, a load already clipped, a store that already has its clip, and orchestration code
program {
  index n;

  AIV k(In Tensor<fp32, 64, 16> x, In Tensor<fp32, 8, n> y, Out Tensor<fp32, 64, 16> o) -> Tensor<fp32, 64, 16> {
    Tile<fp32, 16, 16, Vec> a = tile.load(x, {0, 0}, {16, 16}) [[in_bounds = true]];
    Tile<fp32, 16, 16, Vec, view{valid_shape = {8, 16}}> b = tile.load(x, {56, 0}, {16, 16}, {.valid_shape = {8, 16}}) [[in_bounds = true]];
    index y_d0 = tensor.dim(y, 0);
    index y_d1 = tensor.dim(y, 1);
    Tile<fp32, 8, 16, Vec, view{valid_shape = {max(0, min(8, y_d0)), max(0, min(16, y_d1))}}> c = tile.load(y, {0, 0}, {8, 16}, {.valid_shape = {max(0, min(8, y_d0)), max(0, min(16, y_d1))}}) [[in_bounds = false]];
    Tensor<fp32, 64, 16> r = tile.store(a, {0, 0}, o) [[in_bounds = true]];
    Tensor<fp32, 64, 16> s = tile.store(a, {56, 0}, r) [[in_bounds = false, valid_shape = {8, 16}]];
    return s;
  }

  Orchestration main(In Tensor<fp32, 64, 16> x, In Tensor<fp32, 8, 16> y, Out Tensor<fp32, 64, 16> o) -> Tensor<fp32, 64, 16> {
    Tensor<fp32, 64, 16> r = k(x, y, o);
    return r;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: materialize-tile-valid-shapes
// a transposing load (the cube's transposed operand, a ZN Mat tile): valid_shape stays in the window's terms, the tile's valid shape is its transpose
program {
  index n;

  AIC k(In Tensor<fp16, n, 64> b, In index j) {
    Tile<fp16, 64, 32, Mat, view{slayout = col_major}> bt = tile.load(b, {j * 32, 0}, {32, 64}, {.target_memory = Mat, .transpose = true}) [[in_bounds = false]];
    return;
  }
}
// EXPECTED:
program {
  index n;

  AIC k(In Tensor<fp16, n, 64> b, In index j) {
    index b_d0 = tensor.dim(b, 0);
    index b_d1 = tensor.dim(b, 1);
    Tile<fp16, 64, 32, Mat, view{valid_shape = {max(0, min(64, b_d1)), max(0, min(32, b_d0 - j * 32))}, slayout = col_major}> bt = tile.load(b, {j * 32, 0}, {32, 64}, {.target_memory = Mat, .transpose = true, .valid_shape = {max(0, min(32, b_d0 - j * 32)), max(0, min(64, b_d1))}}) [[in_bounds = false]];
    return;
  }
}
// -----
// RUN: materialize-tile-valid-shapes
// windows of rank != 2 (FlattenTileNdTo2D): a [1, 8, 16] window's clip folds into the 2-D tile's valid shape, the rows the product of the clipped leading dims; a rank-1 row's valid shape is [1, clip]; a [1, 16] tile stored into a rank-1 tensor is clipped in its one dim
program {
  AIV k(In Tensor<fp32, 4, 20, 16> x, In Tensor<fp32, 40> v, In index b, In index r, Out Tensor<fp32, 40> o) {
    Tile<fp32, 8, 16, Vec> a = tile.load(x, {b, r, 0}, {1, 8, 16}) [[in_bounds = false]];
    Tile<fp32, 1, 16, Vec> w = tile.load(v, {r}, {16}) [[in_bounds = false]];
    Tensor<fp32, 40> q = tile.store(w, {r}, o) [[in_bounds = false]];
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 4, 20, 16> x, In Tensor<fp32, 40> v, In index b, In index r, Out Tensor<fp32, 40> o) {
    index x_d0 = tensor.dim(x, 0);
    index x_d1 = tensor.dim(x, 1);
    index x_d2 = tensor.dim(x, 2);
    Tile<fp32, 8, 16, Vec, view{valid_shape = {max(0, min(1, x_d0 - b)) * max(0, min(8, x_d1 - r)), max(0, min(16, x_d2))}}> a = tile.load(x, {b, r, 0}, {1, 8, 16}, {.valid_shape = {max(0, min(1, x_d0 - b)), max(0, min(8, x_d1 - r)), max(0, min(16, x_d2))}}) [[in_bounds = false]];
    index v_d0 = tensor.dim(v, 0);
    Tile<fp32, 1, 16, Vec, view{valid_shape = {1, max(0, min(16, v_d0 - r))}}> w = tile.load(v, {r}, {16}, {.valid_shape = {max(0, min(16, v_d0 - r))}}) [[in_bounds = false]];
    index o_d0 = tensor.dim(o, 0);
    Tensor<fp32, 40> q = tile.store(w, {r}, o) [[in_bounds = false, valid_shape = {max(0, min(16, o_d0 - r))}]];
    return;
  }
}
