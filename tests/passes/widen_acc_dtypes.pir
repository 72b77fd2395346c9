// RUN: widen-acc-dtypes
// an fp16 out_dtype matmul and the matmul_acc chain a K loop carries become fp32 Acc tiles (init, iter_arg, yield, result); the stores into the fp16 tensors convert (TSTORE from Acc)
program {
  AIC k(In Tensor<fp16, 16, 64> a, In Tensor<fp16, 64, 16> b, Out Tensor<fp16, 16, 16> o, Out Tensor<fp16, 16, 16> p) -> Tensor<fp16, 16, 16> {
    Tile<fp16, 16, 16, Mat> am = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp16, 16, 16, Left> al = tile.move(am, {.target_memory = Left});
    Tile<fp16, 16, 16, Mat> bm = tile.load(b, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp16, 16, 16, Right> br = tile.move(bm, {.target_memory = Right});
    Tile<fp16, 16, 16, Acc> c = tile.matmul(al, br, {.out_dtype = fp16});
    Tensor<fp16, 16, 16> s = tile.store(c, {0, 0}, o);
    Tile<fp16, 16, 16, Acc> d = tile.matmul(al, br, {.out_dtype = fp16});
    for (index ki : range(16, 64, 16)) carry (Tile<fp16, 16, 16, Acc> acc = d) -> (Tile<fp16, 16, 16, Acc> r) {
      Tile<fp16, 16, 16, Mat> am2 = tile.load(a, {0, ki}, {16, 16}, {.target_memory = Mat});
      Tile<fp16, 16, 16, Left> al2 = tile.move(am2, {.target_memory = Left});
      Tile<fp16, 16, 16, Mat> bm2 = tile.load(b, {ki, 0}, {16, 16}, {.target_memory = Mat});
      Tile<fp16, 16, 16, Right> br2 = tile.move(bm2, {.target_memory = Right});
      Tile<fp16, 16, 16, Acc> next = tile.matmul_acc(acc, al2, br2, {.out_dtype = fp16});
      yield(next);
    }
    Tensor<fp16, 16, 16> t = tile.store(r, {0, 0}, p);
    return s;
  }
}
// EXPECTED:
program {
  AIC k(In Tensor<fp16, 16, 64> a, In Tensor<fp16, 64, 16> b, Out Tensor<fp16, 16, 16> o, Out Tensor<fp16, 16, 16> p) -> Tensor<fp16, 16, 16> {
    Tile<fp16, 16, 16, Mat> am = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp16, 16, 16, Left> al = tile.move(am, {.target_memory = Left});
    Tile<fp16, 16, 16, Mat> bm = tile.load(b, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp16, 16, 16, Right> br = tile.move(bm, {.target_memory = Right});
    Tile<fp32, 16, 16, Acc> c = tile.matmul(al, br);
    Tensor<fp16, 16, 16> s = tile.store(c, {0, 0}, o);
    Tile<fp32, 16, 16, Acc> d = tile.matmul(al, br);
    for (index ki : range(16, 64, 16)) carry (Tile<fp32, 16, 16, Acc> acc = d) -> (Tile<fp32, 16, 16, Acc> r) {
      Tile<fp16, 16, 16, Mat> am2 = tile.load(a, {0, ki}, {16, 16}, {.target_memory = Mat});
      Tile<fp16, 16, 16, Left> al2 = tile.move(am2, {.target_memory = Left});
      Tile<fp16, 16, 16, Mat> bm2 = tile.load(b, {ki, 0}, {16, 16}, {.target_memory = Mat});
      Tile<fp16, 16, 16, Right> br2 = tile.move(bm2, {.target_memory = Right});
      Tile<fp32, 16, 16, Acc> next = tile.matmul_acc(acc, al2, br2);
      yield(next);
    }
    Tensor<fp16, 16, 16> t = tile.store(r, {0, 0}, p);
    return s;
  }
}
// -----
// RUN: widen-acc-dtypes
// a bf16 matmul_bias result moved to Vec (a mixed InCore kernel, before ExpandMixedKernel): the move keeps fp32, a cast (TCVT) rounds it to bf16; an alias and an if-phi join the class
program {
  InCore k(In Tensor<bf16, 16, 16> a, In Tensor<fp32, 1, 16> bias, In bool f, Out Tensor<bf16, 16, 16> o) -> Tensor<bf16, 16, 16> {
    Tile<bf16, 16, 16, Mat> am = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<bf16, 16, 16, Left> al = tile.move(am, {.target_memory = Left});
    Tile<bf16, 16, 16, Right> br = tile.move(am, {.target_memory = Right});
    Tile<fp32, 1, 16, Mat> bm = tile.load(bias, {0, 0}, {1, 16}, {.target_memory = Mat});
    Tile<fp32, 1, 16, Bias> bb = tile.move(bm, {.target_memory = Bias});
    Tile<bf16, 16, 16, Acc> c = tile.matmul_bias(al, br, bb, {.out_dtype = bf16});
    Tile<bf16, 16, 16, Acc> e = tile.matmul(al, br, {.out_dtype = bf16});
    if (f) -> (Tile<bf16, 16, 16, Acc> g) {
      Tile<bf16, 16, 16, Acc> h = c;
      yield(h);
    } else {
      yield(e);
    }
    Tile<bf16, 16, 16, Vec> v = tile.move(g, {.target_memory = Vec});
    Tile<bf16, 16, 16, Vec> w = tile.add(v, v);
    Tensor<bf16, 16, 16> s = tile.store(w, {0, 0}, o);
    return s;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<bf16, 16, 16> a, In Tensor<fp32, 1, 16> bias, In bool f, Out Tensor<bf16, 16, 16> o) -> Tensor<bf16, 16, 16> {
    Tile<bf16, 16, 16, Mat> am = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<bf16, 16, 16, Left> al = tile.move(am, {.target_memory = Left});
    Tile<bf16, 16, 16, Right> br = tile.move(am, {.target_memory = Right});
    Tile<fp32, 1, 16, Mat> bm = tile.load(bias, {0, 0}, {1, 16}, {.target_memory = Mat});
    Tile<fp32, 1, 16, Bias> bb = tile.move(bm, {.target_memory = Bias});
    Tile<fp32, 16, 16, Acc> c = tile.matmul_bias(al, br, bb);
    Tile<fp32, 16, 16, Acc> e = tile.matmul(al, br);
    if (f) -> (Tile<fp32, 16, 16, Acc> g) {
      Tile<fp32, 16, 16, Acc> h = c;
      yield(h);
    } else {
      yield(e);
    }
    Tile<fp32, 16, 16, Vec> v_f32 = tile.move(g, {.target_memory = Vec});
    Tile<bf16, 16, 16, Vec> v = tile.cast(v_f32, {.target_type = bf16});
    Tile<bf16, 16, 16, Vec> w = tile.add(v, v);
    Tensor<bf16, 16, 16> s = tile.store(w, {0, 0}, o);
    return s;
  }
}
// -----
// RUN: widen-acc-dtypes
// must not change: an fp32 out_dtype (already the Acc's), int8 x int8 into int32, fp16 inputs into the default fp32 Acc, orchestration code
program {
  AIC k(In Tensor<fp16, 16, 16> a, In Tensor<int8, 32, 32> x, Out Tensor<fp32, 16, 16> o, Out Tensor<int32, 32, 32> q) -> Tensor<fp32, 16, 16> {
    Tile<fp16, 16, 16, Mat> am = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp16, 16, 16, Left> al = tile.move(am, {.target_memory = Left});
    Tile<fp16, 16, 16, Right> br = tile.move(am, {.target_memory = Right});
    Tile<fp32, 16, 16, Acc> c = tile.matmul(al, br, {.out_dtype = fp32});
    Tile<fp32, 16, 16, Acc> d = tile.matmul_acc(c, al, br);
    Tensor<fp32, 16, 16> s = tile.store(d, {0, 0}, o);
    Tile<int8, 32, 32, Mat> xm = tile.load(x, {0, 0}, {32, 32}, {.target_memory = Mat});
    Tile<int8, 32, 32, Left> xl = tile.move(xm, {.target_memory = Left});
    Tile<int8, 32, 32, Right> xr = tile.move(xm, {.target_memory = Right});
    Tile<int32, 32, 32, Acc> i = tile.matmul(xl, xr);
    Tensor<int32, 32, 32> t = tile.store(i, {0, 0}, q);
    return s;
  }

  Orchestration main(In Tensor<fp16, 16, 16> a, In Tensor<int8, 32, 32> x, Out Tensor<fp32, 16, 16> o, Out Tensor<int32, 32, 32> q) {
    k(a, x, o, q);
    return;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: widen-acc-dtypes
// an fp16 accumulator that does not start at a matmul (WD001) and an fp16 matmul result moved to Mat (WD002): no fp16 Acc holds them
program {
  AIC k(In Tensor<fp16, 16, 16> a, Out Tensor<fp16, 16, 16> o) -> Tensor<fp16, 16, 16> {
    Tile<fp16, 16, 16, Mat> am = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp16, 16, 16, Left> al = tile.move(am, {.target_memory = Left});
    Tile<fp16, 16, 16, Right> br = tile.move(am, {.target_memory = Right});
    Tile<fp16, 16, 16, Acc> z = tile.full({16, 16}, 0.0, {.dtype = fp16, .target_memory = Acc}); // EXPECTED-ERROR: WD001 {{'z' joins an fp16 matmul accumulator but is produced by 'tile.full'}}
    Tile<fp16, 16, 16, Acc> c = tile.matmul_acc(z, al, br);
    Tile<fp16, 16, 16, Acc> d = tile.matmul(al, br, {.out_dtype = fp16});
    Tile<fp16, 16, 16, Mat> dm = tile.move(d, {.target_memory = Mat}); // EXPECTED-ERROR: WD002 {{'tile.move' reads 'd', an fp16 matmul result}}
    Tensor<fp16, 16, 16> s = tile.store(c, {0, 0}, o);
    return s;
  }
}
