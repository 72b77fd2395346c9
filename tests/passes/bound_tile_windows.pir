// RUN: bound-tile-windows
// constant windows: inside is true, one reaching past the end is false, a window exactly at the end is inside
program {
  AIV k(In Tensor<fp32, 64, 16> x, Out Tensor<fp32, 64, 16> o) {
    Tile<fp32, 16, 16, Vec> a = tile.load(x, {48, 0}, {16, 16});
    Tile<fp32, 16, 16, Vec> b = tile.load(x, {56, 0}, {16, 16});
    Tensor<fp32, 64, 16> r = tile.store(a, {48, 0}, o);
    Tensor<fp32, 64, 16> s = tile.store(b, {50, 0}, r);
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 64, 16> x, Out Tensor<fp32, 64, 16> o) {
    Tile<fp32, 16, 16, Vec> a = tile.load(x, {48, 0}, {16, 16}) [[in_bounds = true]];
    Tile<fp32, 16, 16, Vec> b = tile.load(x, {56, 0}, {16, 16}) [[in_bounds = false]];
    Tensor<fp32, 64, 16> r = tile.store(a, {48, 0}, o) [[in_bounds = true]];
    Tensor<fp32, 64, 16> s = tile.store(b, {50, 0}, r) [[in_bounds = false]];
    return;
  }
}
// -----
// RUN: bound-tile-windows
// loop variables: range(0, 4) * 16 stays inside 64 rows, range(0, 5) does not; a negative step counts down from its start
program {
  AIV k(In Tensor<fp32, 64, 16> x) {
    for (index i : range(0, 4, 1)) {
      Tile<fp32, 16, 16, Vec> a = tile.load(x, {i * 16, 0}, {16, 16});
    }
    for (index j : range(0, 5, 1)) {
      Tile<fp32, 16, 16, Vec> b = tile.load(x, {j * 16, 0}, {16, 16});
    }
    for (index m : range(3, -1, -1)) {
      index row = m * 16;
      Tile<fp32, 16, 16, Vec> c = tile.load(x, {row, 0}, {16, 16});
    }
    for (index n : range(4, -1, -1)) {
      Tile<fp32, 16, 16, Vec> d = tile.load(x, {n * 16, 0}, {16, 16});
    }
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 64, 16> x) {
    for (index i : range(0, 4, 1)) {
      Tile<fp32, 16, 16, Vec> a = tile.load(x, {i * 16, 0}, {16, 16}) [[in_bounds = true]];
    }
    for (index j : range(0, 5, 1)) {
      Tile<fp32, 16, 16, Vec> b = tile.load(x, {j * 16, 0}, {16, 16}) [[in_bounds = false]];
    }
    for (index m : range(3, -1, -1)) {
      index row = m * 16;
      Tile<fp32, 16, 16, Vec> c = tile.load(x, {row, 0}, {16, 16}) [[in_bounds = true]];
    }
    for (index n : range(4, -1, -1)) {
      Tile<fp32, 16, 16, Vec> d = tile.load(x, {n * 16, 0}, {16, 16}) [[in_bounds = false]];
    }
    return;
  }
}
// -----
// RUN: bound-tile-windows
// a negative offset is outside; an offset that may be negative (i - 1 from i = 0) is not proven inside
program {
  AIV k(In Tensor<fp32, 64, 16> x) {
    Tile<fp32, 16, 16, Vec> a = tile.load(x, {-1, 0}, {16, 16});
    for (index i : range(0, 3, 1)) {
      Tile<fp32, 16, 16, Vec> b = tile.load(x, {(i - 1) * 16, 0}, {16, 16});
    }
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 64, 16> x) {
    Tile<fp32, 16, 16, Vec> a = tile.load(x, {-1, 0}, {16, 16}) [[in_bounds = false]];
    for (index i : range(0, 3, 1)) {
      Tile<fp32, 16, 16, Vec> b = tile.load(x, {(i - 1) * 16, 0}, {16, 16}) [[in_bounds = false]];
    }
    return;
  }
}
// -----
// RUN: bound-tile-windows
// scalar parameters take the union of their call sites' bounds: q from an orchestration loop (0, 16, 32) is inside; r is called with 40 once
program {
  AIV k(In Tensor<fp32, 64, 16> x, In index q, In index r) {
    Tile<fp32, 32, 16, Vec> a = tile.load(x, {q, 0}, {32, 16});
    Tile<fp32, 32, 16, Vec> b = tile.load(x, {r, 0}, {32, 16});
    return;
  }

  Orchestration main(In Tensor<fp32, 64, 16> x) {
    for (index i : range(0, 3, 1)) {
      k(x, i * 16, 0);
    }
    k(x, 32, 40);
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 64, 16> x, In index q, In index r) {
    Tile<fp32, 32, 16, Vec> a = tile.load(x, {q, 0}, {32, 16}) [[in_bounds = true]];
    Tile<fp32, 32, 16, Vec> b = tile.load(x, {r, 0}, {32, 16}) [[in_bounds = false]];
    return;
  }

  Orchestration main(In Tensor<fp32, 64, 16> x) {
    for (index i : range(0, 3, 1)) {
      k(x, i * 16, 0);
    }
    k(x, 32, 40);
    return;
  }
}
// -----
// RUN: bound-tile-windows
// a submit is a call site too; a kernel nothing calls has unknown parameters; an orchestration parameter is unknown
program {
  AIV k(In Tensor<fp32, 64, 16> x, In index q) {
    Tile<fp32, 32, 16, Vec> a = tile.load(x, {q, 0}, {32, 16});
    return;
  }

  AIV never(In Tensor<fp32, 64, 16> x, In index q) {
    Tile<fp32, 32, 16, Vec> a = tile.load(x, {q, 0}, {32, 16});
    return;
  }

  AIV fromParam(In Tensor<fp32, 64, 16> x, In index q) {
    Tile<fp32, 32, 16, Vec> a = tile.load(x, {q, 0}, {32, 16});
    return;
  }

  Orchestration main(In Tensor<fp32, 64, 16> x, In index n) {
    Tuple<task_id> t = submit k(x, 32);
    fromParam(x, n);
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 64, 16> x, In index q) {
    Tile<fp32, 32, 16, Vec> a = tile.load(x, {q, 0}, {32, 16}) [[in_bounds = true]];
    return;
  }

  AIV never(In Tensor<fp32, 64, 16> x, In index q) {
    Tile<fp32, 32, 16, Vec> a = tile.load(x, {q, 0}, {32, 16}) [[in_bounds = false]];
    return;
  }

  AIV fromParam(In Tensor<fp32, 64, 16> x, In index q) {
    Tile<fp32, 32, 16, Vec> a = tile.load(x, {q, 0}, {32, 16}) [[in_bounds = false]];
    return;
  }

  Orchestration main(In Tensor<fp32, 64, 16> x, In index n) {
    Tuple<task_id> t = submit k(x, 32);
    fromParam(x, n);
    return;
  }
}
// -----
// RUN: bound-tile-windows
// a load's extents are its valid_shape: 16 rows at 56 reach past 64, 8 valid rows do not; a store's extents are the tile's dims, leading tensor dims 1
program {
  AIV k(In Tensor<fp32, 64, 16> x, Out Tensor<fp32, 2, 64, 16> o) {
    Tile<fp32, 16, 16, Vec, view{valid_shape = {8, 16}}> a = tile.load(x, {56, 0}, {16, 16}, {.valid_shape = {8, 16}});
    Tensor<fp32, 2, 64, 16> r = tile.store(a, {1, 48, 0}, o);
    Tensor<fp32, 2, 64, 16> s = tile.store(a, {2, 48, 0}, r);
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 64, 16> x, Out Tensor<fp32, 2, 64, 16> o) {
    Tile<fp32, 16, 16, Vec, view{valid_shape = {8, 16}}> a = tile.load(x, {56, 0}, {16, 16}, {.valid_shape = {8, 16}}) [[in_bounds = true]];
    Tensor<fp32, 2, 64, 16> r = tile.store(a, {1, 48, 0}, o) [[in_bounds = true]];
    Tensor<fp32, 2, 64, 16> s = tile.store(a, {2, 48, 0}, r) [[in_bounds = false]];
    return;
  }
}
// -----
// RUN: bound-tile-windows
// a tensor dim known only at run time proves nothing; a stale in_bounds attr is recomputed
program {
  index n;

  AIV k(In Tensor<fp32, n, 16> x, In Tensor<fp32, 8, 16> y) {
    Tile<fp32, 8, 16, Vec> a = tile.load(x, {0, 0}, {8, 16});
    Tile<fp32, 16, 16, Vec> b = tile.load(y, {0, 0}, {16, 16}) [[in_bounds = true]];
    return;
  }
}
// EXPECTED:
program {
  index n;

  AIV k(In Tensor<fp32, n, 16> x, In Tensor<fp32, 8, 16> y) {
    Tile<fp32, 8, 16, Vec> a = tile.load(x, {0, 0}, {8, 16}) [[in_bounds = false]];
    Tile<fp32, 16, 16, Vec> b = tile.load(y, {0, 0}, {16, 16}) [[in_bounds = false]];
    return;
  }
}
// -----
// RUN: bound-tile-windows
// must not change: windows already marked correctly (also in an InCore function before ExpandMixedKernel) and orchestration code
program {
  AIV k(In Tensor<fp32, 64, 16> x) {
    Tile<fp32, 16, 16, Vec> a = tile.load(x, {0, 0}, {16, 16}) [[in_bounds = true]];
    return;
  }

  InCore c(In Tensor<fp32, 64, 16> x) {
    Tile<fp32, 16, 16, Vec> a = tile.load(x, {60, 0}, {16, 16}) [[in_bounds = false]];
    return;
  }

  Orchestration main(In Tensor<fp32, 64, 16> x) {
    k(x);
    return;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: bound-tile-windows
// a parameter's dims are also its arguments': a call passing a window clipped at run time (non-constant dim) leaves the stores into o, and into their results, unproven
program {
  AIV k(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, o);
    Tensor<fp32, 16, 16> s2 = tile.store(t, {0, 0}, s);
    return;
  }

  Orchestration main(In Tensor<fp32, 20, 16> x, In index n, Out Tensor<fp32, 20, 16> o) {
    Tensor<fp32, 16, 16> x_w = tensor.slice(x, {16, 16}, {0, 0});
    Tensor<fp32, max(0, min(16, 20 - n)), 16> o_w = tensor.slice(o, {max(0, min(16, 20 - n)), 16}, {min(n, 20), 0});
    k(x_w, o_w);
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec}) [[in_bounds = true]];
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, o) [[in_bounds = false]];
    Tensor<fp32, 16, 16> s2 = tile.store(t, {0, 0}, s) [[in_bounds = false]];
    return;
  }

  Orchestration main(In Tensor<fp32, 20, 16> x, In index n, Out Tensor<fp32, 20, 16> o) {
    Tensor<fp32, 16, 16> x_w = tensor.slice(x, {16, 16}, {0, 0});
    Tensor<fp32, max(0, min(16, 20 - n)), 16> o_w = tensor.slice(o, {max(0, min(16, 20 - n)), 16}, {min(n, 20), 0});
    k(x_w, o_w);
    return;
  }
}
