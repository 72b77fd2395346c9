// RUN: outline-incore-scopes
// a scope becomes an InCore function; its output binds the call; the Opaque parent becomes Orchestration
program {
  Opaque main(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 16> b) -> Tensor<fp32, 16, 16> {
    scope incore {
      Tensor<fp32, 16, 16> t = tensor.add(a, b);
    }
    return t;
  }
}
// EXPECTED:
program {
  InCore main_incore_0(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 16> b) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> t = tensor.add(a, b);
    return t;
  }

  Orchestration main(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 16> b) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> t = main_incore_0(a, b);
    return t;
  }
}
// -----
// RUN: outline-incore-scopes
// a store target is an Out parameter and is returned as the parameter itself
program {
  Opaque main(In Tensor<fp32, 16, 16> x, In Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    scope incore {
      Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16});
      Tensor<fp32, 16, 16> r = tile.store(t, {0, 0}, o);
    }
    return r;
  }
}
// EXPECTED:
program {
  InCore main_incore_0(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16});
    Tensor<fp32, 16, 16> r = tile.store(t, {0, 0}, o);
    return o;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x, In Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> r = main_incore_0(x, o);
    return r;
  }
}
// -----
// RUN: outline-incore-scopes
// a tensor that is read and written is InOut; reading the post-store alias counts as a read
program {
  Orchestration main(In Tensor<fp32, 16, 16> x, In Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    scope incore {
      Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16});
      Tensor<fp32, 16, 16> r = tile.store(t, {0, 0}, o);
      Tile<fp32, 8, 16, Vec> u = tile.load(r, {0, 0}, {8, 16});
      Tensor<fp32, 16, 16> s = tile.store(u, {8, 0}, r);
    }
    return s;
  }
}
// EXPECTED:
program {
  InCore main_incore_0(In Tensor<fp32, 16, 16> x, InOut Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16});
    Tensor<fp32, 16, 16> r = tile.store(t, {0, 0}, o);
    Tile<fp32, 8, 16, Vec> u = tile.load(r, {0, 0}, {8, 16});
    Tensor<fp32, 16, 16> s = tile.store(u, {8, 0}, r);
    return o;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x, In Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> s = main_incore_0(x, o);
    return s;
  }
}
// -----
// RUN: outline-incore-scopes
// an assemble destination is Out; values computed inside and used after are outputs in binding order
program {
  Opaque main(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 32, 16> o) -> (Tensor<fp32, 32, 16>, Tensor<fp32, 16, 16>) {
    scope incore {
      Tensor<fp32, 16, 16> e = tensor.exp(a);
      Tensor<fp32, 32, 16> o2 = tensor.assemble(o, e, {16, 0});
      Tensor<fp32, 16, 16> unused = tensor.neg(e);
    }
    return o2, e;
  }
}
// EXPECTED:
program {
  InCore main_incore_0(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 32, 16> o) -> (Tensor<fp32, 16, 16>, Tensor<fp32, 32, 16>) {
    Tensor<fp32, 16, 16> e = tensor.exp(a);
    Tensor<fp32, 32, 16> o2 = tensor.assemble(o, e, {16, 0});
    Tensor<fp32, 16, 16> unused = tensor.neg(e);
    return e, o;
  }

  Orchestration main(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 32, 16> o) -> (Tensor<fp32, 32, 16>, Tensor<fp32, 16, 16>) {
    Tuple<Tensor<fp32, 16, 16>, Tensor<fp32, 32, 16>> ret = main_incore_0(a, o);
    Tensor<fp32, 16, 16> e = ret[0];
    Tensor<fp32, 32, 16> o2 = ret[1];
    return o2, e;
  }
}
// -----
// RUN: outline-incore-scopes
// an outer loop carry used inside the scope is a parameter (PyPTO #369); the loop variable too
program {
  Opaque main(In Tensor<fp32, 16, 16> x, In Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    for (index i : range(0, 4, 1)) carry (Tensor<fp32, 16, 16> acc = x) -> (Tensor<fp32, 16, 16> res) {
      scope incore {
        Tensor<fp32, 16, 16> t = tensor.add(acc, y);
        Tensor<fp32, 16, 16> t2 = tensor.adds(t, cast<fp32>(i));
      }
      yield(t2);
    }
    return res;
  }
}
// EXPECTED:
program {
  InCore main_incore_0(In Tensor<fp32, 16, 16> acc, In Tensor<fp32, 16, 16> y, In index i) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> t = tensor.add(acc, y);
    Tensor<fp32, 16, 16> t2 = tensor.adds(t, cast<fp32>(i));
    return t2;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x, In Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    for (index i : range(0, 4, 1)) carry (Tensor<fp32, 16, 16> acc = x) -> (Tensor<fp32, 16, 16> res) {
      Tensor<fp32, 16, 16> t2 = main_incore_0(acc, y, i);
      yield(t2);
    }
    return res;
  }
}
// -----
// RUN: outline-incore-scopes
// a loop inside the scope stays in the kernel; the carry chain of a store target still returns the parameter
program {
  Opaque main(In Tensor<fp32, 16, 64> x, In Tensor<fp32, 16, 64> o) -> Tensor<fp32, 16, 64> {
    scope incore {
      for (index j : range(0, 4, 1)) carry (Tensor<fp32, 16, 64> acc = o) -> (Tensor<fp32, 16, 64> done) {
        Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, j * 16}, {16, 16});
        Tensor<fp32, 16, 64> acc2 = tile.store(t, {0, j * 16}, acc);
        yield(acc2);
      }
    }
    return done;
  }
}
// EXPECTED:
program {
  InCore main_incore_0(Out Tensor<fp32, 16, 64> o, In Tensor<fp32, 16, 64> x) -> Tensor<fp32, 16, 64> {
    for (index j : range(0, 4, 1)) carry (Tensor<fp32, 16, 64> acc = o) -> (Tensor<fp32, 16, 64> done) {
      Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, j * 16}, {16, 16});
      Tensor<fp32, 16, 64> acc2 = tile.store(t, {0, j * 16}, acc);
      yield(acc2);
    }
    return o;
  }

  Orchestration main(In Tensor<fp32, 16, 64> x, In Tensor<fp32, 16, 64> o) -> Tensor<fp32, 16, 64> {
    Tensor<fp32, 16, 64> done = main_incore_0(o, x);
    return done;
  }
}
// -----
// RUN: outline-incore-scopes
// two scopes get counters 0 and 1; a name hint is used as is, a repeated hint gets a suffix
program {
  Opaque main(In Tensor<fp32, 16> a) -> Tensor<fp32, 16> {
    scope incore {
      Tensor<fp32, 16> b = tensor.exp(a);
    }
    scope incore "fused" {
      Tensor<fp32, 16> c = tensor.exp(b);
    }
    scope incore "fused" {
      Tensor<fp32, 16> d = tensor.exp(c);
    }
    scope incore {
      Tensor<fp32, 16> e = tensor.exp(d);
    }
    return e;
  }
}
// EXPECTED:
program {
  InCore main_incore_0(In Tensor<fp32, 16> a) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> b = tensor.exp(a);
    return b;
  }

  InCore fused(In Tensor<fp32, 16> b) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> c = tensor.exp(b);
    return c;
  }

  InCore fused_0(In Tensor<fp32, 16> c) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> d = tensor.exp(c);
    return d;
  }

  InCore main_incore_1(In Tensor<fp32, 16> d) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> e = tensor.exp(d);
    return e;
  }

  Orchestration main(In Tensor<fp32, 16> a) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> b = main_incore_0(a);
    Tensor<fp32, 16> c = fused(b);
    Tensor<fp32, 16> d = fused_0(c);
    Tensor<fp32, 16> e = main_incore_1(d);
    return e;
  }
}
// -----
// RUN: outline-incore-scopes
// a hint already used by another function is prefixed with the parent's name
program {
  Opaque f(In Tensor<fp32, 16> a) -> Tensor<fp32, 16> {
    scope incore "k" {
      Tensor<fp32, 16> b = tensor.exp(a);
    }
    return b;
  }

  Opaque g(In Tensor<fp32, 16> a) -> Tensor<fp32, 16> {
    scope incore "k" {
      Tensor<fp32, 16> b = tensor.neg(a);
    }
    return b;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16> a) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> b = tensor.exp(a);
    return b;
  }

  Orchestration f(In Tensor<fp32, 16> a) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> b = k(a);
    return b;
  }

  InCore g_k(In Tensor<fp32, 16> a) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> b = tensor.neg(a);
    return b;
  }

  Orchestration g(In Tensor<fp32, 16> a) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> b = g_k(a);
    return b;
  }
}
// -----
// RUN: outline-incore-scopes
// a scope without outputs becomes a call statement; its split attr moves to the function
program {
  Orchestration main(In Tensor<fp32, 16, 16> x, In Tensor<fp32, 16, 16> o) {
    scope incore [[split = 1]] {
      Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16});
      Tensor<fp32, 16, 16> r = tile.store(t, {0, 0}, o);
    }
    return;
  }
}
// EXPECTED:
program {
  [[split = 1]]
  InCore main_incore_0(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16});
    Tensor<fp32, 16, 16> r = tile.store(t, {0, 0}, o);
    return;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x, In Tensor<fp32, 16, 16> o) {
    main_incore_0(x, o);
    return;
  }
}
// -----
// RUN: outline-incore-scopes
// a scope inside an if branch and a graph parent: the Graph type is kept
program {
  Graph main(In Tensor<fp32, 16> a, In bool c) -> Tensor<fp32, 16> {
    if (c) -> (Tensor<fp32, 16> r) {
      scope incore {
        Tensor<fp32, 16> b = tensor.exp(a);
      }
      yield(b);
    } else {
      yield(a);
    }
    return r;
  }
}
// EXPECTED:
program {
  InCore main_incore_0(In Tensor<fp32, 16> a) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> b = tensor.exp(a);
    return b;
  }

  Graph main(In Tensor<fp32, 16> a, In bool c) -> Tensor<fp32, 16> {
    if (c) -> (Tensor<fp32, 16> r) {
      Tensor<fp32, 16> b = main_incore_0(a);
      yield(b);
    } else {
      yield(a);
    }
    return r;
  }
}
// -----
// RUN: outline-incore-scopes
// must not change: no InCore scope (an Opaque function stays Opaque; other scopes are left)
program {
  Opaque main(In Tensor<fp32, 16> a) -> Tensor<fp32, 16> {
    scope cluster {
      Tensor<fp32, 16> b = tensor.exp(a);
    }
    return b;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: outline-incore-scopes
// must not change: an already outlined program
program {
  InCore k(In Tensor<fp32, 16> a) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> b = tensor.exp(a);
    return b;
  }

  Orchestration main(In Tensor<fp32, 16> a) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> b = k(a);
    return b;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: outline-incore-scopes
// an InCore scope nested in another is an error at the inner scope
program {
  Opaque main(In Tensor<fp32, 16> a) -> Tensor<fp32, 16> {
    scope incore {
      Tensor<fp32, 16> b = tensor.exp(a);
      scope incore { // EXPECTED-ERROR: OL001 {{cannot be nested}}
        Tensor<fp32, 16> c = tensor.exp(b);
      }
    }
    return c;
  }
}
// -----
// RUN: outline-incore-scopes
// an InCore scope inside a kernel function is an error
program {
  InCore k(In Tensor<fp32, 16> a) -> Tensor<fp32, 16> {
    scope incore { // EXPECTED-ERROR: OL001 {{inside 'k', a InCore function}}
      Tensor<fp32, 16> b = tensor.exp(a);
    }
    return b;
  }
}
// -----
// RUN: outline-incore-scopes
// a scope's task id (`-> task_id t0`) binds the last result of its submit; a later scope's deps
// become the deps of its submit
program {
  Opaque main(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 16> b) -> Tensor<fp32, 16, 16> {
    scope incore "first" -> task_id t0 {
      Tensor<fp32, 16, 16> t = tensor.add(a, b);
    }
    scope incore "second" [[deps = {t0}]] -> task_id t1 {
      Tensor<fp32, 16, 16> u = tensor.add(t, b);
    }
    return u;
  }
}
// EXPECTED:
program {
  InCore first(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 16> b) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> t = tensor.add(a, b);
    return t;
  }

  InCore second(In Tensor<fp32, 16, 16> t, In Tensor<fp32, 16, 16> b) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> u = tensor.add(t, b);
    return u;
  }

  Orchestration main(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 16> b) -> Tensor<fp32, 16, 16> {
    Tuple<Tensor<fp32, 16, 16>, task_id> first_task = submit first(a, b);
    Tensor<fp32, 16, 16> t = first_task[0];
    task_id t0 = first_task[1];
    Tuple<Tensor<fp32, 16, 16>, task_id> second_task = submit second(t, b) {.deps = {t0}};
    Tensor<fp32, 16, 16> u = second_task[0];
    task_id t1 = second_task[1];
    return u;
  }
}
// -----
// RUN: outline-incore-scopes
// an spmd body that does tile work itself (pl::spmd(n, [&] { ... get_block_idx() ... })) is a kernel: its body becomes an InCore scope, outlined to a kernel the spmd scope launches (LowerSpmdLaunches then puts core_num on that call); a store result used after the scope is the kernel's output; the scope's attrs stay on the spmd scope
program {
  Opaque main(In Tensor<fp32, 64, 32> x, In index n, Out Tensor<fp32, 64, 32> y) -> Tensor<fp32, 64, 32> {
    scope spmd [[core_num = (n), sync_start = false]] {
      index b = tile.get_block_idx();
      Tile<fp32, 16, 32, Vec> t = tile.load(x, {b * 16, 0}, {16, 32});
      Tile<fp32, 16, 32, Vec> u = tile.muls(t, 2.0);
      Tensor<fp32, 64, 32> y_1 = tile.store(u, {b * 16, 0}, y);
    }
    return y_1;
  }
}
// EXPECTED:
program {
  InCore main_incore_0(In Tensor<fp32, 64, 32> x, Out Tensor<fp32, 64, 32> y) -> Tensor<fp32, 64, 32> {
    index b = tile.get_block_idx();
    Tile<fp32, 16, 32, Vec> t = tile.load(x, {b * 16, 0}, {16, 32});
    Tile<fp32, 16, 32, Vec> u = tile.muls(t, 2.0);
    Tensor<fp32, 64, 32> y_1 = tile.store(u, {b * 16, 0}, y);
    return y;
  }

  Orchestration main(In Tensor<fp32, 64, 32> x, In index n, Out Tensor<fp32, 64, 32> y) -> Tensor<fp32, 64, 32> {
    scope spmd [[core_num = (n), sync_start = false]] {
      Tensor<fp32, 64, 32> y_1 = main_incore_0(x, y);
    }
    return y_1;
  }
}
// -----
// RUN: outline-incore-scopes
// must not change: an spmd body that launches a kernel, and one that computes a value and launches (LowerSpmdLaunches' SP001), and one without op calls
program {
  InCore k(In Tensor<fp32, 64, 32> x, In index i) {
    return;
  }
  Orchestration main(In Tensor<fp32, 64, 32> x, In index n) {
    scope spmd [[core_num = (n)]] {
      k(x, n);
    }
    scope spmd [[core_num = (n)]] {
      index b = tile.get_block_idx();
      k(x, b);
    }
    scope spmd [[core_num = (4)]] {
      index c = n + 1;
    }
    return;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 64, 32> x, In index i) {
    return;
  }

  Orchestration main(In Tensor<fp32, 64, 32> x, In index n) {
    scope spmd [[core_num = (n)]] {
      k(x, n);
    }
    scope spmd [[core_num = (n)]] {
      index b = tile.get_block_idx();
      k(x, b);
    }
    scope spmd [[core_num = (4)]] {
      index c = n + 1;
    }
    return;
  }
}
