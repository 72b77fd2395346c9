// RUN: window-task-arguments
// the reference case: a row window per call; proven inside, so the slices are static
program {
  AIV k(In Tensor<fp32, 64, 32> x, In index r, Out Tensor<fp32, 64, 32> o) -> Tensor<fp32, 64, 32> {
    Tile<fp32, 16, 32, Vec> t = tile.load(x, {r, 0}, {16, 32}, {.target_memory = Vec});
    Tensor<fp32, 64, 32> s = tile.store(t, {r, 0}, o);
    return s;
  }

  Orchestration main(In Tensor<fp32, 64, 32> x, Out Tensor<fp32, 64, 32> o) -> Tensor<fp32, 64, 32> {
    for (index i : range(0, 4, 1)) {
      Tensor<fp32, 64, 32> o2 = k(x, i * 16, o) [[arg_directions = ["Input", "Scalar", "OutputExisting"]]];
    }
    return o;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16, 32> x, In index r, Out Tensor<fp32, 16, 32> o) -> Tensor<fp32, 16, 32> {
    Tile<fp32, 16, 32, Vec> t = tile.load(x, {0, 0}, {16, 32}, {.target_memory = Vec});
    Tensor<fp32, 16, 32> s = tile.store(t, {0, 0}, o);
    return s;
  }

  Orchestration main(In Tensor<fp32, 64, 32> x, Out Tensor<fp32, 64, 32> o) -> Tensor<fp32, 64, 32> {
    for (index i : range(0, 4, 1)) {
      Tensor<fp32, 16, 32> x_w = tensor.slice(x, {16, 32}, {i * 16, 0});
      Tensor<fp32, 16, 32> o_w = tensor.slice(o, {16, 32}, {i * 16, 0});
      Tensor<fp32, 16, 32> o2 = k(x_w, i * 16, o_w) [[arg_directions = ["Input", "Scalar", "OutputExisting"]]];
    }
    return o;
  }
}

// -----
// RUN: window-task-arguments
// several accesses: the window spans them (rows r + 2 .. r + 20, columns 8 .. 24); a later use of the call's result is the whole tensor again
program {
  AIV k(In Tensor<fp32, 64, 32> x, In index r, InOut Tensor<fp32, 64, 32> o) -> Tensor<fp32, 64, 32> {
    Tile<fp32, 8, 8, Vec> a = tile.load(x, {r + 2, 8}, {8, 8}, {.target_memory = Vec});
    Tile<fp32, 8, 16, Vec> b = tile.load(o, {r + 12, 8}, {8, 16}, {.target_memory = Vec});
    Tensor<fp32, 64, 32> s = tile.store(a, {r + 12, 16}, o);
    return s;
  }

  Orchestration main(In Tensor<fp32, 64, 32> x, InOut Tensor<fp32, 64, 32> o) -> Tensor<fp32, 64, 32> {
    Tensor<fp32, 64, 32> o2 = k(x, 40, o) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    Tensor<fp32, 64, 32> o3 = k(x, 4, o2) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    return o3;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 8, 8, view{stride = {32, 1}}> x, In index r, InOut Tensor<fp32, 8, 16, view{stride = {32, 1}}> o) -> Tensor<fp32, 8, 16, view{stride = {32, 1}}> {
    Tile<fp32, 8, 8, Vec> a = tile.load(x, {0, 0}, {8, 8}, {.target_memory = Vec});
    Tile<fp32, 8, 16, Vec> b = tile.load(o, {0, 0}, {8, 16}, {.target_memory = Vec});
    Tensor<fp32, 8, 16, view{stride = {32, 1}}> s = tile.store(a, {0, 8}, o);
    return s;
  }

  Orchestration main(In Tensor<fp32, 64, 32> x, InOut Tensor<fp32, 64, 32> o) -> Tensor<fp32, 64, 32> {
    Tensor<fp32, 8, 8> x_w = tensor.slice(x, {8, 8}, {40 + 2, 8});
    Tensor<fp32, 8, 16> o_w = tensor.slice(o, {8, 16}, {40 + 12, 8});
    Tensor<fp32, 8, 16, view{stride = {32, 1}}> o2 = k(x_w, 40, o_w) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    Tensor<fp32, 8, 8> x_w_1 = tensor.slice(x, {8, 8}, {4 + 2, 8});
    Tensor<fp32, 8, 16> o_w_1 = tensor.slice(o, {8, 16}, {4 + 12, 8});
    Tensor<fp32, 8, 16, view{stride = {32, 1}}> o3 = k(x_w_1, 4, o_w_1) [[arg_directions = ["Input", "Scalar", "InOut"]]];
    return o;
  }
}

// -----
// RUN: window-task-arguments
// a window not proven inside its argument (a scalar the caller does not bound; a ragged last window): clipped at run time in the dims that need it
program {
  AIV k(In Tensor<fp32, 20, 16> x, In index r, Out Tensor<fp32, 20, 16> o) {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {r, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 20, 16> s = tile.store(t, {r, 0}, o);
    return;
  }

  Orchestration main(In Tensor<fp32, 20, 16> x, In index n, Out Tensor<fp32, 20, 16> o) {
    k(x, n, o) [[arg_directions = ["Input", "Scalar", "OutputExisting"]]];
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16, 16> x, In index r, Out Tensor<fp32, 16, 16> o) {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, o);
    return;
  }

  Orchestration main(In Tensor<fp32, 20, 16> x, In index n, Out Tensor<fp32, 20, 16> o) {
    Tensor<fp32, max(0, min(16, 20 - n)), 16> x_w = tensor.slice(x, {max(0, min(16, 20 - n)), 16}, {min(n, 20), 0});
    Tensor<fp32, max(0, min(16, 20 - n)), 16> o_w = tensor.slice(o, {max(0, min(16, 20 - n)), 16}, {min(n, 20), 0});
    k(x_w, n, o_w) [[arg_directions = ["Input", "Scalar", "OutputExisting"]]];
    return;
  }
}

// -----
// RUN: window-task-arguments
// whole tensors: offsets of a kernel loop variable keep x and o whole (the reasons in whole_tensor_args); w's window is all of w (nothing to do)
program {
  AIV k(In Tensor<fp32, 64, 16> x, In index n, Out Tensor<fp32, 64, 16> o, Out Tensor<fp32, 16, 16> w) {
    for (index i : range(0, 4, 1)) {
      Tile<fp32, 16, 16, Vec> t = tile.load(x, {i * 16, 0}, {16, 16}, {.target_memory = Vec});
      Tensor<fp32, 64, 16> s = tile.store(t, {i * 16, 0}, o);
    }
    Tile<fp32, 16, 16, Vec> u = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> v = tile.store(u, {0, 0}, w);
    return;
  }

  Orchestration main(In Tensor<fp32, 64, 16> x, Out Tensor<fp32, 64, 16> o, Out Tensor<fp32, 16, 16> w) {
    k(x, 4, o, w) [[arg_directions = ["Input", "Scalar", "OutputExisting", "OutputExisting"]]];
    return;
  }
}
// EXPECTED:
program {
  [[whole_tensor_args = ["x: the offset 'i * 16' of dim 0 is not a scalar parameter expression plus a constant", "o: the offset 'i * 16' of dim 0 is not a scalar parameter expression plus a constant"]]]
  AIV k(In Tensor<fp32, 64, 16> x, In index n, Out Tensor<fp32, 64, 16> o, Out Tensor<fp32, 16, 16> w) {
    for (index i : range(0, 4, 1)) {
      Tile<fp32, 16, 16, Vec> t = tile.load(x, {i * 16, 0}, {16, 16}, {.target_memory = Vec});
      Tensor<fp32, 64, 16> s = tile.store(t, {i * 16, 0}, o);
    }
    Tile<fp32, 16, 16, Vec> u = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> v = tile.store(u, {0, 0}, w);
    return;
  }

  Orchestration main(In Tensor<fp32, 64, 16> x, Out Tensor<fp32, 64, 16> o, Out Tensor<fp32, 16, 16> w) {
    k(x, 4, o, w) [[arg_directions = ["Input", "Scalar", "OutputExisting", "OutputExisting"]]];
    return;
  }
}

// -----
// RUN: window-task-arguments
// a kernel reading its tensor's shape keeps the whole tensor; a submit passes a window like a call
program {
  AIV k(In Tensor<fp32, 64, 16> x, In index r) {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {r, 0}, {16, 16}, {.target_memory = Vec});
    index n = tensor.dim(x, 0);
    return;
  }

  AIV j(In Tensor<fp32, 64, 16> x, In index r) {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {r, 0}, {16, 16}, {.target_memory = Vec});
    return;
  }

  Orchestration main(In Tensor<fp32, 64, 16> x) {
    k(x, 16) [[arg_directions = ["Input", "Scalar"]]];
    Tuple<task_id> t = submit j(x, 32) [[arg_directions = ["Input", "Scalar"]]];
    return;
  }
}
// EXPECTED:
program {
  [[whole_tensor_args = ["x: 'x' is used other than by a load, store, read, write or return"]]]
  AIV k(In Tensor<fp32, 64, 16> x, In index r) {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {r, 0}, {16, 16}, {.target_memory = Vec});
    index n = tensor.dim(x, 0);
    return;
  }

  AIV j(In Tensor<fp32, 16, 16> x, In index r) {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    return;
  }

  Orchestration main(In Tensor<fp32, 64, 16> x) {
    k(x, 16) [[arg_directions = ["Input", "Scalar"]]];
    Tensor<fp32, 16, 16> x_w = tensor.slice(x, {16, 16}, {32, 0});
    Tuple<task_id> t = submit j(x_w, 32) [[arg_directions = ["Input", "Scalar"]]];
    return;
  }
}

// -----
// RUN: window-task-arguments
// a column window (flash attention's scores): the window's type keeps the callers' strides
program {
  AIV k(In Tensor<fp32, 64, 128> s, In index r, In index j, Out Tensor<fp32, 64, 128> o) {
    Tile<fp32, 32, 32, Vec> t = tile.load(s, {r, j * 32}, {32, 32}, {.target_memory = Vec});
    Tensor<fp32, 64, 128> u = tile.store(t, {r, j * 32}, o);
    return;
  }

  Orchestration main(In Tensor<fp32, 64, 128> s, Out Tensor<fp32, 64, 128> o) {
    for (index b : range(0, 2, 1)) {
      for (index j : range(0, 4, 1)) {
        k(s, b * 32, j, o) [[arg_directions = ["Input", "Scalar", "Scalar", "OutputExisting"]]];
      }
    }
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 32, 32, view{stride = {128, 1}}> s, In index r, In index j, Out Tensor<fp32, 32, 32, view{stride = {128, 1}}> o) {
    Tile<fp32, 32, 32, Vec> t = tile.load(s, {0, 0}, {32, 32}, {.target_memory = Vec});
    Tensor<fp32, 32, 32, view{stride = {128, 1}}> u = tile.store(t, {0, 0}, o);
    return;
  }

  Orchestration main(In Tensor<fp32, 64, 128> s, Out Tensor<fp32, 64, 128> o) {
    for (index b : range(0, 2, 1)) {
      for (index j : range(0, 4, 1)) {
        Tensor<fp32, 32, 32> s_w = tensor.slice(s, {32, 32}, {b * 32, j * 32});
        Tensor<fp32, 32, 32> o_w = tensor.slice(o, {32, 32}, {b * 32, j * 32});
        k(s_w, b * 32, j, o_w) [[arg_directions = ["Input", "Scalar", "Scalar", "OutputExisting"]]];
      }
    }
    return;
  }
}

// -----
// RUN: window-task-arguments
// must not change: a kernel nothing calls keeps its parameters (no caller, no window; found by fuzz_ir.mutate)
program {
  AIV k(In Tensor<fp32, 64, 32> x, In index r) {
    Tile<fp32, 16, 32, Vec> t = tile.load(x, {r, 0}, {16, 32}, {.target_memory = Vec});
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 64, 32> x, In index r) {
    Tile<fp32, 16, 32, Vec> t = tile.load(x, {r, 0}, {16, 32}, {.target_memory = Vec});
    return;
  }
}

// -----
// RUN: window-task-arguments
// an access that may not run makes no window that could be invalid: the call would make it
// whether or not the access runs (fuzzer program 707200031: a negative constant offset in a branch
// not taken aborted the translated run). o's conditional store has a parameter offset and y's a
// negative constant one: both stay whole; x's unconditional load and z's conditional store at a
// constant offset >= 0 keep their windows
program {
  AIV k(In Tensor<fp32, 64, 16> x, In index r, Out Tensor<fp32, 64, 16> o, Out Tensor<fp32, 64, 16> y, Out Tensor<fp32, 64, 16> z) {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {r, 0}, {16, 16}, {.target_memory = Vec});
    if (r > 16) {
      Tensor<fp32, 64, 16> s = tile.store(t, {r - 16, 0}, o);
      Tensor<fp32, 64, 16> s2 = tile.store(t, {-32, 0}, y);
      Tensor<fp32, 64, 16> s3 = tile.store(t, {16, 0}, z);
    }
    return;
  }

  Orchestration main(In Tensor<fp32, 64, 16> x, Out Tensor<fp32, 64, 16> o, Out Tensor<fp32, 64, 16> y, Out Tensor<fp32, 64, 16> z) {
    k(x, 0, o, y, z) [[arg_directions = ["Input", "Scalar", "OutputExisting", "OutputExisting", "OutputExisting"]]];
    return;
  }
}
// EXPECTED:
program {
  [[whole_tensor_args = ["o: an access on a conditional path has the offset 'r - 16' in dim 0, which may be negative when it does not run", "y: an access on a conditional path has the offset '-32' in dim 0, which may be negative when it does not run"]]]
  AIV k(In Tensor<fp32, 16, 16> x, In index r, Out Tensor<fp32, 64, 16> o, Out Tensor<fp32, 64, 16> y, Out Tensor<fp32, 16, 16> z) {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    if (r > 16) {
      Tensor<fp32, 64, 16> s = tile.store(t, {r - 16, 0}, o);
      Tensor<fp32, 64, 16> s2 = tile.store(t, {-32, 0}, y);
      Tensor<fp32, 16, 16> s3 = tile.store(t, {0, 0}, z);
    }
    return;
  }

  Orchestration main(In Tensor<fp32, 64, 16> x, Out Tensor<fp32, 64, 16> o, Out Tensor<fp32, 64, 16> y, Out Tensor<fp32, 64, 16> z) {
    Tensor<fp32, 16, 16> x_w = tensor.slice(x, {16, 16}, {0, 0});
    Tensor<fp32, 16, 16> z_w = tensor.slice(z, {16, 16}, {16, 0});
    k(x_w, 0, o, y, z_w) [[arg_directions = ["Input", "Scalar", "OutputExisting", "OutputExisting", "OutputExisting"]]];
    return;
  }
}
