// RUN: expand-mixed-kernel
// a kernel whose tiles live only in Vec becomes AIV; the orchestration calling it is unchanged
program {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> e = tile.exp(t);
    Tensor<fp32, 16, 16> s = tile.store(e, {0, 0}, o);
    return o;
  }

  Orchestration main(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> r = k(a, o);
    return r;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> e = tile.exp(t);
    Tensor<fp32, 16, 16> s = tile.store(e, {0, 0}, o);
    return o;
  }

  Orchestration main(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> r = k(a, o);
    return r;
  }
}
// -----
// RUN: expand-mixed-kernel
// a matmul kernel (Mat -> Left / Right -> Acc, stored from Acc) uses only cube spaces: AIC
program {
  InCore mm(In Tensor<fp32, 16, 32> a, In Tensor<fp32, 32, 16> b, Out Tensor<fp32, 16, 16> c_out) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 32, Mat> a_tile = tile.load(a, {0, 0}, {16, 32}, {.target_memory = Mat});
    Tile<fp32, 16, 32, Left> a_left = tile.move(a_tile, {.target_memory = Left});
    Tile<fp32, 32, 16, Mat> b_tile = tile.load(b, {0, 0}, {32, 16}, {.target_memory = Mat});
    Tile<fp32, 32, 16, Right> b_right = tile.move(b_tile, {.target_memory = Right});
    Tile<fp32, 16, 16, Acc> c = tile.matmul(a_left, b_right);
    Tensor<fp32, 16, 16> c_stored = tile.store(c, {0, 0}, c_out);
    return c_out;
  }
}
// EXPECTED:
program {
  AIC mm(In Tensor<fp32, 16, 32> a, In Tensor<fp32, 32, 16> b, Out Tensor<fp32, 16, 16> c_out) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 32, Mat> a_tile = tile.load(a, {0, 0}, {16, 32}, {.target_memory = Mat});
    Tile<fp32, 16, 32, Left> a_left = tile.move(a_tile, {.target_memory = Left});
    Tile<fp32, 32, 16, Mat> b_tile = tile.load(b, {0, 0}, {32, 16}, {.target_memory = Mat});
    Tile<fp32, 32, 16, Right> b_right = tile.move(b_tile, {.target_memory = Right});
    Tile<fp32, 16, 16, Acc> c = tile.matmul(a_left, b_right);
    Tensor<fp32, 16, 16> c_stored = tile.store(c, {0, 0}, c_out);
    return c_out;
  }
}
// -----
// RUN: expand-mixed-kernel
// ops inside loops count; the level becomes AIV and the split attr is dropped
program {
  [[split = 1]]
  InCore<level = CORE_GROUP, role = Worker> k(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> x_tile = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    for (index i : range(0, 4, 1)) carry (Tile<fp32, 16, 16, Vec> acc = x_tile) -> (Tile<fp32, 16, 16, Vec> r) {
      Tile<fp32, 16, 16, Vec> acc2 = tile.add(acc, x_tile);
      yield(acc2);
    }
    Tensor<fp32, 16, 16> s = tile.store(r, {0, 0}, o);
    return o;
  }
}
// EXPECTED:
program {
  AIV<level = AIV, role = Worker> k(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> x_tile = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    for (index i : range(0, 4, 1)) carry (Tile<fp32, 16, 16, Vec> acc = x_tile) -> (Tile<fp32, 16, 16, Vec> r) {
      Tile<fp32, 16, 16, Vec> acc2 = tile.add(acc, x_tile);
      yield(acc2);
    }
    Tensor<fp32, 16, 16> s = tile.store(r, {0, 0}, o);
    return o;
  }
}
// -----
// RUN: expand-mixed-kernel
// a kernel with no tile op at all (scalar tensor accesses only) is shared, hence AIV
program {
  InCore k(InOut Tensor<fp32, 16> o, In fp32 v) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> o2 = tensor.write(o, {0}, v);
    return o2;
  }
}
// EXPECTED:
program {
  AIV k(InOut Tensor<fp32, 16> o, In fp32 v) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> o2 = tensor.write(o, {0}, v);
    return o2;
  }
}
// -----
// RUN: expand-mixed-kernel
// AIC / AIV / Orchestration functions are left alone
program {
  AIV k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, o);
    return o;
  }

  Orchestration main(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> r = k(a, o);
    return r;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: expand-mixed-kernel
// a matmul whose result is moved to Vec mixes cube and vector work: not supported yet
program {
  // EXPECTED-ERROR: MK001 {{mixed AIC/AIV kernel 'mix' is not supported yet; split it into separate pl::at scopes}}
  InCore mix(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 16> b, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Mat> a_mat = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Left> a_left = tile.move(a_mat, {.target_memory = Left});
    Tile<fp32, 16, 16, Mat> b_mat = tile.load(b, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Right> b_right = tile.move(b_mat, {.target_memory = Right});
    Tile<fp32, 16, 16, Acc> c = tile.matmul(a_left, b_right);
    Tile<fp32, 16, 16, Vec> c_vec = tile.move(c, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> e = tile.exp(c_vec);
    Tensor<fp32, 16, 16> s = tile.store(e, {0, 0}, o);
    return o;
  }
}
// -----
// RUN: expand-mixed-kernel
// a Vec load and a separate Mat load in one kernel (no move between them) is mixed too
program {
  // EXPECTED-ERROR: MK001 {{mixed AIC/AIV kernel 'two'}}
  InCore two(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> v = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Mat> m = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tensor<fp32, 16, 16> s = tile.store(v, {0, 0}, o);
    return o;
  }
}
// -----
// RUN: verify{properties=MixedKernelExpanded}
// the verifier rejects a leftover InCore function and a vector op in an AIC kernel
program {
  // EXPECTED-ERROR: V521 {{InCore function 'k' is left}}
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, o);
    return o;
  }

  AIC c(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec}); // EXPECTED-ERROR: V522 {{'tile.load' is a vector op in AIC kernel 'c'}}
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, o); // EXPECTED-ERROR: V522
    return o;
  }
}
