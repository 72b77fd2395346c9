// RUN: normalize-return-order
// returns through stores become the Out parameters, sorted by parameter index; the caller's t[i] follow
program {
  AIV k(In Tensor<fp32, 16> a, Out Tensor<fp32, 16> oa, Out Tensor<fp32, 16> ob) -> (Tensor<fp32, 16>, Tensor<fp32, 16>) {
    Tile<fp32, 1, 16, Vec> t = tile.load(a, {0}, {16});
    Tensor<fp32, 16> ra = tile.store(t, {0}, oa);
    Tensor<fp32, 16> rb = tile.store(t, {0}, ob);
    return rb, ra;
  }

  Orchestration main(In Tensor<fp32, 16> a, Out Tensor<fp32, 16> x, Out Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    Tuple<Tensor<fp32, 16>, Tensor<fp32, 16>> t = k(a, x, y);
    Tensor<fp32, 16> b = t[0];
    Tensor<fp32, 16> c = t[1];
    Tuple<Tensor<fp32, 16>, Tensor<fp32, 16>, task_id> s = submit k(a, x, y);
    Tensor<fp32, 16> d = s[0];
    task_id id = s[2];
    return b;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16> a, Out Tensor<fp32, 16> oa, Out Tensor<fp32, 16> ob) -> (Tensor<fp32, 16>, Tensor<fp32, 16>) {
    Tile<fp32, 1, 16, Vec> t = tile.load(a, {0}, {16});
    Tensor<fp32, 16> ra = tile.store(t, {0}, oa);
    Tensor<fp32, 16> rb = tile.store(t, {0}, ob);
    return oa, ob;
  }

  Orchestration main(In Tensor<fp32, 16> a, Out Tensor<fp32, 16> x, Out Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    Tuple<Tensor<fp32, 16>, Tensor<fp32, 16>> t = k(a, x, y);
    Tensor<fp32, 16> b = t[1];
    Tensor<fp32, 16> c = t[0];
    Tuple<Tensor<fp32, 16>, Tensor<fp32, 16>, task_id> s = submit k(a, x, y);
    Tensor<fp32, 16> d = s[1];
    task_id id = s[2];
    return b;
  }
}
// -----
// RUN: normalize-return-order
// results of different types: the call's tuple type is reordered too, also for a call whose results are dropped
program {
  AIV k(In Tensor<fp32, 16> a, Out Tensor<fp16, 16> oa, Out Tensor<fp32, 8> ob) -> (Tensor<fp32, 8>, Tensor<fp16, 16>) {
    Tile<fp32, 1, 16, Vec> t = tile.load(a, {0}, {16});
    Tile<fp16, 1, 16, Vec> h = tile.cast(t, {.target_type = fp16});
    Tensor<fp16, 16> ra = tile.store(h, {0}, oa);
    Tile<fp32, 1, 8, Vec> u = tile.load(a, {0}, {8});
    Tensor<fp32, 8> rb = tile.store(u, {0}, ob);
    return rb, ra;
  }

  Orchestration main(In Tensor<fp32, 16> a, Out Tensor<fp16, 16> x, Out Tensor<fp32, 8> y) -> Tensor<fp32, 8> {
    Tuple<Tensor<fp32, 8>, Tensor<fp16, 16>> t = k(a, x, y);
    Tensor<fp32, 8> b = t[0];
    k(a, x, y);
    return b;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16> a, Out Tensor<fp16, 16> oa, Out Tensor<fp32, 8> ob) -> (Tensor<fp16, 16>, Tensor<fp32, 8>) {
    Tile<fp32, 1, 16, Vec> t = tile.load(a, {0}, {16});
    Tile<fp16, 1, 16, Vec> h = tile.cast(t, {.target_type = fp16});
    Tensor<fp16, 16> ra = tile.store(h, {0}, oa);
    Tile<fp32, 1, 8, Vec> u = tile.load(a, {0}, {8});
    Tensor<fp32, 8> rb = tile.store(u, {0}, ob);
    return oa, ob;
  }

  Orchestration main(In Tensor<fp32, 16> a, Out Tensor<fp16, 16> x, Out Tensor<fp32, 8> y) -> Tensor<fp32, 8> {
    Tuple<Tensor<fp16, 16>, Tensor<fp32, 8>> t = k(a, x, y);
    Tensor<fp32, 8> b = t[1];
    k(a, x, y);
    return b;
  }
}
// -----
// RUN: normalize-return-order
// a single result through a carried store chain becomes the parameter; order unchanged, callers untouched
program {
  AIV k(In Tensor<fp32, 16> a, InOut Tensor<fp32, 16> acc) -> Tensor<fp32, 16> {
    for (index i : range(0, 2, 1)) carry (Tensor<fp32, 16> c = acc) -> (Tensor<fp32, 16> r) {
      Tile<fp32, 1, 16, Vec> t = tile.load(a, {0}, {16});
      Tensor<fp32, 16> c2 = tile.store(t, {0}, c);
      yield(c2);
    }
    return r;
  }

  Orchestration main(In Tensor<fp32, 16> a, InOut Tensor<fp32, 16> x) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> b = k(a, x);
    return b;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16> a, InOut Tensor<fp32, 16> acc) -> Tensor<fp32, 16> {
    for (index i : range(0, 2, 1)) carry (Tensor<fp32, 16> c = acc) -> (Tensor<fp32, 16> r) {
      Tile<fp32, 1, 16, Vec> t = tile.load(a, {0}, {16});
      Tensor<fp32, 16> c2 = tile.store(t, {0}, c);
      yield(c2);
    }
    return acc;
  }

  Orchestration main(In Tensor<fp32, 16> a, InOut Tensor<fp32, 16> x) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> b = k(a, x);
    return b;
  }
}
// -----
// RUN: normalize-return-order
// must not change: parameters already returned in order; a kernel without results; orchestration returns
program {
  AIV k(In Tensor<fp32, 16> a, Out Tensor<fp32, 16> oa, Out Tensor<fp32, 16> ob) -> (Tensor<fp32, 16>, Tensor<fp32, 16>) {
    Tile<fp32, 1, 16, Vec> t = tile.load(a, {0}, {16});
    Tensor<fp32, 16> ra = tile.store(t, {0}, oa);
    Tensor<fp32, 16> rb = tile.store(t, {0}, ob);
    return oa, ob;
  }

  AIV v(In Tensor<fp32, 16> a, Out Tensor<fp32, 16> o) {
    Tile<fp32, 1, 16, Vec> t = tile.load(a, {0}, {16});
    Tensor<fp32, 16> r = tile.store(t, {0}, o);
    return;
  }

  Orchestration main(In Tensor<fp32, 16> a, Out Tensor<fp32, 16> x, Out Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    Tuple<Tensor<fp32, 16>, Tensor<fp32, 16>> t = k(a, x, y);
    Tensor<fp32, 16> b = t[0];
    v(a, x);
    return b;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: normalize-return-order
// a result that names different parameters on the two branches names no one parameter
program {
  AIV k(In Tensor<fp32, 16> a, In bool c, Out Tensor<fp32, 16> oa, Out Tensor<fp32, 16> ob) -> Tensor<fp32, 16> {
    Tile<fp32, 1, 16, Vec> t = tile.load(a, {0}, {16});
    if (c) -> (Tensor<fp32, 16> r) {
      Tensor<fp32, 16> ra = tile.store(t, {0}, oa);
      yield(ra);
    } else {
      Tensor<fp32, 16> rb = tile.store(t, {0}, ob);
      yield(rb);
    }
    return r; // EXPECTED-ERROR: RO001 {{returns 'r', which names none of its tensor parameters}}
  }

  Orchestration main(In Tensor<fp32, 16> a, Out Tensor<fp32, 16> x, Out Tensor<fp32, 16> y) {
    return;
  }
}
