// if/else with phis: a tile phi in a kernel (one branch shares the result's buffer, the other
// moves into it with an explicit tile.move, as MaterializeTileMoves leaves it) and a tensor phi in the orchestration choosing between two kernel calls.
program branches {
  AIV pick(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y, In bool positive) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec, @mx(null, 0, 1024)> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    if (positive) -> (Tile<fp32, 16, 16, Vec, @r(null, 1024, 1024)> r) {
      Tile<fp32, 16, 16, Vec, @r(null, 1024, 1024)> e = tile.exp(t);
      yield(e);
    } else {
      Tile<fp32, 16, 16, Vec, @mx(null, 0, 1024)> n = tile.neg(t);
      Tile<fp32, 16, 16, Vec, @r(null, 1024, 1024)> n_mv = tile.move(n, {.target_memory = Vec});
      yield(n_mv);
    }
    Tensor<fp32, 16, 16> y2 = tile.store(r, {0, 0}, y);
    return y;
  }

  Orchestration choose(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y, In int64 mode) -> Tensor<fp32, 16, 16> {
    scope runtime {
      if (mode % 2 == 0) -> (Tensor<fp32, 16, 16> out) {
        scope runtime {
          Tensor<fp32, 16, 16> y1 = pick(x, y, true) [[arg_directions = ["Input", "OutputExisting", "Scalar"]]];
          yield(y1);
        }
      } else {
        scope runtime {
          Tensor<fp32, 16, 16> tmp = tensor.create({16, 16}, {.dtype = fp32});
          Tensor<fp32, 16, 16> t1 = pick(x, tmp, false) [[arg_directions = ["Input", "Output", "Scalar"]]];
          Tensor<fp32, 16, 16> y2 = pick(t1, y, mode > 2) [[arg_directions = ["Input", "OutputExisting", "Scalar"]]];
          yield(y2);
        }
      }
    }
    return y;
  }
}
