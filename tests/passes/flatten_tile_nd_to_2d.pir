// RUN: flatten-tile-nd-to-2d
// PyPTO's example: [2, 3, 4] tiles become [6, 4]; full's shape, an elementwise op with a scalar, a unary op, a read and a write (indices to the row-major row) follow
program {
  AIV k(Out Tensor<fp32, 4> o) -> Tensor<fp32, 4> {
    Tile<fp32, 2, 3, 4, Vec> t = tile.full({2, 3, 4}, 1.0, {.dtype = fp32});
    Tile<fp32, 2, 3, 4, Vec> u = tile.add(t, t);
    Tile<fp32, 2, 3, 4, Vec> e = tile.exp(u);
    Tile<fp32, 2, 3, 4, Vec> m = tile.muls(e, 2.0);
    Tile<fp32, 2, 3, 4, Vec> w = tile.write(m, {1, 2, 3}, 5.0);
    fp32 s = tile.read(w, {1, 0, 2});
    Tensor<fp32, 4> r = tensor.write(o, {0}, s);
    return r;
  }
}
// EXPECTED:
program {
  AIV k(Out Tensor<fp32, 4> o) -> Tensor<fp32, 4> {
    Tile<fp32, 6, 4, Vec> t = tile.full({6, 4}, 1.0, {.dtype = fp32});
    Tile<fp32, 6, 4, Vec> u = tile.add(t, t);
    Tile<fp32, 6, 4, Vec> e = tile.exp(u);
    Tile<fp32, 6, 4, Vec> m = tile.muls(e, 2.0);
    Tile<fp32, 6, 4, Vec> w = tile.write(m, {5, 3}, 5.0);
    fp32 s = tile.read(w, {3, 2});
    Tensor<fp32, 4> r = tensor.write(o, {0}, s);
    return r;
  }
}
// -----
// RUN: flatten-tile-nd-to-2d
// rank-1 tiles are rows: [16] -> [1, 16]; the store into a rank-1 tensor writes the row; a [1, 8, 16] tile (leading 1) stores into a rank-3 tensor with the same window
program {
  AIV k(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o, Out Tensor<fp32, 2, 8, 16> p) {
    Tile<fp32, 16, Vec> f = tile.full({16}, 0.5, {.dtype = fp32});
    Tile<fp32, 16, Vec> g = tile.cast(f, {.target_type = fp32, .mode = "rint"});
    Tensor<fp32, 16> r = tile.store(g, {0}, o);
    Tile<fp32, 1, 8, 16, Vec> h = tile.create({1, 8, 16}, {.dtype = fp32});
    Tile<fp32, 1, 8, 16, Vec> h2 = tile.adds(h, 1.0);
    Tensor<fp32, 2, 8, 16> q = tile.store(h2, {1, 0, 0}, p);
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o, Out Tensor<fp32, 2, 8, 16> p) {
    Tile<fp32, 1, 16, Vec> f = tile.full({1, 16}, 0.5, {.dtype = fp32});
    Tile<fp32, 1, 16, Vec> g = tile.cast(f, {.target_type = fp32, .mode = "rint"});
    Tensor<fp32, 16> r = tile.store(g, {0}, o);
    Tile<fp32, 8, 16, Vec> h = tile.create({8, 16}, {.dtype = fp32});
    Tile<fp32, 8, 16, Vec> h2 = tile.adds(h, 1.0);
    Tensor<fp32, 2, 8, 16> q = tile.store(h2, {1, 0, 0}, p);
    return;
  }
}
// -----
// RUN: flatten-tile-nd-to-2d
// a rank-3 tile carried through a loop: the carry, its init, the yield and the loop result all become [4, 8]; a column broadcast ([2, 2, 1] with [2, 2, 8]) keeps its rows
program {
  AIV k(In index n, Out Tensor<fp32, 4> o) -> Tensor<fp32, 4> {
    Tile<fp32, 2, 2, 8, Vec> z = tile.full({2, 2, 8}, 0.0, {.dtype = fp32});
    Tile<fp32, 2, 2, 1, Vec> c = tile.full({2, 2, 1}, 1.0, {.dtype = fp32});
    for (index i : range(0, n, 1)) carry (Tile<fp32, 2, 2, 8, Vec> a = z) -> (Tile<fp32, 2, 2, 8, Vec> res) {
      Tile<fp32, 2, 2, 8, Vec> b = tile.add(a, c);
      yield(b);
    }
    fp32 s = tile.read(res, {1, 1, 7});
    Tensor<fp32, 4> r = tensor.write(o, {0}, s);
    return r;
  }
}
// EXPECTED:
program {
  AIV k(In index n, Out Tensor<fp32, 4> o) -> Tensor<fp32, 4> {
    Tile<fp32, 4, 8, Vec> z = tile.full({4, 8}, 0.0, {.dtype = fp32});
    Tile<fp32, 4, 1, Vec> c = tile.full({4, 1}, 1.0, {.dtype = fp32});
    for (index i : range(0, n, 1)) carry (Tile<fp32, 4, 8, Vec> a = z) -> (Tile<fp32, 4, 8, Vec> res) {
      Tile<fp32, 4, 8, Vec> b = tile.add(a, c);
      yield(b);
    }
    fp32 s = tile.read(res, {3, 7});
    Tensor<fp32, 4> r = tensor.write(o, {0}, s);
    return r;
  }
}
// -----
// RUN: flatten-tile-nd-to-2d
// compare, select and move on [2, 4, 16] tiles: the mask and the moved tile are [8, 16] too; a [1, 8, 16] tile stored into a rank-3 tensor
program {
  AIV k(Out Tensor<fp32, 2, 8, 16> o) -> Tensor<fp32, 2, 8, 16> {
    Tile<fp32, 2, 4, 16, Vec> a = tile.full({2, 4, 16}, 1.0, {.dtype = fp32});
    Tile<fp32, 2, 4, 16, Vec> b = tile.full({2, 4, 16}, 2.0, {.dtype = fp32});
    Tile<bool, 2, 4, 16, Vec> m = tile.cmp(a, b, {.mode = "lt"});
    Tile<fp32, 2, 4, 16, Vec> c = tile.sel(m, a, b);
    Tile<fp32, 2, 4, 16, Vec> d = tile.move(c, {.target_memory = Vec});
    Tile<fp32, 1, 8, 16, Vec> e = tile.full({1, 8, 16}, 3.0, {.dtype = fp32});
    fp32 s = tile.read(d, {1, 3, 15});
    Tile<fp32, 1, 8, 16, Vec> h = tile.adds(e, s);
    Tensor<fp32, 2, 8, 16> r = tile.store(h, {1, 0, 0}, o);
    return r;
  }
}
// EXPECTED:
program {
  AIV k(Out Tensor<fp32, 2, 8, 16> o) -> Tensor<fp32, 2, 8, 16> {
    Tile<fp32, 8, 16, Vec> a = tile.full({8, 16}, 1.0, {.dtype = fp32});
    Tile<fp32, 8, 16, Vec> b = tile.full({8, 16}, 2.0, {.dtype = fp32});
    Tile<bool, 8, 16, Vec> m = tile.cmp(a, b, {.mode = "lt"});
    Tile<fp32, 8, 16, Vec> c = tile.sel(m, a, b);
    Tile<fp32, 8, 16, Vec> d = tile.move(c, {.target_memory = Vec});
    Tile<fp32, 8, 16, Vec> e = tile.full({8, 16}, 3.0, {.dtype = fp32});
    fp32 s = tile.read(d, {7, 15});
    Tile<fp32, 8, 16, Vec> h = tile.adds(e, s);
    Tensor<fp32, 2, 8, 16> r = tile.store(h, {1, 0, 0}, o);
    return r;
  }
}
// -----
// RUN: flatten-tile-nd-to-2d
// must not change: 2-D tiles; loads of a rank-1 row and of a [1, R, C] window of a rank-3 tensor (tile.load already makes them 2-D); a [1, D] store into a rank-1 tensor; orchestration code
program {
  AIV k(In Tensor<fp32, 64> x, In Tensor<fp32, 4, 16, 32> y, In index b, Out Tensor<fp32, 64> o, Out Tensor<fp32, 4, 16, 32> p) {
    Tile<fp32, 1, 64, Vec> a = tile.load(x, {0}, {64});
    Tile<fp32, 1, 64, Vec> a2 = tile.mul(a, a);
    Tensor<fp32, 64> r = tile.store(a2, {0}, o);
    Tile<fp32, 8, 32, Vec> c = tile.load(y, {b, 8, 0}, {1, 8, 32});
    Tile<fp32, 8, 1, Vec> cs = tile.row_sum(c);
    Tile<fp32, 8, 32, Vec> d = tile.row_expand_sub(c, cs);
    Tensor<fp32, 4, 16, 32> q = tile.store(d, {b, 8, 0}, p);
    return;
  }

  Orchestration main(In Tensor<fp32, 64> x, In Tensor<fp32, 4, 16, 32> y, Out Tensor<fp32, 64> o, Out Tensor<fp32, 4, 16, 32> p) {
    k(x, y, 1, o, p);
    return;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: flatten-tile-nd-to-2d
// ops with no 2-D form on rank-3 tiles are located errors: a transpose of the leading dims, a reshape, a broadcast along a merged dim, a store whose rows come from two leading indices (reductions and matmuls reject rank 3 themselves, T110)
program {
  AIV k(Out Tensor<fp32, 2, 3, 4> o) {
    Tile<fp32, 2, 3, 4, Vec> t = tile.full({2, 3, 4}, 1.0, {.dtype = fp32});
    Tile<fp32, 3, 2, 4, Vec> s = tile.transpose(t, 0, 1); // EXPECTED-ERROR: FT001 {{'tile.transpose' on a tile of rank != 2 has no 2-D form (FlattenTileNdTo2D flattens elementwise, compare, select, unary, create, full, move, read, write and store); use 2-D tiles}}
    Tile<fp32, 6, 4, Vec> v = tile.reshape(t, {6, 4}); // EXPECTED-ERROR: FT001 {{'tile.reshape' on a tile of rank != 2 has no 2-D form}}
    Tile<fp32, 1, 3, 4, Vec> h = tile.full({1, 3, 4}, 2.0, {.dtype = fp32});
    Tile<fp32, 2, 3, 4, Vec> u = tile.mul(t, h); // EXPECTED-ERROR: FT001 {{'tile.mul' broadcasts [1, 3, 4] to [2, 3, 4] along dim 0, which FlattenTileNdTo2D merges into the rows: that has no 2-D form}}
    Tensor<fp32, 2, 3, 4> r = tile.store(t, {0, 0, 0}, o); // EXPECTED-ERROR: FT001 {{'tile.store' of a tile of shape [2, 3, 4]: its rows come from more than one index of the leading dims, which a 2-D tile's window cannot express; store one [R, C] tile per leading index}}
    return;
  }
}
// -----
// RUN: flatten-tile-nd-to-2d
// a rank-3 tile whose valid rows would not be contiguous once merged (dim 1 partly valid for 2 indices of dim 0) has no 2-D form
program {
  InCore k(In Tile<fp32, 2, 3, 4, Vec, view{valid_shape = {2, 2, 4}}> t, Out Tensor<fp32, 4> o) { // EXPECTED-ERROR: FT002 {{tile 't' of shape [2, 3, 4] has no 2-D form: its valid shape [2, 2, 4] covers part of dim 1 of its shape [2, 3, 4] for 2 indices of dim 0, so its valid rows are not contiguous once merged}}
    fp32 s = tile.read(t, {1, 1, 3});
    Tensor<fp32, 4> r = tensor.write(o, {0}, s);
    return;
  }
}
// -----
// RUN: flatten-tile-nd-to-2d
// valid shapes whose rows are the first merged rows flatten, the valid rows the product: [1, 3, 4] of [2, 3, 4] is [3, 4] of [6, 4]; [1, 2, 4] of [1, 3, 4] is [2, 4] of [3, 4]; [2, 3, 1] of [2, 3, 4] is [6, 1] of [6, 4]
program {
  InCore k(In Tile<fp32, 2, 3, 4, Vec, view{valid_shape = {1, 3, 4}}> t, In Tile<fp32, 1, 3, 4, Vec, view{valid_shape = {1, 2, 4}}> u, In Tile<fp32, 2, 3, 4, Vec, view{valid_shape = {2, 3, 1}}> v, Out Tensor<fp32, 4> o) {
    fp32 s = tile.read(t, {0, 1, 3});
    fp32 s2 = tile.read(u, {0, 1, 3});
    fp32 s3 = tile.read(v, {1, 2, 0});
    fp32 a = s + s2;
    fp32 b = a + s3;
    Tensor<fp32, 4> r = tensor.write(o, {0}, b);
    return;
  }
}
// EXPECTED:
program {
  InCore k(In Tile<fp32, 6, 4, Vec, view{valid_shape = {3, 4}}> t, In Tile<fp32, 3, 4, Vec, view{valid_shape = {2, 4}}> u, In Tile<fp32, 6, 4, Vec, view{valid_shape = {6, 1}}> v, Out Tensor<fp32, 4> o) {
    fp32 s = tile.read(t, {1, 3});
    fp32 s2 = tile.read(u, {1, 3});
    fp32 s3 = tile.read(v, {5, 0});
    fp32 a = s + s2;
    fp32 b = a + s3;
    Tensor<fp32, 4> r = tensor.write(o, {0}, b);
    return;
  }
}
// -----
// RUN: flatten-tile-nd-to-2d
// batch_matmul → per-batch matmuls (B = 2): each batch's [1, M, K] / [1, K, N] windows loaded into Mat, moved to Left / Right, tile.matmul (an fp16 out_dtype kept); the store of the [2, 16, 8] result becomes one store per batch, chained through the tensor
program {
  InCore k(In Tensor<fp16, 2, 16, 32> a, In Tensor<fp16, 2, 32, 8> b, Out Tensor<fp16, 2, 16, 8> o) -> Tensor<fp16, 2, 16, 8> {
    Tile<fp16, 2, 16, 8, Acc> c = tile.batch_matmul(a, b, {.out_dtype = fp16});
    Tensor<fp16, 2, 16, 8> r = tile.store(c, {0, 0, 0}, o);
    return r;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp16, 2, 16, 32> a, In Tensor<fp16, 2, 32, 8> b, Out Tensor<fp16, 2, 16, 8> o) -> Tensor<fp16, 2, 16, 8> {
    Tile<fp16, 16, 32, Mat> c_lm0 = tile.load(a, {0, 0, 0}, {1, 16, 32}, {.target_memory = Mat});
    Tile<fp16, 16, 32, Left> c_l0 = tile.move(c_lm0, {.target_memory = Left});
    Tile<fp16, 32, 8, Mat> c_rm0 = tile.load(b, {0, 0, 0}, {1, 32, 8}, {.target_memory = Mat});
    Tile<fp16, 32, 8, Right> c_r0 = tile.move(c_rm0, {.target_memory = Right});
    Tile<fp16, 16, 8, Acc> c_0 = tile.matmul(c_l0, c_r0, {.out_dtype = fp16});
    Tile<fp16, 16, 32, Mat> c_lm1 = tile.load(a, {1, 0, 0}, {1, 16, 32}, {.target_memory = Mat});
    Tile<fp16, 16, 32, Left> c_l1 = tile.move(c_lm1, {.target_memory = Left});
    Tile<fp16, 32, 8, Mat> c_rm1 = tile.load(b, {1, 0, 0}, {1, 32, 8}, {.target_memory = Mat});
    Tile<fp16, 32, 8, Right> c_r1 = tile.move(c_rm1, {.target_memory = Right});
    Tile<fp16, 16, 8, Acc> c_1 = tile.matmul(c_l1, c_r1, {.out_dtype = fp16});
    Tensor<fp16, 2, 16, 8> r_0 = tile.store(c_0, {0, 0, 0}, o);
    Tensor<fp16, 2, 16, 8> r = tile.store(c_1, {1, 0, 0}, r_0);
    return r;
  }
}
// -----
// RUN: flatten-tile-nd-to-2d
// B = 1 and B = 3 (fp32, no out_dtype) stored at a batch offset that is a parameter (s, s + 1, s + 2) and at a constant one (1, 2, 3); a 2-D matmul beside them is unchanged
program {
  InCore k(In index s, In Tensor<fp32, 1, 16, 16> a1, In Tensor<fp32, 1, 16, 16> b1, In Tensor<fp32, 3, 16, 16> a3, In Tensor<fp32, 3, 16, 16> b3, In Tensor<fp32, 16, 16> x, InOut Tensor<fp32, 8, 16, 16> o, Out Tensor<fp32, 16, 16> p) {
    Tile<fp32, 1, 16, 16, Acc> c1 = tile.batch_matmul(a1, b1);
    Tensor<fp32, 8, 16, 16> r1 = tile.store(c1, {s, 0, 0}, o);
    Tile<fp32, 3, 16, 16, Acc> c3 = tile.batch_matmul(a3, b3);
    Tensor<fp32, 8, 16, 16> r2 = tile.store(c3, {s, 0, 0}, r1);
    Tensor<fp32, 8, 16, 16> r3 = tile.store(c3, {1, 0, 0}, r2);
    Tile<fp32, 16, 16, Mat> xm = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Left> xl = tile.move(xm, {.target_memory = Left});
    Tile<fp32, 16, 16, Right> xr = tile.move(xm, {.target_memory = Right});
    Tile<fp32, 16, 16, Acc> y = tile.matmul(xl, xr);
    Tensor<fp32, 16, 16> q = tile.store(y, {0, 0}, p);
    return;
  }
}
// EXPECTED:
program {
  InCore k(In index s, In Tensor<fp32, 1, 16, 16> a1, In Tensor<fp32, 1, 16, 16> b1, In Tensor<fp32, 3, 16, 16> a3, In Tensor<fp32, 3, 16, 16> b3, In Tensor<fp32, 16, 16> x, InOut Tensor<fp32, 8, 16, 16> o, Out Tensor<fp32, 16, 16> p) {
    Tile<fp32, 16, 16, Mat> c1_lm0 = tile.load(a1, {0, 0, 0}, {1, 16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Left> c1_l0 = tile.move(c1_lm0, {.target_memory = Left});
    Tile<fp32, 16, 16, Mat> c1_rm0 = tile.load(b1, {0, 0, 0}, {1, 16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Right> c1_r0 = tile.move(c1_rm0, {.target_memory = Right});
    Tile<fp32, 16, 16, Acc> c1_0 = tile.matmul(c1_l0, c1_r0);
    Tensor<fp32, 8, 16, 16> r1 = tile.store(c1_0, {s, 0, 0}, o);
    Tile<fp32, 16, 16, Mat> c3_lm0 = tile.load(a3, {0, 0, 0}, {1, 16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Left> c3_l0 = tile.move(c3_lm0, {.target_memory = Left});
    Tile<fp32, 16, 16, Mat> c3_rm0 = tile.load(b3, {0, 0, 0}, {1, 16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Right> c3_r0 = tile.move(c3_rm0, {.target_memory = Right});
    Tile<fp32, 16, 16, Acc> c3_0 = tile.matmul(c3_l0, c3_r0);
    Tile<fp32, 16, 16, Mat> c3_lm1 = tile.load(a3, {1, 0, 0}, {1, 16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Left> c3_l1 = tile.move(c3_lm1, {.target_memory = Left});
    Tile<fp32, 16, 16, Mat> c3_rm1 = tile.load(b3, {1, 0, 0}, {1, 16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Right> c3_r1 = tile.move(c3_rm1, {.target_memory = Right});
    Tile<fp32, 16, 16, Acc> c3_1 = tile.matmul(c3_l1, c3_r1);
    Tile<fp32, 16, 16, Mat> c3_lm2 = tile.load(a3, {2, 0, 0}, {1, 16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Left> c3_l2 = tile.move(c3_lm2, {.target_memory = Left});
    Tile<fp32, 16, 16, Mat> c3_rm2 = tile.load(b3, {2, 0, 0}, {1, 16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Right> c3_r2 = tile.move(c3_rm2, {.target_memory = Right});
    Tile<fp32, 16, 16, Acc> c3_2 = tile.matmul(c3_l2, c3_r2);
    Tensor<fp32, 8, 16, 16> r2_0 = tile.store(c3_0, {s, 0, 0}, r1);
    Tensor<fp32, 8, 16, 16> r2_1 = tile.store(c3_1, {s + 1, 0, 0}, r2_0);
    Tensor<fp32, 8, 16, 16> r2 = tile.store(c3_2, {s + 2, 0, 0}, r2_1);
    Tensor<fp32, 8, 16, 16> r3_0 = tile.store(c3_0, {1, 0, 0}, r2);
    Tensor<fp32, 8, 16, 16> r3_1 = tile.store(c3_1, {2, 0, 0}, r3_0);
    Tensor<fp32, 8, 16, 16> r3 = tile.store(c3_2, {3, 0, 0}, r3_1);
    Tile<fp32, 16, 16, Mat> xm = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Left> xl = tile.move(xm, {.target_memory = Left});
    Tile<fp32, 16, 16, Right> xr = tile.move(xm, {.target_memory = Right});
    Tile<fp32, 16, 16, Acc> y = tile.matmul(xl, xr);
    Tensor<fp32, 16, 16> q = tile.store(y, {0, 0}, p);
    return;
  }
}
// -----
// RUN: flatten-tile-nd-to-2d
// a batch count that is not a constant cannot be unrolled (FT003); a batch_matmul result read by another op has no per-batch form (FT001)
program {
  index n;

  InCore k(In Tensor<fp32, n, 16, 16> a, In Tensor<fp32, n, 16, 16> b, Out Tensor<fp32, n, 16, 16> o) {
    Tile<fp32, n, 16, 16, Acc> c = tile.batch_matmul(a, b); // EXPECTED-ERROR: FT003 {{'tile.batch_matmul' of [n, 16, 16] x [n, 16, 16] needs a constant B (the batch count) >= 1, got 'n': FlattenTileNdTo2D unrolls it into one [M, K] x [K, N] matmul per batch with static tiles; give the tensor a static shape, or loop over the batches with pl::matmul on [1, M, K] / [1, K, N] windows}}
    return;
  }
  InCore k2(In Tensor<fp32, 2, 16, 16> a, In Tensor<fp32, 2, 16, 16> b, Out Tensor<fp32, 2, 16, 16> o) {
    Tile<fp32, 2, 16, 16, Acc> c = tile.batch_matmul(a, b); // EXPECTED-ERROR: FT001 {{the result 'c' of 'tile.batch_matmul' is used other than by a tile.store: FlattenTileNdTo2D makes it one [M, N] Acc tile per batch, which only a store into a rank-3 tensor (one [1, M, N] window per batch) can take; store it, then load what you need}}
    Tile<fp32, 2, 16, 16, Vec> v = tile.move(c, {.target_memory = Vec});
    return;
  }
}
