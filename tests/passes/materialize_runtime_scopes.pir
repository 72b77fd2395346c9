// RUN: materialize-runtime-scopes
// for: k() -> scope{for: scope{k()}}; the loop's yield and the function's return stay after the scope
program {
  AIV k(In Tensor<fp32, 64> a, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(a, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, out);
    return out;
  }

  Orchestration main(In Tensor<fp32, 64> a, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    for (index i : range(0, 4, 1)) carry (Tensor<fp32, 64> acc = o) -> (Tensor<fp32, 64> r) {
      Tensor<fp32, 64> acc2 = k(a, acc) [[arg_directions = ["Input", "InOut"]]];
      yield(acc2);
    }
    return r;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 64> a, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(a, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, out);
    return out;
  }

  Orchestration main(In Tensor<fp32, 64> a, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    scope runtime {
      for (index i : range(0, 4, 1)) carry (Tensor<fp32, 64> acc = o) -> (Tensor<fp32, 64> r) {
        scope runtime {
          Tensor<fp32, 64> acc2 = k(a, acc) [[arg_directions = ["Input", "InOut"]]];
        }
        yield(acc2);
      }
    }
    return r;
  }
}
// -----
// RUN: materialize-runtime-scopes
// a second run changes nothing
program {
  AIV k(In Tensor<fp32, 64> a, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(a, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, out);
    return out;
  }

  Orchestration main(In Tensor<fp32, 64> a, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    scope runtime {
      for (index i : range(0, 4, 1)) carry (Tensor<fp32, 64> acc = o) -> (Tensor<fp32, 64> r) {
        scope runtime {
          Tensor<fp32, 64> acc2 = k(a, acc) [[arg_directions = ["Input", "InOut"]]];
        }
        yield(acc2);
      }
    }
    return r;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: materialize-runtime-scopes
// each if branch gets its own scope (also with if results); a body without a loop or if is one scope
program {
  AIV k(In Tensor<fp32, 64> a, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(a, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, out);
    return out;
  }

  Orchestration main(In Tensor<fp32, 64> a, In bool c, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> tmp = tensor.create({64}, {.dtype = fp32});
    Tensor<fp32, 64> t1 = k(a, tmp) [[arg_directions = ["Input", "OutputExisting"]]];
    if (c) -> (Tensor<fp32, 64> r) {
      Tensor<fp32, 64> x = k(t1, o) [[arg_directions = ["Input", "OutputExisting"]]];
      yield(x);
    } else {
      Tensor<fp32, 64> y = k(a, o) [[arg_directions = ["Input", "OutputExisting"]]];
      yield(y);
    }
    return r;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 64> a, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(a, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, out);
    return out;
  }

  Orchestration main(In Tensor<fp32, 64> a, In bool c, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    scope runtime {
      Tensor<fp32, 64> tmp = tensor.create({64}, {.dtype = fp32});
      Tensor<fp32, 64> t1 = k(a, tmp) [[arg_directions = ["Input", "OutputExisting"]]];
      if (c) -> (Tensor<fp32, 64> r) {
        scope runtime {
          Tensor<fp32, 64> x = k(t1, o) [[arg_directions = ["Input", "OutputExisting"]]];
        }
        yield(x);
      } else {
        scope runtime {
          Tensor<fp32, 64> y = k(a, o) [[arg_directions = ["Input", "OutputExisting"]]];
        }
        yield(y);
      }
    }
    return r;
  }
}
// -----
// RUN: materialize-runtime-scopes
// nothing is inserted inside a MANUAL scope (AUTO inside MANUAL is forbidden); the body around it still gets one
program {
  AIV k(In Tensor<fp32, 64> a, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(a, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, out);
    return out;
  }

  Orchestration main(In Tensor<fp32, 64> a, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    scope runtime [[manual = true]] {
      for (index i : range(0, 4, 1)) {
        Tensor<fp32, 64> x = k(a, o) [[arg_directions = ["Input", "InOut"]]];
      }
    }
    return o;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 64> a, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(a, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, out);
    return out;
  }

  Orchestration main(In Tensor<fp32, 64> a, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    scope runtime {
      scope runtime [[manual = true]] {
        for (index i : range(0, 4, 1)) {
          Tensor<fp32, 64> x = k(a, o) [[arg_directions = ["Input", "InOut"]]];
        }
      }
    }
    return o;
  }
}
// -----
// RUN: materialize-runtime-scopes
// auto_scope = false: the user places every scope, nothing changes; kernels are never wrapped
program {
  AIV k(In Tensor<fp32, 64> a, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(a, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, out);
    return out;
  }

  [[auto_scope = false]]
  Orchestration main(In Tensor<fp32, 64> a, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    for (index i : range(0, 4, 1)) {
      Tensor<fp32, 64> x = k(a, o) [[arg_directions = ["Input", "InOut"]]];
    }
    return o;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: materialize-runtime-scopes
// a body or loop with nothing before its trailer stays as it is
program {
  Orchestration main(In Tensor<fp32, 64> a) -> Tensor<fp32, 64> {
    for (index i : range(0, 4, 1)) carry (Tensor<fp32, 64> acc = a) -> (Tensor<fp32, 64> r) {
      yield(acc);
    }
    return r;
  }
}
// EXPECTED:
program {
  Orchestration main(In Tensor<fp32, 64> a) -> Tensor<fp32, 64> {
    scope runtime {
      for (index i : range(0, 4, 1)) carry (Tensor<fp32, 64> acc = a) -> (Tensor<fp32, 64> r) {
        yield(acc);
      }
    }
    return r;
  }
}
// -----
// RUN: verify{properties=RuntimeScopesMaterialized}
// the verifier: an unwrapped body, an unwrapped loop body, AUTO inside MANUAL
program {
  AIV k(In Tensor<fp32, 64> a, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(a, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, out);
    return out;
  }

  // EXPECTED-ERROR: V611 {{body of orchestration function 'main' is not one runtime scope}}
  Orchestration main(In Tensor<fp32, 64> a, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    // EXPECTED-ERROR: V612 {{for body in orchestration function 'main'}}
    for (index i : range(0, 4, 1)) {
      Tensor<fp32, 64> x = k(a, o) [[arg_directions = ["Input", "InOut"]]];
    }
    scope runtime [[manual = true]] {
      // EXPECTED-ERROR: V613
      scope runtime {
        Tensor<fp32, 64> y = k(a, o) [[arg_directions = ["Input", "InOut"]]];
      }
    }
    return o;
  }
}
