// emit/sim end to end (tests/emit/CMakeLists.txt): a hand-written final-form program.
// c = 2 * (a + b), one AIV task per 16-row block (a scalar row offset, c carried through the
// loop as InOut); then y = the column-block sums of c, a tile accumulator carried through a
// kernel loop (carry and yield in different buffers: an explicit tile.move before the yield) into an internal tensor
// t, copied to the output y by a second call that reads it.
program rowblock_add {
  AIV add_rows(In Tensor<fp32, 64, 32> a, In Tensor<fp32, 64, 32> b, InOut Tensor<fp32, 64, 32> c, In index row) -> Tensor<fp32, 64, 32> {
    Tile<fp32, 16, 32, Vec, @m0(null, 0, 2048)> ta = tile.load(a, {row, 0}, {16, 32}, {.target_memory = Vec});
    Tile<fp32, 16, 32, Vec, @m1(null, 2048, 2048)> tb = tile.load(b, {row, 0}, {16, 32}, {.target_memory = Vec});
    Tile<fp32, 16, 32, Vec, @m0(null, 0, 2048)> tc = tile.add(ta, tb);
    Tile<fp32, 16, 32, Vec, @m1(null, 2048, 2048)> td = tile.muls(tc, 2.0);
    Tensor<fp32, 64, 32> c2 = tile.store(td, {row, 0}, c);
    return c;
  }

  AIV block_sum(In Tensor<fp32, 64, 32> x, Out Tensor<fp32, 16, 32> y) -> Tensor<fp32, 16, 32> {
    Tile<fp32, 16, 32, Vec, @acc(null, 0, 2048)> zero = tile.full({16, 32}, 0.0, {.dtype = fp32});
    for (index k : range(0, 4, 1)) carry (Tile<fp32, 16, 32, Vec, @acc(null, 0, 2048)> s = zero) -> (Tile<fp32, 16, 32, Vec, @acc(null, 0, 2048)> total) {
      Tile<fp32, 16, 32, Vec, @ld(null, 2048, 2048)> t = tile.load(x, {k * 16, 0}, {16, 32}, {.target_memory = Vec});
      Tile<fp32, 16, 32, Vec, @nx(null, 4096, 2048)> s2 = tile.add(s, t);
      Tile<fp32, 16, 32, Vec, @acc(null, 0, 2048)> s2_mv = tile.move(s2, {.target_memory = Vec});
      yield(s2_mv);
    }
    Tensor<fp32, 16, 32> y2 = tile.store(total, {0, 0}, y);
    return y;
  }

  AIV copy(In Tensor<fp32, 16, 32> src, Out Tensor<fp32, 16, 32> dst) -> Tensor<fp32, 16, 32> {
    Tile<fp32, 16, 32, Vec, @m(null, 0, 2048)> t = tile.load(src, {0, 0}, {16, 32}, {.target_memory = Vec});
    Tensor<fp32, 16, 32> d2 = tile.store(t, {0, 0}, dst);
    return dst;
  }

  Orchestration main(In Tensor<fp32, 64, 32> a, In Tensor<fp32, 64, 32> b, Out Tensor<fp32, 64, 32> c, Out Tensor<fp32, 16, 32> y) -> (Tensor<fp32, 64, 32>, Tensor<fp32, 16, 32>) {
    scope runtime {
      for (index i : range(0, 4, 1)) [[iter_arg_carry = ["Trivial"]]] carry (Tensor<fp32, 64, 32> acc = c) -> (Tensor<fp32, 64, 32> done) {
        scope runtime {
          index row = i * 16;
          Tensor<fp32, 64, 32> acc2 = add_rows(a, b, acc, row) [[arg_directions = ["Input", "Input", "InOut", "Scalar"]]];
        }
        yield(acc2);
      }
      Tensor<fp32, 16, 32> t = tensor.create({16, 32}, {.dtype = fp32});
      Tensor<fp32, 16, 32> t2 = block_sum(done, t) [[arg_directions = ["Input", "Output"]]];
      Tensor<fp32, 16, 32> y2 = copy(t2, y) [[arg_directions = ["Input", "OutputExisting"]]];
    }
    return c, y;
  }
}
