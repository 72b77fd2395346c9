// Demo: an orchestration function walks a 128x128 tensor in 32-row tiles and calls an InCore
// kernel that loads both inputs, adds them and stores the sum (the lit test
// pipeline_default.test runs the default pipeline on it).
program demo {
  InCore add_rows(In Tensor<fp32, 128, 128> a, In Tensor<fp32, 128, 128> b,
                  Out Tensor<fp32, 128, 128> out, In index row) -> Tensor<fp32, 128, 128> {
    Tile<fp32, 32, 128, Vec> ta = tile.load(a, {row, 0}, {32, 128});
    Tile<fp32, 32, 128, Vec> tb = tile.load(b, {row, 0}, {32, 128});
    Tile<fp32, 32, 128, Vec> sum = tile.add(ta, tb);
    Tensor<fp32, 128, 128> written = tile.store(sum, {row, 0}, out);
    return written;
  }

  Orchestration main(In Tensor<fp32, 128, 128> a, In Tensor<fp32, 128, 128> b,
                     Out Tensor<fp32, 128, 128> out) -> Tensor<fp32, 128, 128> {
    for (index i : range(0, 4, 1)) carry (Tensor<fp32, 128, 128> acc = out)
        -> (Tensor<fp32, 128, 128> result) {
      Tensor<fp32, 128, 128> next = add_rows(a, b, acc, i * 32);
      yield(next);
    }
    return result;
  }
}
