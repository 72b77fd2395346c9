// RUN: dce
// An unused tile op whose result nobody reads is removed.
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a, In Tile<fp32, 16, 16, Vec> b) -> Tile<fp32, 16, 16, Vec> {
    Tile<fp32, 16, 16, Vec> dead = tile.add(a, b);
    Tile<fp32, 16, 16, Vec> live = tile.mul(a, b);
    return live;
  }
}
// EXPECTED:
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a, In Tile<fp32, 16, 16, Vec> b) -> Tile<fp32, 16, 16, Vec> {
    Tile<fp32, 16, 16, Vec> live = tile.mul(a, b);
    return live;
  }
}

// -----
// RUN: dce
// A chain of dead values dies together (fixpoint), scalar arithmetic included.
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a, In index n) -> Tile<fp32, 16, 16, Vec> {
    index m = n * 2;
    index m2 = m + 1;
    Tile<fp32, 16, 16, Vec> t1 = tile.add(a, a);
    Tile<fp32, 16, 16, Vec> t2 = tile.mul(t1, a);
    return a;
  }
}
// EXPECTED:
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a, In index n) -> Tile<fp32, 16, 16, Vec> {
    return a;
  }
}

// -----
// RUN: dce
// A store writes its tensor argument: it stays even when its result is unused.
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a, Out Tensor<fp32, 16, 16> out) {
    Tensor<fp32, 16, 16> written = tile.store(a, {0, 0}, out);
    return;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: dce
// A call of a function is never removed: the callee may write its Out parameters.
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a, Out Tensor<fp32, 16, 16> out) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> written = tile.store(a, {0, 0}, out);
    return written;
  }

  Orchestration main(In Tile<fp32, 16, 16, Vec> a, Out Tensor<fp32, 16, 16> out) {
    Tensor<fp32, 16, 16> ignored = k(a, out);
    return;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: dce
// Dead code inside a loop body goes; the loop and its carried value stay.
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a) -> Tile<fp32, 16, 16, Vec> {
    for (index i : range(0, 4, 1)) carry (Tile<fp32, 16, 16, Vec> acc = a) -> (Tile<fp32, 16, 16, Vec> r) {
      index unused = i * 16;
      Tile<fp32, 16, 16, Vec> next = tile.add(acc, a);
      yield(next);
    }
    return r;
  }
}
// EXPECTED:
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a) -> Tile<fp32, 16, 16, Vec> {
    for (index i : range(0, 4, 1)) carry (Tile<fp32, 16, 16, Vec> acc = a) -> (Tile<fp32, 16, 16, Vec> r) {
      Tile<fp32, 16, 16, Vec> next = tile.add(acc, a);
      yield(next);
    }
    return r;
  }
}

// -----
// RUN: dce
// An else branch left empty by DCE is dropped, keeping statements normalized.
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a, In index n, Out Tensor<fp32, 16, 16> out) {
    if (n < 4) {
      Tensor<fp32, 16, 16> w = tile.store(a, {0, 0}, out);
    } else {
      index dead = n + 1;
    }
    return;
  }
}
// EXPECTED:
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a, In index n, Out Tensor<fp32, 16, 16> out) {
    if (n < 4) {
      Tensor<fp32, 16, 16> w = tile.store(a, {0, 0}, out);
    }
    return;
  }
}

// -----
// RUN: dce
// Already-clean code is left alone.
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a, In Tile<fp32, 16, 16, Vec> b) -> Tile<fp32, 16, 16, Vec> {
    Tile<fp32, 16, 16, Vec> s = tile.add(a, b);
    return s;
  }
}
// EXPECTED-UNCHANGED
