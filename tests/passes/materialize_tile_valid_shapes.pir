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
    Tile<fp32, 8, 16, Vec, view{valid_shape = {max(0, min(8, x_d0)), max(0, min(16, x_d1 - c * 16))}}> b = (tile.add(a, a) : Tile<fp32, 8, 16, Vec, view{valid_shape = {max(0, min(8, x_d0)), max(0, min(16, x_d1 - c * 16))}}>);
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
// -----
// RUN: materialize-tile-valid-shapes
// computed tiles take the valid shape their op gives them (registry ValidShapeRule): elementwise / unary and row_expand_* their operand's, a row reduction [rows, 1], a column reduction [1, cols]; tile.create / tile.full and ops on whole tiles unchanged
program {
  AIV k(In Tensor<fp32, 8, 16> x, In index vr, In index vc, In index m, Out Tensor<fp32, 8, 1> o) {
    Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, vc}}> a = tile.load(x, {0, 0}, {8, 16}, {.valid_shape = {vr, vc}}) [[in_bounds = true]];
    Tile<fp32, 8, 16, Vec> e = tile.exp(a);
    Tile<fp32, 8, 16, Vec> t = tile.create({8, 16}, {.dtype = fp32, .target_memory = Vec});
    Tile<fp32, 8, 1, Vec> s = tile.row_sum(e, t);
    Tile<fp32, 1, 16, Vec> cm = tile.col_max(e);
    Tile<fp32, 8, 16, Vec> d = tile.row_expand_sub(e, s);
    Tile<fp32, 8, 16, Vec> f = tile.full({8, 16}, 1.0, {.dtype = fp32, .target_memory = Vec});
    Tile<fp32, 8, 16, Vec> g = tile.mul(f, f);
    Tensor<fp32, 8, 1> r = tile.store(s, {0, 0}, o) [[in_bounds = true]];
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 8, 16> x, In index vr, In index vc, In index m, Out Tensor<fp32, 8, 1> o) {
    Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, vc}}> a = tile.load(x, {0, 0}, {8, 16}, {.valid_shape = {vr, vc}}) [[in_bounds = true]];
    Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, vc}}> e = (tile.exp(a) : Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, vc}}>);
    Tile<fp32, 8, 16, Vec> t = tile.create({8, 16}, {.dtype = fp32, .target_memory = Vec});
    Tile<fp32, 8, 1, Vec, view{valid_shape = {vr, 1}}> s = (tile.row_sum(e, t) : Tile<fp32, 8, 1, Vec, view{valid_shape = {vr, 1}}>);
    Tile<fp32, 1, 16, Vec, view{valid_shape = {1, vc}}> cm = (tile.col_max(e) : Tile<fp32, 1, 16, Vec, view{valid_shape = {1, vc}}>);
    Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, vc}}> d = (tile.row_expand_sub(e, s) : Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, vc}}>);
    Tile<fp32, 8, 16, Vec> f = tile.full({8, 16}, 1.0, {.dtype = fp32, .target_memory = Vec});
    Tile<fp32, 8, 16, Vec> g = tile.mul(f, f);
    Tensor<fp32, 8, 1> r = tile.store(s, {0, 0}, o) [[in_bounds = true]];
    return;
  }
}
// -----
// RUN: materialize-tile-valid-shapes
// a tile carried through a loop or an if whose valid shape may differ between iterations or branches (a clipped load yielded) is read at run time (tile.valid_dim) where an op takes its valid shape; a carry that is always whole (a full tile updated in place) is left alone
program {
  index n;

  AIV k(In Tensor<fp32, 8, n> x, In index trips, In bool p, Out Tensor<fp32, 8, 16> o) {
    Tile<fp32, 8, 16, Vec> z = tile.full({8, 16}, 0.0, {.dtype = fp32, .target_memory = Vec});
    for (index i : range(0, trips, 1)) carry (Tile<fp32, 8, 16, Vec> last = z) -> (Tile<fp32, 8, 16, Vec> lastOut) {
      Tile<fp32, 8, 16, Vec> t = tile.load(x, {0, i * 16}, {8, 16}) [[in_bounds = false]];
      yield(t);
    }
    Tile<fp32, 8, 16, Vec> y = tile.neg(lastOut);
    for (index j : range(0, trips, 1)) carry (Tile<fp32, 8, 16, Vec> acc = z) -> (Tile<fp32, 8, 16, Vec> accOut) {
      Tile<fp32, 8, 16, Vec> acc2 = tile.adds(acc, 1.0);
      yield(acc2);
    }
    Tile<fp32, 8, 16, Vec> w = tile.mul(accOut, accOut);
    if (p) -> (Tile<fp32, 8, 16, Vec> q) {
      yield(y);
    } else {
      yield(w);
    }
    Tile<fp32, 8, 16, Vec> u = tile.abs(q);
    Tensor<fp32, 8, 16> r = tile.store(u, {0, 0}, o) [[in_bounds = true]];
    return;
  }
}
// EXPECTED:
program {
  index n;

  AIV k(In Tensor<fp32, 8, n> x, In index trips, In bool p, Out Tensor<fp32, 8, 16> o) {
    Tile<fp32, 8, 16, Vec> z = tile.full({8, 16}, 0.0, {.dtype = fp32, .target_memory = Vec});
    for (index i : range(0, trips, 1)) carry (Tile<fp32, 8, 16, Vec> last = z) -> (Tile<fp32, 8, 16, Vec> lastOut) {
      index x_d0 = tensor.dim(x, 0);
      index x_d1 = tensor.dim(x, 1);
      Tile<fp32, 8, 16, Vec, view{valid_shape = {max(0, min(8, x_d0)), max(0, min(16, x_d1 - i * 16))}}> t = tile.load(x, {0, i * 16}, {8, 16}, {.valid_shape = {max(0, min(8, x_d0)), max(0, min(16, x_d1 - i * 16))}}) [[in_bounds = false]];
      yield(t);
    }
    index lastOut_vrow = tile.valid_dim(lastOut, 0);
    index lastOut_vcol = tile.valid_dim(lastOut, 1);
    Tile<fp32, 8, 16, Vec, view{valid_shape = {lastOut_vrow, lastOut_vcol}}> y = (tile.neg(lastOut) : Tile<fp32, 8, 16, Vec, view{valid_shape = {lastOut_vrow, lastOut_vcol}}>);
    for (index j : range(0, trips, 1)) carry (Tile<fp32, 8, 16, Vec> acc = z) -> (Tile<fp32, 8, 16, Vec> accOut) {
      Tile<fp32, 8, 16, Vec> acc2 = tile.adds(acc, 1.0);
      yield(acc2);
    }
    Tile<fp32, 8, 16, Vec> w = tile.mul(accOut, accOut);
    if (p) -> (Tile<fp32, 8, 16, Vec> q) {
      yield(y);
    } else {
      yield(w);
    }
    index q_vrow = tile.valid_dim(q, 0);
    index q_vcol = tile.valid_dim(q, 1);
    Tile<fp32, 8, 16, Vec, view{valid_shape = {q_vrow, q_vcol}}> u = (tile.abs(q) : Tile<fp32, 8, 16, Vec, view{valid_shape = {q_vrow, q_vcol}}>);
    Tensor<fp32, 8, 16> r = tile.store(u, {0, 0}, o) [[in_bounds = true]];
    return;
  }
}
// -----
// RUN: materialize-tile-valid-shapes
// matmul [lhs rows, rhs cols] through the moves to Left / Right, concat (columns add), a packed compare mask whole rows of ceil(cols / 8) bytes of the tile's 16 columns (not of its valid columns), a [R, 1] -> [1, R] reshape swaps the valid shape
program {
  AIC m(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 16> b, In index vm, In index vn, Out Tensor<fp32, 16, 16> o) {
    Tile<fp32, 16, 16, Mat, view{valid_shape = {vm, 16}}> am = tile.load(a, {0, 0}, {16, 16}, {.valid_shape = {vm, 16}, .target_memory = Mat}) [[in_bounds = true]];
    Tile<fp32, 16, 16, Mat, view{valid_shape = {16, vn}}> bm = tile.load(b, {0, 0}, {16, 16}, {.valid_shape = {16, vn}, .target_memory = Mat}) [[in_bounds = true]];
    Tile<fp32, 16, 16, Left> al = tile.move(am, {.target_memory = Left});
    Tile<fp32, 16, 16, Right> br = tile.move(bm, {.target_memory = Right});
    Tile<fp32, 16, 16, Acc> c = tile.matmul(al, br);
    Tensor<fp32, 16, 16> r = tile.store(c, {0, 0}, o) [[in_bounds = true]];
    return;
  }
  AIV v(In Tensor<fp32, 8, 16> x, In index vr, In index vc, Out Tensor<fp32, 8, 32> o) {
    Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, vc}}> a = tile.load(x, {0, 0}, {8, 16}, {.valid_shape = {vr, vc}}) [[in_bounds = true]];
    Tile<uint8, 8, 32, Vec, view{valid_shape = {8, 2}}> k = tile.cmps(a, 0.0, {.mode = "gt", .packed = true});
    Tile<fp32, 8, 32, Vec> j = tile.concat(a, a);
    Tile<fp32, 8, 1, Vec> s = tile.row_max(a, a);
    Tile<fp32, 1, 8, Vec> sr = tile.reshape(s, {1, 8});
    Tensor<fp32, 8, 32> r = tile.store(j, {0, 0}, o) [[in_bounds = true]];
    return;
  }
}
// EXPECTED:
program {
  AIC m(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 16> b, In index vm, In index vn, Out Tensor<fp32, 16, 16> o) {
    Tile<fp32, 16, 16, Mat, view{valid_shape = {vm, 16}}> am = tile.load(a, {0, 0}, {16, 16}, {.valid_shape = {vm, 16}, .target_memory = Mat}) [[in_bounds = true]];
    Tile<fp32, 16, 16, Mat, view{valid_shape = {16, vn}}> bm = tile.load(b, {0, 0}, {16, 16}, {.valid_shape = {16, vn}, .target_memory = Mat}) [[in_bounds = true]];
    Tile<fp32, 16, 16, Left, view{valid_shape = {vm, 16}}> al = (tile.move(am, {.target_memory = Left}) : Tile<fp32, 16, 16, Left, view{valid_shape = {vm, 16}}>);
    Tile<fp32, 16, 16, Right, view{valid_shape = {16, vn}}> br = (tile.move(bm, {.target_memory = Right}) : Tile<fp32, 16, 16, Right, view{valid_shape = {16, vn}}>);
    Tile<fp32, 16, 16, Acc, view{valid_shape = {vm, vn}}> c = (tile.matmul(al, br) : Tile<fp32, 16, 16, Acc, view{valid_shape = {vm, vn}}>);
    Tensor<fp32, 16, 16> r = tile.store(c, {0, 0}, o) [[in_bounds = true]];
    return;
  }

  AIV v(In Tensor<fp32, 8, 16> x, In index vr, In index vc, Out Tensor<fp32, 8, 32> o) {
    Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, vc}}> a = tile.load(x, {0, 0}, {8, 16}, {.valid_shape = {vr, vc}}) [[in_bounds = true]];
    Tile<uint8, 8, 32, Vec, view{valid_shape = {vr, 2}}> k = (tile.cmps(a, 0.0, {.mode = "gt", .packed = true}) : Tile<uint8, 8, 32, Vec, view{valid_shape = {vr, 2}}>);
    Tile<fp32, 8, 32, Vec, view{valid_shape = {vr, vc + vc}}> j = (tile.concat(a, a) : Tile<fp32, 8, 32, Vec, view{valid_shape = {vr, vc + vc}}>);
    Tile<fp32, 8, 1, Vec, view{valid_shape = {vr, 1}}> s = (tile.row_max(a, a) : Tile<fp32, 8, 1, Vec, view{valid_shape = {vr, 1}}>);
    Tile<fp32, 1, 8, Vec, view{valid_shape = {1, vr}}> sr = (tile.reshape(s, {1, 8}) : Tile<fp32, 1, 8, Vec, view{valid_shape = {1, vr}}>);
    Tensor<fp32, 8, 32> r = tile.store(j, {0, 0}, o) [[in_bounds = true]];
    return;
  }
}
// -----
// RUN: materialize-tile-valid-shapes
// a carry or if result typed with the valid shape the program gave (a user valid_shape) is still read at run time: its type predates the window's clip (fuzzer smoke1 program 29: a TMOV of such a carry into a tile declared [vl, 64] while the clipped window held 9 columns)
program {
  AIV k(In Tensor<fp32, 8, 64> x, In index vl, In index n, Out Tensor<fp32, 8, 64> o) {
    Tile<fp32, 8, 64, Vec, view{valid_shape = {vl, 64}}> v = tile.load(x, {0, 0}, {8, 64}, {.valid_shape = {vl, 64}}) [[in_bounds = false]];
    for (index i : range(0, n, 1)) carry (Tile<fp32, 8, 64, Vec, view{valid_shape = {vl, 64}}> c = v) -> (Tile<fp32, 8, 64, Vec, view{valid_shape = {vl, 64}}> r) {
      Tile<fp32, 8, 64, Vec, view{valid_shape = {vl, 64}}> d = tile.adds(c, 1.0);
      yield(d);
    }
    Tile<fp32, 8, 64, Vec> m = tile.move(r, {.target_memory = Vec});
    Tensor<fp32, 8, 64> s = tile.store(m, {0, 0}, o) [[in_bounds = true]];
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 8, 64> x, In index vl, In index n, Out Tensor<fp32, 8, 64> o) {
    index x_d0 = tensor.dim(x, 0);
    index x_d1 = tensor.dim(x, 1);
    Tile<fp32, 8, 64, Vec, view{valid_shape = {max(0, min(vl, x_d0)), max(0, min(64, x_d1))}}> v = tile.load(x, {0, 0}, {8, 64}, {.valid_shape = {max(0, min(vl, x_d0)), max(0, min(64, x_d1))}}) [[in_bounds = false]];
    for (index i : range(0, n, 1)) carry (Tile<fp32, 8, 64, Vec, view{valid_shape = {vl, 64}}> c = v) -> (Tile<fp32, 8, 64, Vec, view{valid_shape = {vl, 64}}> r) {
      index c_vrow = tile.valid_dim(c, 0);
      index c_vcol = tile.valid_dim(c, 1);
      Tile<fp32, 8, 64, Vec, view{valid_shape = {c_vrow, c_vcol}}> d = (tile.adds(c, 1.0) : Tile<fp32, 8, 64, Vec, view{valid_shape = {c_vrow, c_vcol}}>);
      yield(d);
    }
    index r_vrow = tile.valid_dim(r, 0);
    index r_vcol = tile.valid_dim(r, 1);
    Tile<fp32, 8, 64, Vec, view{valid_shape = {r_vrow, r_vcol}}> m = (tile.move(r, {.target_memory = Vec}) : Tile<fp32, 8, 64, Vec, view{valid_shape = {r_vrow, r_vcol}}>);
    Tensor<fp32, 8, 64> s = tile.store(m, {0, 0}, o) [[in_bounds = true]];
    return;
  }
}
// -----
// RUN: materialize-tile-valid-shapes
// the partial ops (TPART*): per dim the larger of the operands' valid shapes, folded when constant, when one is the result's whole dim, or when both are one expression; tile.ci's [1, N] row keeps its own (Own)
program {
  AIV p(In Tensor<fp32, 8, 16> x, In index vr, In index vc, Out Tensor<fp32, 8, 16> o) {
    Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, vc}}> a = tile.load(x, {0, 0}, {8, 16}, {.valid_shape = {vr, vc}}) [[in_bounds = true]];
    Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, 16}}> b = tile.load(x, {0, 0}, {8, 16}, {.valid_shape = {vr, 16}}) [[in_bounds = true]];
    Tile<fp32, 4, 16, Vec, view{valid_shape = {3, 5}}> c = tile.load(x, {0, 0}, {4, 16}, {.valid_shape = {3, 5}}) [[in_bounds = true]];
    Tile<fp32, 8, 16, Vec> s = tile.part_add(a, b);
    Tile<fp32, 8, 16, Vec> m = tile.part_max(c, a);
    Tile<fp32, 8, 16, Vec> f = tile.load(x, {0, 0}, {8, 16}) [[in_bounds = true]];
    Tile<fp32, 8, 16, Vec> w = tile.part_min(c, f);
    Tile<int32, 1, 16, Vec> i = tile.ci(vr, {1, 16});
    Tensor<fp32, 8, 16> r = tile.store(s, {0, 0}, o) [[in_bounds = true]];
    return;
  }
}
// EXPECTED:
program {
  AIV p(In Tensor<fp32, 8, 16> x, In index vr, In index vc, Out Tensor<fp32, 8, 16> o) {
    Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, vc}}> a = tile.load(x, {0, 0}, {8, 16}, {.valid_shape = {vr, vc}}) [[in_bounds = true]];
    Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, 16}}> b = tile.load(x, {0, 0}, {8, 16}, {.valid_shape = {vr, 16}}) [[in_bounds = true]];
    Tile<fp32, 4, 16, Vec, view{valid_shape = {3, 5}}> c = tile.load(x, {0, 0}, {4, 16}, {.valid_shape = {3, 5}}) [[in_bounds = true]];
    Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, 16}}> s = (tile.part_add(a, b) : Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, 16}}>);
    Tile<fp32, 8, 16, Vec, view{valid_shape = {max(3, vr), max(5, vc)}}> m = (tile.part_max(c, a) : Tile<fp32, 8, 16, Vec, view{valid_shape = {max(3, vr), max(5, vc)}}>);
    Tile<fp32, 8, 16, Vec> f = tile.load(x, {0, 0}, {8, 16}) [[in_bounds = true]];
    Tile<fp32, 8, 16, Vec, view{valid_shape = {8, 16}}> w = (tile.part_min(c, f) : Tile<fp32, 8, 16, Vec, view{valid_shape = {8, 16}}>);
    Tile<int32, 1, 16, Vec> i = tile.ci(vr, {1, 16});
    Tensor<fp32, 8, 16> r = tile.store(s, {0, 0}, o) [[in_bounds = true]];
    return;
  }
}
// -----
// RUN: materialize-tile-valid-shapes
// a tile window sliced with its own valid shape (SliceOptions{.valid_shape}) keeps it, and what is computed from it gets it
program {
  AIV k(In Tensor<fp32, 16, 64> x, In index v, Out Tensor<fp32, 16, 64> o) {
    Tile<fp32, 16, 64, Vec> t = tile.load(x, {0, 0}, {16, 64}) [[in_bounds = true]];
    Tile<fp32, 8, 32, Vec, view{valid_shape = {v, 20}}> s = tile.slice(t, {8, 32}, {4, 16}, {.valid_shape = {v, 20}});
    Tile<fp32, 8, 32, Vec> e = tile.exp(s);
    Tensor<fp32, 16, 64> r = tile.store(e, {0, 0}, o) [[in_bounds = true]];
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16, 64> x, In index v, Out Tensor<fp32, 16, 64> o) {
    Tile<fp32, 16, 64, Vec> t = tile.load(x, {0, 0}, {16, 64}) [[in_bounds = true]];
    Tile<fp32, 8, 32, Vec, view{valid_shape = {v, 20}}> s = tile.slice(t, {8, 32}, {4, 16}, {.valid_shape = {v, 20}});
    Tile<fp32, 8, 32, Vec, view{valid_shape = {v, 20}}> e = (tile.exp(s) : Tile<fp32, 8, 32, Vec, view{valid_shape = {v, 20}}>);
    Tensor<fp32, 16, 64> r = tile.store(e, {0, 0}, o) [[in_bounds = true]];
    return;
  }
}
// -----
// RUN: materialize-tile-valid-shapes
// a packed mask keeps whole rows (ceil(16 / 8) = 2 bytes) whatever its operand's valid columns (TCMP / TCMPS); a select of clipped operands reads it through a view with [valid rows, ceil(valid cols / 8)] (PTO-ISA's CPU TSEL reads the mask as one bit stream that wraps at the mask's valid columns) and, its columns not being a known multiple of 8, runs over [rows, 8 * ceil(cols / 8)] with the result the view [rows, cols] of it; a select of whole operands and a scalar select (TSELS, by rows) read the mask itself
program {
  AIV v(In Tensor<fp32, 8, 16> x, In index vr, In index vc, Out Tensor<fp32, 8, 16> o) {
    Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, vc}}> a = tile.load(x, {0, 0}, {8, 16}, {.valid_shape = {vr, vc}}) [[in_bounds = true]];
    Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, vc}}> b = tile.load(x, {0, 0}, {8, 16}, {.valid_shape = {vr, vc}}) [[in_bounds = true]];
    Tile<uint8, 8, 32, Vec, view{valid_shape = {8, 2}}> k = tile.cmp(a, b, {.mode = "lt", .packed = true});
    Tile<fp32, 8, 16, Vec> q = tile.sel(k, a, b);
    Tile<fp32, 8, 16, Vec> s = tile.sels(k, a, 1.0);
    Tile<fp32, 8, 16, Vec> w = tile.full({8, 16}, 0.0, {.dtype = fp32, .target_memory = Vec});
    Tile<uint8, 8, 32, Vec, view{valid_shape = {8, 2}}> kw = tile.cmps(w, 0.0, {.mode = "ge", .packed = true});
    Tile<fp32, 8, 16, Vec> qw = tile.sel(kw, w, w);
    Tensor<fp32, 8, 16> r = tile.store(q, {0, 0}, o) [[in_bounds = true]];
    return;
  }
}
// EXPECTED:
program {
  AIV v(In Tensor<fp32, 8, 16> x, In index vr, In index vc, Out Tensor<fp32, 8, 16> o) {
    Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, vc}}> a = tile.load(x, {0, 0}, {8, 16}, {.valid_shape = {vr, vc}}) [[in_bounds = true]];
    Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, vc}}> b = tile.load(x, {0, 0}, {8, 16}, {.valid_shape = {vr, vc}}) [[in_bounds = true]];
    Tile<uint8, 8, 32, Vec, view{valid_shape = {vr, 2}}> k = (tile.cmp(a, b, {.mode = "lt", .packed = true}) : Tile<uint8, 8, 32, Vec, view{valid_shape = {vr, 2}}>);
    Tile<uint8, 8, 32, Vec, view{valid_shape = {vr, floordiv(vc + 7, 8)}}> k_rows = tile.set_validshape(k, vr, floordiv(vc + 7, 8));
    Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, floordiv(vc + 7, 8) * 8}}> q_wide = (tile.sel(k_rows, a, b) : Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, floordiv(vc + 7, 8) * 8}}>);
    Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, vc}}> q = tile.set_validshape(q_wide, vr, vc);
    Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, vc}}> s = (tile.sels(k, a, 1.0) : Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, vc}}>);
    Tile<fp32, 8, 16, Vec> w = tile.full({8, 16}, 0.0, {.dtype = fp32, .target_memory = Vec});
    Tile<uint8, 8, 32, Vec, view{valid_shape = {8, 2}}> kw = tile.cmps(w, 0.0, {.mode = "ge", .packed = true});
    Tile<fp32, 8, 16, Vec> qw = tile.sel(kw, w, w);
    Tensor<fp32, 8, 16> r = tile.store(q, {0, 0}, o) [[in_bounds = true]];
    return;
  }
}
// -----
// RUN: materialize-tile-valid-shapes
// must not change: the pass's own output of the case above (the masks' views and the widened select are made once)
program {
  AIV v(In Tensor<fp32, 8, 16> x, In index vr, In index vc, Out Tensor<fp32, 8, 16> o) {
    Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, vc}}> a = tile.load(x, {0, 0}, {8, 16}, {.valid_shape = {vr, vc}}) [[in_bounds = true]];
    Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, vc}}> b = tile.load(x, {0, 0}, {8, 16}, {.valid_shape = {vr, vc}}) [[in_bounds = true]];
    Tile<uint8, 8, 32, Vec, view{valid_shape = {vr, 2}}> k = (tile.cmp(a, b, {.mode = "lt", .packed = true}) : Tile<uint8, 8, 32, Vec, view{valid_shape = {vr, 2}}>);
    Tile<uint8, 8, 32, Vec, view{valid_shape = {vr, floordiv(vc + 7, 8)}}> k_rows = tile.set_validshape(k, vr, floordiv(vc + 7, 8));
    Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, floordiv(vc + 7, 8) * 8}}> q_wide = (tile.sel(k_rows, a, b) : Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, floordiv(vc + 7, 8) * 8}}>);
    Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, vc}}> q = tile.set_validshape(q_wide, vr, vc);
    Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, vc}}> s = (tile.sels(k, a, 1.0) : Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, vc}}>);
    Tile<fp32, 8, 16, Vec> w = tile.full({8, 16}, 0.0, {.dtype = fp32, .target_memory = Vec});
    Tile<uint8, 8, 32, Vec, view{valid_shape = {8, 2}}> kw = tile.cmps(w, 0.0, {.mode = "ge", .packed = true});
    Tile<fp32, 8, 16, Vec> qw = tile.sel(kw, w, w);
    Tensor<fp32, 8, 16> r = tile.store(q, {0, 0}, o) [[in_bounds = true]];
    return;
  }
}
// EXPECTED:
program {
  AIV v(In Tensor<fp32, 8, 16> x, In index vr, In index vc, Out Tensor<fp32, 8, 16> o) {
    Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, vc}}> a = tile.load(x, {0, 0}, {8, 16}, {.valid_shape = {vr, vc}}) [[in_bounds = true]];
    Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, vc}}> b = tile.load(x, {0, 0}, {8, 16}, {.valid_shape = {vr, vc}}) [[in_bounds = true]];
    Tile<uint8, 8, 32, Vec, view{valid_shape = {vr, 2}}> k = (tile.cmp(a, b, {.mode = "lt", .packed = true}) : Tile<uint8, 8, 32, Vec, view{valid_shape = {vr, 2}}>);
    Tile<uint8, 8, 32, Vec, view{valid_shape = {vr, floordiv(vc + 7, 8)}}> k_rows = tile.set_validshape(k, vr, floordiv(vc + 7, 8));
    Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, floordiv(vc + 7, 8) * 8}}> q_wide = (tile.sel(k_rows, a, b) : Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, floordiv(vc + 7, 8) * 8}}>);
    Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, vc}}> q = tile.set_validshape(q_wide, vr, vc);
    Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, vc}}> s = (tile.sels(k, a, 1.0) : Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, vc}}>);
    Tile<fp32, 8, 16, Vec> w = tile.full({8, 16}, 0.0, {.dtype = fp32, .target_memory = Vec});
    Tile<uint8, 8, 32, Vec, view{valid_shape = {8, 2}}> kw = tile.cmps(w, 0.0, {.mode = "ge", .packed = true});
    Tile<fp32, 8, 16, Vec> qw = tile.sel(kw, w, w);
    Tensor<fp32, 8, 16> r = tile.store(q, {0, 0}, o) [[in_bounds = true]];
    return;
  }
}
