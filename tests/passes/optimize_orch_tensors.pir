// RUN: optimize-orch-tensors
// pattern 1: a per-iteration Out buffer yielded back into the In iter_arg merges into one InOut parameter
program {
  InCore k(In Tensor<fp32, 16, 16> acc, In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> k_out) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> a = tile.load(acc, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> b = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> c = tile.add(a, b);
    Tensor<fp32, 16, 16> s = tile.store(c, {0, 0}, k_out);
    return k_out;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> a0 = tensor.create({16, 16}, {.dtype = fp32});
    for (index i : range(0, 4, 1)) carry (Tensor<fp32, 16, 16> acc = a0) -> (Tensor<fp32, 16, 16> r) {
      Tensor<fp32, 16, 16> o = tensor.create({16, 16}, {.dtype = fp32});
      Tensor<fp32, 16, 16> n = k(acc, x, o);
      yield(n);
    }
    return r;
  }
}
// EXPECTED:
program {
  InCore k(InOut Tensor<fp32, 16, 16> acc, In Tensor<fp32, 16, 16> x) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> a = tile.load(acc, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> b = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> c = tile.add(a, b);
    Tensor<fp32, 16, 16> s = tile.store(c, {0, 0}, acc);
    return acc;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> a0 = tensor.create({16, 16}, {.dtype = fp32});
    for (index i : range(0, 4, 1)) carry (Tensor<fp32, 16, 16> acc = a0) -> (Tensor<fp32, 16, 16> r) {
      Tensor<fp32, 16, 16> n = k(acc, x);
      yield(n);
    }
    return r;
  }
}
// -----
// RUN: optimize-orch-tensors
// pattern 1 with two carries: both Out results come back through a tuple and both pairs merge
program {
  InCore k2(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 16> b, Out Tensor<fp32, 16, 16> o0, Out Tensor<fp32, 16, 16> o1) -> (Tensor<fp32, 16, 16>, Tensor<fp32, 16, 16>) {
    Tile<fp32, 16, 16, Vec> ta = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> tb = tile.load(b, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> y = tile.add(ta, tb);
    Tile<fp32, 16, 16, Vec> z = tile.mul(ta, tb);
    Tensor<fp32, 16, 16> s0 = tile.store(y, {0, 0}, o0);
    Tensor<fp32, 16, 16> s1 = tile.store(z, {0, 0}, o1);
    return s0, s1;
  }

  Orchestration main() -> (Tensor<fp32, 16, 16>, Tensor<fp32, 16, 16>) {
    Tensor<fp32, 16, 16> a0 = tensor.create({16, 16}, {.dtype = fp32});
    Tensor<fp32, 16, 16> b0 = tensor.create({16, 16}, {.dtype = fp32});
    for (index i : range(0, 3, 1)) carry (Tensor<fp32, 16, 16> a = a0, Tensor<fp32, 16, 16> b = b0) -> (Tensor<fp32, 16, 16> ra, Tensor<fp32, 16, 16> rb) {
      Tensor<fp32, 16, 16> u = tensor.create({16, 16}, {.dtype = fp32});
      Tensor<fp32, 16, 16> v = tensor.create({16, 16}, {.dtype = fp32});
      Tuple<Tensor<fp32, 16, 16>, Tensor<fp32, 16, 16>> t = k2(a, b, u, v);
      Tensor<fp32, 16, 16> na = t[0];
      Tensor<fp32, 16, 16> nb = t[1];
      yield(na, nb);
    }
    return ra, rb;
  }
}
// EXPECTED:
program {
  InCore k2(InOut Tensor<fp32, 16, 16> a, InOut Tensor<fp32, 16, 16> b) -> (Tensor<fp32, 16, 16>, Tensor<fp32, 16, 16>) {
    Tile<fp32, 16, 16, Vec> ta = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> tb = tile.load(b, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> y = tile.add(ta, tb);
    Tile<fp32, 16, 16, Vec> z = tile.mul(ta, tb);
    Tensor<fp32, 16, 16> s0 = tile.store(y, {0, 0}, a);
    Tensor<fp32, 16, 16> s1 = tile.store(z, {0, 0}, b);
    return s0, s1;
  }

  Orchestration main() -> (Tensor<fp32, 16, 16>, Tensor<fp32, 16, 16>) {
    Tensor<fp32, 16, 16> a0 = tensor.create({16, 16}, {.dtype = fp32});
    Tensor<fp32, 16, 16> b0 = tensor.create({16, 16}, {.dtype = fp32});
    for (index i : range(0, 3, 1)) carry (Tensor<fp32, 16, 16> a = a0, Tensor<fp32, 16, 16> b = b0) -> (Tensor<fp32, 16, 16> ra, Tensor<fp32, 16, 16> rb) {
      Tuple<Tensor<fp32, 16, 16>, Tensor<fp32, 16, 16>> t = k2(a, b);
      Tensor<fp32, 16, 16> na = t[0];
      Tensor<fp32, 16, 16> nb = t[1];
      yield(na, nb);
    }
    return ra, rb;
  }
}
// -----
// RUN: optimize-orch-tensors
// pattern 1 in a while loop with a kernel that returns nothing: the Out buffer itself is yielded
program {
  InCore k(In Tensor<fp32, 16, 16> acc, Out Tensor<fp32, 16, 16> o) {
    Tile<fp32, 16, 16, Vec> a = tile.load(acc, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> c = tile.exp(a);
    Tensor<fp32, 16, 16> s = tile.store(c, {0, 0}, o);
  }

  Orchestration main(In index n) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> a0 = tensor.create({16, 16}, {.dtype = fp32});
    while (n > 0) carry (Tensor<fp32, 16, 16> acc = a0) -> (Tensor<fp32, 16, 16> r) {
      Tensor<fp32, 16, 16> o = tensor.create({16, 16}, {.dtype = fp32});
      k(acc, o);
      yield(o);
    }
    return r;
  }
}
// EXPECTED:
program {
  InCore k(InOut Tensor<fp32, 16, 16> acc) {
    Tile<fp32, 16, 16, Vec> a = tile.load(acc, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> c = tile.exp(a);
    Tensor<fp32, 16, 16> s = tile.store(c, {0, 0}, acc);
  }

  Orchestration main(In index n) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> a0 = tensor.create({16, 16}, {.dtype = fp32});
    while (n > 0) carry (Tensor<fp32, 16, 16> acc = a0) -> (Tensor<fp32, 16, 16> r) {
      k(acc);
      yield(acc);
    }
    return r;
  }
}
// -----
// RUN: optimize-orch-tensors
// must not change: the carry starts from the caller's tensor (an In parameter), which must stay intact
program {
  InCore k(In Tensor<fp32, 16, 16> acc, In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> k_out) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> a = tile.load(acc, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> b = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> c = tile.add(a, b);
    Tensor<fp32, 16, 16> s = tile.store(c, {0, 0}, k_out);
    return k_out;
  }

  Orchestration main(In Tensor<fp32, 16, 16> a0, In Tensor<fp32, 16, 16> x) -> Tensor<fp32, 16, 16> {
    for (index i : range(0, 4, 1)) carry (Tensor<fp32, 16, 16> acc = a0) -> (Tensor<fp32, 16, 16> r) {
      Tensor<fp32, 16, 16> o = tensor.create({16, 16}, {.dtype = fp32});
      Tensor<fp32, 16, 16> n = k(acc, x, o);
      yield(n);
    }
    return r;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: optimize-orch-tensors
// must not change: the initial buffer is read after the loop, so the loop may not overwrite it
program {
  InCore k(In Tensor<fp32, 16, 16> acc, In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> k_out) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> a = tile.load(acc, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> b = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> c = tile.add(a, b);
    Tensor<fp32, 16, 16> s = tile.store(c, {0, 0}, k_out);
    return k_out;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x) -> (Tensor<fp32, 16, 16>, Tensor<fp32, 16, 16>) {
    Tensor<fp32, 16, 16> a0 = tensor.create({16, 16}, {.dtype = fp32});
    for (index i : range(0, 4, 1)) carry (Tensor<fp32, 16, 16> acc = a0) -> (Tensor<fp32, 16, 16> r) {
      Tensor<fp32, 16, 16> o = tensor.create({16, 16}, {.dtype = fp32});
      Tensor<fp32, 16, 16> n = k(acc, x, o);
      yield(n);
    }
    return r, a0;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: optimize-orch-tensors
// must not change: a create outside the loop is one buffer used across iterations, not a per-iteration one
program {
  InCore k(In Tensor<fp32, 16, 16> acc, In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> k_out) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> a = tile.load(acc, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> b = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> c = tile.add(a, b);
    Tensor<fp32, 16, 16> s = tile.store(c, {0, 0}, k_out);
    return k_out;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> a0 = tensor.create({16, 16}, {.dtype = fp32});
    Tensor<fp32, 16, 16> o = tensor.create({16, 16}, {.dtype = fp32});
    for (index i : range(0, 4, 1)) carry (Tensor<fp32, 16, 16> acc = a0) -> (Tensor<fp32, 16, 16> r) {
      Tensor<fp32, 16, 16> n = k(acc, x, o);
      yield(n);
    }
    return r;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: optimize-orch-tensors
// must not change: another task reads the iter_arg in the same iteration (writing it in place would be a WAR hazard)
program {
  InCore k(In Tensor<fp32, 16, 16> acc, In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> k_out) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> a = tile.load(acc, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> b = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> c = tile.add(a, b);
    Tensor<fp32, 16, 16> s = tile.store(c, {0, 0}, k_out);
    return k_out;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> a0 = tensor.create({16, 16}, {.dtype = fp32});
    for (index i : range(0, 4, 1)) carry (Tensor<fp32, 16, 16> acc = a0) -> (Tensor<fp32, 16, 16> r) {
      Tensor<fp32, 16, 16> o = tensor.create({16, 16}, {.dtype = fp32});
      Tensor<fp32, 16, 16> n = k(acc, x, o);
      Tensor<fp32, 16, 16> o2 = tensor.create({16, 16}, {.dtype = fp32});
      Tensor<fp32, 16, 16> m = k(x, acc, o2);
      yield(n);
    }
    return r;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: optimize-orch-tensors
// must not change: the kernel has another call site that does not fit, and its signature is shared
program {
  InCore k(In Tensor<fp32, 16, 16> acc, In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> k_out) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> a = tile.load(acc, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> b = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> c = tile.add(a, b);
    Tensor<fp32, 16, 16> s = tile.store(c, {0, 0}, k_out);
    return k_out;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x) -> (Tensor<fp32, 16, 16>, Tensor<fp32, 16, 16>) {
    Tensor<fp32, 16, 16> a0 = tensor.create({16, 16}, {.dtype = fp32});
    for (index i : range(0, 4, 1)) carry (Tensor<fp32, 16, 16> acc = a0) -> (Tensor<fp32, 16, 16> r) {
      Tensor<fp32, 16, 16> o = tensor.create({16, 16}, {.dtype = fp32});
      Tensor<fp32, 16, 16> n = k(acc, x, o);
      yield(n);
    }
    Tensor<fp32, 16, 16> o3 = tensor.create({16, 16}, {.dtype = fp32});
    Tensor<fp32, 16, 16> z = k(x, x, o3);
    return r, z;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: optimize-orch-tensors
// must not change: the Out buffer is not what the loop carries into the In argument
program {
  InCore k(In Tensor<fp32, 16, 16> acc, In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> k_out) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> a = tile.load(acc, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> b = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> c = tile.add(a, b);
    Tensor<fp32, 16, 16> s = tile.store(c, {0, 0}, k_out);
    return k_out;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> a0 = tensor.create({16, 16}, {.dtype = fp32});
    for (index i : range(0, 4, 1)) carry (Tensor<fp32, 16, 16> acc = a0) -> (Tensor<fp32, 16, 16> r) {
      Tensor<fp32, 16, 16> o = tensor.create({16, 16}, {.dtype = fp32});
      Tensor<fp32, 16, 16> n = k(acc, x, o);
      yield(acc);
    }
    return r;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: optimize-orch-tensors
// must not change: parallel loops are left alone
program {
  InCore k(In Tensor<fp32, 16, 16> acc, In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> k_out) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> a = tile.load(acc, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> b = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> c = tile.add(a, b);
    Tensor<fp32, 16, 16> s = tile.store(c, {0, 0}, k_out);
    return k_out;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> a0 = tensor.create({16, 16}, {.dtype = fp32});
    for (index i : parallel(0, 4, 1)) carry (Tensor<fp32, 16, 16> acc = a0) -> (Tensor<fp32, 16, 16> r) {
      Tensor<fp32, 16, 16> o = tensor.create({16, 16}, {.dtype = fp32});
      Tensor<fp32, 16, 16> n = k(acc, x, o);
      yield(n);
    }
    return r;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: optimize-orch-tensors
// must not change: the kernel reads its In parameter after it starts writing the Out one
program {
  InCore k(In Tensor<fp32, 16, 16> acc, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 8, 16, Vec> a = tile.load(acc, {0, 0}, {8, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(a, {8, 0}, o);
    Tile<fp32, 8, 16, Vec> b = tile.load(acc, {8, 0}, {8, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s2 = tile.store(b, {0, 0}, s);
    return s2;
  }

  Orchestration main() -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> a0 = tensor.create({16, 16}, {.dtype = fp32});
    for (index i : range(0, 4, 1)) carry (Tensor<fp32, 16, 16> acc = a0) -> (Tensor<fp32, 16, 16> r) {
      Tensor<fp32, 16, 16> o = tensor.create({16, 16}, {.dtype = fp32});
      Tensor<fp32, 16, 16> n = k(acc, o);
      yield(n);
    }
    return r;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: optimize-orch-tensors
// pattern 2: a tile accumulator assembled row by row and stored whole becomes a loop storing each row into the Out parameter
program {
  AIV reverse_rows(In Tensor<fp32, 32, 32> x, Out Tensor<fp32, 32, 32> y) {
    Tile<fp32, 32, 32, Vec> src = tile.load(x, {0, 0}, {32, 32});
    Tile<fp32, 32, 32, Vec> dst = tile.create({32, 32}, {.dtype = fp32});
    for (index r : range(0, 32, 1)) carry (Tile<fp32, 32, 32, Vec> dst_1 = dst) -> (Tile<fp32, 32, 32, Vec> dst_2) {
      Tile<fp32, 1, 32, Vec> row = tile.slice(src, {1, 32}, {r, 0});
      Tile<fp32, 32, 32, Vec> dst_3 = tile.assemble(dst_1, row, {31 - r, 0});
      yield(dst_3);
    }
    Tensor<fp32, 32, 32> y_1 = tile.store(dst_2, {0, 0}, y);
  }
}
// EXPECTED:
program {
  AIV reverse_rows(In Tensor<fp32, 32, 32> x, Out Tensor<fp32, 32, 32> y) {
    Tile<fp32, 32, 32, Vec> src = tile.load(x, {0, 0}, {32, 32});
    for (index r : range(0, 32, 1)) carry (Tensor<fp32, 32, 32> dst_1 = y) -> (Tensor<fp32, 32, 32> dst_2) {
      Tile<fp32, 1, 32, Vec> row = tile.slice(src, {1, 32}, {r, 0});
      Tensor<fp32, 32, 32> dst_3 = tile.store(row, {31 - r, 0}, dst_1);
      yield(dst_3);
    }
  }
}
// -----
// RUN: optimize-orch-tensors
// pattern 2 in an InCore kernel that returns the stored tensor: the return names the loop result
program {
  InCore k(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 16, 64> o) -> Tensor<fp32, 16, 64> {
    Tile<fp32, 16, 64, Vec> acc = tile.create({16, 64}, {.dtype = fp32});
    for (index j : range(0, 4, 1)) carry (Tile<fp32, 16, 64, Vec> a = acc) -> (Tile<fp32, 16, 64, Vec> done) {
      Tile<fp32, 16, 16, Vec> s = tile.load(x, {0, j * 16}, {16, 16}, {.target_memory = Vec});
      Tile<fp32, 16, 16, Vec> e = tile.exp(s);
      Tile<fp32, 16, 64, Vec> a2 = tile.assemble(a, e, {0, j * 16});
      yield(a2);
    }
    Tensor<fp32, 16, 64> st = tile.store(done, {0, 0}, o);
    return st;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 16, 64> o) -> Tensor<fp32, 16, 64> {
    for (index j : range(0, 4, 1)) carry (Tensor<fp32, 16, 64> a = o) -> (Tensor<fp32, 16, 64> done) {
      Tile<fp32, 16, 16, Vec> s = tile.load(x, {0, j * 16}, {16, 16}, {.target_memory = Vec});
      Tile<fp32, 16, 16, Vec> e = tile.exp(s);
      Tensor<fp32, 16, 64> a2 = tile.store(e, {0, j * 16}, a);
      yield(a2);
    }
    return done;
  }
}
// -----
// RUN: optimize-orch-tensors
// must not change: the accumulator is also read inside the loop (a store loop could not read it back)
program {
  InCore k(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 16, 64> o) -> Tensor<fp32, 16, 64> {
    Tile<fp32, 16, 64, Vec> acc = tile.create({16, 64}, {.dtype = fp32});
    for (index j : range(0, 4, 1)) carry (Tile<fp32, 16, 64, Vec> a = acc) -> (Tile<fp32, 16, 64, Vec> done) {
      Tile<fp32, 16, 16, Vec> s = tile.slice(a, {16, 16}, {0, 0});
      Tile<fp32, 16, 16, Vec> e = tile.exp(s);
      Tile<fp32, 16, 64, Vec> a2 = tile.assemble(a, e, {0, j * 16});
      yield(a2);
    }
    Tensor<fp32, 16, 64> st = tile.store(done, {0, 0}, o);
    return st;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: optimize-orch-tensors
// must not change: an InOut target (regions the loop does not assemble would keep old values) and a loop result used twice
program {
  InCore k(In Tensor<fp32, 16, 64> x, InOut Tensor<fp32, 16, 64> o, Out Tensor<fp32, 16, 64> p) {
    Tile<fp32, 16, 64, Vec> acc = tile.create({16, 64}, {.dtype = fp32});
    for (index j : range(0, 4, 1)) carry (Tile<fp32, 16, 64, Vec> a = acc) -> (Tile<fp32, 16, 64, Vec> done) {
      Tile<fp32, 16, 16, Vec> s = tile.load(x, {0, j * 16}, {16, 16}, {.target_memory = Vec});
      Tile<fp32, 16, 64, Vec> a2 = tile.assemble(a, s, {0, j * 16});
      yield(a2);
    }
    Tensor<fp32, 16, 64> st = tile.store(done, {0, 0}, o);
    Tile<fp32, 16, 64, Vec> acc2 = tile.create({16, 64}, {.dtype = fp32});
    for (index j2 : range(0, 4, 1)) carry (Tile<fp32, 16, 64, Vec> b = acc2) -> (Tile<fp32, 16, 64, Vec> done2) {
      Tile<fp32, 16, 16, Vec> s2 = tile.load(x, {0, j2 * 16}, {16, 16}, {.target_memory = Vec});
      Tile<fp32, 16, 64, Vec> b2 = tile.assemble(b, s2, {0, j2 * 16});
      yield(b2);
    }
    Tensor<fp32, 16, 64> st2 = tile.store(done2, {0, 0}, p);
    Tile<fp32, 16, 64, Vec> d = tile.exp(done2);
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: optimize-orch-tensors
// must not change: the final store writes only part of the Out tensor (offset not zero, shapes differ)
program {
  InCore k(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 32, 64> o) {
    Tile<fp32, 16, 64, Vec> acc = tile.create({16, 64}, {.dtype = fp32});
    for (index j : range(0, 4, 1)) carry (Tile<fp32, 16, 64, Vec> a = acc) -> (Tile<fp32, 16, 64, Vec> done) {
      Tile<fp32, 16, 16, Vec> s = tile.load(x, {0, j * 16}, {16, 16}, {.target_memory = Vec});
      Tile<fp32, 16, 64, Vec> a2 = tile.assemble(a, s, {0, j * 16});
      yield(a2);
    }
    Tensor<fp32, 32, 64> st = tile.store(done, {16, 0}, o);
  }
}
// EXPECTED-UNCHANGED
