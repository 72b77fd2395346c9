// RUN: lower-spmd-launches
// a launch becomes the wrapper's kernel calls with core_num; the result maps to the returned value; the wrapper goes
program {
  InCore k(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o) -> Tensor<fp32, 16> {
    Tile<fp32, 1, 16, Vec> t = tile.load(x, {0}, {16});
    Tensor<fp32, 16> r = tile.store(t, {0}, o);
    return o;
  }

  Spmd main_spmd_0(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> r = k(x, o);
    return o;
  }

  Orchestration main(In Tensor<fp32, 16> x, In Tensor<fp32, 16> o, In index n) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> r = main_spmd_0(x, o) [[core_num = (n * 2)]];
    return r;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o) -> Tensor<fp32, 16> {
    Tile<fp32, 1, 16, Vec> t = tile.load(x, {0}, {16});
    Tensor<fp32, 16> r = tile.store(t, {0}, o);
    return o;
  }

  Orchestration main(In Tensor<fp32, 16> x, In Tensor<fp32, 16> o, In index n) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> r = k(x, o) [[core_num = (n * 2)]];
    return o;
  }
}
// -----
// RUN: lower-spmd-launches
// two kernels in one body, launched from two sites (fresh variables at each), sync_start kept, arg_directions dropped
program {
  AIV a(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o) {
    Tile<fp32, 1, 16, Vec> t = tile.load(x, {0}, {16});
    Tensor<fp32, 16> r = tile.store(t, {0}, o);
    return;
  }

  AIV b(In Tensor<fp32, 16> x, In index s, Out Tensor<fp32, 16> o) -> Tensor<fp32, 16> {
    Tile<fp32, 1, 16, Vec> t = tile.load(x, {0}, {16});
    Tensor<fp32, 16> r = tile.store(t, {0}, o);
    return o;
  }

  Spmd w(In Tensor<fp32, 16> x, In index s, Out Tensor<fp32, 16> o, Out Tensor<fp32, 16> p) {
    a(x, o) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16> q = b(o, s, p);
    return;
  }

  Orchestration main(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o, Out Tensor<fp32, 16> p) {
    w(x, 3, o, p) [[core_num = 4, sync_start = true]];
    w(o, 5, x, p) [[core_num = 2]];
    return;
  }
}
// EXPECTED:
program {
  AIV a(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o) {
    Tile<fp32, 1, 16, Vec> t = tile.load(x, {0}, {16});
    Tensor<fp32, 16> r = tile.store(t, {0}, o);
    return;
  }

  AIV b(In Tensor<fp32, 16> x, In index s, Out Tensor<fp32, 16> o) -> Tensor<fp32, 16> {
    Tile<fp32, 1, 16, Vec> t = tile.load(x, {0}, {16});
    Tensor<fp32, 16> r = tile.store(t, {0}, o);
    return o;
  }

  Orchestration main(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o, Out Tensor<fp32, 16> p) {
    a(x, o) [[core_num = 4, sync_start = true]];
    Tensor<fp32, 16> q = b(o, 3, p) [[core_num = 4, sync_start = true]];
    a(o, x) [[core_num = 2]];
    Tensor<fp32, 16> q_1 = b(x, 5, p) [[core_num = 2]];
    return;
  }
}
// -----
// RUN: lower-spmd-launches
// the submit form (pl::spmd whose task id is used): the one kernel is submitted with the deps and core_num
program {
  AIV k(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o) {
    Tile<fp32, 1, 16, Vec> t = tile.load(x, {0}, {16});
    Tensor<fp32, 16> r = tile.store(t, {0}, o);
    return;
  }

  Spmd w(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o) {
    k(x, o);
    return;
  }

  Orchestration main(In Tensor<fp32, 16> x, In index n, Out Tensor<fp32, 16> o, Out Tensor<fp32, 16> p) {
    Tuple<task_id> s = submit w(x, o) {.core_num = n};
    task_id t = s[0];
    Tuple<task_id> s2 = submit k(o, p) {.deps = {t}};
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o) {
    Tile<fp32, 1, 16, Vec> t = tile.load(x, {0}, {16});
    Tensor<fp32, 16> r = tile.store(t, {0}, o);
    return;
  }

  Orchestration main(In Tensor<fp32, 16> x, In index n, Out Tensor<fp32, 16> o, Out Tensor<fp32, 16> p) {
    Tuple<task_id> s = submit k(x, o) {.core_num = n};
    task_id t = s[0];
    Tuple<task_id> s2 = submit k(o, p) {.deps = {t}};
    return;
  }
}
// -----
// RUN: lower-spmd-launches
// must not change: no Spmd function (a core_num attr on a plain kernel call stays)
program {
  AIV k(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o) {
    Tile<fp32, 1, 16, Vec> t = tile.load(x, {0}, {16});
    Tensor<fp32, 16> r = tile.store(t, {0}, o);
    return;
  }

  Orchestration main(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o) {
    k(x, o) [[core_num = 4]];
    return;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: lower-spmd-launches
// a constant core_num below 1 is an error
program {
  AIV k(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o) {
    Tile<fp32, 1, 16, Vec> t = tile.load(x, {0}, {16});
    Tensor<fp32, 16> r = tile.store(t, {0}, o);
    return;
  }

  Spmd w(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o) {
    k(x, o);
    return;
  }

  Orchestration main(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o) {
    w(x, o) [[core_num = 0]]; // EXPECTED-ERROR: SP002 {{core_num must be >= 1, got 0}}
    return;
  }
}
// -----
// RUN: lower-spmd-launches
// orchestration work inside the launch is an error (it would not run per block)
program {
  AIV k(In Tensor<fp32, 16> x, In index b, Out Tensor<fp32, 16> o) {
    Tile<fp32, 1, 16, Vec> t = tile.load(x, {0}, {16});
    Tensor<fp32, 16> r = tile.store(t, {0}, o);
    return;
  }

  Spmd w(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o) {
    index b = tile.get_block_idx(); // EXPECTED-ERROR: SP001 {{a pl::spmd body that calls kernels may only call kernels}}
    k(x, b, o);
    return;
  }

  Orchestration main(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o) {
    w(x, o) [[core_num = 2]];
    return;
  }
}
// -----
// RUN: lower-spmd-launches
// a loop in the launch is named by its first line only: the message stays one line (SP001)
program {
  AIV k(In Tensor<fp32, 16> x, In index b, Out Tensor<fp32, 16> o) {
    Tile<fp32, 1, 16, Vec> t = tile.load(x, {0}, {16});
    Tensor<fp32, 16> r = tile.store(t, {0}, o);
    return;
  }

  Spmd w(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o) {
    for (index i : range(0, 2, 1)) { // EXPECTED-ERROR: SP001 {{; 'for (index i : range(0, 2, 1)) { ...' would run in the orchestration}}
      k(x, i, o);
    }
    return;
  }

  Orchestration main(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o) {
    w(x, o) [[core_num = 2]];
    return;
  }
}
// -----
// RUN: lower-spmd-launches
// a submitted launch of two kernels has no single task id
program {
  AIV k(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o) {
    Tile<fp32, 1, 16, Vec> t = tile.load(x, {0}, {16});
    Tensor<fp32, 16> r = tile.store(t, {0}, o);
    return;
  }

  Spmd w(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o) {
    k(x, o);
    k(o, x);
    return;
  }

  Orchestration main(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o) {
    Tuple<task_id> s = submit w(x, o) {.core_num = 2}; // EXPECTED-ERROR: SP001 {{must launch exactly one kernel}}
    return;
  }
}
// -----
// RUN: lower-spmd-launches
// a call of an Spmd function without core_num
program {
  AIV k(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o) {
    Tile<fp32, 1, 16, Vec> t = tile.load(x, {0}, {16});
    Tensor<fp32, 16> r = tile.store(t, {0}, o);
    return;
  }

  Spmd w(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o) {
    k(x, o);
    return;
  }

  Orchestration main(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o) {
    w(x, o); // EXPECTED-ERROR: SP003 {{without 'core_num'}}
    return;
  }
}
// -----
// RUN: lower-spmd-launches
// a kernel whose outfeed flatten-control-flow stubbed out (`(r);`, XLA OutfeedCustomCallIsPartitionable) launches like any other
program p {
  InCore k(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o) -> Tensor<fp32, 16> {
    Tile<fp32, 1, 16, Vec> t = tile.load(x, {0}, {16});
    Tensor<fp32, 16> r = tile.store(t, {0}, o);
    (r);
    return o;
  }

  Spmd w(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> r = k(x, o);
    return o;
  }

  Orchestration main(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> r = w(x, o) [[core_num = 4]];
    return r;
  }
}
// EXPECTED:
program p {
  InCore k(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o) -> Tensor<fp32, 16> {
    Tile<fp32, 1, 16, Vec> t = tile.load(x, {0}, {16});
    Tensor<fp32, 16> r = tile.store(t, {0}, o);
    (r);
    return o;
  }

  Orchestration main(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> r = k(x, o) [[core_num = 4]];
    return o;
  }
}
