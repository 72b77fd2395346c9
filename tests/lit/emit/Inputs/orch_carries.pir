// Orchestration carries as ClassifyIterArgCarry plans them: `c` goes through an if whose
// branches update it in place (Trivial: the yield copies nothing), `d` takes a fresh buffer
// each iteration (Rebind: the yield re-assigns the handle).
program carries {
  AIV acc(In Tensor<fp32, 16, 16> x, InOut Tensor<fp32, 16, 16> a) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec, @m(null, 0, 1024)> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, a);
    return a;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x, In bool b, Out Tensor<fp32, 16, 16> o, In Tensor<fp32, 16, 16> seed) -> Tensor<fp32, 16, 16> {
    scope runtime {
      for (index i : range(0, 4, 1)) [[iter_arg_carry = ["Trivial", "Rebind"]]] carry (Tensor<fp32, 16, 16> c = o, Tensor<fp32, 16, 16> d = seed) -> (Tensor<fp32, 16, 16> r, Tensor<fp32, 16, 16> rd) {
        scope runtime {
          if (b) -> (Tensor<fp32, 16, 16> y) {
            scope runtime {
              Tensor<fp32, 16, 16> c2 = acc(x, c) [[arg_directions = ["Input", "InOut"]]];
            }
            yield(c2);
          } else {
            scope runtime {
              Tensor<fp32, 16, 16> c3 = acc(d, c) [[arg_directions = ["Input", "InOut"]]];
            }
            yield(c3);
          }
          Tensor<fp32, 16, 16> fresh = tensor.create({16, 16}, {.dtype = fp32});
          Tensor<fp32, 16, 16> d2 = acc(y, fresh) [[arg_directions = ["Input", "InOut"]]];
        }
        yield(y, d2);
      }
    }
    return r;
  }
}
