program {
  InCore k(In Tensor<fp32, 128, 128> a, In Tensor<fp32, 128, 128> b, Out Tensor<fp32, 128, 128> o) -> Tensor<fp32, 128, 128> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 0});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 65536});
    Ptr<Vec> mem_vec_2 = tile.alloc({.target_memory = Vec, .size = 65536});
    Tile<fp32, 128, 128, Vec, @vec_0(mem_vec_0, 0, 65536)> x = tile.load(a, {0, 0}, {128, 128}, {.target_memory = Vec});
    Tile<fp32, 128, 128, Vec, @vec_1(mem_vec_1, 0, 65536)> y = tile.load(b, {0, 0}, {128, 128}, {.target_memory = Vec});
    Tile<fp32, 128, 128, Vec, @vec_2(mem_vec_2, 0, 65536)> z = tile.add(x, y);
    Tensor<fp32, 128, 128> s = tile.store(z, {0, 0}, o);
    return s;
  }
  Orchestration main(In Tensor<fp32, 128, 128> a, In Tensor<fp32, 128, 128> b) -> Tensor<fp32, 128, 128> {
    Tensor<fp32, 128, 128> o = tensor.create({128, 128}, {.dtype = fp32});
    Tensor<fp32, 128, 128> r = k(a, b, o);
    return r;
  }
}
