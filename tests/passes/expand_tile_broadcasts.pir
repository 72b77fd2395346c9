// RUN: expand-tile-broadcasts
// a [R, C] tile with a [R, 1] or [1, C] vector: the fused row_expand_* / col_expand_* form (div too); the commutative ops take the vector first too
program {
  AIV k(In Tensor<fp32, 16, 64> x) {
    Tile<fp32, 16, 64, Vec> t = tile.load(x, {0, 0}, {16, 64});
    Tile<fp32, 16, 1, Vec> m = tile.row_max(t);
    Tile<fp32, 1, 64, Vec> c = tile.col_sum(t);
    Tile<fp32, 16, 64, Vec> a = tile.sub(t, m);
    Tile<fp32, 16, 64, Vec> b = tile.add(m, t);
    Tile<fp32, 16, 64, Vec> d = tile.mul(t, c);
    Tile<fp32, 16, 64, Vec> e = tile.maximum(c, t);
    Tile<fp32, 16, 64, Vec> f = tile.minimum(t, m);
    Tile<fp32, 16, 64, Vec> q = tile.div(t, m);
    Tile<fp32, 16, 64, Vec> r = tile.div(t, c);
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16, 64> x) {
    Tile<fp32, 16, 64, Vec> t = tile.load(x, {0, 0}, {16, 64});
    Tile<fp32, 16, 1, Vec> m = tile.row_max(t);
    Tile<fp32, 1, 64, Vec> c = tile.col_sum(t);
    Tile<fp32, 16, 64, Vec> a = tile.row_expand_sub(t, m);
    Tile<fp32, 16, 64, Vec> b = tile.row_expand_add(t, m);
    Tile<fp32, 16, 64, Vec> d = tile.col_expand_mul(t, c);
    Tile<fp32, 16, 64, Vec> e = tile.col_expand_max(t, c);
    Tile<fp32, 16, 64, Vec> f = tile.row_expand_min(t, m);
    Tile<fp32, 16, 64, Vec> q = tile.row_expand_div(t, m);
    Tile<fp32, 16, 64, Vec> r = tile.col_expand_div(t, c);
    return;
  }
}
// -----
// RUN: expand-tile-broadcasts
// no fused form (vector first in a sub, a compare, a [R, 1] with a [1, C], a [1, 1] over a tile; a [1, 1] over a [R, 1] column is a fused col_expand): each operand of another shape is broadcast first; the shape source is the other operand when it has the result's shape, else a fresh tile; kwargs are kept
program {
  AIV k(In Tensor<fp32, 16, 64> x) {
    Tile<fp32, 16, 64, Vec> t = tile.load(x, {0, 0}, {16, 64});
    Tile<fp32, 16, 1, Vec> m = tile.row_max(t);
    Tile<fp32, 1, 64, Vec> c = tile.col_sum(t);
    Tile<fp32, 1, 1, Vec> one = tile.full({1, 1}, 2.0, {.dtype = fp32});
    Tile<fp32, 16, 64, Vec> a = tile.sub(m, t);
    Tile<bool, 16, 64, Vec> g = tile.cmp(t, c, {.mode = "lt"});
    Tile<fp32, 16, 64, Vec> o = tile.add(m, c);
    Tile<fp32, 16, 64, Vec> p = tile.mul(t, one);
    Tile<fp32, 16, 1, Vec> q = tile.add(m, one);
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16, 64> x) {
    Tile<fp32, 16, 64, Vec> t = tile.load(x, {0, 0}, {16, 64});
    Tile<fp32, 16, 1, Vec> m = tile.row_max(t);
    Tile<fp32, 1, 64, Vec> c = tile.col_sum(t);
    Tile<fp32, 1, 1, Vec> one = tile.full({1, 1}, 2.0, {.dtype = fp32});
    Tile<fp32, 16, 64, Vec> m_bc = tile.row_expand(t, m);
    Tile<fp32, 16, 64, Vec> a = tile.sub(m_bc, t);
    Tile<fp32, 16, 64, Vec> c_bc = tile.col_expand(t, c);
    Tile<bool, 16, 64, Vec> g = tile.cmp(t, c_bc, {.mode = "lt"});
    Tile<fp32, 16, 64, Vec> bc_shape = tile.create({16, 64}, {.dtype = fp32, .target_memory = Vec});
    Tile<fp32, 16, 64, Vec> m_bc_1 = tile.row_expand(bc_shape, m);
    Tile<fp32, 16, 64, Vec> bc_shape_1 = tile.create({16, 64}, {.dtype = fp32, .target_memory = Vec});
    Tile<fp32, 16, 64, Vec> c_bc_1 = tile.col_expand(bc_shape_1, c);
    Tile<fp32, 16, 64, Vec> o = tile.add(m_bc_1, c_bc_1);
    Tile<fp32, 16, 1, Vec> bc_shape_2 = tile.create({16, 1}, {.dtype = fp32, .target_memory = Vec});
    Tile<fp32, 16, 1, Vec> one_bc = tile.col_expand(bc_shape_2, one);
    Tile<fp32, 16, 64, Vec> one_bc_1 = tile.row_expand(t, one_bc);
    Tile<fp32, 16, 64, Vec> p = tile.mul(t, one_bc_1);
    Tile<fp32, 16, 1, Vec> q = tile.col_expand_add(m, one);
    return;
  }
}
// -----
// RUN: expand-tile-broadcasts
// must not change: equal shapes, scalar forms, sel, the expand ops themselves, orchestration code
program {
  AIV k(In Tensor<fp32, 16, 64> x) {
    Tile<fp32, 16, 64, Vec> t = tile.load(x, {0, 0}, {16, 64});
    Tile<fp32, 16, 1, Vec> m = tile.row_max(t);
    Tile<fp32, 16, 64, Vec> a = tile.add(t, t);
    Tile<fp32, 16, 64, Vec> b = tile.adds(t, 1.0);
    Tile<fp32, 16, 1, Vec> n = tile.mul(m, m);
    Tile<fp32, 16, 64, Vec> s = tile.row_expand_sub(t, m);
    return;
  }

  Orchestration main(In Tensor<fp32, 16, 64> x) {
    Tensor<fp32, 16, 1> r = tensor.row_sum(x);
    Tensor<fp32, 16, 64> d = tensor.sub(x, r);
    k(x);
    return;
  }
}
// EXPECTED-UNCHANGED
