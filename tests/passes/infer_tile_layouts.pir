// RUN: infer-tile-layouts{platform=a2a3}
// a2a3: Mat NZ, Left RowMajor/RowMajor, Right RowMajor/ColMajor, Acc ColMajor/RowMajor 1024; every use and the call results follow
program {
  AIC mm(In Tensor<fp16, 32, 32> a, In Tensor<fp16, 32, 32> b, Out Tensor<fp32, 32, 32> c) {
    Tile<fp16, 32, 32, Mat> am = tile.load(a, {0, 0}, {32, 32}, {.target_memory = Mat});
    Tile<fp16, 32, 32, Left> al = tile.move(am, {.target_memory = Left});
    Tile<fp16, 32, 32, Mat> bm = tile.load(b, {0, 0}, {32, 32}, {.target_memory = Mat});
    Tile<fp16, 32, 32, Right> br = tile.move(bm, {.target_memory = Right});
    Tile<fp32, 32, 32, Acc> acc = tile.matmul(al, br);
    Tensor<fp32, 32, 32> r = tile.store(acc, {0, 0}, c);
    return;
  }
}
// EXPECTED:
program {
  AIC mm(In Tensor<fp16, 32, 32> a, In Tensor<fp16, 32, 32> b, Out Tensor<fp32, 32, 32> c) {
    Tile<fp16, 32, 32, Mat, view{blayout = col_major, slayout = row_major}> am = tile.load(a, {0, 0}, {32, 32}, {.target_memory = Mat});
    Tile<fp16, 32, 32, Left, view{slayout = row_major}> al = tile.move(am, {.target_memory = Left});
    Tile<fp16, 32, 32, Mat, view{blayout = col_major, slayout = row_major}> bm = tile.load(b, {0, 0}, {32, 32}, {.target_memory = Mat});
    Tile<fp16, 32, 32, Right, view{slayout = col_major}> br = tile.move(bm, {.target_memory = Right});
    Tile<fp32, 32, 32, Acc, view{blayout = col_major, slayout = row_major, fractal = 1024}> acc = tile.matmul(al, br);
    Tensor<fp32, 32, 32> r = tile.store(acc, {0, 0}, c);
    return;
  }
}
// -----
// RUN: infer-tile-layouts{platform=a5}
// a5: the Left tile is ColMajor/RowMajor (the SoC table decides, not the printer)
program {
  AIC m(In Tensor<fp16, 32, 32> a) {
    Tile<fp16, 32, 32, Mat> am = tile.load(a, {0, 0}, {32, 32}, {.target_memory = Mat});
    Tile<fp16, 32, 32, Left> al = tile.move(am, {.target_memory = Left});
    return;
  }
}
// EXPECTED:
program {
  AIC m(In Tensor<fp16, 32, 32> a) {
    Tile<fp16, 32, 32, Mat, view{blayout = col_major, slayout = row_major}> am = tile.load(a, {0, 0}, {32, 32}, {.target_memory = Mat});
    Tile<fp16, 32, 32, Left, view{blayout = col_major, slayout = row_major}> al = tile.move(am, {.target_memory = Left});
    return;
  }
}
// -----
// RUN: infer-tile-layouts
// a [R, 1] Vec column (a row reduction's result) is ColMajor, through a loop carry and its result; the valid shape and pad of a view are kept; a [1, 1] and a [1, N] tile stay row-major
program {
  AIV k(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 1> o) {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16});
    Tile<fp32, 16, 1, Vec> init = tile.row_sum(t);
    for (index i : range(0, 2, 1)) carry (Tile<fp32, 16, 1, Vec> s = init) -> (Tile<fp32, 16, 1, Vec> s_out) {
      Tile<fp32, 16, 1, Vec> n = tile.adds(s, 1.0);
      yield(n);
    }
    Tile<fp32, 1, 16, Vec> c = tile.col_sum(t);
    Tile<fp32, 1, 1, Vec> one = tile.full({1, 1}, 0.0, {.dtype = fp32});
    Tile<fp32, 16, 16, Vec, view{valid_shape = {16, 8}, pad = min}> v = tile.fillpad(t, {.pad_value = "min"});
    Tensor<fp32, 16, 1> r = tile.store(s_out, {0, 0}, o);
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 1> o) {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16});
    Tile<fp32, 16, 1, Vec, view{blayout = col_major}> init = tile.row_sum(t);
    for (index i : range(0, 2, 1)) carry (Tile<fp32, 16, 1, Vec, view{blayout = col_major}> s = init) -> (Tile<fp32, 16, 1, Vec, view{blayout = col_major}> s_out) {
      Tile<fp32, 16, 1, Vec, view{blayout = col_major}> n = tile.adds(s, 1.0);
      yield(n);
    }
    Tile<fp32, 1, 16, Vec> c = tile.col_sum(t);
    Tile<fp32, 1, 1, Vec> one = tile.full({1, 1}, 0.0, {.dtype = fp32});
    Tile<fp32, 16, 16, Vec, view{valid_shape = {16, 8}, pad = min}> v = tile.fillpad(t, {.pad_value = "min"});
    Tensor<fp32, 16, 1> r = tile.store(s_out, {0, 0}, o);
    return;
  }
}
// -----
// RUN: infer-tile-layouts
// must not change: a layout the type already names, a Mat bias row (ND), Bias and Vec tiles, orchestration code
program {
  AIC k(In Tensor<fp32, 1, 64> b, In Tensor<fp32, 16, 16> x) {
    Tile<fp32, 1, 64, Mat> bm = tile.load(b, {0, 0}, {1, 64}, {.target_memory = Mat});
    Tile<fp32, 1, 64, Bias> bb = tile.move(bm, {.target_memory = Bias});
    Tile<fp32, 16, 16, Mat, view{blayout = col_major}> xm = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Vec> v = tile.load(x, {0, 0}, {16, 16});
    return;
  }

  Orchestration main(In Tensor<fp32, 1, 64> b, In Tensor<fp32, 16, 16> x) {
    k(b, x);
    return;
  }
}
// EXPECTED-UNCHANGED
