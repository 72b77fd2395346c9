// RUN: classify-iter-arg-carry
// a kernel writes the carried tensor in place and returns it: the yield is the iter_arg's own handle → Trivial
program {
  AIV acc(In Tensor<fp32, 64> x, InOut Tensor<fp32, 64> a) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, a);
    return a;
  }

  Orchestration main(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    scope runtime {
      for (index i : range(0, 4, 1)) carry (Tensor<fp32, 64> c = o) -> (Tensor<fp32, 64> r) {
        scope runtime {
          Tensor<fp32, 64> c2 = acc(x, c) [[arg_directions = ["Input", "InOut"]]];
        }
        yield(c2);
      }
    }
    return r;
  }
}
// EXPECTED:
program {
  AIV acc(In Tensor<fp32, 64> x, InOut Tensor<fp32, 64> a) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, a);
    return a;
  }

  Orchestration main(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    scope runtime {
      for (index i : range(0, 4, 1)) [[iter_arg_carry = ["Trivial"]]] carry (Tensor<fp32, 64> c = o) -> (Tensor<fp32, 64> r) {
        scope runtime {
          Tensor<fp32, 64> c2 = acc(x, c) [[arg_directions = ["Input", "InOut"]]];
        }
        yield(c2);
      }
    }
    return r;
  }
}
// -----
// RUN: classify-iter-arg-carry
// the body yields a freshly created tensor (PyPTO issue #1286): another buffer each iteration → Rebind
program {
  AIV produce(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> f) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, f);
    return f;
  }

  Orchestration main(In Tensor<fp32, 64> x, In Tensor<fp32, 64> seed, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    scope runtime {
      for (index i : range(0, 4, 1)) carry (Tensor<fp32, 64> c = seed) -> (Tensor<fp32, 64> r) {
        scope runtime {
          Tensor<fp32, 64> fresh = tensor.create({64}, {.dtype = fp32});
          Tensor<fp32, 64> f2 = produce(c, fresh) [[arg_directions = ["Input", "OutputExisting"]]];
        }
        yield(f2);
      }
      Tensor<fp32, 64> o2 = produce(r, o) [[arg_directions = ["Input", "OutputExisting"]]];
    }
    return o2;
  }
}
// EXPECTED:
program {
  AIV produce(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> f) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, f);
    return f;
  }

  Orchestration main(In Tensor<fp32, 64> x, In Tensor<fp32, 64> seed, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    scope runtime {
      for (index i : range(0, 4, 1)) [[iter_arg_carry = ["Rebind"]]] carry (Tensor<fp32, 64> c = seed) -> (Tensor<fp32, 64> r) {
        scope runtime {
          Tensor<fp32, 64> fresh = tensor.create({64}, {.dtype = fp32});
          Tensor<fp32, 64> f2 = produce(c, fresh) [[arg_directions = ["Input", "OutputExisting"]]];
        }
        yield(f2);
      }
      Tensor<fp32, 64> o2 = produce(r, o) [[arg_directions = ["Input", "OutputExisting"]]];
    }
    return o2;
  }
}
// -----
// RUN: classify-iter-arg-carry
// two carries that swap are each another buffer (Rebind); a scalar yielded as it is stays Trivial, a scalar updated is a Rebind
program {
  Orchestration main(In Tensor<fp32, 64> a, In Tensor<fp32, 64> b, In int32 n) -> Tensor<fp32, 64> {
    scope runtime {
      for (index i : range(0, 4, 1)) carry (Tensor<fp32, 64> p = a, Tensor<fp32, 64> q = b, int32 k = n, index m = 0) -> (Tensor<fp32, 64> rp, Tensor<fp32, 64> rq, int32 rk, index rm) {
        scope runtime {
          index m2 = m + 1;
        }
        yield(q, p, k, m2);
      }
    }
    return rp;
  }
}
// EXPECTED:
program {
  Orchestration main(In Tensor<fp32, 64> a, In Tensor<fp32, 64> b, In int32 n) -> Tensor<fp32, 64> {
    scope runtime {
      for (index i : range(0, 4, 1)) [[iter_arg_carry = ["Rebind", "Rebind", "Trivial", "Rebind"]]] carry (Tensor<fp32, 64> p = a, Tensor<fp32, 64> q = b, int32 k = n, index m = 0) -> (Tensor<fp32, 64> rp, Tensor<fp32, 64> rq, int32 rk, index rm) {
        scope runtime {
          index m2 = m + 1;
        }
        yield(q, p, k, m2);
      }
    }
    return rp;
  }
}
// -----
// RUN: classify-iter-arg-carry
// a carry threaded through a nested loop that ends in it is Trivial at both levels; through a nested loop that yields a fresh buffer it is a Rebind at both
program {
  AIV acc(In Tensor<fp32, 64> x, InOut Tensor<fp32, 64> a) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, a);
    return a;
  }

  Orchestration main(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    scope runtime {
      for (index i : range(0, 4, 1)) carry (Tensor<fp32, 64> c = o, Tensor<fp32, 64> d = x) -> (Tensor<fp32, 64> r, Tensor<fp32, 64> rd) {
        scope runtime {
          for (index j : range(0, 2, 1)) carry (Tensor<fp32, 64> e = c) -> (Tensor<fp32, 64> re) {
            scope runtime {
              Tensor<fp32, 64> e2 = acc(x, e) [[arg_directions = ["Input", "InOut"]]];
            }
            yield(e2);
          }
          for (index j2 : range(0, 2, 1)) carry (Tensor<fp32, 64> g = d) -> (Tensor<fp32, 64> rg) {
            scope runtime {
              Tensor<fp32, 64> fresh = tensor.create({64}, {.dtype = fp32});
              Tensor<fp32, 64> g2 = acc(g, fresh) [[arg_directions = ["Input", "InOut"]]];
            }
            yield(g2);
          }
        }
        yield(re, rg);
      }
    }
    return r;
  }
}
// EXPECTED:
program {
  AIV acc(In Tensor<fp32, 64> x, InOut Tensor<fp32, 64> a) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, a);
    return a;
  }

  Orchestration main(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    scope runtime {
      for (index i : range(0, 4, 1)) [[iter_arg_carry = ["Trivial", "Rebind"]]] carry (Tensor<fp32, 64> c = o, Tensor<fp32, 64> d = x) -> (Tensor<fp32, 64> r, Tensor<fp32, 64> rd) {
        scope runtime {
          for (index j : range(0, 2, 1)) [[iter_arg_carry = ["Trivial"]]] carry (Tensor<fp32, 64> e = c) -> (Tensor<fp32, 64> re) {
            scope runtime {
              Tensor<fp32, 64> e2 = acc(x, e) [[arg_directions = ["Input", "InOut"]]];
            }
            yield(e2);
          }
          for (index j2 : range(0, 2, 1)) [[iter_arg_carry = ["Rebind"]]] carry (Tensor<fp32, 64> g = d) -> (Tensor<fp32, 64> rg) {
            scope runtime {
              Tensor<fp32, 64> fresh = tensor.create({64}, {.dtype = fp32});
              Tensor<fp32, 64> g2 = acc(g, fresh) [[arg_directions = ["Input", "InOut"]]];
            }
            yield(g2);
          }
        }
        yield(re, rg);
      }
    }
    return r;
  }
}
// -----
// RUN: classify-iter-arg-carry
// an if whose branches both yield the carried buffer (a kernel result, a copy) keeps it Trivial; a branch yielding another buffer makes it a Rebind
program {
  AIV acc(In Tensor<fp32, 64> x, InOut Tensor<fp32, 64> a) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, a);
    return a;
  }

  Orchestration main(In Tensor<fp32, 64> x, In bool b, Out Tensor<fp32, 64> o, Out Tensor<fp32, 64> o2) -> Tensor<fp32, 64> {
    scope runtime {
      for (index i : range(0, 4, 1)) carry (Tensor<fp32, 64> c = o, Tensor<fp32, 64> d = o2) -> (Tensor<fp32, 64> r, Tensor<fp32, 64> rd) {
        scope runtime {
          if (b) -> (Tensor<fp32, 64> y, Tensor<fp32, 64> z) {
            scope runtime {
              Tensor<fp32, 64> c2 = acc(x, c) [[arg_directions = ["Input", "InOut"]]];
            }
            yield(c2, d);
          } else {
            scope runtime {
              Tensor<fp32, 64> c3 = c;
            }
            yield(c3, x);
          }
        }
        yield(y, z);
      }
    }
    return r;
  }
}
// EXPECTED:
program {
  AIV acc(In Tensor<fp32, 64> x, InOut Tensor<fp32, 64> a) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, a);
    return a;
  }

  Orchestration main(In Tensor<fp32, 64> x, In bool b, Out Tensor<fp32, 64> o, Out Tensor<fp32, 64> o2) -> Tensor<fp32, 64> {
    scope runtime {
      for (index i : range(0, 4, 1)) [[iter_arg_carry = ["Trivial", "Rebind"]]] carry (Tensor<fp32, 64> c = o, Tensor<fp32, 64> d = o2) -> (Tensor<fp32, 64> r, Tensor<fp32, 64> rd) {
        scope runtime {
          if (b) -> (Tensor<fp32, 64> y, Tensor<fp32, 64> z) {
            scope runtime {
              Tensor<fp32, 64> c2 = acc(x, c) [[arg_directions = ["Input", "InOut"]]];
            }
            yield(c2, d);
          } else {
            scope runtime {
              Tensor<fp32, 64> c3 = c;
            }
            yield(c3, x);
          }
        }
        yield(y, z);
      }
    }
    return r;
  }
}
// -----
// RUN: classify-iter-arg-carry
// a view of the carried buffer is another handle (Rebind); the tensor element of a submit returning the carried InOut is Trivial, its task id a Rebind
program {
  AIV acc(In Tensor<fp32, 64> x, InOut Tensor<fp32, 64> a) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, a);
    return a;
  }

  Orchestration main(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> o, Out Tensor<fp32, 64> o2) -> Tensor<fp32, 64> {
    scope runtime {
      Tuple<Tensor<fp32, 64>, task_id> s0 = submit acc(x, o2) [[arg_directions = ["Input", "InOut"]]];
      task_id none = s0[1];
      for (index i : range(0, 4, 1)) carry (Tensor<fp32, 64> c = o, Tensor<fp32, 64> d = o2, task_id t = none) -> (Tensor<fp32, 64> r, Tensor<fp32, 64> rd, task_id rt) {
        scope runtime {
          Tensor<fp32, 64> v = tensor.slice(c, {64}, {0});
          Tuple<Tensor<fp32, 64>, task_id> s = submit acc(x, d) {.deps = {t}} [[arg_directions = ["Input", "InOut"]]];
          Tensor<fp32, 64> d2 = s[0];
          task_id t2 = s[1];
        }
        yield(v, d2, t2);
      }
    }
    return r;
  }
}
// EXPECTED:
program {
  AIV acc(In Tensor<fp32, 64> x, InOut Tensor<fp32, 64> a) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, a);
    return a;
  }

  Orchestration main(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> o, Out Tensor<fp32, 64> o2) -> Tensor<fp32, 64> {
    scope runtime {
      Tuple<Tensor<fp32, 64>, task_id> s0 = submit acc(x, o2) [[arg_directions = ["Input", "InOut"]]];
      task_id none = s0[1];
      for (index i : range(0, 4, 1)) [[iter_arg_carry = ["Rebind", "Trivial", "Rebind"]]] carry (Tensor<fp32, 64> c = o, Tensor<fp32, 64> d = o2, task_id t = none) -> (Tensor<fp32, 64> r, Tensor<fp32, 64> rd, task_id rt) {
        scope runtime {
          Tensor<fp32, 64> v = tensor.slice(c, {64}, {0});
          Tuple<Tensor<fp32, 64>, task_id> s = submit acc(x, d) {.deps = {t}} [[arg_directions = ["Input", "InOut"]]];
          Tensor<fp32, 64> d2 = s[0];
          task_id t2 = s[1];
        }
        yield(v, d2, t2);
      }
    }
    return r;
  }
}
// -----
// RUN: classify-iter-arg-carry
// a second run changes nothing; a loop without iter_args and kernel loops get no plan
program {
  AIV acc(In Tensor<fp32, 64> x, InOut Tensor<fp32, 64> a) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, a);
    return a;
  }

  AIV loop(In Tensor<fp32, 64> x, InOut Tensor<fp32, 64> a) -> Tensor<fp32, 64> {
    for (index i : range(0, 2, 1)) carry (Tensor<fp32, 64> c = a) -> (Tensor<fp32, 64> r) {
      Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
      Tensor<fp32, 64> c2 = tile.store(t, {0}, c);
      yield(c2);
    }
    return a;
  }

  Orchestration main(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    scope runtime {
      for (index i : range(0, 4, 1)) [[iter_arg_carry = ["Trivial"]]] carry (Tensor<fp32, 64> c = o) -> (Tensor<fp32, 64> r) {
        scope runtime {
          Tensor<fp32, 64> c2 = acc(x, c) [[arg_directions = ["Input", "InOut"]]];
        }
        yield(c2);
      }
      for (index j : range(0, 2, 1)) {
        scope runtime {
          Tensor<fp32, 64> c3 = acc(x, r) [[arg_directions = ["Input", "InOut"]]];
        }
      }
    }
    return r;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: classify-iter-arg-carry
// a stale plan (Rebind where Trivial is proven, other attrs kept) is replaced
program {
  AIV acc(In Tensor<fp32, 64> x, InOut Tensor<fp32, 64> a) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, a);
    return a;
  }

  Orchestration main(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    scope runtime {
      for (index i : range(0, 4, 1)) [[note = 1, iter_arg_carry = ["Rebind"]]] carry (Tensor<fp32, 64> c = o) -> (Tensor<fp32, 64> r) {
        scope runtime {
          Tensor<fp32, 64> c2 = acc(x, c) [[arg_directions = ["Input", "InOut"]]];
        }
        yield(c2);
      }
    }
    return r;
  }
}
// EXPECTED:
program {
  AIV acc(In Tensor<fp32, 64> x, InOut Tensor<fp32, 64> a) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, a);
    return a;
  }

  Orchestration main(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    scope runtime {
      for (index i : range(0, 4, 1)) [[note = 1, iter_arg_carry = ["Trivial"]]] carry (Tensor<fp32, 64> c = o) -> (Tensor<fp32, 64> r) {
        scope runtime {
          Tensor<fp32, 64> c2 = acc(x, c) [[arg_directions = ["Input", "InOut"]]];
        }
        yield(c2);
      }
    }
    return r;
  }
}
// -----
// RUN: verify{properties=IterArgCarryClassified}
// the verifier: a loop without a plan, a plan of another length or with an unknown name, a Trivial plan the loop does not prove (a Rebind that could be Trivial is accepted)
program {
  AIV acc(In Tensor<fp32, 64> x, InOut Tensor<fp32, 64> a) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, a);
    return a;
  }

  Orchestration main(In Tensor<fp32, 64> x, In Tensor<fp32, 64> seed, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    scope runtime {
      // EXPECTED-ERROR: V971 {{for loop in orchestration function 'main' needs 'iter_arg_carry' with one of Trivial or Rebind per iter_arg (1)}}
      for (index i : range(0, 4, 1)) carry (Tensor<fp32, 64> c = o) -> (Tensor<fp32, 64> r) {
        scope runtime {
          Tensor<fp32, 64> c2 = acc(x, c) [[arg_directions = ["Input", "InOut"]]];
        }
        yield(c2);
      }
      // EXPECTED-ERROR: V971
      for (index i2 : range(0, 4, 1)) [[iter_arg_carry = ["Trivial", "Rebind"]]] carry (Tensor<fp32, 64> c3 = r) -> (Tensor<fp32, 64> r3) {
        yield(c3);
      }
      // EXPECTED-ERROR: V971
      for (index i4 : range(0, 4, 1)) [[iter_arg_carry = ["Alias"]]] carry (Tensor<fp32, 64> c4 = r3) -> (Tensor<fp32, 64> r4) {
        yield(c4);
      }
      // EXPECTED-ERROR: V972 {{iter_arg 'c5' is carried as Trivial, but the loop does not provably yield its own handle; expected Rebind}}
      for (index i5 : range(0, 4, 1)) [[iter_arg_carry = ["Trivial", "Rebind"]]] carry (Tensor<fp32, 64> c5 = seed, Tensor<fp32, 64> c6 = r4) -> (Tensor<fp32, 64> r5, Tensor<fp32, 64> r6) {
        scope runtime {
          Tensor<fp32, 64> c7 = acc(x, c6) [[arg_directions = ["Input", "InOut"]]];
        }
        yield(c7, c5);
      }
    }
    return r6;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: classify-iter-arg-carry
// a Graph body's loops are printed by the orchestration printer too: they get a plan
program {
  AIV acc(In Tensor<fp32, 64> x, InOut Tensor<fp32, 64> a) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, a);
    return a;
  }

  Graph layer(In Tensor<fp32, 64> x, InOut Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    for (index i : range(0, 4, 1)) carry (Tensor<fp32, 64> c = o) -> (Tensor<fp32, 64> r) {
      Tensor<fp32, 64> c2 = acc(x, c) [[arg_directions = ["Input", "InOut"]]];
      yield(c2);
    }
    return r;
  }
}
// EXPECTED:
program {
  AIV acc(In Tensor<fp32, 64> x, InOut Tensor<fp32, 64> a) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, a);
    return a;
  }

  Graph layer(In Tensor<fp32, 64> x, InOut Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    for (index i : range(0, 4, 1)) [[iter_arg_carry = ["Trivial"]]] carry (Tensor<fp32, 64> c = o) -> (Tensor<fp32, 64> r) {
      Tensor<fp32, 64> c2 = acc(x, c) [[arg_directions = ["Input", "InOut"]]];
      yield(c2);
    }
    return r;
  }
}
