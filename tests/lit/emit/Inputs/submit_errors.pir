// Submit options the simulator cannot honour: located errors, never dropped.
program submit_errors {
  AIV produce(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> s) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec, @m0(null, 0, 1024)> t = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s2 = tile.store(t, {0, 0}, s);
    return s;
  }

  Orchestration main(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> s, In bool p) {
    Tuple<Tensor<fp32, 16, 16>, task_id> t2 = submit produce(a, s) {.sync_start = true};
    Tuple<Tensor<fp32, 16, 16>, task_id> t3 = submit produce(a, s) {.predicate = p};
    Tuple<Tensor<fp32, 16, 16>, task_id> t4 = submit produce(a, s) {.deps = {p}} [[arg_directions = ["Input", "OutputExisting"]]];
  }
}
