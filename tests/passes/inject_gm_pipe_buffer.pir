// RUN: inject-gm-pipe-buffer{platform=a2a3}
// a2a3: both kernels and the Group take the ring buffer (one ring of 2 slots x 1024 bytes per direction, C2V at 0, V2C at 2048), the pipe set-ups use it, each call (in a loop too) gets a fresh one
program {
  AIC c(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    system.aic_initialize_pipe({.dir_mask = 3, .slot_size = 1024, .slot_num = 2, .split = 0});
    Tile<fp32, 16, 16, Mat> m = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Mat});
    tile.tpush_to_aiv(m, {.split = 0});
    return o;
  }

  AIV v(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    system.aiv_initialize_pipe({.dir_mask = 3, .slot_size = 1024, .slot_num = 2, .split = 0});
    Tile<fp32, 16, 16, Vec> t = tile.tpop_from_aic({16, 16}, {.dtype = fp32, .split = 0, .target_memory = Vec});
    tile.tfree_to_aic(t, {.split = 0});
    Tensor<fp32, 16, 16> o1 = tile.store(t, {0, 0}, o);
    return o;
  }

  Group g(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    c(x, o);
    v(x, o);
    return o;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o, In index n) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> r = g(x, o);
    for (index i : range(0, n, 1)) {
      Tensor<fp32, 16, 16> r2 = g(x, o);
    }
    return r;
  }
}
// EXPECTED:
program {
  AIC c(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o, InOut Tensor<uint8, 4096> gm_pipe_buffer) -> Tensor<fp32, 16, 16> {
    system.aic_initialize_pipe(gm_pipe_buffer, {.dir_mask = 3, .slot_size = 1024, .slot_num = 2, .split = 0, .gm_c2v_offset = 0, .gm_v2c_offset = 2048});
    Tile<fp32, 16, 16, Mat> m = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Mat});
    tile.tpush_to_aiv(m, {.split = 0});
    return o;
  }

  AIV v(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o, InOut Tensor<uint8, 4096> gm_pipe_buffer) -> Tensor<fp32, 16, 16> {
    system.aiv_initialize_pipe(gm_pipe_buffer, {.dir_mask = 3, .slot_size = 1024, .slot_num = 2, .split = 0, .gm_c2v_offset = 0, .gm_v2c_offset = 2048});
    Tile<fp32, 16, 16, Vec> t = tile.tpop_from_aic({16, 16}, {.dtype = fp32, .split = 0, .target_memory = Vec});
    tile.tfree_to_aic(t, {.split = 0});
    Tensor<fp32, 16, 16> o1 = tile.store(t, {0, 0}, o);
    return o;
  }

  Group g(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o, InOut Tensor<uint8, 4096> gm_pipe_buffer) -> Tensor<fp32, 16, 16> {
    c(x, o, gm_pipe_buffer);
    v(x, o, gm_pipe_buffer);
    return o;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o, In index n) -> Tensor<fp32, 16, 16> {
    Tensor<uint8, 4096> gm_pipe_buffer = tensor.create({4096}, {.dtype = uint8});
    Tensor<fp32, 16, 16> r = g(x, o, gm_pipe_buffer);
    for (index i : range(0, n, 1)) {
      Tensor<uint8, 4096> gm_pipe_buffer_1 = tensor.create({4096}, {.dtype = uint8});
      Tensor<fp32, 16, 16> r2 = g(x, o, gm_pipe_buffer_1);
    }
    return r;
  }
}
// -----
// RUN: inject-gm-pipe-buffer{platform=a5}
// a5: pipes are direct between the cores; nothing changes
program {
  AIC c(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    system.aic_initialize_pipe({.dir_mask = 1, .slot_size = 1024, .slot_num = 2, .split = 0});
    Tile<fp32, 16, 16, Mat> m = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Mat});
    tile.tpush_to_aiv(m, {.split = 0});
    return o;
  }

  AIV v(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    system.aiv_initialize_pipe({.dir_mask = 1, .slot_size = 1024, .slot_num = 2, .split = 0});
    Tile<fp32, 16, 16, Vec> t = tile.tpop_from_aic({16, 16}, {.dtype = fp32, .split = 0, .target_memory = Vec});
    tile.tfree_to_aic(t, {.split = 0});
    Tensor<fp32, 16, 16> o1 = tile.store(t, {0, 0}, o);
    return o;
  }

  Group g(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    c(x, o);
    v(x, o);
    return o;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o, In index n) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> r = g(x, o);
    for (index i : range(0, n, 1)) {
      Tensor<fp32, 16, 16> r2 = g(x, o);
    }
    return r;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: inject-gm-pipe-buffer{platform=a2a3}
// a program that has its buffers already (the first case's output): unchanged
program {
  AIC c(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o, InOut Tensor<uint8, 2048> gm_pipe_buffer) -> Tensor<fp32, 16, 16> {
    system.aic_initialize_pipe(gm_pipe_buffer, {.dir_mask = 1, .slot_size = 1024, .slot_num = 2, .split = 0, .gm_c2v_offset = 0});
    Tile<fp32, 16, 16, Mat> m = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Mat});
    tile.tpush_to_aiv(m, {.split = 0});
    return o;
  }

  AIV v(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o, InOut Tensor<uint8, 2048> gm_pipe_buffer) -> Tensor<fp32, 16, 16> {
    system.aiv_initialize_pipe(gm_pipe_buffer, {.dir_mask = 1, .slot_size = 1024, .slot_num = 2, .split = 0, .gm_c2v_offset = 0});
    Tile<fp32, 16, 16, Vec> t = tile.tpop_from_aic({16, 16}, {.dtype = fp32, .split = 0, .target_memory = Vec});
    tile.tfree_to_aic(t, {.split = 0});
    Tensor<fp32, 16, 16> o1 = tile.store(t, {0, 0}, o);
    return o;
  }

  Group g(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o, InOut Tensor<uint8, 2048> gm_pipe_buffer) -> Tensor<fp32, 16, 16> {
    c(x, o, gm_pipe_buffer);
    v(x, o, gm_pipe_buffer);
    return o;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o, In index n) -> Tensor<fp32, 16, 16> {
    Tensor<uint8, 2048> gm_pipe_buffer = tensor.create({2048}, {.dtype = uint8});
    Tensor<fp32, 16, 16> r = g(x, o, gm_pipe_buffer);
    for (index i : range(0, n, 1)) {
      Tensor<uint8, 2048> gm_pipe_buffer_1 = tensor.create({2048}, {.dtype = uint8});
      Tensor<fp32, 16, 16> r2 = g(x, o, gm_pipe_buffer_1);
    }
    return r;
  }
}
// EXPECTED-UNCHANGED
