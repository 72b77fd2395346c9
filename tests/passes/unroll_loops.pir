// RUN: unroll-loops
// Reference acceptance case: the loop variable becomes 0, 1, 2 in three copies of the body.
program p {
  Opaque f(In index n) -> index {
    index x = n;
    for (index i : unroll(0, 3, 1)) {
      x = x + i;
    }
    return x;
  }
}
// EXPECTED:
program p {
  Opaque f(In index n) -> index {
    index x = n;
    x = x + 0;
    x = x + 1;
    x = x + 2;
    return x;
  }
}

// -----
// RUN: unroll-loops
// A negative step counts down; a step that does not divide the distance stops before stop.
program p {
  Opaque f(In index n) -> index {
    index x = n;
    for (index i : unroll(7, 0, -3)) {
      x = x * i;
    }
    return x;
  }
}
// EXPECTED:
program p {
  Opaque f(In index n) -> index {
    index x = n;
    x = x * 7;
    x = x * 4;
    x = x * 1;
    return x;
  }
}

// -----
// RUN: unroll-loops
// Zero-trip loops disappear: stop equal to start, and a positive step with stop below start.
program p {
  Opaque f(In index n) -> index {
    index x = n;
    for (index i : unroll(0, 0, 1)) {
      x = x + i;
    }
    for (index j : unroll(5, 0, 1)) {
      x = x + j;
    }
    return x;
  }
}
// EXPECTED:
program p {
  Opaque f(In index n) -> index {
    index x = n;
    return x;
  }
}

// -----
// RUN: unroll-loops
// Variables bound only inside the loop get a fresh Var per copy; re-assigned outer ones do not.
program p {
  Opaque f(In index n) -> index {
    index x = n;
    for (index i : unroll(0, 2, 1)) {
      index t = i * 16;
      x = x + t;
    }
    return x;
  }
}
// EXPECTED:
program p {
  Opaque f(In index n) -> index {
    index x = n;
    index t = 0 * 16;
    x = x + t;
    index t_1 = 1 * 16;
    x = x + t_1;
    return x;
  }
}

// -----
// RUN: unroll-loops
// The loop variable is substituted in Var-valued call attrs and in op arguments (offsets).
program p {
  Opaque g(In index d) -> index {
    return d;
  }

  InCore k(In Tensor<fp32, 32, 16> a, Out Tensor<fp32, 32, 16> out) {
    for (index i : unroll(0, 2, 1)) {
      Tile<fp32, 16, 16, Vec> t = tile.load(a, {i * 16, 0}, {16, 16});
      Tensor<fp32, 32, 16> w = tile.store(t, {i * 16, 0}, out);
      index r = g(i) [[device = (i)]];
    }
    return;
  }
}
// EXPECTED:
program p {
  Opaque g(In index d) -> index {
    return d;
  }

  InCore k(In Tensor<fp32, 32, 16> a, Out Tensor<fp32, 32, 16> out) {
    Tile<fp32, 16, 16, Vec> t = tile.load(a, {0 * 16, 0}, {16, 16});
    Tensor<fp32, 32, 16> w = tile.store(t, {0 * 16, 0}, out);
    index r = g(0) [[device = (0)]];
    Tile<fp32, 16, 16, Vec> t_1 = tile.load(a, {1 * 16, 0}, {16, 16});
    Tensor<fp32, 32, 16> w_1 = tile.store(t_1, {1 * 16, 0}, out);
    index r_1 = g(1) [[device = (1)]];
    return;
  }
}

// -----
// RUN: unroll-loops
// The loop variable is substituted in expression-list kwargs and inside types (valid_shape).
program p {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> out) {
    for (index i : unroll(0, 2, 1)) {
      Tile<fp32, 16, 16, Vec, view{valid_shape = {16, i + 8}}> t = tile.load(a, {0, 0}, {16, 16}, {.valid_shape = {16, i + 8}});
      out = tile.store(t, {0, 0}, out);
    }
    return;
  }
}
// EXPECTED:
program p {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> out) {
    Tile<fp32, 16, 16, Vec, view{valid_shape = {16, 0 + 8}}> t = tile.load(a, {0, 0}, {16, 16}, {.valid_shape = {16, 0 + 8}});
    out = tile.store(t, {0, 0}, out);
    Tile<fp32, 16, 16, Vec, view{valid_shape = {16, 1 + 8}}> t_1 = tile.load(a, {0, 0}, {16, 16}, {.valid_shape = {16, 1 + 8}});
    out = tile.store(t_1, {0, 0}, out);
    return;
  }
}

// -----
// RUN: unroll-loops
// Nested unroll loops expand completely (inner first); both variables are substituted.
program p {
  Opaque f(In index n) -> index {
    index x = n;
    for (index i : unroll(0, 2, 1)) {
      for (index j : unroll(0, 2, 1)) {
        x = x + i * 10 + j;
      }
    }
    return x;
  }
}
// EXPECTED:
program p {
  Opaque f(In index n) -> index {
    index x = n;
    x = x + 0 * 10 + 0;
    x = x + 0 * 10 + 1;
    x = x + 1 * 10 + 0;
    x = x + 1 * 10 + 1;
    return x;
  }
}

// -----
// RUN: unroll-loops
// An unroll loop inside a regular loop expands in place; the regular loop stays.
program p {
  Opaque f(In index n) -> index {
    index x = n;
    for (index i : range(0, n, 1)) {
      for (index j : unroll(0, 2, 1)) {
        x = x + i + j;
      }
    }
    return x;
  }
}
// EXPECTED:
program p {
  Opaque f(In index n) -> index {
    index x = n;
    for (index i : range(0, n, 1)) {
      x = x + i + 0;
      x = x + i + 1;
    }
    return x;
  }
}

// -----
// RUN: unroll-loops
// Regular, parallel and pipeline loops are never unrolled, even with constant bounds.
program p {
  Opaque f(In index n) -> index {
    index x = n;
    for (index i : range(0, 2, 1)) {
      x = x + i;
    }
    for (index j : parallel(0, 2, 1)) {
      index y = j;
    }
    for (index k : pipeline(0, 2, 1)) {
      x = x + k;
    }
    return x;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: unroll-loops
// Loop-carried values (SSA input) thread from copy to copy; the return var takes the last one.
program p {
  Opaque f(In index n) -> index {
    for (index i : unroll(0, 3, 1)) carry (index acc = n) -> (index r) {
      index a2 = acc + i;
      yield(a2);
    }
    return r;
  }
}
// EXPECTED:
program p {
  Opaque f(In index n) -> index {
    index a2 = n + 0;
    index a2_1 = a2 + 1;
    index a2_2 = a2_1 + 2;
    index r = a2_2;
    return r;
  }
}

// -----
// RUN: unroll-loops
// A zero-trip loop with carried values forwards the initial values to the return vars.
program p {
  Opaque f(In index n) -> index {
    for (index i : unroll(3, 3, 1)) carry (index acc = n) -> (index r) {
      index a2 = acc + i;
      yield(a2);
    }
    return r;
  }
}
// EXPECTED:
program p {
  Opaque f(In index n) -> index {
    index r = n;
    return r;
  }
}

// -----
// RUN: unroll-loops
// Bounds may be scalars assigned once to a constant.
program p {
  Opaque f(In index n) -> index {
    index k = 2;
    index x = n;
    for (index i : unroll(0, k * 1, 1)) {
      x = x + i;
    }
    return x;
  }
}
// EXPECTED:
program p {
  Opaque f(In index n) -> index {
    index k = 2;
    index x = n;
    x = x + 0;
    x = x + 1;
    return x;
  }
}

// -----
// RUN: unroll-loops
// A variable bound in the loop and used after it keeps its identity (pre-SSA re-assignment).
program p {
  Opaque f(In index n) -> index {
    index last = 0;
    for (index i : unroll(0, 2, 1)) {
      last = i + n;
    }
    return last;
  }
}
// EXPECTED:
program p {
  Opaque f(In index n) -> index {
    index last = 0;
    last = 0 + n;
    last = 1 + n;
    return last;
  }
}

// -----
// RUN: unroll-loops
// Run-time bounds are an error: unroll needs constants.
program p {
  Opaque f(In index n) -> index {
    index x = n;
    for (index i : unroll(0, n, 1)) { // EXPECTED-ERROR: UR001 {{unroll loop over 'i' needs constant start, stop and step}}
      x = x + i;
    }
    return x;
  }
}

// -----
// RUN: unroll-loops
// A zero step is an error.
program p {
  Opaque f(In index n) -> index {
    index x = n;
    for (index i : unroll(0, 4, 0)) { // EXPECTED-ERROR: UR002 {{step of 0}}
      x = x + i;
    }
    return x;
  }
}

// -----
// RUN: unroll-loops
// More than 1024 iterations is an error naming the trip count and the cap.
program p {
  Opaque f(In index n) -> index {
    index x = n;
    for (index i : unroll(0, 2050, 2)) { // EXPECTED-ERROR: UR003 {{has 1025 iterations, more than the cap of 1024}}
      x = x + i;
    }
    return x;
  }
}

// -----
// RUN: unroll-loops
// Exactly 1024 iterations is within the cap (the loop below has 1024 trips, step 4).
program p {
  Opaque f(In index n) -> index {
    index x = n;
    for (index i : unroll(0, 4096, 4)) [[probe = true]] {
    }
    return x;
  }
}
// EXPECTED:
program p {
  Opaque f(In index n) -> index {
    index x = n;
    return x;
  }
}

// -----
// RUN: unroll-loops{max_trip_count=2}
// The cap is an option.
program p {
  Opaque f(In index n) -> index {
    index x = n;
    for (index i : unroll(0, 3, 1)) { // EXPECTED-ERROR: UR003 {{has 3 iterations, more than the cap of 2}}
      x = x + i;
    }
    return x;
  }
}

// -----
// RUN: unroll-loops
// A trip count that does not fit the loop variable's dtype is an error.
program p {
  Opaque f(In index n) -> index {
    index x = n;
    for (int8 i : unroll(int8(0), 300, 100)) { // EXPECTED-ERROR: UR004
      x = x + 1;
    }
    return x;
  }
}

// -----
// RUN: unroll-loops
// A break of the unroll loop itself cannot be expanded: BreakContinueValid rejects it on the
// input (UnrollLoops would report UR005 if verification were off).
program p {
  Opaque f(In index n) -> index {
    index x = n;
    for (index i : unroll(0, 3, 1)) {
      if (x > 4) {
        break; // EXPECTED-ERROR: V303 {{'break' inside a 'unroll' loop}}
      }
      x = x + i;
    }
    return x;
  }
}

// -----
// RUN: unroll-loops
// A break of a nested regular loop is fine: the nested loop is copied whole.
program p {
  Opaque f(In index n) -> index {
    index x = n;
    for (index i : unroll(0, 2, 1)) {
      for (index j : range(0, n, 1)) {
        if (x > i) {
          break;
        }
        x = x + j;
      }
    }
    return x;
  }
}
// EXPECTED:
program p {
  Opaque f(In index n) -> index {
    index x = n;
    for (index j : range(0, n, 1)) {
      if (x > 0) {
        break;
      }
      x = x + j;
    }
    for (index j_1 : range(0, n, 1)) {
      if (x > 1) {
        break;
      }
      x = x + j_1;
    }
    return x;
  }
}

// -----
// RUN: verify{properties=UnrollResolved}
// The UnrollResolved verifier reports an unroll loop that was not expanded.
program p {
  Opaque f(In index n) -> index {
    index x = n;
    for (index i : unroll(0, 2, 1)) { // EXPECTED-ERROR: V811 {{unroll loop over 'i' is left}}
      x = x + i;
    }
    return x;
  }
}
