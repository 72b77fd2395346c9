// RUN: stamp-tfree-split
// a tfree takes the split of the tpop whose tile it frees, through a copy; a wrong split is replaced
program {
  AIV v(In Tensor<fp32, 16, 32> x, Out Tensor<fp32, 16, 32> o) -> Tensor<fp32, 16, 32> {
    system.aiv_initialize_pipe({.dir_mask = 1, .slot_size = 1024, .slot_num = 2, .split = 1});
    Tile<fp32, 8, 32, Vec> t = tile.tpop_from_aic({8, 32}, {.dtype = fp32, .split = 1, .target_memory = Vec});
    Tile<fp32, 8, 32, Vec> u = t;
    Tile<fp32, 8, 32, Vec> e = tile.exp(u);
    tile.tfree_to_aic(u);
    Tensor<fp32, 16, 32> o1 = tile.store(e, {0, 0}, o);
    return o;
  }

  AIC c(In Tensor<fp32, 16, 32> x, Out Tensor<fp32, 16, 32> o) -> Tensor<fp32, 16, 32> {
    system.aic_initialize_pipe({.dir_mask = 2, .slot_size = 1024, .slot_num = 2, .split = 2});
    Tile<fp32, 16, 32, Mat> m = tile.tpop_from_aiv({16, 32}, {.dtype = fp32, .split = 2, .target_memory = Mat});
    tile.tfree_to_aiv(m, {.split = 0});
    return o;
  }
}
// EXPECTED:
program {
  AIV v(In Tensor<fp32, 16, 32> x, Out Tensor<fp32, 16, 32> o) -> Tensor<fp32, 16, 32> {
    system.aiv_initialize_pipe({.dir_mask = 1, .slot_size = 1024, .slot_num = 2, .split = 1});
    Tile<fp32, 8, 32, Vec> t = tile.tpop_from_aic({8, 32}, {.dtype = fp32, .split = 1, .target_memory = Vec});
    Tile<fp32, 8, 32, Vec> u = t;
    Tile<fp32, 8, 32, Vec> e = tile.exp(u);
    tile.tfree_to_aic(u, {.split = 1});
    Tensor<fp32, 16, 32> o1 = tile.store(e, {0, 0}, o);
    return o;
  }

  AIC c(In Tensor<fp32, 16, 32> x, Out Tensor<fp32, 16, 32> o) -> Tensor<fp32, 16, 32> {
    system.aic_initialize_pipe({.dir_mask = 2, .slot_size = 1024, .slot_num = 2, .split = 2});
    Tile<fp32, 16, 32, Mat> m = tile.tpop_from_aiv({16, 32}, {.dtype = fp32, .split = 2, .target_memory = Mat});
    tile.tfree_to_aiv(m, {.split = 2});
    return o;
  }
}
// -----
// RUN: stamp-tfree-split
// a tfree of a tile no tpop produced: TF001
program {
  AIV wrong(In Tensor<fp32, 16, 32> x, Out Tensor<fp32, 16, 32> o) -> Tensor<fp32, 16, 32> {
    Tile<fp32, 16, 32, Vec> t = tile.load(x, {0, 0}, {16, 32}, {.target_memory = Vec});
    tile.tfree_to_aic(t); // EXPECTED-ERROR: TF001 {{'tile.tfree_to_aic' frees the slot of a tile popped from the cube core (tile.tpop_from_aic), but its argument is not such a tile}}
    Tensor<fp32, 16, 32> o1 = tile.store(t, {0, 0}, o);
    return o;
  }
}
// -----
// RUN: stamp-tfree-split
// already stamped (the output of the first case): unchanged, and Orchestration / Group functions are not looked at
program {
  AIV v(In Tensor<fp32, 16, 32> x, Out Tensor<fp32, 16, 32> o) -> Tensor<fp32, 16, 32> {
    system.aiv_initialize_pipe({.dir_mask = 1, .slot_size = 1024, .slot_num = 2, .split = 1});
    Tile<fp32, 8, 32, Vec> t = tile.tpop_from_aic({8, 32}, {.dtype = fp32, .split = 1, .target_memory = Vec});
    Tile<fp32, 8, 32, Vec> u = t;
    Tile<fp32, 8, 32, Vec> e = tile.exp(u);
    tile.tfree_to_aic(u, {.split = 1});
    Tensor<fp32, 16, 32> o1 = tile.store(e, {0, 0}, o);
    return o;
  }

  AIC c(In Tensor<fp32, 16, 32> x, Out Tensor<fp32, 16, 32> o) -> Tensor<fp32, 16, 32> {
    system.aic_initialize_pipe({.dir_mask = 2, .slot_size = 1024, .slot_num = 2, .split = 2});
    Tile<fp32, 16, 32, Mat> m = tile.tpop_from_aiv({16, 32}, {.dtype = fp32, .split = 2, .target_memory = Mat});
    tile.tfree_to_aiv(m, {.split = 2});
    return o;
  }
}
// EXPECTED-UNCHANGED
