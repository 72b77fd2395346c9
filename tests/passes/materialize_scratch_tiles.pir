// RUN: materialize-scratch-tiles
// row reductions and column arg reductions without a scratch tile get one of the operand's shape, dtype and layout (not its valid shape or pad), also inside loops
program {
  AIV k(In Tensor<fp32, 16, 64> x, In index v) {
    Tile<fp32, 16, 64, Vec, view{valid_shape = {16, v}, pad = min}> t = tile.load(x, {0, 0}, {16, 64}, {.valid_shape = {16, v}});
    Tile<fp32, 16, 1, Vec, view{blayout = col_major}> s = tile.row_sum(t);
    Tile<fp32, 16, 1, Vec, view{blayout = col_major}> m = tile.row_max(t);
    Tile<fp32, 16, 1, Vec, view{blayout = col_major}> n = tile.row_min(t);
    Tile<fp32, 16, 1, Vec, view{blayout = col_major}> p = tile.row_prod(t);
    Tile<int32, 1, 64, Vec> a = tile.col_argmax(t);
    Tile<int32, 1, 64, Vec> b = tile.col_argmin(t);
    for (index i : range(0, 2, 1)) {
      Tile<fp32, 16, 1, Vec, view{blayout = col_major}> w = tile.row_sum(t);
    }
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16, 64> x, In index v) {
    Tile<fp32, 16, 64, Vec, view{valid_shape = {16, v}, pad = min}> t = tile.load(x, {0, 0}, {16, 64}, {.valid_shape = {16, v}});
    Tile<fp32, 16, 64, Vec> t_tmp = tile.create({16, 64}, {.dtype = fp32, .target_memory = Vec});
    Tile<fp32, 16, 1, Vec, view{blayout = col_major}> s = tile.row_sum(t, t_tmp);
    Tile<fp32, 16, 64, Vec> t_tmp_1 = tile.create({16, 64}, {.dtype = fp32, .target_memory = Vec});
    Tile<fp32, 16, 1, Vec, view{blayout = col_major}> m = tile.row_max(t, t_tmp_1);
    Tile<fp32, 16, 64, Vec> t_tmp_2 = tile.create({16, 64}, {.dtype = fp32, .target_memory = Vec});
    Tile<fp32, 16, 1, Vec, view{blayout = col_major}> n = tile.row_min(t, t_tmp_2);
    Tile<fp32, 16, 64, Vec> t_tmp_3 = tile.create({16, 64}, {.dtype = fp32, .target_memory = Vec});
    Tile<fp32, 16, 1, Vec, view{blayout = col_major}> p = tile.row_prod(t, t_tmp_3);
    Tile<fp32, 16, 64, Vec> t_tmp_4 = tile.create({16, 64}, {.dtype = fp32, .target_memory = Vec});
    Tile<int32, 1, 64, Vec> a = tile.col_argmax(t, t_tmp_4);
    Tile<fp32, 16, 64, Vec> t_tmp_5 = tile.create({16, 64}, {.dtype = fp32, .target_memory = Vec});
    Tile<int32, 1, 64, Vec> b = tile.col_argmin(t, t_tmp_5);
    for (index i : range(0, 2, 1)) {
      Tile<fp32, 16, 64, Vec> t_tmp_6 = tile.create({16, 64}, {.dtype = fp32, .target_memory = Vec});
      Tile<fp32, 16, 1, Vec, view{blayout = col_major}> w = tile.row_sum(t, t_tmp_6);
    }
    return;
  }
}
// -----
// RUN: materialize-scratch-tiles
// the scratch tile keeps a column-major operand's layout
program {
  AIV k(In Tensor<fp32, 16, 16> x) {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16});
    Tile<fp32, 16, 16, Vec> u = tile.create({16, 16}, {.dtype = fp32, .target_memory = Vec});
    Tile<fp32, 16, 1, Vec, view{blayout = col_major}> c = tile.row_max(t, u);
    Tile<fp32, 16, 1, Vec, view{blayout = col_major}> d = tile.row_sum(c);
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16, 16> x) {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16});
    Tile<fp32, 16, 16, Vec> u = tile.create({16, 16}, {.dtype = fp32, .target_memory = Vec});
    Tile<fp32, 16, 1, Vec, view{blayout = col_major}> c = tile.row_max(t, u);
    Tile<fp32, 16, 1, Vec, view{blayout = col_major}> c_tmp = tile.create({16, 1}, {.dtype = fp32, .target_memory = Vec});
    Tile<fp32, 16, 1, Vec, view{blayout = col_major}> d = tile.row_sum(c, c_tmp);
    return;
  }
}
// -----
// RUN: materialize-scratch-tiles
// must not change: a reduction that passes its own scratch tile, row_argmax (its scratch is required), col_sum / col_max / col_min / col_prod (PTO-ISA has forms without one), orchestration code
program {
  AIV k(In Tensor<fp32, 16, 16> x) {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16});
    Tile<fp32, 16, 16, Vec> tmp = tile.create({16, 16}, {.dtype = fp32, .target_memory = Vec});
    Tile<fp32, 16, 1, Vec, view{blayout = col_major}> s = tile.row_sum(t, tmp);
    Tile<int32, 16, 1, Vec, view{blayout = col_major}> i = tile.row_argmax(t, tmp);
    Tile<fp32, 1, 16, Vec> a = tile.col_sum(t);
    Tile<fp32, 1, 16, Vec> b = tile.col_max(t);
    Tile<fp32, 1, 16, Vec> c = tile.col_min(t);
    Tile<fp32, 1, 16, Vec> d = tile.col_prod(t);
    return;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x) {
    Tensor<fp32, 16, 1> r = tensor.row_sum(x);
    k(x);
    return;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: materialize-scratch-tiles
// a 2-D tile.transpose gets TTRANS's scratch tile: [W, H rounded up to 16 (32 for 1-byte dtypes)], row major; one with its own scratch tile is unchanged
program {
  AIV k(In Tensor<fp32, 8, 32> x, In Tensor<int8, 8, 64> y) {
    Tile<fp32, 8, 32, Vec> t = tile.load(x, {0, 0}, {8, 32});
    Tile<fp32, 32, 8, Vec> u = tile.transpose(t, 0, 1);
    Tile<int8, 8, 64, Vec> b = tile.load(y, {0, 0}, {8, 64});
    Tile<int8, 64, 8, Vec> c = tile.transpose(b, 0, 1);
    Tile<fp32, 32, 16, Vec> s = tile.create({32, 16}, {.dtype = fp32, .target_memory = Vec});
    Tile<fp32, 32, 8, Vec> w = tile.transpose(t, 0, 1, s);
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 8, 32> x, In Tensor<int8, 8, 64> y) {
    Tile<fp32, 8, 32, Vec> t = tile.load(x, {0, 0}, {8, 32});
    Tile<fp32, 32, 16, Vec> t_tmp = tile.create({32, 16}, {.dtype = fp32, .target_memory = Vec});
    Tile<fp32, 32, 8, Vec> u = tile.transpose(t, 0, 1, t_tmp);
    Tile<int8, 8, 64, Vec> b = tile.load(y, {0, 0}, {8, 64});
    Tile<int8, 64, 32, Vec> b_tmp = tile.create({64, 32}, {.dtype = int8, .target_memory = Vec});
    Tile<int8, 64, 8, Vec> c = tile.transpose(b, 0, 1, b_tmp);
    Tile<fp32, 32, 16, Vec> s = tile.create({32, 16}, {.dtype = fp32, .target_memory = Vec});
    Tile<fp32, 32, 8, Vec> w = tile.transpose(t, 0, 1, s);
    return;
  }
}
// -----
// RUN: materialize-scratch-tiles
// rem, rems, prelu, sel and sels get PTO-ISA's scratch tile: TREM [1, C + 2 * ceil(C / 64)] of the dtype, TREMS the destination's tile type, TPRELU uint8 [R + 1, ceil(C / 8)], TSEL uint32 [1, 8], TSELS [1, 32 bytes] of the dtype; rows stay whole 32-byte rows
program {
  AIV k(In Tensor<fp32, 16, 64> x, In Tensor<fp16, 16, 128> y) {
    Tile<fp32, 16, 64, Vec> a = tile.load(x, {0, 0}, {16, 64});
    Tile<fp32, 16, 64, Vec> b = tile.load(x, {0, 0}, {16, 64});
    Tile<fp32, 16, 64, Vec> r = tile.rem(a, b);
    Tile<fp32, 16, 64, Vec> s = tile.rems(a, 3.0);
    Tile<fp32, 16, 64, Vec> p = tile.prelu(a, b);
    Tile<bool, 16, 64, Vec> m = tile.cmp(a, b, {.mode = "lt"});
    Tile<fp32, 16, 64, Vec> q = tile.sel(m, a, b);
    Tile<fp32, 16, 64, Vec> w = tile.sels(m, a, 0.0);
    Tile<fp16, 16, 128, Vec> h = tile.load(y, {0, 0}, {16, 128});
    Tile<fp16, 16, 128, Vec> hr = tile.rem(h, h);
    Tile<fp16, 16, 128, Vec> hp = tile.prelu(h, h);
    Tile<bool, 16, 128, Vec> hm = tile.cmp(h, h, {.mode = "eq"});
    Tile<fp16, 16, 128, Vec> hs = tile.sels(hm, h, 1.0);
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16, 64> x, In Tensor<fp16, 16, 128> y) {
    Tile<fp32, 16, 64, Vec> a = tile.load(x, {0, 0}, {16, 64});
    Tile<fp32, 16, 64, Vec> b = tile.load(x, {0, 0}, {16, 64});
    Tile<fp32, 1, 72, Vec> a_tmp = tile.create({1, 72}, {.dtype = fp32, .target_memory = Vec});
    Tile<fp32, 16, 64, Vec> r = tile.rem(a, b, a_tmp);
    Tile<fp32, 16, 64, Vec> a_tmp_1 = tile.create({16, 64}, {.dtype = fp32, .target_memory = Vec});
    Tile<fp32, 16, 64, Vec> s = tile.rems(a, 3.0, a_tmp_1);
    Tile<uint8, 17, 32, Vec> a_tmp_2 = tile.create({17, 32}, {.dtype = uint8, .target_memory = Vec});
    Tile<fp32, 16, 64, Vec> p = tile.prelu(a, b, a_tmp_2);
    Tile<bool, 16, 64, Vec> m = tile.cmp(a, b, {.mode = "lt"});
    Tile<uint32, 1, 8, Vec> a_tmp_3 = tile.create({1, 8}, {.dtype = uint32, .target_memory = Vec});
    Tile<fp32, 16, 64, Vec> q = tile.sel(m, a, b, a_tmp_3);
    Tile<fp32, 1, 8, Vec> a_tmp_4 = tile.create({1, 8}, {.dtype = fp32, .target_memory = Vec});
    Tile<fp32, 16, 64, Vec> w = tile.sels(m, a, 0.0, a_tmp_4);
    Tile<fp16, 16, 128, Vec> h = tile.load(y, {0, 0}, {16, 128});
    Tile<fp16, 1, 144, Vec> h_tmp = tile.create({1, 144}, {.dtype = fp16, .target_memory = Vec});
    Tile<fp16, 16, 128, Vec> hr = tile.rem(h, h, h_tmp);
    Tile<uint8, 17, 32, Vec> h_tmp_1 = tile.create({17, 32}, {.dtype = uint8, .target_memory = Vec});
    Tile<fp16, 16, 128, Vec> hp = tile.prelu(h, h, h_tmp_1);
    Tile<bool, 16, 128, Vec> hm = tile.cmp(h, h, {.mode = "eq"});
    Tile<fp16, 1, 16, Vec> h_tmp_2 = tile.create({1, 16}, {.dtype = fp16, .target_memory = Vec});
    Tile<fp16, 16, 128, Vec> hs = tile.sels(hm, h, 1.0, h_tmp_2);
    return;
  }
}
// -----
// RUN: materialize-scratch-tiles
// must not change: rem, rems, prelu, sel and sels that pass their own scratch tile
program {
  AIV k(In Tensor<fp32, 16, 64> x) {
    Tile<fp32, 16, 64, Vec> a = tile.load(x, {0, 0}, {16, 64});
    Tile<fp32, 16, 64, Vec> t = tile.create({16, 64}, {.dtype = fp32, .target_memory = Vec});
    Tile<uint8, 17, 32, Vec> u = tile.create({17, 32}, {.dtype = uint8, .target_memory = Vec});
    Tile<uint32, 1, 8, Vec> v = tile.create({1, 8}, {.dtype = uint32, .target_memory = Vec});
    Tile<fp32, 16, 64, Vec> r = tile.rem(a, a, t);
    Tile<fp32, 16, 64, Vec> s = tile.rems(a, 3.0, t);
    Tile<fp32, 16, 64, Vec> p = tile.prelu(a, a, u);
    Tile<bool, 16, 64, Vec> m = tile.cmps(a, 0.0, {.mode = "gt"});
    Tile<fp32, 16, 64, Vec> q = tile.sel(m, a, a, v);
    Tile<fp32, 16, 64, Vec> w = tile.sels(m, a, 0.0, t);
    return;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: materialize-scratch-tiles
// xor and xors get PTO-ISA's TXOR / TXORS scratch tile: the destination's tile type (a2a3 keeps an intermediate of dst's shape in it)
program {
  AIV k(In Tensor<int32, 16, 64> x) {
    Tile<int32, 16, 64, Vec> a = tile.load(x, {0, 0}, {16, 64});
    Tile<int32, 16, 64, Vec> b = tile.xor(a, a);
    Tile<int32, 16, 64, Vec> c = tile.xors(b, 5);
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<int32, 16, 64> x) {
    Tile<int32, 16, 64, Vec> a = tile.load(x, {0, 0}, {16, 64});
    Tile<int32, 16, 64, Vec> a_tmp = tile.create({16, 64}, {.dtype = int32, .target_memory = Vec});
    Tile<int32, 16, 64, Vec> b = tile.xor(a, a, a_tmp);
    Tile<int32, 16, 64, Vec> b_tmp = tile.create({16, 64}, {.dtype = int32, .target_memory = Vec});
    Tile<int32, 16, 64, Vec> c = tile.xors(b, 5, b_tmp);
    return;
  }
}
