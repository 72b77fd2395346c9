// RUN: auto-derive-task-dependencies{analyze_auto_scopes=true}
// the reference case: 'wr' writes y after 'rd' reads it (WAR, which the runtime does not order): an edge from rd's task id, and the body, every hazard named, runs in a derived MANUAL scope
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return z;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    Tensor<fp32, 32, 16> z2 = rd(y, z) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 32, 16> y2 = wr(x, y) [[arg_directions = ["Input", "OutputExisting"]]];
    return;
  }
}
// EXPECTED:
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return z;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    scope runtime [[manual = true, derived = true]] {
      Tuple<Tensor<fp32, 32, 16>, task_id> rd_task = submit rd(y, z) [[arg_directions = ["Input", "OutputExisting"]]];
      Tensor<fp32, 32, 16> z2 = rd_task[0];
      task_id rd_tid = rd_task[1];
      Tensor<fp32, 32, 16> y2 = wr(x, y) [[arg_directions = ["Input", "OutputExisting"], compiler_deps = {rd_tid}]];
    }
    return;
  }
}

// -----
// RUN: auto-derive-task-dependencies
// off by default: without analyze_auto_scopes nothing changes
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return z;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    Tensor<fp32, 32, 16> z2 = rd(y, z) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 32, 16> y2 = wr(x, y) [[arg_directions = ["Input", "OutputExisting"]]];
    return;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: auto-derive-task-dependencies{analyze_auto_scopes=true}
// a function that already has derived edges or scopes is left as it is (idempotent)
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return z;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    scope runtime [[manual = true, derived = true]] {
      Tuple<Tensor<fp32, 32, 16>, task_id> rd_task = submit rd(y, z) [[arg_directions = ["Input", "OutputExisting"]]];
      Tensor<fp32, 32, 16> z2 = rd_task[0];
      task_id rd_tid = rd_task[1];
      Tensor<fp32, 32, 16> y2 = wr(x, y) [[arg_directions = ["Input", "OutputExisting"], compiler_deps = {rd_tid}]];
    }
    return;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: auto-derive-task-dependencies{analyze_auto_scopes=true}
// read-after-write and write-after-write: 'rd' waits for the writer of y, the second 'wr' (WAW on z) for 'rd'; the chain orders it after the first writer, so one edge each
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return z;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    Tensor<fp32, 32, 16> y2 = wr(x, y) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 32, 16> z2 = rd(y, z) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 32, 16> z3 = wr(x, z) [[arg_directions = ["Input", "OutputExisting"]]];
    return;
  }
}
// EXPECTED:
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return z;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    scope runtime [[manual = true, derived = true]] {
      Tuple<Tensor<fp32, 32, 16>, task_id> wr_task = submit wr(x, y) [[arg_directions = ["Input", "OutputExisting"]]];
      Tensor<fp32, 32, 16> y2 = wr_task[0];
      task_id wr_tid = wr_task[1];
      Tuple<Tensor<fp32, 32, 16>, task_id> rd_task = submit rd(y, z) [[arg_directions = ["Input", "OutputExisting"], compiler_deps = {wr_tid}]];
      Tensor<fp32, 32, 16> z2 = rd_task[0];
      task_id rd_tid = rd_task[1];
      Tensor<fp32, 32, 16> z3 = wr(x, z) [[arg_directions = ["Input", "OutputExisting"], compiler_deps = {rd_tid}]];
    }
    return;
  }
}

// -----
// RUN: auto-derive-task-dependencies{analyze_auto_scopes=true}
// read-read is no hazard and distinct buffers never conflict: no edge, and the body still runs MANUAL
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return z;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    Tensor<fp32, 32, 16> y2 = wr(x, y) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 32, 16> z2 = wr(x, z) [[arg_directions = ["Input", "OutputExisting"]]];
    return;
  }
}
// EXPECTED:
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return z;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    scope runtime [[manual = true, derived = true]] {
      Tensor<fp32, 32, 16> y2 = wr(x, y) [[arg_directions = ["Input", "OutputExisting"]]];
      Tensor<fp32, 32, 16> z2 = wr(x, z) [[arg_directions = ["Input", "OutputExisting"]]];
    }
    return;
  }
}

// -----
// RUN: auto-derive-task-dependencies{analyze_auto_scopes=true}
// windows proven apart (rows 0-15 and 16-31 of y, of z) do not conflict: no edge
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return z;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    Tensor<fp32, 16, 16> a = tensor.slice(y, {16, 16}, {0, 0});
    Tensor<fp32, 16, 16> b = tensor.slice(y, {16, 16}, {16, 0});
    Tensor<fp32, 16, 16> c = tensor.slice(z, {16, 16}, {0, 0});
    Tensor<fp32, 16, 16> d = tensor.slice(z, {16, 16}, {16, 0});
    Tensor<fp32, 16, 16> c2 = half(a, c) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> a2 = half(d, b) [[arg_directions = ["Input", "OutputExisting"]]];
    return;
  }
}
// EXPECTED:
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return z;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    scope runtime [[manual = true, derived = true]] {
      Tensor<fp32, 16, 16> a = tensor.slice(y, {16, 16}, {0, 0});
      Tensor<fp32, 16, 16> b = tensor.slice(y, {16, 16}, {16, 0});
      Tensor<fp32, 16, 16> c = tensor.slice(z, {16, 16}, {0, 0});
      Tensor<fp32, 16, 16> d = tensor.slice(z, {16, 16}, {16, 0});
      Tensor<fp32, 16, 16> c2 = half(a, c) [[arg_directions = ["Input", "OutputExisting"]]];
      Tensor<fp32, 16, 16> a2 = half(d, b) [[arg_directions = ["Input", "OutputExisting"]]];
    }
    return;
  }
}

// -----
// RUN: auto-derive-task-dependencies{analyze_auto_scopes=true}
// a window at a run-time offset may overlap: the write of rows 0-15 of y waits for the read of rows n..n+15 (and of z)
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return z;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z, In index n) {
    Tensor<fp32, 16, 16> a = tensor.slice(y, {16, 16}, {n, 0});
    Tensor<fp32, 16, 16> b = tensor.slice(y, {16, 16}, {0, 0});
    Tensor<fp32, 16, 16> c = tensor.slice(z, {16, 16}, {0, 0});
    Tensor<fp32, 16, 16> c2 = half(a, c) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> b2 = half(c2, b) [[arg_directions = ["Input", "OutputExisting"]]];
    return;
  }
}
// EXPECTED:
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return z;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z, In index n) {
    scope runtime [[manual = true, derived = true]] {
      Tensor<fp32, 16, 16> a = tensor.slice(y, {16, 16}, {n, 0});
      Tensor<fp32, 16, 16> b = tensor.slice(y, {16, 16}, {0, 0});
      Tensor<fp32, 16, 16> c = tensor.slice(z, {16, 16}, {0, 0});
      Tuple<Tensor<fp32, 16, 16>, task_id> half_task = submit half(a, c) [[arg_directions = ["Input", "OutputExisting"]]];
      Tensor<fp32, 16, 16> c2 = half_task[0];
      task_id half_tid = half_task[1];
      Tensor<fp32, 16, 16> b2 = half(c2, b) [[arg_directions = ["Input", "OutputExisting"], compiler_deps = {half_tid}]];
    }
    return;
  }
}

// -----
// RUN: auto-derive-task-dependencies{analyze_auto_scopes=true}
// a user dependency that already orders the pair is kept and not repeated as a derived edge
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return z;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    Tuple<Tensor<fp32, 32, 16>, task_id> r = submit rd(y, z) [[arg_directions = ["Input", "OutputExisting"]]];
    task_id t = r[1];
    Tuple<Tensor<fp32, 32, 16>, task_id> w = submit wr(x, y) {.deps = {t}} [[arg_directions = ["Input", "OutputExisting"]]];
    return;
  }
}
// EXPECTED:
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return z;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    scope runtime [[manual = true, derived = true]] {
      Tuple<Tensor<fp32, 32, 16>, task_id> r = submit rd(y, z) [[arg_directions = ["Input", "OutputExisting"]]];
      task_id t = r[1];
      Tuple<Tensor<fp32, 32, 16>, task_id> w = submit wr(x, y) {.deps = {t}} [[arg_directions = ["Input", "OutputExisting"]]];
    }
    return;
  }
}

// -----
// RUN: auto-derive-task-dependencies{analyze_auto_scopes=true}
// submits get their task id bound; derived edges go to the attr compiler_deps, apart from the user's .deps
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return z;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    Tensor<fp32, 32, 16> z2 = wr(x, z) [[arg_directions = ["Input", "OutputExisting"]]];
    Tuple<Tensor<fp32, 32, 16>, task_id> r = submit rd(y, z) [[arg_directions = ["Input", "OutputExisting"]]];
    Tuple<Tensor<fp32, 32, 16>, task_id> w = submit wr(x, y) [[arg_directions = ["Input", "OutputExisting"]]];
    return;
  }
}
// EXPECTED:
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return z;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    scope runtime [[manual = true, derived = true]] {
      Tuple<Tensor<fp32, 32, 16>, task_id> wr_task = submit wr(x, z) [[arg_directions = ["Input", "OutputExisting"]]];
      Tensor<fp32, 32, 16> z2 = wr_task[0];
      task_id wr_tid = wr_task[1];
      Tuple<Tensor<fp32, 32, 16>, task_id> r = submit rd(y, z) [[arg_directions = ["Input", "OutputExisting"], compiler_deps = {wr_tid}]];
      task_id rd_tid = r[1];
      Tuple<Tensor<fp32, 32, 16>, task_id> w = submit wr(x, y) [[arg_directions = ["Input", "OutputExisting"], compiler_deps = {rd_tid}]];
    }
    return;
  }
}
// -----
// RUN: auto-derive-task-dependencies{analyze_auto_scopes=true}
// y is written in the loop and read before it: a hazard with a task of another unit (and with the loop's earlier iterations) cannot be a fixed edge, so neither block gets edges and both stay AUTO
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return z;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    Tensor<fp32, 32, 16> z2 = rd(y, z) [[arg_directions = ["Input", "OutputExisting"]]];
    for (index i : range(0, 4, 1)) {
      Tensor<fp32, 32, 16> y2 = wr(x, y) [[arg_directions = ["Input", "OutputExisting"]]];
    }
    return;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: auto-derive-task-dependencies{analyze_auto_scopes=true}
// a loop body writing a tensor made before the loop: iteration i + 1 must wait for iteration i, whose task id is not a fixed value: left to the runtime
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return z;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    for (index i : range(0, 4, 1)) {
      Tensor<fp32, 32, 16> y2 = upd(y) [[arg_directions = ["InOut"]]];
    }
    return;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: auto-derive-task-dependencies{analyze_auto_scopes=true}
// a loop body whose written tensors are created in it: each iteration's hazards are its own, so it is covered, and so is the body around it: the outermost block becomes the derived MANUAL scope
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return z;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    for (index i : range(0, 4, 1)) {
      Tensor<fp32, 32, 16> t = tensor.create({32, 16}, {.dtype = fp32});
      Tensor<fp32, 32, 16> t2 = wr(x, t) [[arg_directions = ["Input", "OutputExisting"]]];
      Tensor<fp32, 32, 16> t3 = upd(t2) [[arg_directions = ["InOut"]]];
    }
    return;
  }
}
// EXPECTED:
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return z;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    scope runtime [[manual = true, derived = true]] {
      for (index i : range(0, 4, 1)) {
        Tensor<fp32, 32, 16> t = tensor.create({32, 16}, {.dtype = fp32});
        Tuple<Tensor<fp32, 32, 16>, task_id> wr_task = submit wr(x, t) [[arg_directions = ["Input", "OutputExisting"]]];
        Tensor<fp32, 32, 16> t2 = wr_task[0];
        task_id wr_tid = wr_task[1];
        Tensor<fp32, 32, 16> t3 = upd(t2) [[arg_directions = ["InOut"], compiler_deps = {wr_tid}]];
      }
    }
    return;
  }
}

// -----
// RUN: auto-derive-task-dependencies{analyze_auto_scopes=true}
// auto_scope = false: no scope is added, the block stays AUTO; every hazard being an edge, Input becomes NoDep and InOut OutputExisting (no TensorMap lookup)
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return z;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  [[auto_scope = false]]
  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    Tensor<fp32, 32, 16> y2 = wr(x, y) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 32, 16> y3 = upd(y2) [[arg_directions = ["InOut"]]];
    Tensor<fp32, 32, 16> z2 = rd(y3, z) [[arg_directions = ["Input", "OutputExisting"]]];
    return;
  }
}
// EXPECTED:
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return z;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  [[auto_scope = false]]
  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    Tuple<Tensor<fp32, 32, 16>, task_id> wr_task = submit wr(x, y) [[arg_directions = ["NoDep", "OutputExisting"]]];
    Tensor<fp32, 32, 16> y2 = wr_task[0];
    task_id wr_tid = wr_task[1];
    Tuple<Tensor<fp32, 32, 16>, task_id> upd_task = submit upd(y2) [[arg_directions = ["OutputExisting"], compiler_deps = {wr_tid}]];
    Tensor<fp32, 32, 16> y3 = upd_task[0];
    task_id upd_tid = upd_task[1];
    Tensor<fp32, 32, 16> z2 = rd(y3, z) [[arg_directions = ["NoDep", "OutputExisting"], compiler_deps = {upd_tid}]];
    return;
  }
}

// -----
// RUN: auto-derive-task-dependencies{analyze_auto_scopes=true}
// a user-written AUTO scope is a block of its own: its edges are derived and it stays AUTO, inside the derived MANUAL body
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return z;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    Tensor<fp32, 32, 16> z2 = rd(y, z) [[arg_directions = ["Input", "OutputExisting"]]];
    scope runtime {
      Tensor<fp32, 32, 16> t = tensor.create({32, 16}, {.dtype = fp32});
      Tensor<fp32, 32, 16> t2 = wr(x, t) [[arg_directions = ["Input", "OutputExisting"]]];
      Tensor<fp32, 32, 16> t3 = upd(t2) [[arg_directions = ["InOut"]]];
    }
    Tensor<fp32, 32, 16> y2 = wr(x, y) [[arg_directions = ["Input", "OutputExisting"]]];
    return;
  }
}
// EXPECTED:
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return z;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    scope runtime [[manual = true, derived = true]] {
      Tuple<Tensor<fp32, 32, 16>, task_id> rd_task = submit rd(y, z) [[arg_directions = ["Input", "OutputExisting"]]];
      Tensor<fp32, 32, 16> z2 = rd_task[0];
      task_id rd_tid = rd_task[1];
      scope runtime {
        Tensor<fp32, 32, 16> t = tensor.create({32, 16}, {.dtype = fp32});
        Tuple<Tensor<fp32, 32, 16>, task_id> wr_task = submit wr(x, t) [[arg_directions = ["Input", "OutputExisting"]]];
        Tensor<fp32, 32, 16> t2 = wr_task[0];
        task_id wr_tid = wr_task[1];
        Tensor<fp32, 32, 16> t3 = upd(t2) [[arg_directions = ["InOut"], compiler_deps = {wr_tid}]];
      }
      Tensor<fp32, 32, 16> y2 = wr(x, y) [[arg_directions = ["Input", "OutputExisting"], compiler_deps = {rd_tid}]];
    }
    return;
  }
}

// -----
// RUN: auto-derive-task-dependencies{analyze_auto_scopes=true}
// a user-written manual scope is left as it is: only its dependencies order its tasks
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return z;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    scope runtime [[manual = true]] {
      Tensor<fp32, 32, 16> z2 = rd(y, z) [[arg_directions = ["Input", "OutputExisting"]]];
      Tensor<fp32, 32, 16> y2 = wr(x, y) [[arg_directions = ["Input", "OutputExisting"]]];
    }
    return;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: auto-derive-task-dependencies{analyze_auto_scopes=true}
// a task argument of an unknown buffer (x or y) could alias any write: nothing is derived in the function
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return z;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z, In bool c) {
    if (c) -> (Tensor<fp32, 32, 16> s) {
      yield(x);
    } else {
      yield(y);
    }
    Tensor<fp32, 32, 16> z2 = rd(s, z) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 32, 16> y2 = wr(x, y) [[arg_directions = ["Input", "OutputExisting"]]];
    return;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: auto-derive-task-dependencies{analyze_auto_scopes=true}
// a producer launched with sync_start cannot become a submit (no task id for the edge): the block stays AUTO without edges
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return z;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    Tensor<fp32, 32, 16> z2 = rd(y, z) [[arg_directions = ["Input", "OutputExisting"], core_num = 2, sync_start = true]];
    Tensor<fp32, 32, 16> y2 = wr(x, y) [[arg_directions = ["Input", "OutputExisting"]]];
    return;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: auto-derive-task-dependencies{analyze_auto_scopes=true}
// an SPMD launch as producer: its core_num moves to the submit
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return z;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    Tensor<fp32, 32, 16> z2 = rd(y, z) [[arg_directions = ["Input", "OutputExisting"], core_num = 2]];
    Tensor<fp32, 32, 16> y2 = wr(x, y) [[arg_directions = ["Input", "OutputExisting"]]];
    return;
  }
}
// EXPECTED:
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return z;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    scope runtime [[manual = true, derived = true]] {
      Tuple<Tensor<fp32, 32, 16>, task_id> rd_task = submit rd(y, z) {.core_num = 2} [[arg_directions = ["Input", "OutputExisting"]]];
      Tensor<fp32, 32, 16> z2 = rd_task[0];
      task_id rd_tid = rd_task[1];
      Tensor<fp32, 32, 16> y2 = wr(x, y) [[arg_directions = ["Input", "OutputExisting"], compiler_deps = {rd_tid}]];
    }
    return;
  }
}

// -----
// RUN: auto-derive-task-dependencies{analyze_auto_scopes=true}
// a task that would need more than 32 derived edges (33 writers of y before a reader of all of it): the block stays AUTO without edges
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return z;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV all(In Tensor<fp32, 528, 16> y, Out Tensor<fp32, 16, 16> z) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(y, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, z);
    return z;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x, InOut Tensor<fp32, 528, 16> y, Out Tensor<fp32, 16, 16> z) {
    Tensor<fp32, 16, 16> a0 = tensor.slice(y, {16, 16}, {0, 0});
    Tensor<fp32, 16, 16> a0_2 = half(x, a0) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> a1 = tensor.slice(y, {16, 16}, {16, 0});
    Tensor<fp32, 16, 16> a1_2 = half(x, a1) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> a2 = tensor.slice(y, {16, 16}, {32, 0});
    Tensor<fp32, 16, 16> a2_2 = half(x, a2) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> a3 = tensor.slice(y, {16, 16}, {48, 0});
    Tensor<fp32, 16, 16> a3_2 = half(x, a3) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> a4 = tensor.slice(y, {16, 16}, {64, 0});
    Tensor<fp32, 16, 16> a4_2 = half(x, a4) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> a5 = tensor.slice(y, {16, 16}, {80, 0});
    Tensor<fp32, 16, 16> a5_2 = half(x, a5) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> a6 = tensor.slice(y, {16, 16}, {96, 0});
    Tensor<fp32, 16, 16> a6_2 = half(x, a6) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> a7 = tensor.slice(y, {16, 16}, {112, 0});
    Tensor<fp32, 16, 16> a7_2 = half(x, a7) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> a8 = tensor.slice(y, {16, 16}, {128, 0});
    Tensor<fp32, 16, 16> a8_2 = half(x, a8) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> a9 = tensor.slice(y, {16, 16}, {144, 0});
    Tensor<fp32, 16, 16> a9_2 = half(x, a9) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> a10 = tensor.slice(y, {16, 16}, {160, 0});
    Tensor<fp32, 16, 16> a10_2 = half(x, a10) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> a11 = tensor.slice(y, {16, 16}, {176, 0});
    Tensor<fp32, 16, 16> a11_2 = half(x, a11) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> a12 = tensor.slice(y, {16, 16}, {192, 0});
    Tensor<fp32, 16, 16> a12_2 = half(x, a12) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> a13 = tensor.slice(y, {16, 16}, {208, 0});
    Tensor<fp32, 16, 16> a13_2 = half(x, a13) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> a14 = tensor.slice(y, {16, 16}, {224, 0});
    Tensor<fp32, 16, 16> a14_2 = half(x, a14) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> a15 = tensor.slice(y, {16, 16}, {240, 0});
    Tensor<fp32, 16, 16> a15_2 = half(x, a15) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> a16 = tensor.slice(y, {16, 16}, {256, 0});
    Tensor<fp32, 16, 16> a16_2 = half(x, a16) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> a17 = tensor.slice(y, {16, 16}, {272, 0});
    Tensor<fp32, 16, 16> a17_2 = half(x, a17) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> a18 = tensor.slice(y, {16, 16}, {288, 0});
    Tensor<fp32, 16, 16> a18_2 = half(x, a18) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> a19 = tensor.slice(y, {16, 16}, {304, 0});
    Tensor<fp32, 16, 16> a19_2 = half(x, a19) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> a20 = tensor.slice(y, {16, 16}, {320, 0});
    Tensor<fp32, 16, 16> a20_2 = half(x, a20) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> a21 = tensor.slice(y, {16, 16}, {336, 0});
    Tensor<fp32, 16, 16> a21_2 = half(x, a21) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> a22 = tensor.slice(y, {16, 16}, {352, 0});
    Tensor<fp32, 16, 16> a22_2 = half(x, a22) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> a23 = tensor.slice(y, {16, 16}, {368, 0});
    Tensor<fp32, 16, 16> a23_2 = half(x, a23) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> a24 = tensor.slice(y, {16, 16}, {384, 0});
    Tensor<fp32, 16, 16> a24_2 = half(x, a24) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> a25 = tensor.slice(y, {16, 16}, {400, 0});
    Tensor<fp32, 16, 16> a25_2 = half(x, a25) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> a26 = tensor.slice(y, {16, 16}, {416, 0});
    Tensor<fp32, 16, 16> a26_2 = half(x, a26) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> a27 = tensor.slice(y, {16, 16}, {432, 0});
    Tensor<fp32, 16, 16> a27_2 = half(x, a27) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> a28 = tensor.slice(y, {16, 16}, {448, 0});
    Tensor<fp32, 16, 16> a28_2 = half(x, a28) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> a29 = tensor.slice(y, {16, 16}, {464, 0});
    Tensor<fp32, 16, 16> a29_2 = half(x, a29) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> a30 = tensor.slice(y, {16, 16}, {480, 0});
    Tensor<fp32, 16, 16> a30_2 = half(x, a30) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> a31 = tensor.slice(y, {16, 16}, {496, 0});
    Tensor<fp32, 16, 16> a31_2 = half(x, a31) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> a32 = tensor.slice(y, {16, 16}, {512, 0});
    Tensor<fp32, 16, 16> a32_2 = half(x, a32) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> w = tensor.slice(y, {16, 16}, {0, 0});
    Tensor<fp32, 16, 16> z2 = all(y, z) [[arg_directions = ["Input", "OutputExisting"]]];
    return;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: auto-derive-task-dependencies{analyze_auto_scopes=true}
// a compiler_deps attr that is not a list of task ids is an error (only this pass writes it)
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return z;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return y;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    Tensor<fp32, 32, 16> z2 = rd(y, z) [[arg_directions = ["Input", "OutputExisting"], compiler_deps = {x}]]; // EXPECTED-ERROR: AD001 {{'compiler_deps' of the task 'rd' must be a list of task id variables}}
    return;
  }
}
