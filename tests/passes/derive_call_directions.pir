// RUN: derive-call-directions
// two writers of one locally created buffer: the first is OutputExisting, the second InOut (R-prior)
program {
  AIV k(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, out);
    return out;
  }

  Orchestration main(In Tensor<fp32, 64> x) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> local = tensor.create({64}, {.dtype = fp32});
    Tensor<fp32, 64> l1 = k(x, local);
    Tensor<fp32, 64> l2 = k(x, l1);
    return l2;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, out);
    return out;
  }

  Orchestration main(In Tensor<fp32, 64> x) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> local = tensor.create({64}, {.dtype = fp32});
    Tensor<fp32, 64> l1 = k(x, local) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 64> l2 = k(x, l1) [[arg_directions = ["Input", "InOut"]]];
    return l2;
  }
}
// -----
// RUN: derive-call-directions
// scalars are Scalar, In is Input, InOut is InOut; an Out parameter of the caller written once is OutputExisting
program {
  AIV k(In Tensor<fp32, 64> x, In fp32 alpha, InOut Tensor<fp32, 64> acc, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tile<fp32, 1, 64, Vec> u = tile.muls(t, alpha);
    Tensor<fp32, 64> s = tile.store(u, {0}, out);
    return out;
  }

  Orchestration main(In Tensor<fp32, 64> x, InOut Tensor<fp32, 64> acc, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> r = k(x, 2.0, acc, o);
    return r;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 64> x, In fp32 alpha, InOut Tensor<fp32, 64> acc, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tile<fp32, 1, 64, Vec> u = tile.muls(t, alpha);
    Tensor<fp32, 64> s = tile.store(u, {0}, out);
    return out;
  }

  Orchestration main(In Tensor<fp32, 64> x, InOut Tensor<fp32, 64> acc, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> r = k(x, 2.0, acc, o) [[arg_directions = ["Input", "Scalar", "InOut", "OutputExisting"]]];
    return r;
  }
}
// -----
// RUN: derive-call-directions
// a write inside a sequential loop is InOut (R-seq: cross-iteration WAW); in a parallel loop the first writer stays OutputExisting
program {
  AIV k(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, out);
    return out;
  }

  Orchestration main(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> o, Out Tensor<fp32, 64> p) -> Tensor<fp32, 64> {
    for (index i : range(0, 4, 1)) carry (Tensor<fp32, 64> acc = o) -> (Tensor<fp32, 64> r) {
      Tensor<fp32, 64> acc2 = k(x, acc);
      yield(acc2);
    }
    for (index j : parallel(0, 4, 1)) {
      Tensor<fp32, 64> q = k(x, p);
    }
    return r;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, out);
    return out;
  }

  Orchestration main(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> o, Out Tensor<fp32, 64> p) -> Tensor<fp32, 64> {
    for (index i : range(0, 4, 1)) carry (Tensor<fp32, 64> acc = o) -> (Tensor<fp32, 64> r) {
      Tensor<fp32, 64> acc2 = k(x, acc) [[arg_directions = ["Input", "InOut"]]];
      yield(acc2);
    }
    for (index j : parallel(0, 4, 1)) {
      Tensor<fp32, 64> q = k(x, p) [[arg_directions = ["Input", "OutputExisting"]]];
    }
    return r;
  }
}
// -----
// RUN: derive-call-directions
// a loop is one writer unit: a write after a loop that wrote the same root (through its carry) is InOut
program {
  AIV k(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, out);
    return out;
  }

  Orchestration main(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    for (index i : parallel(0, 4, 1)) {
      Tensor<fp32, 64> a = k(x, o);
    }
    Tensor<fp32, 64> b = k(x, o);
    return b;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, out);
    return out;
  }

  Orchestration main(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    for (index i : parallel(0, 4, 1)) {
      Tensor<fp32, 64> a = k(x, o) [[arg_directions = ["Input", "OutputExisting"]]];
    }
    Tensor<fp32, 64> b = k(x, o) [[arg_directions = ["Input", "InOut"]]];
    return b;
  }
}
// -----
// RUN: derive-call-directions
// each if branch starts from what was written before the if; an InOut parameter of the caller is InOut (R-enclosing)
program {
  AIV k(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, out);
    return out;
  }

  Orchestration main(In Tensor<fp32, 64> x, In bool c, Out Tensor<fp32, 64> o, InOut Tensor<fp32, 64> io) -> Tensor<fp32, 64> {
    if (c) {
      Tensor<fp32, 64> a = k(x, o);
    } else {
      Tensor<fp32, 64> b = k(x, o);
    }
    Tensor<fp32, 64> d = k(x, io);
    return d;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, out);
    return out;
  }

  Orchestration main(In Tensor<fp32, 64> x, In bool c, Out Tensor<fp32, 64> o, InOut Tensor<fp32, 64> io) -> Tensor<fp32, 64> {
    if (c) {
      Tensor<fp32, 64> a = k(x, o) [[arg_directions = ["Input", "OutputExisting"]]];
    } else {
      Tensor<fp32, 64> b = k(x, o) [[arg_directions = ["Input", "OutputExisting"]]];
    }
    Tensor<fp32, 64> d = k(x, io) [[arg_directions = ["Input", "InOut"]]];
    return d;
  }
}
// -----
// RUN: derive-call-directions
// writes through views of one created tensor share its root; a kernel result named by a store chain is its Out argument
program {
  AIV k(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> out) -> Tensor<fp32, 16> {
    Tile<fp32, 1, 16, Vec> t = tile.load(x, {0}, {16}, {.target_memory = Vec});
    Tensor<fp32, 16> s = tile.store(t, {0}, out);
    return s;
  }

  Orchestration main(In Tensor<fp32, 16> x) -> Tensor<fp32, 32> {
    Tensor<fp32, 32> buf = tensor.create({32}, {.dtype = fp32});
    Tensor<fp32, 16> lo = tensor.slice(buf, {16}, {0});
    Tensor<fp32, 16> r1 = k(x, lo);
    Tensor<fp32, 16> hi = tensor.slice(buf, {16}, {16});
    Tensor<fp32, 16> r2 = k(r1, hi);
    return buf;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> out) -> Tensor<fp32, 16> {
    Tile<fp32, 1, 16, Vec> t = tile.load(x, {0}, {16}, {.target_memory = Vec});
    Tensor<fp32, 16> s = tile.store(t, {0}, out);
    return s;
  }

  Orchestration main(In Tensor<fp32, 16> x) -> Tensor<fp32, 32> {
    Tensor<fp32, 32> buf = tensor.create({32}, {.dtype = fp32});
    Tensor<fp32, 16> lo = tensor.slice(buf, {16}, {0});
    Tensor<fp32, 16> r1 = k(x, lo) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16> hi = tensor.slice(buf, {16}, {16});
    Tensor<fp32, 16> r2 = k(r1, hi) [[arg_directions = ["Input", "InOut"]]];
    return buf;
  }
}
// -----
// RUN: derive-call-directions
// a tensor.view names its input's buffer: the second write through a view of the same tensor is InOut
program {
  AIV k(In Tensor<fp32, 32> x, Out Tensor<fp32, 32> out) -> Tensor<fp32, 32> {
    Tile<fp32, 1, 32, Vec> t = tile.load(x, {0}, {32}, {.target_memory = Vec});
    Tensor<fp32, 32> s = tile.store(t, {0}, out);
    return s;
  }

  Orchestration main(In Tensor<fp32, 32> x) -> Tensor<fp32, 2, 16> {
    Tensor<fp32, 2, 16> buf = tensor.create({2, 16}, {.dtype = fp32});
    Tensor<fp32, 32> flat = tensor.view(buf, {32});
    Tensor<fp32, 32> r1 = k(x, flat);
    Tensor<fp32, 32> flat2 = tensor.view(buf, {32});
    Tensor<fp32, 32> r2 = k(r1, flat2);
    return buf;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 32> x, Out Tensor<fp32, 32> out) -> Tensor<fp32, 32> {
    Tile<fp32, 1, 32, Vec> t = tile.load(x, {0}, {32}, {.target_memory = Vec});
    Tensor<fp32, 32> s = tile.store(t, {0}, out);
    return s;
  }

  Orchestration main(In Tensor<fp32, 32> x) -> Tensor<fp32, 2, 16> {
    Tensor<fp32, 2, 16> buf = tensor.create({2, 16}, {.dtype = fp32});
    Tensor<fp32, 32> flat = tensor.view(buf, {32});
    Tensor<fp32, 32> r1 = k(x, flat) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 32> flat2 = tensor.view(buf, {32});
    Tensor<fp32, 32> r2 = k(r1, flat2) [[arg_directions = ["Input", "InOut"]]];
    return buf;
  }
}
// -----
// RUN: derive-call-directions
// an if result that may name either of two buffers is ambiguous: writing it stays InOut
program {
  AIV k(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, out);
    return out;
  }

  Orchestration main(In Tensor<fp32, 64> x, In bool c, Out Tensor<fp32, 64> o, Out Tensor<fp32, 64> p) -> Tensor<fp32, 64> {
    if (c) -> (Tensor<fp32, 64> sel) {
      yield(o);
    } else {
      yield(p);
    }
    Tensor<fp32, 64> r = k(x, sel);
    return r;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, out);
    return out;
  }

  Orchestration main(In Tensor<fp32, 64> x, In bool c, Out Tensor<fp32, 64> o, Out Tensor<fp32, 64> p) -> Tensor<fp32, 64> {
    if (c) -> (Tensor<fp32, 64> sel) {
      yield(o);
    } else {
      yield(p);
    }
    Tensor<fp32, 64> r = k(x, sel) [[arg_directions = ["Input", "InOut"]]];
    return r;
  }
}
// -----
// RUN: derive-call-directions
// directions already on a call are kept (a hand-written NoDep survives; the pass is idempotent)
program {
  AIV k(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, out);
    return out;
  }

  Orchestration main(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> a = k(x, o) [[arg_directions = ["NoDep", "OutputExisting"]]];
    Tensor<fp32, 64> b = k(x, a) [[arg_directions = ["Input", "InOut"]]];
    return b;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: derive-call-directions
// arg_direction_overrides turns the listed slots into NoDep
program {
  AIV k(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, out);
    return out;
  }

  Orchestration main(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> a = k(x, o) [[arg_direction_overrides = [1]]];
    return a;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, out);
    return out;
  }

  Orchestration main(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> a = k(x, o) [[arg_direction_overrides = [1], arg_directions = ["Input", "NoDep"]]];
    return a;
  }
}
// -----
// RUN: derive-call-directions
// an override index past the arguments is an error
program {
  AIV k(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, out);
    return out;
  }

  Orchestration main(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> a = k(x, o) [[arg_direction_overrides = [2]]]; // EXPECTED-ERROR: CD001 {{index 2 is out of range for 'k' with 2 argument(s)}}
    return a;
  }
}
// -----
// RUN: derive-call-directions
// a Group wrapper's parameter is raised to what its inner kernel does with it (phase 0), then its calls get directions
program {
  AIV k(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, out);
    return out;
  }

  Group g(In Tensor<fp32, 64> x, In Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> r = k(x, o);
    return r;
  }

  Orchestration main(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> r = g(x, o);
    return r;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, out);
    return out;
  }

  Group g(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> r = k(x, o) [[arg_directions = ["Input", "OutputExisting"]]];
    return r;
  }

  Orchestration main(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> r = g(x, o) [[arg_directions = ["Input", "OutputExisting"]]];
    return r;
  }
}
// -----
// RUN: verify{properties=CallDirectionsResolved}
// the verifier: missing attr, wrong count, unknown name, Scalar on a tensor, direction against the callee, stale wrapper
program {
  AIV k(In Tensor<fp32, 64> x, In fp32 a, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, out);
    return out;
  }

  Group g(In Tensor<fp32, 64> x, In Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> r = k(x, 1.0, o) [[arg_directions = ["Input", "Scalar", "OutputExisting"]]]; // EXPECTED-ERROR: V606 {{wrapper 'g' declares parameter 'o' In but passes it to Out parameter 2 of 'k'}}
    return r;
  }

  Orchestration main(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> a = k(x, 1.0, o); // EXPECTED-ERROR: V601 {{call of 'k' has no string-list attr 'arg_directions'}}
    Tensor<fp32, 64> b = k(x, 1.0, o) [[arg_directions = ["Input", "Scalar"]]]; // EXPECTED-ERROR: V602
    Tensor<fp32, 64> c = k(x, 1.0, o) [[arg_directions = ["Input", "Scalar", "Out"]]]; // EXPECTED-ERROR: V603 {{unknown direction 'Out'}}
    Tensor<fp32, 64> d = k(x, 1.0, o) [[arg_directions = ["Scalar", "Scalar", "InOut"]]]; // EXPECTED-ERROR: V604 {{argument 0: 'Scalar' on a tensor argument}}
    Tensor<fp32, 64> e = k(x, 1.0, o) [[arg_directions = ["InOut", "Scalar", "InOut"]]]; // EXPECTED-ERROR: V605 {{'InOut' does not match the callee's In parameter}}
    return e;
  }
}
// -----
// RUN: derive-call-directions
// a submit is an asynchronous call: the same rules (first write OutputExisting, then InOut by R-prior; inside a sequential loop InOut by R-seq), other attrs kept
program {
  AIV k(In Tensor<fp32, 64> x, In index n, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, out);
    return out;
  }

  Orchestration main(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> local = tensor.create({64}, {.dtype = fp32});
    Tuple<Tensor<fp32, 64>, task_id> s1 = submit k(x, 1, local) [[note = 1]];
    task_id t1 = s1[1];
    Tuple<Tensor<fp32, 64>, task_id> s2 = submit k(x, 2, local) {.deps = {t1}};
    for (index i : range(0, 4, 1)) {
      Tuple<Tensor<fp32, 64>, task_id> s3 = submit k(x, i, o);
    }
    return o;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 64> x, In index n, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, out);
    return out;
  }

  Orchestration main(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> local = tensor.create({64}, {.dtype = fp32});
    Tuple<Tensor<fp32, 64>, task_id> s1 = submit k(x, 1, local) [[note = 1, arg_directions = ["Input", "Scalar", "OutputExisting"]]];
    task_id t1 = s1[1];
    Tuple<Tensor<fp32, 64>, task_id> s2 = submit k(x, 2, local) {.deps = {t1}} [[arg_directions = ["Input", "Scalar", "InOut"]]];
    for (index i : range(0, 4, 1)) {
      Tuple<Tensor<fp32, 64>, task_id> s3 = submit k(x, i, o) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    }
    return o;
  }
}
// -----
// RUN: derive-call-directions
// must not change: a submit that already has arg_directions (hand-written NoDep survives)
program {
  AIV k(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, out);
    return out;
  }

  Orchestration main(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    Tuple<Tensor<fp32, 64>, task_id> s1 = submit k(x, o) [[arg_directions = ["NoDep", "OutputExisting"]]];
    return o;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, out);
    return out;
  }

  Orchestration main(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    Tuple<Tensor<fp32, 64>, task_id> s1 = submit k(x, o) [[arg_directions = ["NoDep", "OutputExisting"]]];
    return o;
  }
}
// -----
// RUN: verify{properties=CallDirectionsResolved}
// the verifier checks submits as calls
program {
  AIV k(In Tensor<fp32, 64> x, In fp32 a, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, out);
    return out;
  }

  Orchestration main(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    Tuple<Tensor<fp32, 64>, task_id> a = submit k(x, 1.0, o); // EXPECTED-ERROR: V601 {{submit of 'k' has no string-list attr 'arg_directions'}}
    Tuple<Tensor<fp32, 64>, task_id> e = submit k(x, 1.0, o) [[arg_directions = ["InOut", "Scalar", "InOut"]]]; // EXPECTED-ERROR: V605 {{submit of 'k', argument 0: 'InOut' does not match the callee's In parameter}}
    return o;
  }
}
// -----
// RUN: derive-call-directions
// a core task carries at most 32 tensors and 16 scalars: the call of a kernel over either limit is an error at the call
program {
  AIV wide(In Tensor<fp32, 64> x0, In Tensor<fp32, 64> x1, In Tensor<fp32, 64> x2, In Tensor<fp32, 64> x3, In Tensor<fp32, 64> x4, In Tensor<fp32, 64> x5, In Tensor<fp32, 64> x6, In Tensor<fp32, 64> x7, In Tensor<fp32, 64> x8, In Tensor<fp32, 64> x9, In Tensor<fp32, 64> x10, In Tensor<fp32, 64> x11, In Tensor<fp32, 64> x12, In Tensor<fp32, 64> x13, In Tensor<fp32, 64> x14, In Tensor<fp32, 64> x15, In Tensor<fp32, 64> x16, In Tensor<fp32, 64> x17, In Tensor<fp32, 64> x18, In Tensor<fp32, 64> x19, In Tensor<fp32, 64> x20, In Tensor<fp32, 64> x21, In Tensor<fp32, 64> x22, In Tensor<fp32, 64> x23, In Tensor<fp32, 64> x24, In Tensor<fp32, 64> x25, In Tensor<fp32, 64> x26, In Tensor<fp32, 64> x27, In Tensor<fp32, 64> x28, In Tensor<fp32, 64> x29, In Tensor<fp32, 64> x30, In Tensor<fp32, 64> x31, In Tensor<fp32, 64> x32, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x0, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, out);
    return out;
  }

  AIV many(In Tensor<fp32, 64> x, In index s0, In index s1, In index s2, In index s3, In index s4, In index s5, In index s6, In index s7, In index s8, In index s9, In index s10, In index s11, In index s12, In index s13, In index s14, In index s15, In index s16, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, out);
    return out;
  }

  Orchestration main(In Tensor<fp32, 64> x0, In Tensor<fp32, 64> x1, In Tensor<fp32, 64> x2, In Tensor<fp32, 64> x3, In Tensor<fp32, 64> x4, In Tensor<fp32, 64> x5, In Tensor<fp32, 64> x6, In Tensor<fp32, 64> x7, In Tensor<fp32, 64> x8, In Tensor<fp32, 64> x9, In Tensor<fp32, 64> x10, In Tensor<fp32, 64> x11, In Tensor<fp32, 64> x12, In Tensor<fp32, 64> x13, In Tensor<fp32, 64> x14, In Tensor<fp32, 64> x15, In Tensor<fp32, 64> x16, In Tensor<fp32, 64> x17, In Tensor<fp32, 64> x18, In Tensor<fp32, 64> x19, In Tensor<fp32, 64> x20, In Tensor<fp32, 64> x21, In Tensor<fp32, 64> x22, In Tensor<fp32, 64> x23, In Tensor<fp32, 64> x24, In Tensor<fp32, 64> x25, In Tensor<fp32, 64> x26, In Tensor<fp32, 64> x27, In Tensor<fp32, 64> x28, In Tensor<fp32, 64> x29, In Tensor<fp32, 64> x30, In Tensor<fp32, 64> x31, In Tensor<fp32, 64> x32, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> r = wide(x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15, x16, x17, x18, x19, x20, x21, x22, x23, x24, x25, x26, x27, x28, x29, x30, x31, x32, o); // EXPECTED-ERROR: CD002 {{kernel 'wide' takes 34 tensors; a core task carries at most 32}}
    Tensor<fp32, 64> r2 = many(x0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, o); // EXPECTED-ERROR: CD002 {{kernel 'many' takes 17 scalars; a core task carries at most 16}}
    return r2;
  }
}
