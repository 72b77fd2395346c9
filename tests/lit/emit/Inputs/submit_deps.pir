// Submits with task ids and explicit dependencies (what OutlineIncoreScopes makes of a pl::at
// scope that binds a task id or lists .deps; a pl::spmd launch's core_num after
// LowerSpmdLaunches): final form, hand-written.
program submit_deps {
  AIV produce(In Tensor<fp32, 32, 16> a, In index r, Out Tensor<fp32, 32, 16> s) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 16, 16, Vec, @m0(null, 0, 1024)> t = tile.load(a, {r, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @m1(null, 1024, 1024)> u = tile.adds(t, 1.0);
    Tensor<fp32, 32, 16> s2 = tile.store(u, {r, 0}, s);
    return s;
  }

  AIV accumulate(In Tensor<fp32, 32, 16> s, In index r, InOut Tensor<fp32, 32, 16> acc) {
    Tile<fp32, 16, 16, Vec, @m0(null, 0, 1024)> x = tile.load(s, {r, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @m1(null, 1024, 1024)> y = tile.load(acc, {r, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @m0(null, 0, 1024)> z = tile.add(x, y);
    Tensor<fp32, 32, 16> acc2 = tile.store(z, {r, 0}, acc);
    return;
  }

  Orchestration main(In Tensor<fp32, 32, 16> a, InOut Tensor<fp32, 32, 16> acc) {
    scope runtime {
      Tensor<fp32, 32, 16> s = tensor.create({32, 16}, {.dtype = fp32});
      Tuple<Tensor<fp32, 32, 16>, task_id> first_task = submit produce(a, 0, s) {.core_num = 2} [[arg_directions = ["Input", "Scalar", "OutputExisting"]]];
      Tensor<fp32, 32, 16> s_1 = first_task[0];
      task_id t0 = first_task[1];
      for (index i : range(0, 2, 1)) [[iter_arg_carry = ["Rebind"]]] carry (task_id last = t0) -> (task_id last_out) {
        Tuple<task_id> acc_task = submit accumulate(s_1, i * 16, acc) {.deps = {last, t0}} [[arg_directions = ["Input", "Scalar", "InOut"]]];
        task_id t1 = acc_task[0];
        yield(t1);
      }
    }
    submit accumulate(s_1, 0, acc) {.deps = {last_out}} [[arg_directions = ["NoDep", "Scalar", "InOut"]]];
  }
}
