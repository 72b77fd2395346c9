// RUN: convert-tensor-to-tile-ops
// a parameter used directly is loaded at entry; a returned tile gets an Out parameter and a store; the caller creates it
program {
  InCore k(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 16> b) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> t = tensor.add(a, b);
    Tensor<fp32, 16, 16> e = tensor.exp(t);
    return e;
  }

  Orchestration main(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 16> b) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> r = k(a, b);
    return r;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 16> b, Out Tensor<fp32, 16, 16> e_out) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> a_tile = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> b_tile = tile.load(b, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> t = tile.add(a_tile, b_tile);
    Tile<fp32, 16, 16, Vec> e = tile.exp(t);
    Tensor<fp32, 16, 16> e_stored = tile.store(e, {0, 0}, e_out);
    return e_out;
  }

  Orchestration main(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 16> b) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> k_out = tensor.create({16, 16}, {.dtype = fp32});
    Tensor<fp32, 16, 16> r = k(a, b, k_out);
    return r;
  }
}
// -----
// RUN: convert-tensor-to-tile-ops
// a slice of a parameter is a load at its offset; an assemble into a parameter is a store and upgrades it to Out
program {
  InCore k(In Tensor<fp32, 32, 16> x, In Tensor<fp32, 32, 16> o) -> Tensor<fp32, 32, 16> {
    Tensor<fp32, 16, 16> s = tensor.slice(x, {16, 16}, {16, 0});
    Tensor<fp32, 16, 16> n = tensor.neg(s);
    Tensor<fp32, 32, 16> o2 = tensor.assemble(o, n, {0, 0});
    return o2;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> o) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 16, 16, Vec> s = tile.load(x, {16, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> n = tile.neg(s);
    Tensor<fp32, 32, 16> o2 = tile.store(n, {0, 0}, o);
    return o2;
  }
}
// -----
// RUN: convert-tensor-to-tile-ops
// matmul operands load straight to Mat and move to Left / Right; the Acc result is stored
program {
  InCore k(In Tensor<fp32, 16, 32> a, In Tensor<fp32, 32, 16> b) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> c = tensor.matmul(a, b);
    return c;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 32> a, In Tensor<fp32, 32, 16> b, Out Tensor<fp32, 16, 16> c_out) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 32, Mat> a_tile = tile.load(a, {0, 0}, {16, 32}, {.target_memory = Mat});
    Tile<fp32, 16, 32, Left> a_tile_Left = tile.move(a_tile, {.target_memory = Left});
    Tile<fp32, 32, 16, Mat> b_tile = tile.load(b, {0, 0}, {32, 16}, {.target_memory = Mat});
    Tile<fp32, 32, 16, Right> b_tile_Right = tile.move(b_tile, {.target_memory = Right});
    Tile<fp32, 16, 16, Acc> c = tile.matmul(a_tile_Left, b_tile_Right);
    Tensor<fp32, 16, 16> c_stored = tile.store(c, {0, 0}, c_out);
    return c_out;
  }
}
// -----
// RUN: convert-tensor-to-tile-ops
// a slice feeding a matmul loads to Mat
program {
  InCore k(In Tensor<fp32, 64, 32> a, In Tensor<fp32, 32, 16> b) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 32> s = tensor.slice(a, {16, 32}, {16, 0});
    Tensor<fp32, 16, 16> c = tensor.matmul(s, b);
    return c;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 64, 32> a, In Tensor<fp32, 32, 16> b, Out Tensor<fp32, 16, 16> c_out) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 32, Mat> s = tile.load(a, {16, 0}, {16, 32}, {.target_memory = Mat});
    Tile<fp32, 16, 32, Left> s_Left = tile.move(s, {.target_memory = Left});
    Tile<fp32, 32, 16, Mat> b_tile = tile.load(b, {0, 0}, {32, 16}, {.target_memory = Mat});
    Tile<fp32, 32, 16, Right> b_tile_Right = tile.move(b_tile, {.target_memory = Right});
    Tile<fp32, 16, 16, Acc> c = tile.matmul(s_Left, b_tile_Right);
    Tensor<fp32, 16, 16> c_stored = tile.store(c, {0, 0}, c_out);
    return c_out;
  }
}
// -----
// RUN: convert-tensor-to-tile-ops
// tile types flow through a loop carry (init from a loaded parameter) and its return var
program {
  InCore k(In Tensor<fp32, 16, 16> x, In Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    for (index i : range(0, 4, 1)) carry (Tensor<fp32, 16, 16> acc = x) -> (Tensor<fp32, 16, 16> r) {
      Tensor<fp32, 16, 16> acc2 = tensor.add(acc, y);
      yield(acc2);
    }
    return r;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 16> x, In Tensor<fp32, 16, 16> y, Out Tensor<fp32, 16, 16> r_out) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> x_tile = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> y_tile = tile.load(y, {0, 0}, {16, 16}, {.target_memory = Vec});
    for (index i : range(0, 4, 1)) carry (Tile<fp32, 16, 16, Vec> acc = x_tile) -> (Tile<fp32, 16, 16, Vec> r) {
      Tile<fp32, 16, 16, Vec> acc2 = tile.add(acc, y_tile);
      yield(acc2);
    }
    Tensor<fp32, 16, 16> r_stored = tile.store(r, {0, 0}, r_out);
    return r_out;
  }
}
// -----
// RUN: convert-tensor-to-tile-ops
// a store chain through a loop carry keeps the tensor (no entry load) and upgrades the parameter to Out
program {
  InCore k(In Tensor<fp32, 16, 64> x, In Tensor<fp32, 16, 64> o) -> Tensor<fp32, 16, 64> {
    for (index j : range(0, 4, 1)) carry (Tensor<fp32, 16, 64> acc = o) -> (Tensor<fp32, 16, 64> done) {
      Tensor<fp32, 16, 16> s = tensor.slice(x, {16, 16}, {0, j * 16});
      Tensor<fp32, 16, 16> e = tensor.exp(s);
      Tensor<fp32, 16, 64> acc2 = tensor.assemble(acc, e, {0, j * 16});
      yield(acc2);
    }
    return done;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 16, 64> o) -> Tensor<fp32, 16, 64> {
    for (index j : range(0, 4, 1)) carry (Tensor<fp32, 16, 64> acc = o) -> (Tensor<fp32, 16, 64> done) {
      Tile<fp32, 16, 16, Vec> s = tile.load(x, {0, j * 16}, {16, 16}, {.target_memory = Vec});
      Tile<fp32, 16, 16, Vec> e = tile.exp(s);
      Tensor<fp32, 16, 64> acc2 = tile.store(e, {0, j * 16}, acc);
      yield(acc2);
    }
    return done;
  }
}
// -----
// RUN: convert-tensor-to-tile-ops
// a store in a loop nested in a loop keeps the whole carry chain a tensor, out to the parameter
// (issue 11: the outer carry's init became an entry load and the store wrote into a tile)
program {
  InCore k(In Tensor<fp32, 16, 16> x, In Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    for (index j : range(0, 2, 1)) carry (Tensor<fp32, 16, 16> a = o) -> (Tensor<fp32, 16, 16> ra) {
      for (index i : range(0, 2, 1)) carry (Tensor<fp32, 16, 16> b = a) -> (Tensor<fp32, 16, 16> rb) {
        Tensor<fp32, 16, 16> s = tensor.exp(x);
        Tensor<fp32, 16, 16> b2 = tensor.assemble(b, s, {0, 0});
        yield(b2);
      }
      yield(rb);
    }
    return ra;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> x_tile = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    for (index j : range(0, 2, 1)) carry (Tensor<fp32, 16, 16> a = o) -> (Tensor<fp32, 16, 16> ra) {
      for (index i : range(0, 2, 1)) carry (Tensor<fp32, 16, 16> b = a) -> (Tensor<fp32, 16, 16> rb) {
        Tile<fp32, 16, 16, Vec> s = tile.exp(x_tile);
        Tensor<fp32, 16, 16> b2 = tile.store(s, {0, 0}, b);
        yield(b2);
      }
      yield(rb);
    }
    return ra;
  }
}
// -----
// RUN: convert-tensor-to-tile-ops
// a store in a while loop in a branch of a loop: the carry passes through the if-phi and the
// while carry; the chain stays a tensor
program {
  InCore k(In Tensor<fp32, 16, 16> x, In Tensor<fp32, 16, 16> o, In index n) -> Tensor<fp32, 16, 16> {
    for (index j : range(0, 4, 1)) carry (Tensor<fp32, 16, 16> a = o) -> (Tensor<fp32, 16, 16> ra) {
      if (j < n) -> (Tensor<fp32, 16, 16> p) {
        while (j < 2) carry (Tensor<fp32, 16, 16> w = a) -> (Tensor<fp32, 16, 16> rw) {
          Tensor<fp32, 16, 16> w2 = tensor.assemble(w, x, {0, 0});
          yield(w2);
        }
        yield(rw);
      } else {
        yield(a);
      }
      yield(p);
    }
    return ra;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o, In index n) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> x_tile = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    for (index j : range(0, 4, 1)) carry (Tensor<fp32, 16, 16> a = o) -> (Tensor<fp32, 16, 16> ra) {
      if (j < n) -> (Tensor<fp32, 16, 16> p) {
        while (j < 2) carry (Tensor<fp32, 16, 16> w = a) -> (Tensor<fp32, 16, 16> rw) {
          Tensor<fp32, 16, 16> w2 = tile.store(x_tile, {0, 0}, w);
          yield(w2);
        }
        yield(rw);
      } else {
        yield(a);
      }
      yield(p);
    }
    return ra;
  }
}
// -----
// RUN: convert-tensor-to-tile-ops
// if-phis take the tile type of their branches; a kernel-local create becomes tile.create
program {
  InCore k(In Tensor<fp32, 16, 16> a, In bool c) -> Tensor<fp32, 16, 16> {
    if (c) -> (Tensor<fp32, 16, 16> r) {
      Tensor<fp32, 16, 16> e = tensor.exp(a);
      yield(e);
    } else {
      Tensor<fp32, 16, 16> z = tensor.create({16, 16}, {.dtype = fp32});
      yield(z);
    }
    return r;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 16> a, In bool c, Out Tensor<fp32, 16, 16> r_out) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> a_tile = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    if (c) -> (Tile<fp32, 16, 16, Vec> r) {
      Tile<fp32, 16, 16, Vec> e = tile.exp(a_tile);
      yield(e);
    } else {
      Tile<fp32, 16, 16, Vec> z = tile.create({16, 16}, {.dtype = fp32});
      yield(z);
    }
    Tensor<fp32, 16, 16> r_stored = tile.store(r, {0, 0}, r_out);
    return r_out;
  }
}
// -----
// RUN: convert-tensor-to-tile-ops
// scalar reads of a parameter stay tensor ops; a kernel written on tiles already is unchanged
program {
  InCore k(In Tensor<fp32, 16, 16> x, In Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    fp32 v = tensor.read(x, {0, 0});
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16});
    Tile<fp32, 16, 16, Vec> u = tile.adds(t, v);
    Tensor<fp32, 16, 16> r = tile.store(u, {0, 0}, o);
    return r;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    fp32 v = tensor.read(x, {0, 0});
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16});
    Tile<fp32, 16, 16, Vec> u = tile.adds(t, v);
    Tensor<fp32, 16, 16> r = tile.store(u, {0, 0}, o);
    return r;
  }
}
// -----
// RUN: convert-tensor-to-tile-ops
// must not change: tensor ops in orchestration functions are not converted
program {
  Orchestration main(In Tensor<fp32, 16, 16> a) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> e = tensor.exp(a);
    return e;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: convert-tensor-to-tile-ops
// a transposed matmul operand is loaded transposed ([R, C] window -> [C, R] Mat tile in the ZN
// layout: PTO-ISA's DN GlobalTensor into a ZN Mat tile) and moved to Left / Right as it is; the
// matmul itself is untransposed
program {
  InCore k(In Tensor<fp32, 32, 16> a, In Tensor<fp32, 8, 32> b) -> Tensor<fp32, 16, 8> {
    Tensor<fp32, 16, 8> c = tensor.matmul(a, b, {.a_trans = true, .b_trans = true});
    return c;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 32, 16> a, In Tensor<fp32, 8, 32> b, Out Tensor<fp32, 16, 8> c_out) -> Tensor<fp32, 16, 8> {
    Tile<fp32, 16, 32, Mat, view{slayout = col_major}> a_T = tile.load(a, {0, 0}, {32, 16}, {.target_memory = Mat, .transpose = true});
    Tile<fp32, 16, 32, Left> a_T_Left = tile.move(a_T, {.target_memory = Left});
    Tile<fp32, 32, 8, Mat, view{slayout = col_major}> b_T = tile.load(b, {0, 0}, {8, 32}, {.target_memory = Mat, .transpose = true});
    Tile<fp32, 32, 8, Right> b_T_Right = tile.move(b_T, {.target_memory = Right});
    Tile<fp32, 16, 8, Acc> c = tile.matmul(a_T_Left, b_T_Right);
    Tensor<fp32, 16, 8> c_stored = tile.store(c, {0, 0}, c_out);
    return c_out;
  }
}
// -----
// RUN: convert-tensor-to-tile-ops
// matmul_acc with b_trans: only the rhs is loaded transposed
program {
  InCore k(In Tensor<fp32, 16, 32> a, In Tensor<fp32, 8, 32> b, In Tensor<fp32, 16, 32> g, In Tensor<fp32, 32, 8> e) -> Tensor<fp32, 16, 8> {
    Tensor<fp32, 16, 8> c = tensor.matmul(g, e);
    Tensor<fp32, 16, 8> d = tensor.matmul_acc(c, a, b, {.b_trans = true});
    return d;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 32> a, In Tensor<fp32, 8, 32> b, In Tensor<fp32, 16, 32> g, In Tensor<fp32, 32, 8> e, Out Tensor<fp32, 16, 8> d_out) -> Tensor<fp32, 16, 8> {
    Tile<fp32, 16, 32, Mat> g_tile = tile.load(g, {0, 0}, {16, 32}, {.target_memory = Mat});
    Tile<fp32, 16, 32, Left> g_tile_Left = tile.move(g_tile, {.target_memory = Left});
    Tile<fp32, 32, 8, Mat> e_tile = tile.load(e, {0, 0}, {32, 8}, {.target_memory = Mat});
    Tile<fp32, 32, 8, Right> e_tile_Right = tile.move(e_tile, {.target_memory = Right});
    Tile<fp32, 16, 8, Acc> c = tile.matmul(g_tile_Left, e_tile_Right);
    Tile<fp32, 16, 32, Mat> a_tile = tile.load(a, {0, 0}, {16, 32}, {.target_memory = Mat});
    Tile<fp32, 16, 32, Left> a_tile_Left = tile.move(a_tile, {.target_memory = Left});
    Tile<fp32, 32, 8, Mat, view{slayout = col_major}> b_T = tile.load(b, {0, 0}, {8, 32}, {.target_memory = Mat, .transpose = true});
    Tile<fp32, 32, 8, Right> b_T_Right = tile.move(b_T, {.target_memory = Right});
    Tile<fp32, 16, 8, Acc> d = tile.matmul_acc(c, a_tile_Left, b_T_Right);
    Tensor<fp32, 16, 8> d_stored = tile.store(d, {0, 0}, d_out);
    return d_out;
  }
}
// -----
// RUN: convert-tensor-to-tile-ops
// a tile matmul with b_trans (written on tiles): the Mat tile the operand was moved out of is
// loaded again transposed, after its load, and moved at the matmul; the untransposed load and
// move stay while they have other uses
program {
  AIC k(In Tensor<fp32, 16, 32> a, In Tensor<fp32, 8, 32> b, Out Tensor<fp32, 16, 8> o) -> Tensor<fp32, 16, 8> {
    Tile<fp32, 16, 32, Mat> am = tile.load(a, {0, 0}, {16, 32}, {.target_memory = Mat});
    Tile<fp32, 16, 32, Left> al = tile.move(am, {.target_memory = Left});
    Tile<fp32, 8, 32, Mat> bm = tile.load(b, {0, 0}, {8, 32}, {.target_memory = Mat});
    Tile<fp32, 8, 32, Right> br = tile.move(bm, {.target_memory = Right});
    Tile<fp32, 16, 8, Acc> c = tile.matmul(al, br, {.b_trans = true});
    Tile<fp32, 16, 8, Mat> xm = tile.load(a, {0, 0}, {16, 8}, {.target_memory = Mat});
    Tile<fp32, 16, 8, Left> xl = tile.move(xm, {.target_memory = Left});
    Tile<fp32, 16, 32, Acc> d = tile.matmul(xl, br, {.out_dtype = fp32});
    Tensor<fp32, 16, 8> r = tile.store(c, {0, 0}, o);
    return r;
  }
}
// EXPECTED:
program {
  AIC k(In Tensor<fp32, 16, 32> a, In Tensor<fp32, 8, 32> b, Out Tensor<fp32, 16, 8> o) -> Tensor<fp32, 16, 8> {
    Tile<fp32, 16, 32, Mat> am = tile.load(a, {0, 0}, {16, 32}, {.target_memory = Mat});
    Tile<fp32, 16, 32, Left> al = tile.move(am, {.target_memory = Left});
    Tile<fp32, 8, 32, Mat> bm = tile.load(b, {0, 0}, {8, 32}, {.target_memory = Mat});
    Tile<fp32, 32, 8, Mat, view{slayout = col_major}> bm_T = tile.load(b, {0, 0}, {8, 32}, {.target_memory = Mat, .transpose = true});
    Tile<fp32, 8, 32, Right> br = tile.move(bm, {.target_memory = Right});
    Tile<fp32, 32, 8, Right> bm_T_Right = tile.move(bm_T, {.target_memory = Right});
    Tile<fp32, 16, 8, Acc> c = tile.matmul(al, bm_T_Right);
    Tile<fp32, 16, 8, Mat> xm = tile.load(a, {0, 0}, {16, 8}, {.target_memory = Mat});
    Tile<fp32, 16, 8, Left> xl = tile.move(xm, {.target_memory = Left});
    Tile<fp32, 16, 32, Acc> d = tile.matmul(xl, br, {.out_dtype = fp32});
    Tensor<fp32, 16, 8> r = tile.store(c, {0, 0}, o);
    return r;
  }
}
// -----
// RUN: convert-tensor-to-tile-ops
// an L0 move used only as transposed matmul operands is dropped, and so is the Mat load used only
// by it: the transposing load takes its place, moved to Left at each matmul
program {
  AIC k(In Tensor<fp16, 32, 16> a, In Tensor<fp16, 32, 16> b, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp16, 32, 16, Mat> am = tile.load(a, {0, 0}, {32, 16}, {.target_memory = Mat});
    Tile<fp16, 32, 16, Left> al = tile.move(am, {.target_memory = Left});
    Tile<fp16, 32, 16, Mat> bm = tile.load(b, {0, 0}, {32, 16}, {.target_memory = Mat});
    Tile<fp16, 32, 16, Right> br = tile.move(bm, {.target_memory = Right});
    Tile<fp32, 16, 16, Acc> c = tile.matmul(al, br, {.a_trans = true});
    Tile<fp32, 16, 16, Acc> d = tile.matmul_acc(c, al, br, {.a_trans = true});
    Tensor<fp32, 16, 16> r = tile.store(d, {0, 0}, o);
    return r;
  }
}
// EXPECTED:
program {
  AIC k(In Tensor<fp16, 32, 16> a, In Tensor<fp16, 32, 16> b, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp16, 16, 32, Mat, view{slayout = col_major}> am_T = tile.load(a, {0, 0}, {32, 16}, {.target_memory = Mat, .transpose = true});
    Tile<fp16, 32, 16, Mat> bm = tile.load(b, {0, 0}, {32, 16}, {.target_memory = Mat});
    Tile<fp16, 32, 16, Right> br = tile.move(bm, {.target_memory = Right});
    Tile<fp16, 16, 32, Left> am_T_Left = tile.move(am_T, {.target_memory = Left});
    Tile<fp32, 16, 16, Acc> c = tile.matmul(am_T_Left, br);
    Tile<fp16, 16, 32, Left> am_T_Left_1 = tile.move(am_T, {.target_memory = Left});
    Tile<fp32, 16, 16, Acc> d = tile.matmul_acc(c, am_T_Left_1, br);
    Tensor<fp32, 16, 16> r = tile.store(d, {0, 0}, o);
    return r;
  }
}
// -----
// RUN: convert-tensor-to-tile-ops
// a transposed operand that is not loaded from global memory (a vector result) has no transposing
// load: the cube has no transposing move
program {
  InCore k(In Tensor<fp32, 32, 16> a, In Tensor<fp32, 32, 8> b) -> Tensor<fp32, 16, 8> {
    Tensor<fp32, 32, 16> e = tensor.exp(a);
    Tensor<fp32, 16, 8> c = tensor.matmul(e, b, {.a_trans = true}); // EXPECTED-ERROR: TT005 {{'e' of 'tensor.matmul' is not loaded from global memory into Mat}}
    return c;
  }
}
// -----
// RUN: convert-tensor-to-tile-ops
// on tiles: a transposed operand moved out of a Mat tile that no load wrote (a cube result moved
// back to Mat) is an error too
program {
  AIC k(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 16> b, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Mat> am = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Left> al = tile.move(am, {.target_memory = Left});
    Tile<fp32, 16, 16, Mat> bm = tile.load(b, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Right> br = tile.move(bm, {.target_memory = Right});
    Tile<fp32, 16, 16, Acc> c = tile.matmul(al, br);
    Tile<fp32, 16, 16, Mat> cm = tile.move(c, {.target_memory = Mat});
    Tile<fp32, 16, 16, Right> cr = tile.move(cm, {.target_memory = Right});
    Tile<fp32, 16, 16, Acc> d = tile.matmul(al, cr, {.b_trans = true}); // EXPECTED-ERROR: TT005 {{'cr' of 'tile.matmul' is not loaded}}
    Tensor<fp32, 16, 16> r = tile.store(d, {0, 0}, o);
    return r;
  }
}
// -----
// RUN: convert-tensor-to-tile-ops
// must not change: a Mat load that feeds only untransposed operands stays as it is
program {
  AIC k(In Tensor<fp16, 16, 16> a, In Tensor<fp16, 16, 16> b, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp16, 16, 16, Mat> am = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp16, 16, 16, Left> al = tile.move(am, {.target_memory = Left});
    Tile<fp16, 16, 16, Mat> bm = tile.load(b, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp16, 16, 16, Right> br = tile.move(bm, {.target_memory = Right});
    Tile<fp32, 16, 16, Acc> c = tile.matmul(al, br);
    Tensor<fp32, 16, 16> r = tile.store(c, {0, 0}, o);
    return r;
  }
}
// EXPECTED:
program {
  AIC k(In Tensor<fp16, 16, 16> a, In Tensor<fp16, 16, 16> b, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp16, 16, 16, Mat> am = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp16, 16, 16, Left> al = tile.move(am, {.target_memory = Left});
    Tile<fp16, 16, 16, Mat> bm = tile.load(b, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp16, 16, 16, Right> br = tile.move(bm, {.target_memory = Right});
    Tile<fp32, 16, 16, Acc> c = tile.matmul(al, br);
    Tensor<fp32, 16, 16> r = tile.store(c, {0, 0}, o);
    return r;
  }
}
// -----
// RUN: convert-tensor-to-tile-ops
// a matmul on operands of rank 3 is not supported in kernels yet
program {
  InCore k(In Tensor<fp32, 2, 16, 32> a, In Tensor<fp32, 32, 16> b) -> Tensor<fp32, 2, 16, 16> {
    Tensor<fp32, 2, 16, 16> c = tensor.matmul(a, b); // EXPECTED-ERROR: TT002 {{rank 3}}
    return c;
  }
}

// -----
// RUN: convert-tensor-to-tile-ops
// A tensor carried through a loop only as tile.store's target stays in global memory: no
// whole-tensor entry load (regression: the carried Out parameter was loaded as one huge tile).
program p {
  InCore k(In Tensor<fp32, 512, 128> a, Out Tensor<fp32, 512, 128> c) -> Tensor<fp32, 512, 128> {
    for (index i : range(0, 4, 1)) carry (Tensor<fp32, 512, 128> c_1 = c) -> (Tensor<fp32, 512, 128> c_2) {
      Tile<fp32, 128, 128, Vec> t = tile.load(a, {i * 128, 0}, {128, 128});
      Tensor<fp32, 512, 128> c_3 = tile.store(t, {i * 128, 0}, c_1);
      yield(c_3);
    }
    return c_2;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: convert-tensor-to-tile-ops
// tensor.dim queries the GM tensor's shape: it stays a tensor op and loads nothing.
program p {
  index dyn;

  InCore k(In Tensor<fp32, 8, dyn> x, Out Tensor<fp32, 8, 16> out) -> Tensor<fp32, 8, 16> {
    index n = tensor.dim(x, 1);
    Tile<fp32, 8, 16, Vec> t = tile.load(x, {0, n - 16}, {8, 16});
    Tensor<fp32, 8, 16> s = tile.store(t, {0, 0}, out);
    return s;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: convert-tensor-to-tile-ops
// row_argmax / row_argmin get the scratch tile their tile op requires: a fresh tile of the operand's shape and dtype
program {
  InCore k(In Tensor<fp32, 16, 16> a) -> Tensor<int32, 16, 1> {
    Tensor<int32, 16, 1> m = tensor.row_argmax(a);
    return m;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<int32, 16, 1> m_out) -> Tensor<int32, 16, 1> {
    Tile<fp32, 16, 16, Vec> a_tile = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> tmp = tile.create({16, 16}, {.dtype = fp32});
    Tile<int32, 16, 1, Vec> m = tile.row_argmax(a_tile, tmp);
    Tensor<int32, 16, 1> m_stored = tile.store(m, {0, 0}, m_out);
    return m_out;
  }
}
// -----
// RUN: convert-tensor-to-tile-ops
// matmul_acc on an accumulator that is not a matmul's Acc result would need a Mat -> Acc move,
// which no hardware path has (issue 11: it translated, then failed at run time)
program {
  InCore k(In Tensor<fp32, 16, 32> a, In Tensor<fp32, 32, 8> b, In Tensor<fp32, 16, 8> c) -> Tensor<fp32, 16, 8> {
    Tensor<fp32, 16, 8> d = tensor.matmul_acc(c, a, b); // EXPECTED-ERROR: TT004 {{accumulator produced by a matmul}}
    return d;
  }
}
// -----
// RUN: convert-tensor-to-tile-ops
// a vector op on a matmul's result reads it in Vec: the Acc tile moves there first (the cube -> vector hand-off ExpandMixedKernel splits at)
program {
  InCore k(In Tensor<fp32, 16, 32> a, In Tensor<fp32, 32, 16> b) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> c = tensor.matmul(a, b);
    Tensor<fp32, 16, 16> e = tensor.exp(c);
    return e;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 32> a, In Tensor<fp32, 32, 16> b, Out Tensor<fp32, 16, 16> e_out) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 32, Mat> a_tile = tile.load(a, {0, 0}, {16, 32}, {.target_memory = Mat});
    Tile<fp32, 16, 32, Left> a_tile_Left = tile.move(a_tile, {.target_memory = Left});
    Tile<fp32, 32, 16, Mat> b_tile = tile.load(b, {0, 0}, {32, 16}, {.target_memory = Mat});
    Tile<fp32, 32, 16, Right> b_tile_Right = tile.move(b_tile, {.target_memory = Right});
    Tile<fp32, 16, 16, Acc> c = tile.matmul(a_tile_Left, b_tile_Right);
    Tile<fp32, 16, 16, Vec> c_Vec = tile.move(c, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> e = tile.exp(c_Vec);
    Tensor<fp32, 16, 16> e_stored = tile.store(e, {0, 0}, e_out);
    return e_out;
  }
}
// -----
// RUN: convert-tensor-to-tile-ops
// tensor.batch_matmul becomes tile.batch_matmul on the operand tensors (no entry loads: FlattenTileNdTo2D loads each batch's windows into Mat); out_dtype kept; the returned result is stored into a new Out parameter
program {
  InCore k(In Tensor<fp16, 2, 16, 32> a, In Tensor<fp16, 2, 32, 16> b) -> Tensor<fp16, 2, 16, 16> {
    Tensor<fp16, 2, 16, 16> c = tensor.batch_matmul(a, b, {.out_dtype = fp16});
    return c;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp16, 2, 16, 32> a, In Tensor<fp16, 2, 32, 16> b, Out Tensor<fp16, 2, 16, 16> c_out) -> Tensor<fp16, 2, 16, 16> {
    Tile<fp16, 2, 16, 16, Acc> c = tile.batch_matmul(a, b, {.out_dtype = fp16});
    Tensor<fp16, 2, 16, 16> c_stored = tile.store(c, {0, 0, 0}, c_out);
    return c_out;
  }
}
// -----
// RUN: convert-tensor-to-tile-ops
// a transposed batch_matmul operand is TT002 (not yet: the transposing load takes a window of a 2-D tensor)
program {
  InCore k(In Tensor<fp32, 2, 16, 16> a, In Tensor<fp32, 2, 16, 16> b, Out Tensor<fp32, 2, 16, 16> o) {
    Tensor<fp32, 2, 16, 16> c = tensor.batch_matmul(a, b, {.a_trans = true}); // EXPECTED-ERROR: TT002 {{'tensor.batch_matmul' with a transposed operand (a_trans / b_trans: the cube's transposing load takes a window of a 2-D tensor) is not supported in kernels yet; write it per batch with pl::matmul on [1, M, K] / [1, K, N] windows loaded into Mat}}
    return;
  }
}
// -----
// RUN: convert-tensor-to-tile-ops
// a batch_matmul operand computed in the kernel is TT002 (its operands are read from global memory per batch)
program {
  InCore k(In Tensor<fp32, 2, 16, 16> a, In Tensor<fp32, 2, 16, 16> b, Out Tensor<fp32, 2, 16, 16> o) {
    Tensor<fp32, 2, 16, 16> e = tensor.full({2, 16, 16}, 1.0, {.dtype = fp32});
    Tensor<fp32, 2, 16, 16> c = tensor.batch_matmul(e, b); // EXPECTED-ERROR: TT002 {{'tensor.batch_matmul' on 'e', a value computed in the kernel (its operands must be tensors in global memory: parameters of the kernel) is not supported in kernels yet}}
    return;
  }
}
// -----
// RUN: convert-tensor-to-tile-ops
// tensor.ci and the partial ops become their tile ops: operands of different shapes load whole, the result has the larger shape
program {
  InCore k(In Tensor<fp32, 16, 64> y, In Tensor<fp32, 8, 64> z, In index s) -> Tensor<fp32, 16, 64> {
    Tensor<int32, 1, 32> i = tensor.ci(s, {1, 32}, {.dtype = int32, .descending = true});
    Tensor<fp32, 16, 64> m = tensor.part_max(z, y);
    Tensor<fp32, 16, 64> a = tensor.part_add(m, y);
    return a;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 64> y, In Tensor<fp32, 8, 64> z, In index s, Out Tensor<fp32, 16, 64> a_out) -> Tensor<fp32, 16, 64> {
    Tile<fp32, 16, 64, Vec> y_tile = tile.load(y, {0, 0}, {16, 64}, {.target_memory = Vec});
    Tile<fp32, 8, 64, Vec> z_tile = tile.load(z, {0, 0}, {8, 64}, {.target_memory = Vec});
    Tile<int32, 1, 32, Vec> i = tile.ci(s, {1, 32}, {.dtype = int32, .descending = true});
    Tile<fp32, 16, 64, Vec> m = tile.part_max(z_tile, y_tile);
    Tile<fp32, 16, 64, Vec> a = tile.part_add(m, y_tile);
    Tensor<fp32, 16, 64> a_stored = tile.store(a, {0, 0}, a_out);
    return a_out;
  }
}
