// RUN: ctrl-flow-transform
// break in a for loop: the for becomes a while with a break flag, the rest goes into else, and
// the increment is guarded by !brk.
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a, In index n) -> Tile<fp32, 16, 16, Vec> {
    Tile<fp32, 16, 16, Vec> x = tile.add(a, a);
    for (index i : range(0, n, 1)) {
      if (i > 5) {
        break;
      }
      x = tile.add(x, a);
    }
    return x;
  }
}
// EXPECTED:
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a, In index n) -> Tile<fp32, 16, 16, Vec> {
    Tile<fp32, 16, 16, Vec> x = tile.add(a, a);
    index i = 0;
    bool brk = false;
    while (i < n && !brk) {
      if (i > 5) {
        brk = true;
      } else {
        x = tile.add(x, a);
      }
      if (!brk) {
        i = i + 1;
      }
    }
    return x;
  }
}

// -----
// RUN: ctrl-flow-transform
// break as the first (and only) statement of the body.
program p {
  InCore k(In index n) -> index {
    for (index i : range(0, n, 1)) {
      if (i > 0) {
        break;
      }
    }
    return n;
  }
}
// EXPECTED:
program p {
  InCore k(In index n) -> index {
    index i = 0;
    bool brk = false;
    while (i < n && !brk) {
      if (i > 0) {
        brk = true;
      }
      if (!brk) {
        i = i + 1;
      }
    }
    return n;
  }
}

// -----
// RUN: ctrl-flow-transform
// continue: the rest of the body goes into else; the loop stays a for.
program p {
  InCore k(In index n) -> index {
    index x = 0;
    for (index i : range(0, n, 1)) {
      if (i > 5) {
        continue;
      }
      x = x + i;
    }
    return x;
  }
}
// EXPECTED:
program p {
  InCore k(In index n) -> index {
    index x = 0;
    for (index i : range(0, n, 1)) {
      if (i > 5) {
      } else {
        x = x + i;
      }
    }
    return x;
  }
}

// -----
// RUN: ctrl-flow-transform
// break and continue in one loop: continue's rest nests in else, break's rest in an inner else.
program p {
  InCore k(In index n) -> index {
    index x = 0;
    for (index i : range(0, n, 1)) {
      x = x + 1;
      if (i > 5) {
        continue;
      }
      x = x * 2;
      if (i > 10) {
        break;
      }
      x = x + i;
    }
    return x;
  }
}
// EXPECTED:
program p {
  InCore k(In index n) -> index {
    index x = 0;
    index i = 0;
    bool brk = false;
    while (i < n && !brk) {
      x = x + 1;
      if (i > 5) {
      } else {
        x = x * 2;
        if (i > 10) {
          brk = true;
        } else {
          x = x + i;
        }
      }
      if (!brk) {
        i = i + 1;
      }
    }
    return x;
  }
}

// -----
// RUN: ctrl-flow-transform
// break and continue in else branches.
program p {
  InCore k(In index n) -> index {
    index x = 0;
    for (index i : range(0, n, 1)) {
      if (i < 7) {
        x = x + i;
      } else {
        continue;
      }
      if (i < 3) {
        x = x * 2;
      } else {
        break;
      }
      x = x + 1;
    }
    return x;
  }
}
// EXPECTED:
program p {
  InCore k(In index n) -> index {
    index x = 0;
    index i = 0;
    bool brk = false;
    while (i < n && !brk) {
      if (i < 7) {
        x = x + i;
        if (i < 3) {
          x = x * 2;
          x = x + 1;
        } else {
          brk = true;
        }
      }
      if (!brk) {
        i = i + 1;
      }
    }
    return x;
  }
}

// -----
// RUN: ctrl-flow-transform
// while loops: break adds '&& !brk' to the condition; continue keeps the loop as it is.
program p {
  InCore k(In index n) -> index {
    index i = 0;
    index x = 0;
    while (i < n) {
      i = i + 1;
      if (i > 5) {
        break;
      }
      x = x + i;
    }
    while (x < n) {
      x = x + 1;
      if (x > 5) {
        continue;
      }
      i = i + x;
    }
    return x + i;
  }
}
// EXPECTED:
program p {
  InCore k(In index n) -> index {
    index i = 0;
    index x = 0;
    bool brk = false;
    while (i < n && !brk) {
      i = i + 1;
      if (i > 5) {
        brk = true;
      } else {
        x = x + i;
      }
    }
    while (x < n) {
      x = x + 1;
      if (x > 5) {
      } else {
        i = i + x;
      }
    }
    return x + i;
  }
}

// -----
// RUN: ctrl-flow-transform
// break three ifs deep: the rest after the outer if runs under 'if (!brk)'.
program p {
  InCore k(In index n) -> index {
    index x = 0;
    for (index i : range(0, 10, 1)) {
      if (i > 3) {
        x = x + 1;
        if (i > 5) {
          if (i > 7) {
            break;
          }
          x = x + 2;
        }
      }
      x = x * i;
    }
    return x;
  }
}
// EXPECTED:
program p {
  InCore k(In index n) -> index {
    index x = 0;
    index i = 0;
    bool brk = false;
    while (i < 10 && !brk) {
      if (i > 3) {
        x = x + 1;
        if (i > 5) {
          if (i > 7) {
            brk = true;
          } else {
            x = x + 2;
          }
        }
      }
      if (!brk) {
        x = x * i;
      }
      if (!brk) {
        i = i + 1;
      }
    }
    return x;
  }
}

// -----
// RUN: ctrl-flow-transform
// continue three ifs deep: a per-iteration flag, reset at the top of the body, guards the rest.
program p {
  InCore k(In index n) -> index {
    index x = 0;
    for (index i : range(0, n, 1)) {
      if (i < 8) {
        if (i < 5) {
          if (i < 2) {
            continue;
          }
        }
      }
      x = x + i;
    }
    return x;
  }
}
// EXPECTED:
program p {
  InCore k(In index n) -> index {
    index x = 0;
    for (index i : range(0, n, 1)) {
      bool cont = false;
      if (i < 8) {
        if (i < 5) {
          if (i < 2) {
            cont = true;
          }
        }
      }
      if (!cont) {
        x = x + i;
      }
    }
    return x;
  }
}

// -----
// RUN: ctrl-flow-transform
// A negative constant step compares with '>'.
program p {
  InCore k(In index n) -> index {
    index x = 0;
    for (index i : range(10, 0, -1)) {
      if (i < 3) {
        break;
      }
      x = x + i;
    }
    return x;
  }
}
// EXPECTED:
program p {
  InCore k(In index n) -> index {
    index x = 0;
    index i = 10;
    bool brk = false;
    while (i > 0 && !brk) {
      if (i < 3) {
        brk = true;
      } else {
        x = x + i;
      }
      if (!brk) {
        i = i + -1;
      }
    }
    return x;
  }
}

// -----
// RUN: ctrl-flow-transform
// A step of unknown sign tests both directions; a stop the body re-assigns is copied first.
program p {
  InCore k(In index n, In index s) -> index {
    index m = n;
    for (index i : range(0, m, s)) {
      if (i == 3) {
        break;
      }
      m = m - 1;
    }
    return m;
  }
}
// EXPECTED:
program p {
  InCore k(In index n, In index s) -> index {
    index m = n;
    index stop = m;
    index i = 0;
    bool brk = false;
    while ((s > 0 && i < stop || s < 0 && i > stop) && !brk) {
      if (i == 3) {
        brk = true;
      } else {
        m = m - 1;
      }
      if (!brk) {
        i = i + s;
      }
    }
    return m;
  }
}

// -----
// RUN: ctrl-flow-transform
// Unconditional break and continue: the statements after them are dropped.
program p {
  InCore k(In index n) -> index {
    index x = 0;
    for (index i : range(0, n, 1)) {
      x = x + i;
      continue;
      x = x * 2;
    }
    for (index j : range(0, n, 1)) {
      x = x + j;
      break;
      x = x * 2;
    }
    return x;
  }
}
// EXPECTED:
program p {
  InCore k(In index n) -> index {
    index x = 0;
    for (index i : range(0, n, 1)) {
      x = x + i;
    }
    index j = 0;
    bool brk = false;
    while (j < n && !brk) {
      x = x + j;
      brk = true;
      if (!brk) {
        j = j + 1;
      }
    }
    return x;
  }
}

// -----
// RUN: ctrl-flow-transform
// Nested loops: only the inner loop breaks, the outer for stays.
program p {
  InCore k(In index n) -> index {
    index x = 0;
    for (index i : range(0, n, 1)) {
      for (index j : range(0, n, 1)) {
        if (j > i) {
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
  InCore k(In index n) -> index {
    index x = 0;
    for (index i : range(0, n, 1)) {
      index j = 0;
      bool brk = false;
      while (j < n && !brk) {
        if (j > i) {
          brk = true;
        } else {
          x = x + j;
        }
        if (!brk) {
          j = j + 1;
        }
      }
    }
    return x;
  }
}

// -----
// RUN: ctrl-flow-transform
// Three nested loops with a break at every level: each level gets its own flag.
program p {
  InCore k(In index n) -> index {
    index x = 0;
    for (index i : range(0, 3, 1)) {
      for (index j : range(0, 4, 1)) {
        for (index l : range(0, 5, 1)) {
          if (l > 2) {
            break;
          }
          x = x + l;
        }
        if (j > 1) {
          break;
        }
      }
      if (i > 0) {
        break;
      }
    }
    return x;
  }
}
// EXPECTED:
program p {
  InCore k(In index n) -> index {
    index x = 0;
    index i = 0;
    bool b1 = false;
    while (i < 3 && !b1) {
      index j = 0;
      bool b2 = false;
      while (j < 4 && !b2) {
        index l = 0;
        bool b3 = false;
        while (l < 5 && !b3) {
          if (l > 2) {
            b3 = true;
          } else {
            x = x + l;
          }
          if (!b3) {
            l = l + 1;
          }
        }
        if (j > 1) {
          b2 = true;
        }
        if (!b2) {
          j = j + 1;
        }
      }
      if (i > 0) {
        b1 = true;
      }
      if (!b1) {
        i = i + 1;
      }
    }
    return x;
  }
}

// -----
// RUN: ctrl-flow-transform
// SSA input: a broken iteration yields the current iter_args; the split if yields phis that the
// trailing yield passes on.
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> x0) -> Tile<fp32, 16, 16, Vec> {
    for (index i : range(0, 10, 1)) carry (Tile<fp32, 16, 16, Vec> x = x0) -> (Tile<fp32, 16, 16, Vec> r) {
      if (i > 5) {
        break;
      }
      Tile<fp32, 16, 16, Vec> y = tile.add(x, x);
      yield(y);
    }
    return r;
  }
}
// EXPECTED:
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> x0) -> Tile<fp32, 16, 16, Vec> {
    index i = 0;
    bool brk = false;
    while (i < 10 && !brk) carry (Tile<fp32, 16, 16, Vec> x = x0) -> (Tile<fp32, 16, 16, Vec> r) {
      if (i > 5) -> (Tile<fp32, 16, 16, Vec> phi) {
        brk = true;
        yield(x);
      } else {
        Tile<fp32, 16, 16, Vec> y = tile.add(x, x);
        yield(y);
      }
      if (!brk) {
        i = i + 1;
      }
      yield(phi);
    }
    return r;
  }
}

// -----
// RUN: ctrl-flow-transform
// SSA input with several iter_args and a continue: all of them are carried through the phis.
program p {
  InCore k(In index a0, In index b0) -> index {
    for (index i : range(0, 10, 1)) carry (index a = a0, index b = b0) -> (index ra, index rb) {
      index t = a + b;
      if (i < 5) {
        continue;
      }
      index b1 = b + a;
      yield(t, b1);
    }
    return ra + rb;
  }
}
// EXPECTED:
program p {
  InCore k(In index a0, In index b0) -> index {
    for (index i : range(0, 10, 1)) carry (index a = a0, index b = b0) -> (index ra, index rb) {
      index t = a + b;
      if (i < 5) -> (index pa, index pb) {
        yield(a, b);
      } else {
        index b1 = b + a;
        yield(t, b1);
      }
      yield(pa, pb);
    }
    return ra + rb;
  }
}

// -----
// RUN: ctrl-flow-transform
// SSA while input with a break deep in ifs: the guarded rest yields the body's values or the
// current iter_args.
program p {
  InCore k(In index n) -> index {
    while (c < n) carry (index c = 0) -> (index r) {
      if (c > 2) {
        if (c > 4) {
          break;
        }
      }
      index c1 = c + 1;
      yield(c1);
    }
    return r;
  }
}
// EXPECTED:
program p {
  InCore k(In index n) -> index {
    bool brk = false;
    while (c < n && !brk) carry (index c = 0) -> (index r) {
      if (c > 2) {
        if (c > 4) {
          brk = true;
        }
      }
      if (!brk) -> (index phi) {
        index c1 = c + 1;
        yield(c1);
      } else {
        yield(c);
      }
      yield(phi);
    }
    return r;
  }
}

// -----
// RUN: ctrl-flow-transform
// Loops inside an incore scope of a non-kernel function are rewritten (they become a kernel);
// orchestration loops keep break and continue; parallel loops are untouched.
program p {
  Opaque f(In index n) -> index {
    index x = 0;
    scope incore {
      for (index i : range(0, n, 1)) {
        if (i > 5) {
          continue;
        }
        x = x + i;
      }
    }
    return x;
  }
  Orchestration o(In index n) -> index {
    index x = 0;
    for (index i : range(0, n, 1)) {
      if (i > 5) {
        break;
      }
      x = x + i;
    }
    return x;
  }
  InCore k(In index n) -> index {
    index x = 0;
    for (index i : parallel(0, n, 1)) {
      x = x + i;
    }
    return x;
  }
}
// EXPECTED:
program p {
  Opaque f(In index n) -> index {
    index x = 0;
    scope incore {
      for (index i : range(0, n, 1)) {
        if (i > 5) {
        } else {
          x = x + i;
        }
      }
    }
    return x;
  }
  Orchestration o(In index n) -> index {
    index x = 0;
    for (index i : range(0, n, 1)) {
      if (i > 5) {
        break;
      }
      x = x + i;
    }
    return x;
  }
  InCore k(In index n) -> index {
    index x = 0;
    for (index i : parallel(0, n, 1)) {
      x = x + i;
    }
    return x;
  }
}

// -----
// RUN: ctrl-flow-transform
// Kernel loops without break or continue must not change.
program p {
  AIV k(In index n) -> index {
    index x = 0;
    for (index i : range(0, n, 1)) carry (index a = 0) -> (index r) {
      if (i > 2) {
        x = x + i;
      }
      index a1 = a + i;
      yield(a1);
    }
    return x + r;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: ctrl-flow-transform
// A break inside an if that already yields values (explicit SSA branches) is not supported.
program p {
  AIC k(In index n) -> index {
    for (index i : range(0, n, 1)) carry (index a = 0) -> (index r) {
      if (i > 2) -> (index v) { // EXPECTED-ERROR: S301 {{break or continue inside an if that yields values}}
        break;
        yield(a);
      } else {
        yield(i);
      }
      yield(v);
    }
    return r;
  }
}

// -----
// RUN: ctrl-flow-transform
// Nested loops: continue in the outer loop (after the inner loop), break in the inner one.
program p {
  InCore k(In index n) -> index {
    index x = 0;
    for (index i : range(0, n, 1)) {
      for (index j : range(0, n, 1)) {
        if (j == i) {
          break;
        }
        x = x + j;
      }
      if (x > 100) {
        continue;
      }
      x = x * 2;
    }
    return x;
  }
}
// EXPECTED:
program p {
  InCore k(In index n) -> index {
    index x = 0;
    for (index i : range(0, n, 1)) {
      index j = 0;
      bool brk = false;
      while (j < n && !brk) {
        if (j == i) {
          brk = true;
        } else {
          x = x + j;
        }
        if (!brk) {
          j = j + 1;
        }
      }
      if (x > 100) {
      } else {
        x = x * 2;
      }
    }
    return x;
  }
}

// -----
// RUN: ctrl-flow-transform
// An if whose both branches escape drops the rest of the body.
program p {
  InCore k(In index n) -> index {
    index x = 0;
    for (index i : range(0, n, 1)) {
      x = x + i;
      if (i > 3) {
        break;
      } else {
        continue;
      }
      x = x * 2;
    }
    return x;
  }
}
// EXPECTED:
program p {
  InCore k(In index n) -> index {
    index x = 0;
    index i = 0;
    bool brk = false;
    while (i < n && !brk) {
      x = x + i;
      if (i > 3) {
        brk = true;
      }
      if (!brk) {
        i = i + 1;
      }
    }
    return x;
  }
}

// -----
// RUN: ctrl-flow-transform
// Several continues in one body (PyPTO multiple_continues_in_body): each one's rest nests in
// the previous one's else, and each escape yields the current iter_arg.
program p {
  InCore k(In Tensor<fp32, 64> x0) -> Tensor<fp32, 64> {
    for (index i : range(0, 10, 1)) carry (Tensor<fp32, 64> x = x0) -> (Tensor<fp32, 64> r) {
      if (i < 2) {
        continue;
      }
      Tensor<fp32, 64> y = tensor.add(x, x);
      if (i > 7) {
        continue;
      }
      Tensor<fp32, 64> z = tensor.add(y, y);
      yield(z);
    }
    return r;
  }
}
// EXPECTED:
program p {
  InCore k(In Tensor<fp32, 64> x0) -> Tensor<fp32, 64> {
    for (index i : range(0, 10, 1)) carry (Tensor<fp32, 64> x = x0) -> (Tensor<fp32, 64> r) {
      if (i < 2) -> (Tensor<fp32, 64> x_1) {
        yield(x);
      } else {
        Tensor<fp32, 64> y = tensor.add(x, x);
        if (i > 7) -> (Tensor<fp32, 64> x_2) {
          yield(x);
        } else {
          Tensor<fp32, 64> z = tensor.add(y, y);
          yield(z);
        }
        yield(x_2);
      }
      yield(x_1);
    }
    return r;
  }
}

// -----
// RUN: ctrl-flow-transform
// Two breaks in a row (PyPTO back_to_back_breaks): both set the flag and yield the current
// iter_arg; the second is nested in the first one's else.
program p {
  InCore k(In Tensor<fp32, 64> x0) -> Tensor<fp32, 64> {
    for (index i : range(0, 10, 1)) carry (Tensor<fp32, 64> x = x0) -> (Tensor<fp32, 64> r) {
      if (i > 7) {
        break;
      }
      Tensor<fp32, 64> y = tensor.add(x, x);
      if (i > 5) {
        break;
      }
      yield(y);
    }
    return r;
  }
}
// EXPECTED:
program p {
  InCore k(In Tensor<fp32, 64> x0) -> Tensor<fp32, 64> {
    index i = 0;
    bool brk = false;
    while (i < 10 && !brk) carry (Tensor<fp32, 64> x = x0) -> (Tensor<fp32, 64> r) {
      if (i > 7) -> (Tensor<fp32, 64> x_1) {
        brk = true;
        yield(x);
      } else {
        Tensor<fp32, 64> y = tensor.add(x, x);
        if (i > 5) -> (Tensor<fp32, 64> x_2) {
          brk = true;
          yield(x);
        } else {
          yield(y);
        }
        yield(x_2);
      }
      if (!brk) {
        i = i + 1;
      }
      yield(x_1);
    }
    return r;
  }
}

// -----
// RUN: ctrl-flow-transform
// A break before a continue in one SSA body (PyPTO break_then_continue): the continue's split
// if lives inside the break's else.
program p {
  InCore k(In Tensor<fp32, 64> x0) -> Tensor<fp32, 64> {
    for (index i : range(0, 10, 1)) carry (Tensor<fp32, 64> x = x0) -> (Tensor<fp32, 64> r) {
      if (i > 8) {
        break;
      }
      Tensor<fp32, 64> y = tensor.add(x, x);
      if (i < 3) {
        continue;
      }
      Tensor<fp32, 64> z = tensor.add(y, y);
      yield(z);
    }
    return r;
  }
}
// EXPECTED:
program p {
  InCore k(In Tensor<fp32, 64> x0) -> Tensor<fp32, 64> {
    index i = 0;
    bool brk = false;
    while (i < 10 && !brk) carry (Tensor<fp32, 64> x = x0) -> (Tensor<fp32, 64> r) {
      if (i > 8) -> (Tensor<fp32, 64> x_1) {
        brk = true;
        yield(x);
      } else {
        Tensor<fp32, 64> y = tensor.add(x, x);
        if (i < 3) -> (Tensor<fp32, 64> x_2) {
          yield(x);
        } else {
          Tensor<fp32, 64> z = tensor.add(y, y);
          yield(z);
        }
        yield(x_2);
      }
      if (!brk) {
        i = i + 1;
      }
      yield(x_1);
    }
    return r;
  }
}

// -----
// RUN: ctrl-flow-transform
// Several iter_args with a break (PyPTO multiple_iter_args_with_break): the broken iteration
// yields all current iter_args.
program p {
  InCore k(In Tensor<fp32, 64> a0, In Tensor<fp32, 64> b0) -> Tensor<fp32, 64> {
    for (index i : range(0, 10, 1)) carry (Tensor<fp32, 64> a = a0, Tensor<fp32, 64> b = b0) -> (Tensor<fp32, 64> ra, Tensor<fp32, 64> rb) {
      if (i > 5) {
        break;
      }
      Tensor<fp32, 64> an = tensor.add(a, b);
      Tensor<fp32, 64> bn = tensor.add(b, a);
      yield(an, bn);
    }
    return ra;
  }
}
// EXPECTED:
program p {
  InCore k(In Tensor<fp32, 64> a0, In Tensor<fp32, 64> b0) -> Tensor<fp32, 64> {
    index i = 0;
    bool brk = false;
    while (i < 10 && !brk) carry (Tensor<fp32, 64> a = a0, Tensor<fp32, 64> b = b0) -> (Tensor<fp32, 64> ra, Tensor<fp32, 64> rb) {
      if (i > 5) -> (Tensor<fp32, 64> a_1, Tensor<fp32, 64> b_1) {
        brk = true;
        yield(a, b);
      } else {
        Tensor<fp32, 64> an = tensor.add(a, b);
        Tensor<fp32, 64> bn = tensor.add(b, a);
        yield(an, bn);
      }
      if (!brk) {
        i = i + 1;
      }
      yield(a_1, b_1);
    }
    return ra;
  }
}

// -----
// RUN: ctrl-flow-transform
// An unconditional break (the loop runs its first iteration's prefix only) and an
// unconditional continue (the rest is dropped, the iter_arg passes through) with iter_args (PyPTO
// unconditional_break, unconditional_continue).
program p {
  InCore k(In Tensor<fp32, 64> x0) -> Tensor<fp32, 64> {
    for (index i : range(0, 10, 1)) carry (Tensor<fp32, 64> x = x0) -> (Tensor<fp32, 64> r) {
      break;
      yield(x);
    }
    for (index j : range(0, 10, 1)) carry (Tensor<fp32, 64> x2 = r) -> (Tensor<fp32, 64> r2) {
      continue;
      yield(x2);
    }
    return r2;
  }
}
// EXPECTED:
program p {
  InCore k(In Tensor<fp32, 64> x0) -> Tensor<fp32, 64> {
    index i = 0;
    bool brk = false;
    while (i < 10 && !brk) carry (Tensor<fp32, 64> x = x0) -> (Tensor<fp32, 64> r) {
      brk = true;
      if (!brk) {
        i = i + 1;
      }
      yield(x);
    }
    for (index j : range(0, 10, 1)) carry (Tensor<fp32, 64> x2 = r) -> (Tensor<fp32, 64> r2) {
      yield(x2);
    }
    return r2;
  }
}

// -----
// RUN: ctrl-flow-transform
// Nested loops, only the inner one continues (PyPTO nested_loops_only_inner): the outer for
// stays as it is.
program p {
  InCore k(In Tensor<fp32, 64> x0) -> Tensor<fp32, 64> {
    for (index i : range(0, 4, 1)) carry (Tensor<fp32, 64> xo = x0) -> (Tensor<fp32, 64> ro) {
      for (index j : range(0, 8, 1)) carry (Tensor<fp32, 64> xi = xo) -> (Tensor<fp32, 64> ri) {
        if (j < 2) {
          continue;
        }
        Tensor<fp32, 64> y = tensor.add(xi, xi);
        yield(y);
      }
      yield(ri);
    }
    return ro;
  }
}
// EXPECTED:
program p {
  InCore k(In Tensor<fp32, 64> x0) -> Tensor<fp32, 64> {
    for (index i : range(0, 4, 1)) carry (Tensor<fp32, 64> xo = x0) -> (Tensor<fp32, 64> ro) {
      for (index j : range(0, 8, 1)) carry (Tensor<fp32, 64> xi = xo) -> (Tensor<fp32, 64> ri) {
        if (j < 2) -> (Tensor<fp32, 64> xi_1) {
          yield(xi);
        } else {
          Tensor<fp32, 64> y = tensor.add(xi, xi);
          yield(y);
        }
        yield(xi_1);
      }
      yield(ri);
    }
    return ro;
  }
}

// -----
// RUN: ctrl-flow-transform
// Continue in both nested loops (PyPTO nested_continue_both_loops): the inner loop sits in the
// outer continue's else, whose yield is the inner loop's result.
program p {
  InCore k(In Tensor<fp32, 64> x0) -> Tensor<fp32, 64> {
    for (index i : range(0, 4, 1)) carry (Tensor<fp32, 64> xo = x0) -> (Tensor<fp32, 64> ro) {
      if (i < 1) {
        continue;
      }
      for (index j : range(0, 8, 1)) carry (Tensor<fp32, 64> xi = xo) -> (Tensor<fp32, 64> ri) {
        if (j < 2) {
          continue;
        }
        Tensor<fp32, 64> y = tensor.add(xi, xi);
        yield(y);
      }
      yield(ri);
    }
    return ro;
  }
}
// EXPECTED:
program p {
  InCore k(In Tensor<fp32, 64> x0) -> Tensor<fp32, 64> {
    for (index i : range(0, 4, 1)) carry (Tensor<fp32, 64> xo = x0) -> (Tensor<fp32, 64> ro) {
      if (i < 1) -> (Tensor<fp32, 64> xo_1) {
        yield(xo);
      } else {
        for (index j : range(0, 8, 1)) carry (Tensor<fp32, 64> xi = xo) -> (Tensor<fp32, 64> ri) {
          if (j < 2) -> (Tensor<fp32, 64> xi_1) {
            yield(xi);
          } else {
            Tensor<fp32, 64> y = tensor.add(xi, xi);
            yield(y);
          }
          yield(xi_1);
        }
        yield(ri);
      }
      yield(xo_1);
    }
    return ro;
  }
}

// -----
// RUN: ctrl-flow-transform
// The inner loop has both a continue and a break, the outer loop neither (PyPTO
// nested_break_and_continue_inner): only the inner loop becomes a while.
program p {
  InCore k(In Tensor<fp32, 64> x0) -> Tensor<fp32, 64> {
    for (index i : range(0, 4, 1)) carry (Tensor<fp32, 64> xo = x0) -> (Tensor<fp32, 64> ro) {
      for (index j : range(0, 8, 1)) carry (Tensor<fp32, 64> xi = xo) -> (Tensor<fp32, 64> ri) {
        if (j < 2) {
          continue;
        }
        if (j > 5) {
          break;
        }
        Tensor<fp32, 64> y = tensor.add(xi, xi);
        yield(y);
      }
      yield(ri);
    }
    return ro;
  }
}
// EXPECTED:
program p {
  InCore k(In Tensor<fp32, 64> x0) -> Tensor<fp32, 64> {
    for (index i : range(0, 4, 1)) carry (Tensor<fp32, 64> xo = x0) -> (Tensor<fp32, 64> ro) {
      index j = 0;
      bool brk = false;
      while (j < 8 && !brk) carry (Tensor<fp32, 64> xi = xo) -> (Tensor<fp32, 64> ri) {
        if (j < 2) -> (Tensor<fp32, 64> xi_1) {
          yield(xi);
        } else {
          if (j > 5) -> (Tensor<fp32, 64> xi_2) {
            brk = true;
            yield(xi);
          } else {
            Tensor<fp32, 64> y = tensor.add(xi, xi);
            yield(y);
          }
          yield(xi_2);
        }
        if (!brk) {
          j = j + 1;
        }
        yield(xi_1);
      }
      yield(ri);
    }
    return ro;
  }
}

// -----
// RUN: ctrl-flow-transform
// Both nested loops have a break and a continue (PyPTO
// nested_loop_both_have_break_and_continue): each level gets its own flag and counter.
program p {
  InCore k(In Tensor<fp32, 64> x0) -> Tensor<fp32, 64> {
    for (index i : range(0, 4, 1)) carry (Tensor<fp32, 64> xo = x0) -> (Tensor<fp32, 64> ro) {
      if (i < 1) {
        continue;
      }
      for (index j : range(0, 8, 1)) carry (Tensor<fp32, 64> xi = xo) -> (Tensor<fp32, 64> ri) {
        if (j < 2) {
          continue;
        }
        if (j > 5) {
          break;
        }
        Tensor<fp32, 64> y = tensor.add(xi, xi);
        yield(y);
      }
      if (i > 2) {
        break;
      }
      yield(ri);
    }
    return ro;
  }
}
// EXPECTED:
program p {
  InCore k(In Tensor<fp32, 64> x0) -> Tensor<fp32, 64> {
    index i = 0;
    bool brk = false;
    while (i < 4 && !brk) carry (Tensor<fp32, 64> xo = x0) -> (Tensor<fp32, 64> ro) {
      if (i < 1) -> (Tensor<fp32, 64> xo_1) {
        yield(xo);
      } else {
        index j = 0;
        bool brk_1 = false;
        while (j < 8 && !brk_1) carry (Tensor<fp32, 64> xi = xo) -> (Tensor<fp32, 64> ri) {
          if (j < 2) -> (Tensor<fp32, 64> xi_1) {
            yield(xi);
          } else {
            if (j > 5) -> (Tensor<fp32, 64> xi_2) {
              brk_1 = true;
              yield(xi);
            } else {
              Tensor<fp32, 64> y = tensor.add(xi, xi);
              yield(y);
            }
            yield(xi_2);
          }
          if (!brk_1) {
            j = j + 1;
          }
          yield(xi_1);
        }
        if (i > 2) -> (Tensor<fp32, 64> xo_2) {
          brk = true;
          yield(xo);
        } else {
          yield(ri);
        }
        yield(xo_2);
      }
      if (!brk) {
        i = i + 1;
      }
      yield(xo_1);
    }
    return ro;
  }
}

// -----
// RUN: ctrl-flow-transform
// A plain if/else before a continue (PyPTO normal_if_else_before_continue): the if/else stays,
// the continue's split yields the iter_arg or the value computed before it.
program p {
  InCore k(In Tensor<fp32, 64> x0) -> Tensor<fp32, 64> {
    for (index i : range(0, 10, 1)) carry (Tensor<fp32, 64> x = x0) -> (Tensor<fp32, 64> r) {
      Tensor<fp32, 64> y;
      if (i < 5) {
        y = tensor.add(x, x);
      } else {
        y = tensor.add(x, x0);
      }
      if (i < 2) {
        continue;
      }
      yield(y);
    }
    return r;
  }
}
// EXPECTED:
program p {
  InCore k(In Tensor<fp32, 64> x0) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> y;
    for (index i : range(0, 10, 1)) carry (Tensor<fp32, 64> x = x0) -> (Tensor<fp32, 64> r) {
      if (i < 5) {
        y = tensor.add(x, x);
      } else {
        y = tensor.add(x, x0);
      }
      if (i < 2) -> (Tensor<fp32, 64> x_1) {
        yield(x);
      } else {
        yield(y);
      }
      yield(x_1);
    }
    return r;
  }
}

// -----
// RUN: ctrl-flow-transform
// A continue with no iter_args and nothing after it (PyPTO continue_no_iter_args): the if
// keeps an empty branch.
program p {
  InCore k(In index n) -> index {
    index x = 0;
    for (index i : range(0, n, 1)) {
      if (i > 5) {
        continue;
      }
    }
    return x;
  }
}
// EXPECTED:
program p {
  InCore k(In index n) -> index {
    index x = 0;
    for (index i : range(0, n, 1)) {
      if (i > 5) {
      }
    }
    return x;
  }
}

// -----
// RUN: ctrl-flow-transform
// AIC kernels are transformed like InCore ones (PyPTO aic_function_type).
program p {
  AIC k(In index n) -> index {
    index x = 0;
    for (index i : range(0, n, 1)) {
      if (i > 5) {
        break;
      }
      x = x + i;
    }
    return x;
  }
}
// EXPECTED:
program p {
  AIC k(In index n) -> index {
    index x = 0;
    index i = 0;
    bool brk = false;
    while (i < n && !brk) {
      if (i > 5) {
        brk = true;
      } else {
        x = x + i;
      }
      if (!brk) {
        i = i + 1;
      }
    }
    return x;
  }
}

// -----
// RUN: ctrl-flow-transform
// An SSA while whose yield is an inline expression (PyPTO while_break_ssa_inline_expr): the
// guarded rest yields that expression.
program p {
  InCore k(In index n) -> index {
    while (c < n) carry (index c = 0) -> (index r) {
      if (c * 2 + 1 > 7) {
        break;
      }
      yield(c + 1);
    }
    return r;
  }
}
// EXPECTED:
program p {
  InCore k(In index n) -> index {
    bool brk = false;
    while (c < n && !brk) carry (index c = 0) -> (index r) {
      if (c * 2 + 1 > 7) -> (index c_1) {
        brk = true;
        yield(c);
      } else {
        yield(c + 1);
      }
      yield(c_1);
    }
    return r;
  }
}

// -----
// RUN: ctrl-flow-transform
// A continue before a break in one SSA body (PyPTO SSA break_and_continue_in_for): the break's
// split if lives inside the continue's else.
program p {
  InCore k(In Tensor<fp32, 64> x0) -> Tensor<fp32, 64> {
    for (index i : range(0, 10, 1)) carry (Tensor<fp32, 64> x = x0) -> (Tensor<fp32, 64> r) {
      Tensor<fp32, 64> y = tensor.add(x, x);
      if (i < 3) {
        continue;
      }
      if (i > 8) {
        break;
      }
      Tensor<fp32, 64> z = tensor.add(y, y);
      yield(z);
    }
    return r;
  }
}
// EXPECTED:
program p {
  InCore k(In Tensor<fp32, 64> x0) -> Tensor<fp32, 64> {
    index i = 0;
    bool brk = false;
    while (i < 10 && !brk) carry (Tensor<fp32, 64> x = x0) -> (Tensor<fp32, 64> r) {
      Tensor<fp32, 64> y = tensor.add(x, x);
      if (i < 3) -> (Tensor<fp32, 64> x_1) {
        yield(x);
      } else {
        if (i > 8) -> (Tensor<fp32, 64> x_2) {
          brk = true;
          yield(x);
        } else {
          Tensor<fp32, 64> z = tensor.add(y, y);
          yield(z);
        }
        yield(x_2);
      }
      if (!brk) {
        i = i + 1;
      }
      yield(x_1);
    }
    return r;
  }
}
