program p {
  InCore k(In Tensor<fp32, 64, 16> src, In index n) -> Tile<fp32, 16, 16, Vec> {
    Tile<fp32, 16, 16, Vec> t = tile.load(src, {n, 0}, {16, 16});
    return t;
  }
  Orchestration o(In Tensor<fp32, 64, 16> src, In index m) {
    Tuple<Tile<fp32, 16, 16, Vec>, task_id> s = submit k(src, m);
    return;
  }
}
