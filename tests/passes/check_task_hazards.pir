// RUN: check-task-hazards
// the reference case: 'rd' reads y, then 'wr' writes it, nothing orders them: an error at the writer with a note at the reader
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return s;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    Tensor<fp32, 32, 16> z2 = rd(y, z) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 32, 16> y2 = wr(x, y) [[arg_directions = ["Input", "OutputExisting"]]]; // EXPECTED-ERROR: TH001 {{write-after-read hazard: 'wr' writes 'y', which the earlier task 'rd' reads, and nothing orders the two tasks}}
    return;
  }
}

// -----
// RUN: check-task-hazards
// a dependency on the reader's task id orders the writer after it
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return s;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    Tuple<Tensor<fp32, 32, 16>, task_id> r = submit rd(y, z) [[arg_directions = ["Input", "OutputExisting"]]];
    task_id t = r[1];
    Tuple<Tensor<fp32, 32, 16>, task_id> w = submit wr(x, y) {.deps = {t}} [[arg_directions = ["Input", "OutputExisting"]]];
    return;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: check-task-hazards
// a copy of the task id is the same task
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return s;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    Tuple<Tensor<fp32, 32, 16>, task_id> r = submit rd(y, z) [[arg_directions = ["Input", "OutputExisting"]]];
    task_id t = r[1];
    task_id u = t;
    Tuple<Tensor<fp32, 32, 16>, task_id> w = submit wr(x, y) {.deps = {u}} [[arg_directions = ["Input", "OutputExisting"]]];
    return;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: check-task-hazards
// a chain of read-after-write edges orders them: 'rd' writes z, a second 'rd' reads z and writes w, and 'wr' reads w before it writes y
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return s;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    Tensor<fp32, 32, 16> w = tensor.create({32, 16}, {.dtype = fp32});
    Tensor<fp32, 32, 16> z2 = rd(y, z) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 32, 16> w2 = rd(z, w) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 32, 16> y2 = wr(w, y) [[arg_directions = ["Input", "OutputExisting"]]];
    return;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: check-task-hazards
// a reader that also writes the window (InOut) is ordered before a later writer (write-after-write)
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return s;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    Tensor<fp32, 32, 16> y3 = upd(y) [[arg_directions = ["InOut"]]];
    Tensor<fp32, 32, 16> y2 = wr(x, y) [[arg_directions = ["Input", "OutputExisting"]]];
    return;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: check-task-hazards
// disjoint windows of one tensor: rows 0..16 read, rows 16..32 written
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return s;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x2, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    Tensor<fp32, 16, 16> a = tensor.slice(y, {16, 16}, {0, 0});
    Tensor<fp32, 16, 16> b = tensor.slice(y, {16, 16}, {16, 0});
    Tensor<fp32, 16, 16> c = tensor.slice(z, {16, 16}, {0, 0});
    Tensor<fp32, 16, 16> c2 = half(a, c) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> b2 = half(x2, b) [[arg_directions = ["Input", "OutputExisting"]]];
    return;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: check-task-hazards
// overlapping windows: rows 0..16 read, rows 8..24 written
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return s;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x2, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    Tensor<fp32, 16, 16> a = tensor.slice(y, {16, 16}, {0, 0});
    Tensor<fp32, 16, 16> b = tensor.slice(y, {16, 16}, {8, 0});
    Tensor<fp32, 16, 16> c = tensor.slice(z, {16, 16}, {0, 0});
    Tensor<fp32, 16, 16> c2 = half(a, c) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> b2 = half(x2, b) [[arg_directions = ["Input", "OutputExisting"]]]; // EXPECTED-ERROR: TH001 {{'half' writes 'y', which the earlier task 'half' reads}}
    return;
  }
}

// -----
// RUN: check-task-hazards
// windows at unrelated run-time offsets may be apart: not proven, left to the simulator
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return s;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x2, In index r, In index s, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    Tensor<fp32, 16, 16> a = tensor.slice(y, {16, 16}, {r, 0});
    Tensor<fp32, 16, 16> b = tensor.slice(y, {16, 16}, {s, 0});
    Tensor<fp32, 16, 16> c = tensor.slice(z, {16, 16}, {0, 0});
    Tensor<fp32, 16, 16> c2 = half(a, c) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> b2 = half(x2, b) [[arg_directions = ["Input", "OutputExisting"]]];
    return;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: check-task-hazards
// the same run-time offset (r and r + 8) overlaps
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return s;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x2, In index r, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    Tensor<fp32, 16, 16> a = tensor.slice(y, {16, 16}, {r, 0});
    Tensor<fp32, 16, 16> b = tensor.slice(y, {16, 16}, {r + 8, 0});
    Tensor<fp32, 16, 16> c = tensor.slice(z, {16, 16}, {0, 0});
    Tensor<fp32, 16, 16> c2 = half(a, c) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> b2 = half(x2, b) [[arg_directions = ["Input", "OutputExisting"]]]; // EXPECTED-ERROR: TH001
    return;
  }
}

// -----
// RUN: check-task-hazards
// different parameters are different buffers: 'rd' reads y and writes z, 'wr' reads z (ordered after 'rd') and writes x, not y
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return s;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  Orchestration main(InOut Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    Tensor<fp32, 32, 16> z2 = rd(y, z) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 32, 16> x3 = wr(z, x) [[arg_directions = ["Input", "OutputExisting"]]];
    return;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: check-task-hazards
// a NoDep argument is not tracked by the runtime: no hazard is claimed for it
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return s;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    Tensor<fp32, 32, 16> z2 = rd(y, z) [[arg_directions = ["NoDep", "OutputExisting"]]];
    Tensor<fp32, 32, 16> y2 = wr(x, y) [[arg_directions = ["Input", "OutputExisting"]]];
    return;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: check-task-hazards
// an if between the tasks ends the block: the tasks before and after it are not compared
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return s;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z, In bool c) {
    Tensor<fp32, 32, 16> z2 = rd(y, z) [[arg_directions = ["Input", "OutputExisting"]]];
    if (c) {
      Tensor<fp32, 32, 16> z3 = rd(x, z) [[arg_directions = ["Input", "OutputExisting"]]];
    }
    Tensor<fp32, 32, 16> y2 = wr(x, y) [[arg_directions = ["Input", "OutputExisting"]]];
    return;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: check-task-hazards
// a loop running its body at least twice: 'rd' of iteration i reads y, 'wr' of iteration i + 1 rewrites it
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return s;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    for (index i : range(0, 3, 1)) {
      Tensor<fp32, 32, 16> y2 = wr(x, y) [[arg_directions = ["Input", "OutputExisting"]]]; // EXPECTED-ERROR: TH001 {{'wr' writes 'y' in iteration i + 1 of the loop at line}}
      Tensor<fp32, 32, 16> z2 = rd(y, z) [[arg_directions = ["Input", "OutputExisting"]]];
    }
    return;
  }
}

// -----
// RUN: check-task-hazards
// the same loop with the reader's task id carried into the next iteration's dependencies: ordered
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return s;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    task_id t0 = task_id(-1);
    for (index i : range(0, 3, 1)) carry (task_id t = t0) -> (task_id t_out) {
      Tuple<Tensor<fp32, 32, 16>, task_id> w = submit wr(x, y) {.deps = {t}} [[arg_directions = ["Input", "OutputExisting"]]];
      Tuple<Tensor<fp32, 32, 16>, task_id> r = submit rd(y, z) [[arg_directions = ["Input", "OutputExisting"]]];
      task_id tr = r[1];
      yield(tr);
    }
    return;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: check-task-hazards
// the same loop with a run-time trip count: not proven to run twice, left to the simulator
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return s;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z, In index n) {
    for (index i : range(0, n, 1)) {
      Tensor<fp32, 32, 16> y2 = wr(x, y) [[arg_directions = ["Input", "OutputExisting"]]];
      Tensor<fp32, 32, 16> z2 = rd(y, z) [[arg_directions = ["Input", "OutputExisting"]]];
    }
    return;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: check-task-hazards
// windows that move with the loop variable differ between iterations: not compared across them
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return s;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x2, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    for (index i : range(0, 2, 1)) {
      Tensor<fp32, 16, 16> a = tensor.slice(y, {16, 16}, {i * 16, 0});
      Tensor<fp32, 16, 16> c = tensor.slice(z, {16, 16}, {i * 16, 0});
      Tensor<fp32, 16, 16> a2 = half(x2, a) [[arg_directions = ["Input", "OutputExisting"]]];
      Tensor<fp32, 16, 16> c2 = half(a, c) [[arg_directions = ["Input", "OutputExisting"]]];
    }
    return;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: check-task-hazards
// a loop body with an if (even before its tasks) is not compared across iterations: a task in the if could order them
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return s;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z, In bool c) {
    for (index i : range(0, 3, 1)) {
      if (c) {
        Tensor<fp32, 32, 16> z3 = rd(x, z) [[arg_directions = ["Input", "OutputExisting"]]];
      }
      Tensor<fp32, 32, 16> y2 = wr(x, y) [[arg_directions = ["Input", "OutputExisting"]]];
      Tensor<fp32, 32, 16> z2 = rd(y, z) [[arg_directions = ["Input", "OutputExisting"]]];
    }
    return;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: check-task-hazards
// in a manual scope the runtime infers no edge: 'wr' writes y, then 'rd' reads it with no dependency (read-after-write)
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return s;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    scope runtime [[manual = true]] {
      Tuple<Tensor<fp32, 32, 16>, task_id> w = submit wr(x, y) [[arg_directions = ["Input", "OutputExisting"]]];
      Tuple<Tensor<fp32, 32, 16>, task_id> r = submit rd(y, z) [[arg_directions = ["Input", "OutputExisting"]]]; // EXPECTED-ERROR: TH002 {{read-after-write hazard: 'rd' reads 'y', which the earlier task 'wr' writes, and nothing orders the two tasks (no dependency names it, and a manual scope infers none}}
    }
    return;
  }
}

// -----
// RUN: check-task-hazards
// in a manual scope two writers of one window need a dependency (write-after-write)
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return s;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    scope runtime [[manual = true]] {
      Tensor<fp32, 32, 16> y2 = wr(x, y) [[arg_directions = ["Input", "OutputExisting"]]];
      Tensor<fp32, 32, 16> y3 = wr(z, y) [[arg_directions = ["Input", "OutputExisting"]]]; // EXPECTED-ERROR: TH002 {{write-after-write hazard: 'wr' writes 'y', which the earlier task 'wr' writes}}
    }
    return;
  }
}

// -----
// RUN: check-task-hazards
// in a manual scope the user's dependencies order the tasks
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return s;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    scope runtime [[manual = true]] {
      Tuple<Tensor<fp32, 32, 16>, task_id> w = submit wr(x, y) [[arg_directions = ["Input", "OutputExisting"]]];
      task_id tw = w[1];
      Tuple<Tensor<fp32, 32, 16>, task_id> r = submit rd(y, z) {.deps = {tw}} [[arg_directions = ["Input", "OutputExisting"]]];
      task_id tr = r[1];
      Tuple<Tensor<fp32, 32, 16>, task_id> w2 = submit wr(x, y) {.deps = {tr}} [[arg_directions = ["Input", "OutputExisting"]]];
    }
    return;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: check-task-hazards
// in a manual scope tasks on different tensors need no dependency
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return s;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    scope runtime [[manual = true]] {
      Tensor<fp32, 32, 16> z2 = rd(x, z) [[arg_directions = ["Input", "OutputExisting"]]];
      Tensor<fp32, 32, 16> y2 = wr(x, y) [[arg_directions = ["Input", "OutputExisting"]]];
    }
    return;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: check-task-hazards
// a dummy task joins the readers: a writer that depends on it is ordered after both
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return s;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  Orchestration main(InOut Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    Tuple<Tensor<fp32, 32, 16>, task_id> r1 = submit rd(y, z) [[arg_directions = ["Input", "OutputExisting"]]];
    task_id t1 = r1[1];
    Tuple<Tensor<fp32, 32, 16>, task_id> r2 = submit rd(x, z) [[arg_directions = ["Input", "OutputExisting"]]];
    task_id t2 = r2[1];
    task_id j = system.task_dummy(t1, t2);
    Tuple<Tensor<fp32, 32, 16>, task_id> w = submit wr(x, y) {.deps = {j}} [[arg_directions = ["Input", "OutputExisting"]]];
    return;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: check-task-hazards
// a dummy task that joins only the other reader does not order the writer after 'rd' of y
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return s;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV upd(InOut Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  Orchestration main(InOut Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    Tuple<Tensor<fp32, 32, 16>, task_id> r1 = submit rd(y, z) [[arg_directions = ["Input", "OutputExisting"]]];
    Tuple<Tensor<fp32, 32, 16>, task_id> r2 = submit rd(x, x) [[arg_directions = ["Input", "OutputExisting"]]];
    task_id t2 = r2[1];
    task_id j = system.task_dummy(t2);
    Tuple<Tensor<fp32, 32, 16>, task_id> w = submit wr(x, y) {.deps = {j}} [[arg_directions = ["Input", "OutputExisting"]]]; // EXPECTED-ERROR: TH001 {{'wr' writes 'y', which the earlier task 'rd' reads}}
    return;
  }
}
// -----
// RUN: check-task-hazards
// TH002 across a manual scope's boundary: the runtime does not track a manual scope's tasks, so a
// task after the scope reading what one of them wrote, and a task in the scope reading what a
// task before it wrote, race without a dependency; a write into a disjoint window does not
program {
  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  AIV half(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z, Out Tensor<fp32, 32, 16> u, Out Tensor<fp32, 32, 16> v) {
    Tensor<fp32, 16, 16> top = tensor.slice(u, {16, 16}, {0, 0});
    Tensor<fp32, 16, 16> bottom = tensor.slice(u, {16, 16}, {16, 0});
    Tuple<Tensor<fp32, 32, 16>, task_id> before = submit wr(x, z) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> xs = tensor.slice(x, {16, 16}, {0, 0});
    Tuple<Tensor<fp32, 16, 16>, task_id> b2 = submit half(xs, top) [[arg_directions = ["Input", "OutputExisting"]]];
    scope runtime [[manual = true]] {
      Tuple<Tensor<fp32, 32, 16>, task_id> w = submit wr(z, y) [[arg_directions = ["Input", "OutputExisting"]]]; // EXPECTED-ERROR: TH002 {{read-after-write hazard: 'wr' reads 'z', which the earlier task 'wr' writes, and nothing orders the two tasks (no dependency names it, and a task in a manual scope is not ordered by the tensors it shares with tasks before the scope either)}}
      Tuple<Tensor<fp32, 16, 16>, task_id> w2 = submit half(xs, bottom) [[arg_directions = ["Input", "OutputExisting"]]];
    }
    Tuple<Tensor<fp32, 32, 16>, task_id> after = submit wr(y, v) [[arg_directions = ["Input", "OutputExisting"]]]; // EXPECTED-ERROR: TH002 {{read-after-write hazard: 'wr' reads 'y', which the earlier task 'wr' writes, and nothing orders the two tasks (no dependency names it, and the runtime does not track a manual scope's tasks: nothing orders a task after the scope after them)}}
    return;
  }
}
// -----
// RUN: check-task-hazards
// TH002 across iterations: one manual scope per iteration (a constant trip count), iteration
// i + 1's task rewrites what iteration i's task wrote and nothing names it
program {
  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y) {
    for (index i : range(0, 3, 1)) {
      scope runtime [[manual = true]] {
        Tuple<Tensor<fp32, 32, 16>, task_id> w = submit wr(x, y) [[arg_directions = ["Input", "OutputExisting"]]]; // EXPECTED-ERROR: TH002 {{write-after-write hazard: 'wr' writes 'y' in iteration i + 1 of the loop at line}}
      }
    }
    return;
  }
}
// -----
// RUN: check-task-hazards
// must not change: the same with the task id carried from each iteration's scope into the next
program {
  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y) {
    task_id none = task_id(-1);
    for (index i : range(0, 3, 1)) carry (task_id last = none) -> (task_id out) {
      scope runtime [[manual = true]] {
        Tuple<Tensor<fp32, 32, 16>, task_id> w = submit wr(x, y) {.deps = {last}} [[arg_directions = ["Input", "OutputExisting"]]];
        task_id made = w[1];
      }
      yield(made);
    }
    return;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: check-task-hazards
// must not change: a task after a manual scope depends on a task id produced inside it (task ids
// outlive their scope: it is how a later task is ordered after the scope's untracked tasks)
program {
  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    task_id inside = task_id(-1);
    scope runtime [[manual = true]] {
      Tuple<Tensor<fp32, 32, 16>, task_id> w = submit wr(x, y) [[arg_directions = ["Input", "OutputExisting"]]];
      task_id made = w[1];
      task_id copy = made;
    }
    Tuple<Tensor<fp32, 32, 16>, task_id> r = submit wr(y, z) {.deps = {copy}} [[arg_directions = ["Input", "OutputExisting"]]];
    return;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: check-task-hazards
// must not change: a task id carried out of a manual scope inside the loop body orders the next
// iteration's instance of the scope after it, and (through an if result) a dummy task after the loop
program {
  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z, In index n) {
    task_id none = task_id(-1);
    for (index i : range(0, n, 1)) carry (task_id last = none) -> (task_id out) {
      scope runtime [[manual = true]] {
        Tuple<Tensor<fp32, 32, 16>, task_id> w = submit wr(x, y) {.deps = {last}} [[arg_directions = ["Input", "OutputExisting"]]];
        task_id made = w[1];
      }
      yield(made);
    }
    if (n > 2) -> (task_id picked) {
      yield(out);
    } else {
      yield(none);
    }
    task_id j = system.task_dummy(picked);
    return;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: check-task-hazards
// must not change: inside a manual scope a loop carries its own tasks' ids and depends on a task
// from before the scope; a task after the scope depends on a task before it
program {
  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z, In index n) {
    Tuple<Tensor<fp32, 32, 16>, task_id> b = submit wr(x, z) [[arg_directions = ["Input", "OutputExisting"]]];
    task_id before = b[1];
    task_id none = task_id(-1);
    scope runtime [[manual = true]] {
      for (index i : range(0, n, 1)) carry (task_id last = none) -> (task_id out) {
        Tuple<Tensor<fp32, 32, 16>, task_id> w = submit wr(x, y) {.deps = {last, before}} [[arg_directions = ["Input", "OutputExisting"]]];
        task_id made = w[1];
        yield(made);
      }
      task_id j = system.task_dummy(out, before);
    }
    Tuple<Tensor<fp32, 32, 16>, task_id> a = submit wr(z, y) {.deps = {before}} [[arg_directions = ["Input", "InOut"]]];
    return;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: check-task-hazards
// must not change: a task id array set inside a manual scope, the array and an element of it
// dependencies after it
program {
  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    Array<task_id, 2> ids = array.create({.dtype = task_id, .size = 2});
    scope runtime [[manual = true]] {
      Tuple<Tensor<fp32, 32, 16>, task_id> w = submit wr(x, y) [[arg_directions = ["Input", "OutputExisting"]]];
      task_id made = w[1];
      Array<task_id, 2> ids2 = array.update_element(ids, 1, made);
    }
    task_id first = array.get_element(ids2, 0);
    Tuple<Tensor<fp32, 32, 16>, task_id> r = submit wr(y, z) {.deps = {ids2}} [[arg_directions = ["Input", "OutputExisting"]]];
    Tuple<Tensor<fp32, 32, 16>, task_id> r2 = submit wr(y, z) {.deps = {first}} [[arg_directions = ["Input", "OutputExisting"]]];
    return;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: check-task-hazards
// TH004: an orchestration's tensor.read of a buffer a task of it writes (a later task too: in a
// loop it runs before the next read); reading a parameter no task writes is fine
program {
  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<int32, 4> n) -> Tensor<int32, 4> {
    Tensor<int32, 4> s = tensor.write(n, {0}, 2);
    return s;
  }

  AIV rd(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, In Tensor<int32, 4> k, Out Tensor<int32, 4> n, Out Tensor<fp32, 32, 16> y) {
    int32 a = tensor.read(k, {1});
    int32 b = tensor.read(n, {0}); // EXPECTED-ERROR: TH004 {{'pl::read' of 'n' in orchestration 'main' reads the tensor's memory directly (the runtime does not wait for tasks), but task 'wr' writes it}}
    Tensor<int32, 4> m = wr(x, n) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 32, 16> r = rd(x, y) [[arg_directions = ["Input", "OutputExisting"]]];
    return;
  }
}
// -----
// RUN: check-task-hazards
// TH004 through reshape views: a task writing a reshape of 'n' writes 'n'; one writing a reshape
// of 'y' leaves a read of 'k' alone (a view names its source's buffer, not an unknown one)
program {
  AIV wr(In Tensor<fp32, 16, 32> x, Out Tensor<int32, 2, 2> n) -> Tensor<int32, 2, 2> {
    Tensor<int32, 2, 2> s = tensor.write(n, {0, 0}, 2);
    return s;
  }

  AIV rd(In Tensor<fp32, 16, 32> x, Out Tensor<fp32, 16, 32> y) -> Tensor<fp32, 16, 32> {
    Tile<fp32, 16, 32, Vec> t = tile.load(x, {0, 0}, {16, 32}, {.target_memory = Vec});
    Tensor<fp32, 16, 32> s = tile.store(t, {0, 0}, y);
    return s;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, In Tensor<int32, 4> k, Out Tensor<int32, 4> n, Out Tensor<fp32, 32, 16> y) {
    int32 a = tensor.read(k, {1});
    int32 b = tensor.read(n, {0}); // EXPECTED-ERROR: TH004 {{'pl::read' of 'n' in orchestration 'main' reads the tensor's memory directly (the runtime does not wait for tasks), but task 'wr' writes it}}
    Tensor<fp32, 16, 32> xv = tensor.reshape(x, {16, 32});
    Tensor<int32, 2, 2> nv = tensor.reshape(n, {2, 2});
    Tensor<fp32, 16, 32> yv = tensor.reshape(y, {16, 32});
    Tensor<int32, 2, 2> m = wr(xv, nv) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 32> r = rd(xv, yv) [[arg_directions = ["Input", "OutputExisting"]]];
    return;
  }
}
// -----
// RUN: check-task-hazards
// TH004 for an orchestration's tensor.write (pl::write): a task submitted before the write that
// reads or writes the tensor may still run (an error, with a note at the task); tasks submitted
// after it see the value; a loop holding the write and a task orders them both ways (an error);
// writing a tensor no task uses is fine
program {
  AIV use(In Tensor<int32, 4> k, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    return y;
  }

  Orchestration main(InOut Tensor<int32, 4> k, InOut Tensor<int32, 4> early, InOut Tensor<int32, 4> free, InOut Tensor<int32, 4> lp, Out Tensor<fp32, 32, 16> y, In index n) {
    Tensor<fp32, 32, 16> r0 = use(early, y) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<int32, 4> e1 = tensor.write(early, {0}, 3); // EXPECTED-ERROR: TH004 {{'pl::write' of 'early' in orchestration 'main' writes the tensor's memory directly (the runtime does not wait for tasks), but task 'use' reads it and may still run}}
    Tensor<int32, 4> k1 = tensor.write(k, {0}, 7);
    Tensor<fp32, 32, 16> r1 = use(k1, y) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<int32, 4> f1 = tensor.write(free, {2}, 1);
    for (index i : range(0, n, 1)) {
      Tensor<int32, 4> l2 = tensor.write(lp, {1}, 5); // EXPECTED-ERROR: TH004 {{'pl::write' of 'lp' in orchestration 'main' writes the tensor's memory directly (the runtime does not wait for tasks), but task 'use' reads it and may still run (a loop holds both)}}
      Tensor<fp32, 32, 16> r2 = use(l2, y) [[arg_directions = ["Input", "OutputExisting"]]];
    }
    return;
  }
}
// -----
// RUN: check-task-hazards
// a tensor created in the loop body is a new buffer in every iteration: iteration i + 1's writer
// of 't' does not race iteration i's reader of its own 't' (no TH001); a created tensor that
// lives across iterations (made before the loop) still does, and so does a parameter
program {
  AIV rd(In Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(y, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, z);
    return s;
  }

  AIV wr(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, InOut Tensor<fp32, 32, 16> z, InOut Tensor<fp32, 32, 16> p) {
    for (index i : range(0, 3, 1)) {
      Tensor<fp32, 32, 16> t = tensor.create({32, 16}, {.dtype = fp32});
      Tensor<fp32, 32, 16> t2 = wr(x, t) [[arg_directions = ["Input", "OutputExisting"]]];
      Tensor<fp32, 32, 16> z2 = rd(t, z) [[arg_directions = ["Input", "OutputExisting"]]];
    }
    Tensor<fp32, 32, 16> u = tensor.create({32, 16}, {.dtype = fp32});
    for (index j : range(0, 3, 1)) {
      Tensor<fp32, 32, 16> u2 = wr(x, u) [[arg_directions = ["Input", "OutputExisting"]]]; // EXPECTED-ERROR: TH001 {{'wr' writes 'u' in iteration i + 1 of the loop at line}}
      Tensor<fp32, 32, 16> z3 = rd(u, z) [[arg_directions = ["Input", "OutputExisting"]]];
    }
    for (index k : range(0, 3, 1)) {
      Tensor<fp32, 32, 16> p2 = wr(x, p) [[arg_directions = ["Input", "OutputExisting"]]]; // EXPECTED-ERROR: TH001 {{'wr' writes 'p' in iteration i + 1 of the loop at line}}
      Tensor<fp32, 32, 16> z4 = rd(p, z) [[arg_directions = ["Input", "OutputExisting"]]];
    }
    return;
  }
}
// -----
// RUN: check-task-hazards
// graph calls are their bodies' tasks: the second call of g overwrites 'a', which the first call's second task reads, and only that task's read of b orders it after the first task: TH001 at the second call; launched with pl::submit and .deps on the first launch (a join after all of its tasks) it is ordered, also across the iterations of a loop carrying the id; a graph whose body has a loop stays a barrier (not compared)
program {
  AIV dbl(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  Graph g(In Tensor<fp32, 32, 16> a, Out Tensor<fp32, 32, 16> b, Out Tensor<fp32, 32, 16> c) {
    Tensor<fp32, 32, 16> b2 = dbl(a, b) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 32, 16> c2 = dbl(a, c) [[arg_directions = ["Input", "OutputExisting"]]];
    return;
  }

  Graph h(In Tensor<fp32, 32, 16> a, Out Tensor<fp32, 32, 16> b) {
    for (index i : range(0, 2, 1)) {
      Tensor<fp32, 32, 16> b2 = dbl(a, b) [[arg_directions = ["Input", "OutputExisting"]]];
    }
    return;
  }

  Orchestration main(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y, Out Tensor<fp32, 32, 16> z) {
    Tensor<fp32, 32, 16> a = tensor.create({32, 16}, {.dtype = fp32});
    Tensor<fp32, 32, 16> b = tensor.create({32, 16}, {.dtype = fp32});
    Tensor<fp32, 32, 16> a1 = dbl(x, a) [[arg_directions = ["Input", "OutputExisting"]]];
    g(a, b, y) [[arg_directions = ["Input", "OutputExisting", "OutputExisting"]]];
    g(b, a, z) [[arg_directions = ["Input", "OutputExisting", "OutputExisting"]]]; // EXPECTED-ERROR: TH001 {{write-after-read hazard: 'g' writes 'a', which the earlier task 'g' reads, and nothing orders the two tasks (no dependency, and no tensor one writes and the other touches), so hardware would race (the runtime does not track write-after-read); make 'g' depend on 'g': launch it with pl::submit (a Graph function's launch) and `.deps = {<the task id of 'g': its pl::submit, whose id is after all of its tasks>}`}}
    Tensor<fp32, 32, 16> c = tensor.create({32, 16}, {.dtype = fp32});
    Tensor<fp32, 32, 16> d = tensor.create({32, 16}, {.dtype = fp32});
    Tensor<fp32, 32, 16> c1 = dbl(x, c) [[arg_directions = ["Input", "OutputExisting"]]];
    Tuple<task_id> l1 = submit g(c, d, y) [[arg_directions = ["Input", "OutputExisting", "OutputExisting"]]];
    task_id t1 = l1[0];
    Tuple<task_id> l2 = submit g(d, c, z) {.deps = {t1}} [[arg_directions = ["Input", "OutputExisting", "OutputExisting"]]];
    task_id none = task_id(-1);
    for (index i : range(0, 3, 1)) carry (task_id prev = none) -> (task_id last) {
      Tuple<task_id> m1 = submit g(c, d, y) {.deps = {prev}} [[arg_directions = ["Input", "OutputExisting", "OutputExisting"]]];
      task_id p1 = m1[0];
      Tuple<task_id> m2 = submit g(d, c, z) {.deps = {p1}} [[arg_directions = ["Input", "OutputExisting", "OutputExisting"]]];
      task_id p2 = m2[0];
      yield(p2);
    }
    h(c, d) [[arg_directions = ["Input", "OutputExisting"]]];
    h(d, c) [[arg_directions = ["Input", "OutputExisting"]]];
    return;
  }
}
// -----
// RUN: check-task-hazards
// must not change: a graph whose second task overwrites the parameter its first task read, ordered through a tensor the body creates (a buffer per call: the first task writes it, the second reads it), called twice and in a loop
program {
  AIV dbl(In Tensor<fp32, 32, 16> x, Out Tensor<fp32, 32, 16> y) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 32, 16, Vec> t = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Vec});
    Tensor<fp32, 32, 16> s = tile.store(t, {0, 0}, y);
    return s;
  }

  Graph step(InOut Tensor<fp32, 32, 16> h) {
    Tensor<fp32, 32, 16> n = tensor.create({32, 16}, {.dtype = fp32});
    Tensor<fp32, 32, 16> n2 = dbl(h, n) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 32, 16> h2 = dbl(n, h) [[arg_directions = ["Input", "OutputExisting"]]];
    return;
  }

  Orchestration main(InOut Tensor<fp32, 32, 16> h) {
    step(h) [[arg_directions = ["InOut"]]];
    step(h) [[arg_directions = ["InOut"]]];
    for (index i : range(0, 3, 1)) {
      step(h) [[arg_directions = ["InOut"]]];
    }
    return;
  }
}
// EXPECTED-UNCHANGED
