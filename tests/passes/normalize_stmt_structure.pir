// NormalizeStmtStructure: canonical blocks (passes/normalize_stmt_structure.h). Nested and
// single-statement blocks cannot be written as input here (the structural NoRedundantBlocks
// check rejects them first); normalize_stmt_structure_test.cpp builds those in C++.

// RUN: normalize-stmt-structure
// an empty else branch is dropped
program {
  Opaque f(In index x) -> index {
    if (x < 3) {
      index z = x + 1;
    } else {
    }
    return x;
  }
}
// EXPECTED:
program {
  Opaque f(In index x) -> index {
    if (x < 3) {
      index z = x + 1;
    }
    return x;
  }
}

// -----
// RUN: normalize-stmt-structure
// empty else branches are dropped at every depth (loop body, scope, nested if)
program {
  Opaque f(In index n) -> index {
    for (index i : range(0, n, 1)) {
      scope runtime {
        if (i < 3) {
          if (i < 1) {
            index a = i;
          } else {
          }
        } else {
        }
      }
    }
    return n;
  }
}
// EXPECTED:
program {
  Opaque f(In index n) -> index {
    for (index i : range(0, n, 1)) {
      scope runtime {
        if (i < 3) {
          if (i < 1) {
            index a = i;
          }
        }
      }
    }
    return n;
  }
}

// -----
// RUN: normalize-stmt-structure
// an empty else after an else-if chain is dropped from the innermost if only
program {
  Opaque f(In index x) -> index {
    if (x < 3) {
      index a = x;
    } else if (x < 5) {
      index b = x;
    } else {
    }
    return x;
  }
}
// EXPECTED:
program {
  Opaque f(In index x) -> index {
    if (x < 3) {
      index a = x;
    } else if (x < 5) {
      index b = x;
    }
    return x;
  }
}

// -----
// RUN: normalize-stmt-structure
// must not change: an empty then branch, an empty loop body, an if with return vars
program {
  Opaque f(In index x) -> index {
    if (x < 3) {
    } else {
      index a = x;
    }
    for (index i : range(0, x, 1)) {
    }
    if (x < 4) -> (index y) {
      yield(1);
    } else {
      yield(2);
    }
    return y;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: normalize-stmt-structure
// must not change: single statements as bodies, flat blocks
program {
  Opaque f(In index x) -> index {
    for (index i : range(0, x, 1)) {
      index a = i;
    }
    while (j < x) carry (index j = 0) -> (index r) {
      index k = j + 1;
      yield(k);
    }
    return r;
  }
}
// EXPECTED-UNCHANGED
