// RUN: infer-tile-memory-space
// already consistent spaces (ConvertTensorToTileOps output) are left as they are; orchestration is not touched
program {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> e = tile.exp(x);
    Tensor<fp32, 16, 16> s = tile.store(e, {0, 0}, o);
    return s;
  }

  Orchestration main(In Tensor<fp32, 16, 16> a) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> o = tensor.create({16, 16}, {.dtype = fp32});
    Tensor<fp32, 16, 16> r = k(a, o);
    return r;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: infer-tile-memory-space
// tiles without a space get the op rule's space: vector ops Vec, matmul Acc; a load with no demand stays Vec
program {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16> x = tile.load(a, {0, 0}, {16, 16});
    Tile<fp32, 16, 16> e = tile.exp(x);
    Tile<fp32, 16, 16> y = e;
    Tensor<fp32, 16, 16> s = tile.store(y, {0, 0}, o);
    return s;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> x = tile.load(a, {0, 0}, {16, 16});
    Tile<fp32, 16, 16, Vec> e = tile.exp(x);
    Tile<fp32, 16, 16, Vec> y = e;
    Tensor<fp32, 16, 16> s = tile.store(y, {0, 0}, o);
    return s;
  }
}
// -----
// RUN: infer-tile-memory-space
// a tile.create accumulator takes Acc from the matmul_acc yielded into its loop carry (init, iter_arg, return var)
program {
  InCore k(In Tensor<fp32, 16, 32> a, In Tensor<fp32, 32, 16> b, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16> c = tile.create({16, 16}, {.dtype = fp32});
    Tile<fp32, 16, 32, Mat> am = tile.load(a, {0, 0}, {16, 32}, {.target_memory = Mat});
    Tile<fp32, 16, 32, Left> al = tile.move(am, {.target_memory = Left});
    Tile<fp32, 32, 16, Mat> bm = tile.load(b, {0, 0}, {32, 16}, {.target_memory = Mat});
    Tile<fp32, 32, 16, Right> br = tile.move(bm, {.target_memory = Right});
    for (index i : range(0, 4, 1)) carry (Tile<fp32, 16, 16> acc = c) -> (Tile<fp32, 16, 16> r) {
      Tile<fp32, 16, 16> acc2 = tile.matmul_acc(acc, al, br);
      yield(acc2);
    }
    Tensor<fp32, 16, 16> s = tile.store(r, {0, 0}, o);
    return s;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 32> a, In Tensor<fp32, 32, 16> b, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Acc> c = tile.create({16, 16}, {.dtype = fp32, .target_memory = Acc});
    Tile<fp32, 16, 32, Mat> am = tile.load(a, {0, 0}, {16, 32}, {.target_memory = Mat});
    Tile<fp32, 16, 32, Left> al = tile.move(am, {.target_memory = Left});
    Tile<fp32, 32, 16, Mat> bm = tile.load(b, {0, 0}, {32, 16}, {.target_memory = Mat});
    Tile<fp32, 32, 16, Right> br = tile.move(bm, {.target_memory = Right});
    for (index i : range(0, 4, 1)) carry (Tile<fp32, 16, 16, Acc> acc = c) -> (Tile<fp32, 16, 16, Acc> r) {
      Tile<fp32, 16, 16, Acc> acc2 = tile.matmul_acc(acc, al, br);
      yield(acc2);
    }
    Tensor<fp32, 16, 16> s = tile.store(r, {0, 0}, o);
    return s;
  }
}
// -----
// RUN: infer-tile-memory-space
// a load without target_memory takes the demand of its consumer clamped to Vec / Mat: extract wants Mat first
program {
  InCore k(In Tensor<fp32, 32, 32> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 32, 32> x = tile.load(a, {0, 0}, {32, 32});
    Tile<fp32, 16, 16> v = tile.extract(x, 0, 0, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(v, {0, 0}, o);
    return s;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 32, 32> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 32, 32, Mat> x = tile.load(a, {0, 0}, {32, 32}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Vec> v = tile.extract(x, 0, 0, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(v, {0, 0}, o);
    return s;
  }
}
// -----
// RUN: infer-tile-memory-space
// an if-phi and both yields share one space; an inheriting op (reshape) follows its input
program {
  InCore k(In Tensor<fp32, 16, 16> a, In bool c, Out Tensor<fp32, 256> o) -> Tensor<fp32, 256> {
    Tile<fp32, 16, 16, Vec> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    if (c) -> (Tile<fp32, 16, 16> p) {
      Tile<fp32, 16, 16> e = tile.exp(x);
      yield(e);
    } else {
      yield(x);
    }
    Tile<fp32, 256> f = tile.reshape(p, {256});
    Tensor<fp32, 256> s = tile.store(f, {0}, o);
    return s;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 16> a, In bool c, Out Tensor<fp32, 256> o) -> Tensor<fp32, 256> {
    Tile<fp32, 16, 16, Vec> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    if (c) -> (Tile<fp32, 16, 16, Vec> p) {
      Tile<fp32, 16, 16, Vec> e = tile.exp(x);
      yield(e);
    } else {
      yield(x);
    }
    Tile<fp32, 256, Vec> f = tile.reshape(p, {256});
    Tensor<fp32, 256> s = tile.store(f, {0}, o);
    return s;
  }
}
// -----
// RUN: infer-tile-memory-space
// an if-phi joining a Vec and an Acc value cannot have one space
program {
  InCore k(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 16> b, In bool c, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Mat> am = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Left> al = tile.move(am, {.target_memory = Left});
    Tile<fp32, 16, 16, Mat> bm = tile.load(b, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Right> br = tile.move(bm, {.target_memory = Right});
    if (c) -> (Tile<fp32, 16, 16> p) {
      Tile<fp32, 16, 16> e = tile.full({16, 16}, 0.0, {.dtype = fp32, .target_memory = Vec});
      yield(e);
    } else {
      Tile<fp32, 16, 16> m = tile.matmul(al, br); // EXPECTED-ERROR: MS001 {{'m' (one buffer class with 'e') must be in Vec ('target_memory' of 'tile.full') and in Acc (result of 'tile.matmul')}}
      yield(m);
    }
    Tensor<fp32, 16, 16> s = tile.store(p, {0, 0}, o);
    return s;
  }
}
// -----
// RUN: infer-tile-memory-space
// a Vec value passed where the op needs Left is an error naming both spaces (no move is inserted)
program {
  InCore k(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 16> b, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16> e = tile.exp(x);
    Tile<fp32, 16, 16, Mat> bm = tile.load(b, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Right> br = tile.move(bm, {.target_memory = Right});
    Tile<fp32, 16, 16, Acc> m = tile.matmul(e, br); // EXPECTED-ERROR: MS002 {{'e' is in Vec but argument 'lhs' of 'tile.matmul' must be in Left}}
    Tensor<fp32, 16, 16> s = tile.store(m, {0, 0}, o);
    return s;
  }
}
// -----
// RUN: infer-tile-memory-space
// a load cannot produce the Acc accumulator its loop carry needs
program {
  InCore k(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 16> b, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16> c = tile.load(o, {0, 0}, {16, 16}); // EXPECTED-ERROR: MS003 {{'c' is produced by 'tile.load' but must be in Acc; expected Vec or Mat}}
    Tile<fp32, 16, 16, Mat> am = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Left> al = tile.move(am, {.target_memory = Left});
    Tile<fp32, 16, 16, Mat> bm = tile.load(b, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Right> br = tile.move(bm, {.target_memory = Right});
    for (index i : range(0, 2, 1)) carry (Tile<fp32, 16, 16> acc = c) -> (Tile<fp32, 16, 16> r) {
      Tile<fp32, 16, 16> acc2 = tile.matmul_acc(acc, al, br);
      yield(acc2);
    }
    Tensor<fp32, 16, 16> s = tile.store(r, {0, 0}, o);
    return s;
  }
}
// -----
// RUN: infer-tile-memory-space
// a load that an extract (Mat, Acc or Vec; Mat first) and, through it, a vector op (Vec only) read is Vec, the space every demand of the class accepts; a load only an extract into Left reads keeps the first demand's Mat
program {
  InCore k(In Tensor<fp32, 32, 64> x, Out Tensor<fp32, 16, 32> y) -> Tensor<fp32, 16, 32> {
    Tile<fp32, 32, 64> t = tile.load(x, {0, 0}, {32, 64});
    Tile<fp32, 16, 32> e = tile.extract(t, 16, 32, {16, 32});
    Tile<fp32, 16, 32> u = tile.exp(e);
    Tile<fp32, 32, 64> m = tile.load(x, {0, 0}, {32, 64});
    Tile<fp32, 16, 32> l = tile.extract(m, 0, 0, {16, 32}, {.target_memory = Left});
    Tensor<fp32, 16, 32> s = tile.store(u, {0, 0}, y);
    return s;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 32, 64> x, Out Tensor<fp32, 16, 32> y) -> Tensor<fp32, 16, 32> {
    Tile<fp32, 32, 64, Vec> t = tile.load(x, {0, 0}, {32, 64});
    Tile<fp32, 16, 32, Vec> e = tile.extract(t, 16, 32, {16, 32});
    Tile<fp32, 16, 32, Vec> u = tile.exp(e);
    Tile<fp32, 32, 64, Mat> m = tile.load(x, {0, 0}, {32, 64}, {.target_memory = Mat});
    Tile<fp32, 16, 32, Left> l = tile.extract(m, 0, 0, {16, 32}, {.target_memory = Left});
    Tensor<fp32, 16, 32> s = tile.store(u, {0, 0}, y);
    return s;
  }
}
