// RUN: fuse-create-assemble-to-slice
// a row block created, written by a kernel and assembled once per iteration: the block is the target's window, the assemble goes (PyPTO's basic case)
program {
  InCore step(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 16, 64> y) {
    y = tile.store(tile.adds(tile.load(x, {0, 0}, {16, 64}), 1.0), {0, 0}, y);
  }

  Orchestration f(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 64, 64> out) {
    for (index r : range(0, 4, 1)) {
      Tensor<fp32, 16, 64> t = tensor.create({16, 64}, {.dtype = fp32});
      step(x, t);
      out = tensor.assemble(out, t, {r * 16, 0});
    }
  }
}
// EXPECTED:
program {
  InCore step(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 16, 64> y) {
    y = tile.store(tile.adds(tile.load(x, {0, 0}, {16, 64}), 1.0), {0, 0}, y);
  }

  Orchestration f(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 64, 64> out) {
    for (index r : range(0, 4, 1)) {
      Tensor<fp32, 16, 64> t = tensor.slice(out, {16, 64}, {r * 16, 0});
      step(x, t);
    }
  }
}
// -----
// RUN: fuse-create-assemble-to-slice
// `out = t` of a tensor a pl::at scope writes (in place: tile.store into t), reads of t in between (a load, tensor.dim); the assemble bound to a new name becomes a copy of the target; in a runtime scope and an if branch too
program {
  Opaque f(In Tensor<fp32, 16, 64> x, In bool c, Out Tensor<fp32, 16, 64> out, InOut Tensor<fp32, 32, 64> acc) {
    Tensor<fp32, 16, 64> t = tensor.create({16, 64}, {.dtype = fp32});
    scope incore {
      t = tile.store(tile.load(x, {0, 0}, {16, 64}), {0, 0}, t);
    }
    index n = tensor.dim(t, 0);
    scope incore {
      t = tile.store(tile.muls(tile.load(t, {0, 0}, {16, 64}), 2.0), {0, 0}, t);
    }
    Tensor<fp32, 16, 64> r = tensor.assemble(out, t, {0, 0});
    scope runtime {
      if (c) {
        Tensor<fp32, 16, 64> u = tensor.create({16, 64}, {.dtype = fp32});
        scope incore {
          u = tile.store(tile.load(x, {0, 0}, {16, 64}), {0, 0}, u);
        }
        acc = tensor.assemble(acc, u, {16, 0});
      }
    }
  }
}
// EXPECTED:
program {
  Opaque f(In Tensor<fp32, 16, 64> x, In bool c, Out Tensor<fp32, 16, 64> out, InOut Tensor<fp32, 32, 64> acc) {
    Tensor<fp32, 16, 64> t = tensor.slice(out, {16, 64}, {0, 0});
    scope incore {
      t = tile.store(tile.load(x, {0, 0}, {16, 64}), {0, 0}, t);
    }
    index n = tensor.dim(t, 0);
    scope incore {
      t = tile.store(tile.muls(tile.load(t, {0, 0}, {16, 64}), 2.0), {0, 0}, t);
    }
    Tensor<fp32, 16, 64> r = out;
    scope runtime {
      if (c) {
        Tensor<fp32, 16, 64> u = tensor.slice(acc, {16, 64}, {16, 0});
        scope incore {
          u = tile.store(tile.load(x, {0, 0}, {16, 64}), {0, 0}, u);
        }
      }
    }
  }
}
// -----
// RUN: fuse-create-assemble-to-slice
// two blocks into one target, one after the other; the target read after the assembles; the offsets' variables bound before the create
program {
  InCore step(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 16, 64> y) {
    y = tile.store(tile.load(x, {0, 0}, {16, 64}), {0, 0}, y);
  }

  InCore rd(In Tensor<fp32, 32, 64> x, Out Tensor<fp32, 16, 64> y) {
    y = tile.store(tile.load(x, {0, 0}, {16, 64}), {0, 0}, y);
  }

  Orchestration f(In Tensor<fp32, 16, 64> x, In index k, Out Tensor<fp32, 32, 64> out, Out Tensor<fp32, 16, 64> z) {
    index row = k * 16;
    Tensor<fp32, 16, 64> a = tensor.create({16, 64}, {.dtype = fp32});
    step(x, a);
    out = tensor.assemble(out, a, {0, 0});
    Tensor<fp32, 16, 64> b = tensor.create({16, 64}, {.dtype = fp32});
    step(x, b);
    out = tensor.assemble(out, b, {row, 0});
    rd(out, z);
  }
}
// EXPECTED:
program {
  InCore step(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 16, 64> y) {
    y = tile.store(tile.load(x, {0, 0}, {16, 64}), {0, 0}, y);
  }

  InCore rd(In Tensor<fp32, 32, 64> x, Out Tensor<fp32, 16, 64> y) {
    y = tile.store(tile.load(x, {0, 0}, {16, 64}), {0, 0}, y);
  }

  Orchestration f(In Tensor<fp32, 16, 64> x, In index k, Out Tensor<fp32, 32, 64> out, Out Tensor<fp32, 16, 64> z) {
    index row = k * 16;
    Tensor<fp32, 16, 64> a = tensor.slice(out, {16, 64}, {0, 0});
    step(x, a);
    Tensor<fp32, 16, 64> b = tensor.slice(out, {16, 64}, {row, 0});
    step(x, b);
    rd(out, z);
  }
}
// -----
// RUN: fuse-create-assemble-to-slice
// must not change: assembled twice; read after the assemble; the target read, or a view of it written, between create and assemble; copied into another variable; the source not a create (a slice)
program {
  InCore step(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 16, 64> y) {
    y = tile.store(tile.load(x, {0, 0}, {16, 64}), {0, 0}, y);
  }

  InCore rd(In Tensor<fp32, 32, 64> x, Out Tensor<fp32, 16, 64> y) {
    y = tile.store(tile.load(x, {0, 0}, {16, 64}), {0, 0}, y);
  }

  Orchestration f(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 32, 64> out, Out Tensor<fp32, 16, 64> z) {
    Tensor<fp32, 16, 64> a = tensor.create({16, 64}, {.dtype = fp32});
    step(x, a);
    out = tensor.assemble(out, a, {0, 0});
    out = tensor.assemble(out, a, {16, 0});
    Tensor<fp32, 16, 64> b = tensor.create({16, 64}, {.dtype = fp32});
    step(x, b);
    out = tensor.assemble(out, b, {0, 0});
    step(b, z);
    Tensor<fp32, 16, 64> c = tensor.create({16, 64}, {.dtype = fp32});
    step(x, c);
    rd(out, z);
    out = tensor.assemble(out, c, {0, 0});
    Tensor<fp32, 16, 64> v = tensor.slice(out, {16, 64}, {16, 0});
    Tensor<fp32, 16, 64> d = tensor.create({16, 64}, {.dtype = fp32});
    step(x, d);
    step(x, v);
    out = tensor.assemble(out, d, {0, 0});
    Tensor<fp32, 16, 64> e = tensor.create({16, 64}, {.dtype = fp32});
    Tensor<fp32, 16, 64> e2 = e;
    step(x, e2);
    out = tensor.assemble(out, e, {0, 0});
    Tensor<fp32, 16, 64> s = tensor.slice(out, {16, 64}, {16, 0});
    out = tensor.assemble(out, s, {0, 0});
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: fuse-create-assemble-to-slice
// must not change: create outside the loop, assemble inside (one tensor, four windows); assemble in another block than the create; an offset variable bound between; t rebound to another tensor; t a kernel call's result or carried out of a loop; a call result naming t
program {
  InCore step(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 16, 64> y) {
    y = tile.store(tile.load(x, {0, 0}, {16, 64}), {0, 0}, y);
  }

  InCore pass(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 16, 64> y) -> Tensor<fp32, 16, 64> {
    y = tile.store(tile.load(x, {0, 0}, {16, 64}), {0, 0}, y);
    return y;
  }

  Orchestration f(In Tensor<fp32, 16, 64> x, In bool c, Out Tensor<fp32, 64, 64> out) {
    Tensor<fp32, 16, 64> a = tensor.create({16, 64}, {.dtype = fp32});
    step(x, a);
    for (index r : range(0, 4, 1)) {
      out = tensor.assemble(out, a, {r * 16, 0});
    }
    Tensor<fp32, 16, 64> b = tensor.create({16, 64}, {.dtype = fp32});
    step(x, b);
    if (c) {
      out = tensor.assemble(out, b, {0, 0});
    }
    Tensor<fp32, 16, 64> d = tensor.create({16, 64}, {.dtype = fp32});
    step(x, d);
    index row = 16;
    out = tensor.assemble(out, d, {row, 0});
    Tensor<fp32, 16, 64> e = tensor.create({16, 64}, {.dtype = fp32});
    e = x;
    out = tensor.assemble(out, e, {0, 0});
    Tensor<fp32, 16, 64> g = tensor.create({16, 64}, {.dtype = fp32});
    g = pass(x, g);
    out = tensor.assemble(out, g, {0, 0});
    Tensor<fp32, 16, 64> h = tensor.create({16, 64}, {.dtype = fp32});
    Tensor<fp32, 16, 64> h2 = pass(x, h);
    out = tensor.assemble(out, h, {0, 0});
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: fuse-create-assemble-to-slice
// must not change: a manual runtime scope (only explicit dependencies order its tasks); a Graph function (a window cannot be recorded with parameter offsets); a kernel; a created tensor carried through a loop (it may be the init or the yielded value)
program {
  InCore step(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 16, 64> y) {
    y = tile.store(tile.load(x, {0, 0}, {16, 64}), {0, 0}, y);
  }

  Orchestration f(In Tensor<fp32, 16, 64> x, In index n, Out Tensor<fp32, 64, 64> out) {
    scope runtime [[manual = true]] {
      Tensor<fp32, 16, 64> a = tensor.create({16, 64}, {.dtype = fp32});
      step(x, a);
      out = tensor.assemble(out, a, {0, 0});
    }
    Tensor<fp32, 16, 64> init = tensor.create({16, 64}, {.dtype = fp32});
    for (index i : range(0, n, 1)) carry (Tensor<fp32, 16, 64> cur = init) -> (Tensor<fp32, 16, 64> last) {
      Tensor<fp32, 16, 64> fresh = tensor.create({16, 64}, {.dtype = fp32});
      step(cur, fresh);
      yield(fresh);
    }
    out = tensor.assemble(out, init, {16, 0});
  }

  Graph g(In Tensor<fp32, 16, 64> x, In index k, InOut Tensor<fp32, 64, 64> out) {
    Tensor<fp32, 16, 64> a = tensor.create({16, 64}, {.dtype = fp32});
    step(x, a);
    out = tensor.assemble(out, a, {k * 16, 0});
  }

  InCore kern(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 64, 64> out) {
    Tensor<fp32, 16, 64> a = tensor.create({16, 64}, {.dtype = fp32});
    out = tensor.assemble(out, a, {0, 0});
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: fuse-create-assemble-to-slice
// nested pairs into one target: the inner one fuses; the outer one has the target named in between (the inner assemble) and stays; a rank-1 tensor fuses like any other
program {
  InCore step(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 16, 64> y) {
    y = tile.store(tile.load(x, {0, 0}, {16, 64}), {0, 0}, y);
  }

  InCore line(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> y) {
    y = tile.store(tile.load(x, {0}, {64}), {0}, y);
  }

  Orchestration f(In Tensor<fp32, 16, 64> x, In Tensor<fp32, 64> l, Out Tensor<fp32, 32, 64> out, InOut Tensor<fp32, 256> lo) {
    Tensor<fp32, 16, 64> a = tensor.create({16, 64}, {.dtype = fp32});
    Tensor<fp32, 16, 64> b = tensor.create({16, 64}, {.dtype = fp32});
    step(x, a);
    step(x, b);
    out = tensor.assemble(out, b, {16, 0});
    out = tensor.assemble(out, a, {0, 0});
    Tensor<fp32, 64> m = tensor.create({64}, {.dtype = fp32});
    line(l, m);
    lo = tensor.assemble(lo, m, {128});
  }
}
// EXPECTED:
program {
  InCore step(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 16, 64> y) {
    y = tile.store(tile.load(x, {0, 0}, {16, 64}), {0, 0}, y);
  }

  InCore line(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> y) {
    y = tile.store(tile.load(x, {0}, {64}), {0}, y);
  }

  Orchestration f(In Tensor<fp32, 16, 64> x, In Tensor<fp32, 64> l, Out Tensor<fp32, 32, 64> out, InOut Tensor<fp32, 256> lo) {
    Tensor<fp32, 16, 64> a = tensor.create({16, 64}, {.dtype = fp32});
    Tensor<fp32, 16, 64> b = tensor.slice(out, {16, 64}, {16, 0});
    step(x, a);
    step(x, b);
    out = tensor.assemble(out, a, {0, 0});
    Tensor<fp32, 64> m = tensor.slice(lo, {64}, {128});
    line(l, m);
  }
}
// -----
// RUN: fuse-create-assemble-to-slice
// must not change: a break, continue or return between create and assemble (the assemble may not run, and then the target must not see the writes)
program {
  InCore step(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 16, 64> y) {
    y = tile.store(tile.load(x, {0, 0}, {16, 64}), {0, 0}, y);
  }

  Orchestration f(In Tensor<fp32, 16, 64> x, In index n, Out Tensor<fp32, 64, 64> out) {
    for (index r : range(0, 4, 1)) {
      Tensor<fp32, 16, 64> a = tensor.create({16, 64}, {.dtype = fp32});
      step(x, a);
      if (r == n) {
        break;
      }
      out = tensor.assemble(out, a, {r * 16, 0});
    }
    for (index r : range(0, 4, 1)) {
      Tensor<fp32, 16, 64> b = tensor.create({16, 64}, {.dtype = fp32});
      step(x, b);
      if (r == n) {
        continue;
      }
      out = tensor.assemble(out, b, {r * 16, 0});
    }
    Tensor<fp32, 16, 64> c = tensor.create({16, 64}, {.dtype = fp32});
    step(x, c);
    if (n == 0) {
      return;
    }
    out = tensor.assemble(out, c, {0, 0});
  }
}
// EXPECTED-UNCHANGED
