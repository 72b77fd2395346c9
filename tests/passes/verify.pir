// RUN: verify{properties=SSAForm}
// A variable bound twice violates SSA form.
program p {
  Opaque f(In index n) -> index {
    index x = n + 1;
    x = n + 2; // EXPECTED-ERROR: V001 {{bound more than once}}
    return x;
  }
}

// -----
// RUN: verify{properties=SSAForm}
// A loop body yields as many values as the loop carries.
program p {
  Opaque f(In index n) -> index {
    for (index i : range(0, n, 1)) carry (index acc = 0) -> (index r) {
      index a2 = acc + i;
      // EXPECTED-ERROR: V005
      yield(a2, a2);
    }
    return r;
  }
}

// -----
// RUN: verify{properties=NoNestedCalls}
// A call nested in the arguments of another call is not three-address form.
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a) -> Tile<fp32, 16, 16, Vec> {
    Tile<fp32, 16, 16, Vec> t = tile.add(tile.mul(a, a), a); // EXPECTED-ERROR: V201
    return t;
  }
}

// -----
// RUN: verify{properties=NoNestedCalls}
// A call in a return value is not three-address form.
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a) -> Tile<fp32, 16, 16, Vec> {
    return tile.add(a, a); // EXPECTED-ERROR: V206
  }
}

// -----
// RUN: verify
// Break is only allowed in sequential and while loops.
program p {
  Opaque f(In index n) {
    for (index i : parallel(0, n, 1)) {
      break; // EXPECTED-ERROR: V303
    }
    return;
  }
}

// -----
// RUN: verify
// Break outside any loop.
program p {
  Opaque f(In index n) {
    if (n < 1) {
      break; // EXPECTED-ERROR: V301
    }
    return;
  }
}

// -----
// RUN: verify
// An if condition must be a scalar.
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a) {
    if (a) { // EXPECTED-ERROR: V106
      return;
    }
    return;
  }
}

// -----
// RUN: verify{properties=SSAForm,NoNestedCalls,TypeChecked,UseAfterDef,BreakContinueValid}
// A well-formed SSA program passes every verifier and is unchanged.
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a, In index n) -> Tile<fp32, 16, 16, Vec> {
    for (index i : range(0, n, 1)) carry (Tile<fp32, 16, 16, Vec> acc = a) -> (Tile<fp32, 16, 16, Vec> r) {
      Tile<fp32, 16, 16, Vec> next = tile.add(acc, a);
      yield(next);
    }
    return r;
  }
}
// EXPECTED-UNCHANGED
