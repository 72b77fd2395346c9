// RUN: resolve-backend-op-layouts
// an elementwise op on a DN column (a row reduction's result) runs on the [1, R] row-major reshapes of its operands; the result is reshaped back; inside a loop carry too
program {
  AIV k(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 1> o) {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16});
    Tile<fp32, 16, 1, Vec, view{blayout = col_major}> init = tile.row_sum(t);
    for (index i : range(0, 2, 1)) carry (Tile<fp32, 16, 1, Vec, view{blayout = col_major}> s = init) -> (Tile<fp32, 16, 1, Vec, view{blayout = col_major}> s_out) {
      Tile<fp32, 16, 1, Vec, view{blayout = col_major}> n = tile.adds(s, 1.0);
      yield(n);
    }
    Tensor<fp32, 16, 1> r = tile.store(s_out, {0, 0}, o);
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 1> o) {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16});
    Tile<fp32, 16, 1, Vec, view{blayout = col_major}> init = tile.row_sum(t);
    for (index i : range(0, 2, 1)) carry (Tile<fp32, 16, 1, Vec, view{blayout = col_major}> s = init) -> (Tile<fp32, 16, 1, Vec, view{blayout = col_major}> s_out) {
      Tile<fp32, 1, 16, Vec> s_row = tile.reshape(s, {1, 16});
      Tile<fp32, 1, 16, Vec> n_row = tile.adds(s_row, 1.0);
      Tile<fp32, 16, 1, Vec, view{blayout = col_major}> n = tile.reshape(n_row, {16, 1});
      yield(n);
    }
    Tensor<fp32, 16, 1> r = tile.store(s_out, {0, 0}, o);
    return;
  }
}
// -----
// RUN: resolve-backend-op-layouts
// two column operands, a compare (bool result), a select, a cast and a unary op; the valid shape {v, 1} becomes {1, v}, the pad is kept
program {
  AIV k(In Tensor<fp32, 16, 16> x, In index v) {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16});
    Tile<fp32, 16, 1, Vec, view{blayout = col_major}> a = tile.row_max(t);
    Tile<fp32, 16, 1, Vec, view{blayout = col_major}> b = tile.row_sum(t);
    Tile<fp32, 16, 1, Vec, view{valid_shape = {v, 1}, blayout = col_major, pad = zero}> d = tile.sub(a, b);
    Tile<bool, 16, 1, Vec, view{blayout = col_major}> m = tile.cmp(a, b, {.mode = "gt"});
    Tile<fp32, 16, 1, Vec, view{blayout = col_major}> s = tile.sel(m, a, b);
    Tile<fp16, 16, 1, Vec, view{blayout = col_major}> h = tile.cast(s, {.target_type = fp16, .mode = "rint"});
    Tile<fp32, 16, 1, Vec, view{blayout = col_major}> e = tile.exp(a);
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16, 16> x, In index v) {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16});
    Tile<fp32, 16, 1, Vec, view{blayout = col_major}> a = tile.row_max(t);
    Tile<fp32, 16, 1, Vec, view{blayout = col_major}> b = tile.row_sum(t);
    Tile<fp32, 1, 16, Vec> a_row = tile.reshape(a, {1, 16});
    Tile<fp32, 1, 16, Vec> b_row = tile.reshape(b, {1, 16});
    Tile<fp32, 1, 16, Vec, view{valid_shape = {1, v}, pad = zero}> d_row = tile.sub(a_row, b_row);
    Tile<fp32, 16, 1, Vec, view{valid_shape = {v, 1}, blayout = col_major, pad = zero}> d = tile.reshape(d_row, {16, 1});
    Tile<fp32, 1, 16, Vec> a_row_1 = tile.reshape(a, {1, 16});
    Tile<fp32, 1, 16, Vec> b_row_1 = tile.reshape(b, {1, 16});
    Tile<bool, 1, 16, Vec> m_row = tile.cmp(a_row_1, b_row_1, {.mode = "gt"});
    Tile<bool, 16, 1, Vec, view{blayout = col_major}> m = tile.reshape(m_row, {16, 1});
    Tile<bool, 1, 16, Vec> m_row_1 = tile.reshape(m, {1, 16});
    Tile<fp32, 1, 16, Vec> a_row_2 = tile.reshape(a, {1, 16});
    Tile<fp32, 1, 16, Vec> b_row_2 = tile.reshape(b, {1, 16});
    Tile<fp32, 1, 16, Vec> s_row = tile.sel(m_row_1, a_row_2, b_row_2);
    Tile<fp32, 16, 1, Vec, view{blayout = col_major}> s = tile.reshape(s_row, {16, 1});
    Tile<fp32, 1, 16, Vec> s_row_1 = tile.reshape(s, {1, 16});
    Tile<fp16, 1, 16, Vec> h_row = tile.cast(s_row_1, {.target_type = fp16, .mode = "rint"});
    Tile<fp16, 16, 1, Vec, view{blayout = col_major}> h = tile.reshape(h_row, {16, 1});
    Tile<fp32, 1, 16, Vec> a_row_3 = tile.reshape(a, {1, 16});
    Tile<fp32, 1, 16, Vec> e_row = tile.exp(a_row_3);
    Tile<fp32, 16, 1, Vec, view{blayout = col_major}> e = tile.reshape(e_row, {16, 1});
    return;
  }
}
// -----
// RUN: resolve-backend-op-layouts
// must not change: broadcasts of a column over a tile, row-major tiles and rows, ops that take a column by design (row_expand_sub), reductions, [1, 1] tiles, Mat tiles, orchestration code
program {
  AIV k(In Tensor<fp32, 16, 16> x) {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16});
    Tile<fp32, 16, 1, Vec, view{blayout = col_major}> c = tile.row_max(t);
    Tile<fp32, 16, 16, Vec> b = tile.add(t, c);
    Tile<fp32, 16, 16, Vec> u = tile.row_expand_sub(t, c);
    Tile<fp32, 1, 16, Vec> r = tile.col_sum(t);
    Tile<fp32, 1, 16, Vec> r2 = tile.muls(r, 2.0);
    Tile<fp32, 1, 1, Vec> one = tile.full({1, 1}, 0.0, {.dtype = fp32});
    Tile<fp32, 1, 1, Vec> one2 = tile.adds(one, 1.0);
    Tile<fp32, 16, 16, Vec> e = tile.exp(t);
    return;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x) {
    k(x);
    return;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: resolve-backend-op-layouts
// PTO-ISA's TSEL, TAND and TOR take one tile type for the destination and both sources: a tile operand whose pad value differs from the result's is read through a same-shape reshape with the result's pad (the same bytes), also the valid shape kept and a result that carries a pad itself; the mask, a select whose operands agree, and an add (three tile types) must not change
program {
  AIV k(In Tensor<fp32, 16, 16> x, In Tensor<int32, 16, 16> y, In index v) {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16});
    Tile<fp32, 16, 16, Vec, view{valid_shape = {v, 16}, pad = zero}> a = tile.fillpad(t, {.pad_value = "zero"});
    Tile<fp32, 16, 16, Vec, view{pad = max}> b = tile.fillpad(t, {.pad_value = "max"});
    Tile<bool, 16, 16, Vec> m = tile.cmp(a, b, {.mode = "lt"});
    Tile<fp32, 16, 16, Vec> s = tile.sel(m, a, b);
    Tile<fp32, 16, 16, Vec, view{pad = max}> s2 = tile.sel(m, t, b);
    Tile<fp32, 16, 16, Vec> s3 = tile.sel(m, t, t);
    Tile<fp32, 16, 16, Vec> d = tile.add(a, b);
    Tile<int32, 16, 16, Vec> u = tile.load(y, {0, 0}, {16, 16});
    Tile<int32, 16, 16, Vec, view{pad = zero}> p = tile.fillpad(u, {.pad_value = "zero"});
    Tile<int32, 16, 16, Vec> n = tile.and(p, u);
    Tile<int32, 16, 16, Vec> o = tile.or(u, p);
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16, 16> x, In Tensor<int32, 16, 16> y, In index v) {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16});
    Tile<fp32, 16, 16, Vec, view{valid_shape = {v, 16}, pad = zero}> a = tile.fillpad(t, {.pad_value = "zero"});
    Tile<fp32, 16, 16, Vec, view{pad = max}> b = tile.fillpad(t, {.pad_value = "max"});
    Tile<bool, 16, 16, Vec> m = tile.cmp(a, b, {.mode = "lt"});
    Tile<fp32, 16, 16, Vec, view{valid_shape = {v, 16}}> a_pad = tile.reshape(a, {16, 16});
    Tile<fp32, 16, 16, Vec> b_pad = tile.reshape(b, {16, 16});
    Tile<fp32, 16, 16, Vec> s = tile.sel(m, a_pad, b_pad);
    Tile<fp32, 16, 16, Vec, view{pad = max}> t_pad = tile.reshape(t, {16, 16});
    Tile<fp32, 16, 16, Vec, view{pad = max}> s2 = tile.sel(m, t_pad, b);
    Tile<fp32, 16, 16, Vec> s3 = tile.sel(m, t, t);
    Tile<fp32, 16, 16, Vec> d = tile.add(a, b);
    Tile<int32, 16, 16, Vec> u = tile.load(y, {0, 0}, {16, 16});
    Tile<int32, 16, 16, Vec, view{pad = zero}> p = tile.fillpad(u, {.pad_value = "zero"});
    Tile<int32, 16, 16, Vec> p_pad = tile.reshape(p, {16, 16});
    Tile<int32, 16, 16, Vec> n = tile.and(p_pad, u);
    Tile<int32, 16, 16, Vec> p_pad_1 = tile.reshape(p, {16, 16});
    Tile<int32, 16, 16, Vec> o = tile.or(u, p_pad_1);
    return;
  }
}
