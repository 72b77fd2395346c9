// RUN: fold-no-op-reshape
// a reshape to the source's own shape in the source's bytes is the source: `l = r`; the reshape to another shape in the same bytes stays
program {
  InCore k(In Tensor<fp32, 16, 64> a, Out Tensor<fp32, 16, 64> o) -> Tensor<fp32, 16, 64> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 4096});
    Tile<fp32, 16, 64, Vec, @vec_0(mem_vec_0, 0, 4096)> x = tile.load(a, {0, 0}, {16, 64}, {.target_memory = Vec});
    Tile<fp32, 16, 64, Vec, @vec_0(mem_vec_0, 0, 4096)> y = tile.reshape(x, {16, 64});
    Tile<fp32, 32, 32, Vec, @vec_0(mem_vec_0, 0, 4096)> z = tile.reshape(y, {32, 32});
    Tile<fp32, 16, 64, Vec, @vec_0(mem_vec_0, 0, 4096)> w = tile.reshape(z, {16, 64});
    Tensor<fp32, 16, 64> s = tile.store(w, {0, 0}, o);
    return s;
  }

  Orchestration main(In Tensor<fp32, 16, 64> a, Out Tensor<fp32, 16, 64> o) -> Tensor<fp32, 16, 64> {
    Tensor<fp32, 16, 64> r = k(a, o);
    return r;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 64> a, Out Tensor<fp32, 16, 64> o) -> Tensor<fp32, 16, 64> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 4096});
    Tile<fp32, 16, 64, Vec, @vec_0(mem_vec_0, 0, 4096)> x = tile.load(a, {0, 0}, {16, 64}, {.target_memory = Vec});
    Tile<fp32, 16, 64, Vec, @vec_0(mem_vec_0, 0, 4096)> y = x;
    Tile<fp32, 32, 32, Vec, @vec_0(mem_vec_0, 0, 4096)> z = tile.reshape(y, {32, 32});
    Tile<fp32, 16, 64, Vec, @vec_0(mem_vec_0, 0, 4096)> w = tile.reshape(z, {16, 64});
    Tensor<fp32, 16, 64> s = tile.store(w, {0, 0}, o);
    return s;
  }

  Orchestration main(In Tensor<fp32, 16, 64> a, Out Tensor<fp32, 16, 64> o) -> Tensor<fp32, 16, 64> {
    Tensor<fp32, 16, 64> r = k(a, o);
    return r;
  }
}
// -----
// RUN: fold-no-op-reshape
// AIV and AIC kernels too, in loops and if branches; a Mat tile
program {
  AIV v(In Tensor<fp32, 16, 64> a, Out Tensor<fp32, 16, 64> o) -> Tensor<fp32, 16, 64> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 4096});
    for (index i : range(0, 2, 1)) {
      Tile<fp32, 16, 64, Vec, @vec_0(mem_vec_0, 0, 4096)> x = tile.load(a, {0, 0}, {16, 64}, {.target_memory = Vec});
      Tile<fp32, 16, 64, Vec, @vec_0(mem_vec_0, 0, 4096)> y = tile.reshape(x, {16, 64});
      Tensor<fp32, 16, 64> s = tile.store(y, {0, 0}, o);
    }
    return o;
  }

  AIC c(In Tensor<fp32, 16, 16> a, In index n) {
    Ptr<Mat> mem_mat_0 = tile.alloc({.target_memory = Mat, .size = 1024});
    if (n > 0) {
      Tile<fp32, 16, 16, Mat, @mat_0(mem_mat_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Mat});
      Tile<fp32, 16, 16, Mat, @mat_0(mem_mat_0, 0, 1024)> y = tile.reshape(x, {16, 16});
    }
    return;
  }
}
// EXPECTED:
program {
  AIV v(In Tensor<fp32, 16, 64> a, Out Tensor<fp32, 16, 64> o) -> Tensor<fp32, 16, 64> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 4096});
    for (index i : range(0, 2, 1)) {
      Tile<fp32, 16, 64, Vec, @vec_0(mem_vec_0, 0, 4096)> x = tile.load(a, {0, 0}, {16, 64}, {.target_memory = Vec});
      Tile<fp32, 16, 64, Vec, @vec_0(mem_vec_0, 0, 4096)> y = x;
      Tensor<fp32, 16, 64> s = tile.store(y, {0, 0}, o);
    }
    return o;
  }

  AIC c(In Tensor<fp32, 16, 16> a, In index n) {
    Ptr<Mat> mem_mat_0 = tile.alloc({.target_memory = Mat, .size = 1024});
    if (n > 0) {
      Tile<fp32, 16, 16, Mat, @mat_0(mem_mat_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Mat});
      Tile<fp32, 16, 16, Mat, @mat_0(mem_mat_0, 0, 1024)> y = x;
    }
    return;
  }
}
// -----
// RUN: fold-no-op-reshape
// must not change: another buffer, another byte offset of one buffer, another valid shape, another pad (ResolveBackendOpLayouts' pad reshape), and a tensor reshape outside kernels
program {
  InCore k(In Tensor<fp32, 16, 64> a, In index v, Out Tensor<fp32, 16, 64> o) -> Tensor<fp32, 16, 64> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 8192});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 4096});
    Tile<fp32, 16, 64, Vec, @vec_0(mem_vec_0, 0, 4096)> x = tile.load(a, {0, 0}, {16, 64}, {.target_memory = Vec});
    Tile<fp32, 16, 64, Vec, @vec_1(mem_vec_1, 0, 4096)> y = tile.reshape(x, {16, 64});
    Tile<fp32, 16, 64, Vec, @vec_2(mem_vec_0, 4096, 4096)> z = tile.reshape(x, {16, 64});
    Tile<fp32, 16, 64, Vec, view{valid_shape = {v, 64}}, @vec_0(mem_vec_0, 0, 4096)> p = tile.reshape(x, {16, 64});
    Tile<fp32, 16, 64, Vec, view{pad = zero}, @vec_0(mem_vec_0, 0, 4096)> q = tile.reshape(x, {16, 64});
    Tensor<fp32, 16, 64> s = tile.store(y, {0, 0}, o);
    return s;
  }

  Orchestration main(In Tensor<fp32, 16, 64> a, Out Tensor<fp32, 16, 64> o) -> Tensor<fp32, 16, 64> {
    Tensor<fp32, 16, 64> w = tensor.reshape(a, {16, 64});
    Tensor<fp32, 16, 64> r = k(w, 16, o);
    return r;
  }
}
// EXPECTED-UNCHANGED
