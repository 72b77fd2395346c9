// RUN: allocate-memory-addr
// two 16 KiB Vec buffers are placed one after the other (0, 16384); the address goes on the alloc and into every MemRef on that base
program {
  InCore k(In Tensor<fp32, 64, 64> a, Out Tensor<fp32, 64, 64> o) -> Tensor<fp32, 64, 64> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 16384});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 16384});
    Tile<fp32, 64, 64, Vec, @vec_0(mem_vec_0, 0, 16384)> x = tile.load(a, {0, 0}, {64, 64}, {.target_memory = Vec});
    Tile<fp32, 64, 64, Vec, @vec_1(mem_vec_1, 0, 16384)> e = tile.exp(x);
    Tile<fp32, 64, 64, Vec, @vec_1(mem_vec_1, 0, 16384)> y = e;
    Tensor<fp32, 64, 64> s = tile.store(y, {0, 0}, o);
    return s;
  }

  Orchestration main(In Tensor<fp32, 64, 64> a) -> Tensor<fp32, 64, 64> {
    Tensor<fp32, 64, 64> o = tensor.create({64, 64}, {.dtype = fp32});
    Tensor<fp32, 64, 64> r = k(a, o);
    return r;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 64, 64> a, Out Tensor<fp32, 64, 64> o) -> Tensor<fp32, 64, 64> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 16384, .addr = 0});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 16384, .addr = 16384});
    Tile<fp32, 64, 64, Vec, @vec_0(mem_vec_0, 0, 16384)> x = tile.load(a, {0, 0}, {64, 64}, {.target_memory = Vec});
    Tile<fp32, 64, 64, Vec, @vec_1(mem_vec_1, 16384, 16384)> e = tile.exp(x);
    Tile<fp32, 64, 64, Vec, @vec_1(mem_vec_1, 16384, 16384)> y = e;
    Tensor<fp32, 64, 64> s = tile.store(y, {0, 0}, o);
    return s;
  }

  Orchestration main(In Tensor<fp32, 64, 64> a) -> Tensor<fp32, 64, 64> {
    Tensor<fp32, 64, 64> o = tensor.create({64, 64}, {.dtype = fp32});
    Tensor<fp32, 64, 64> r = k(a, o);
    return r;
  }
}
// -----
// RUN: allocate-memory-addr
// each space has its own arena from 0; addresses are 32-byte aligned; a MemRef at an offset into its base keeps that offset past the base's address
program {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Mat> mem_mat_0 = tile.alloc({.target_memory = Mat, .size = 1024});
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 40});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 2048});
    Tile<fp32, 16, 16, Mat, @mat_0(mem_mat_0, 0, 1024)> m = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 2, 5, Vec, @vec_0(mem_vec_0, 0, 40)> t = tile.load(a, {0, 0}, {2, 5}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 1024, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(x, {0, 0}, o);
    return s;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Mat> mem_mat_0 = tile.alloc({.target_memory = Mat, .size = 1024, .addr = 0});
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 40, .addr = 0});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 2048, .addr = 64});
    Tile<fp32, 16, 16, Mat, @mat_0(mem_mat_0, 0, 1024)> m = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 2, 5, Vec, @vec_0(mem_vec_0, 0, 40)> t = tile.load(a, {0, 0}, {2, 5}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 1088, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(x, {0, 0}, o);
    return s;
  }
}
// -----
// RUN: allocate-memory-addr
// an allocation that already has an address keeps it; new ones go after it
program {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024, .addr = 4096});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 4096, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> e = tile.exp(x);
    Tensor<fp32, 16, 16> s = tile.store(e, {0, 0}, o);
    return s;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024, .addr = 4096});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024, .addr = 5120});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 4096, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 5120, 1024)> e = tile.exp(x);
    Tensor<fp32, 16, 16> s = tile.store(e, {0, 0}, o);
    return s;
  }
}
// -----
// RUN: allocate-memory-addr
// a planned kernel is left as it is (the pass is idempotent)
program {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024, .addr = 0});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(x, {0, 0}, o);
    return s;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: allocate-memory-addr
// a kernel needing more Vec than the a2a3 safe capacity (184 KiB) is an error at the function naming the bytes
program {
  // EXPECTED-ERROR: MA001 {{kernel 'k' needs 262144 bytes of Vec but a2a3 has 188416 bytes available}}
  InCore k(In Tensor<fp32, 256, 256> a, Out Tensor<fp32, 256, 256> o) -> Tensor<fp32, 256, 256> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 262144});
    Tile<fp32, 256, 256, Vec, @vec_0(mem_vec_0, 0, 262144)> x = tile.load(a, {0, 0}, {256, 256}, {.target_memory = Vec});
    Tensor<fp32, 256, 256> s = tile.store(x, {0, 0}, o);
    return s;
  }
}
// -----
// RUN: allocate-memory-addr
// buffers that fit one by one but not together overflow too; Acc counts against the a2a3 128 KiB
program {
  // EXPECTED-ERROR: MA001 {{kernel 'k' needs 196608 bytes of Acc but a2a3 has 131072 bytes available}}
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Acc> mem_acc_0 = tile.alloc({.target_memory = Acc, .size = 65536});
    Ptr<Acc> mem_acc_1 = tile.alloc({.target_memory = Acc, .size = 65536});
    Ptr<Acc> mem_acc_2 = tile.alloc({.target_memory = Acc, .size = 65536});
    Tile<fp32, 128, 128, Acc, @acc_0(mem_acc_0, 0, 65536)> c0 = tile.create({128, 128}, {.dtype = fp32, .target_memory = Acc});
    Tile<fp32, 128, 128, Acc, @acc_1(mem_acc_1, 0, 65536)> c1 = tile.create({128, 128}, {.dtype = fp32, .target_memory = Acc});
    Tile<fp32, 128, 128, Acc, @acc_2(mem_acc_2, 0, 65536)> c2 = tile.create({128, 128}, {.dtype = fp32, .target_memory = Acc});
    return o;
  }
}
// -----
// RUN: allocate-memory-addr{platform=a5sim}
// the platform option selects the SoC: a5 has 240 KiB of safe Vec
program {
  // EXPECTED-ERROR: MA001 {{kernel 'k' needs 262144 bytes of Vec but a5 has 245760 bytes available}}
  InCore k(In Tensor<fp32, 256, 256> a, Out Tensor<fp32, 256, 256> o) -> Tensor<fp32, 256, 256> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 262144});
    Tile<fp32, 256, 256, Vec, @vec_0(mem_vec_0, 0, 262144)> x = tile.load(a, {0, 0}, {256, 256}, {.target_memory = Vec});
    Tensor<fp32, 256, 256> s = tile.store(x, {0, 0}, o);
    return s;
  }
}
// -----
// RUN: allocate-memory-addr
// a2a3 has no LeftScale memory (a5 only)
program {
  // EXPECTED-ERROR: MA001 {{kernel 'k' needs 512 bytes of LeftScale but a2a3 has 0 bytes available}}
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<LeftScale> mem_leftscale_0 = tile.alloc({.target_memory = LeftScale, .size = 512});
    return o;
  }
}
// -----
// RUN: allocate-memory-addr
// a pipe set-up's consumer buffer (2 slots of slot_size bytes, where pto-isa's TPOP places its tiles) goes after the tiles of its space: the AIV end of a C2V pipe in Vec, the AIC end of a V2C pipe in Mat; a producer end needs none; every set-up gets local_slot_num (TPipe's LocalSlotNum)
program {
  AIC c(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    system.aic_initialize_pipe({.dir_mask = 3, .slot_size = 1024, .slot_num = 2, .split = 0});
    Ptr<Mat> mem_mat_0 = tile.alloc({.target_memory = Mat, .size = 1000});
    Tile<fp32, 16, 16, Mat, @mat_0(mem_mat_0, 0, 1000)> m = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Mat});
    tile.tpush_to_aiv(m, {.split = 0});
    return o;
  }

  AIV v(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    system.aiv_initialize_pipe({.dir_mask = 1, .slot_size = 1024, .slot_num = 2, .split = 0});
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> t = tile.tpop_from_aic({16, 16}, {.dtype = fp32, .split = 0, .target_memory = Vec});
    tile.tfree_to_aic(t, {.split = 0});
    Tensor<fp32, 16, 16> o1 = tile.store(t, {0, 0}, o);
    return o;
  }

  AIC p(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    system.aic_initialize_pipe({.dir_mask = 1, .slot_size = 1024, .slot_num = 2, .split = 0});
    return o;
  }
}
// EXPECTED:
program {
  AIC c(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    system.aic_initialize_pipe({.dir_mask = 3, .slot_size = 1024, .slot_num = 2, .split = 0, .v2c_consumer_buf = 1024, .local_slot_num = 2});
    Ptr<Mat> mem_mat_0 = tile.alloc({.target_memory = Mat, .size = 1000, .addr = 0});
    Tile<fp32, 16, 16, Mat, @mat_0(mem_mat_0, 0, 1000)> m = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Mat});
    tile.tpush_to_aiv(m, {.split = 0});
    return o;
  }

  AIV v(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    system.aiv_initialize_pipe({.dir_mask = 1, .slot_size = 1024, .slot_num = 2, .split = 0, .c2v_consumer_buf = 1024, .local_slot_num = 2});
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024, .addr = 0});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> t = tile.tpop_from_aic({16, 16}, {.dtype = fp32, .split = 0, .target_memory = Vec});
    tile.tfree_to_aic(t, {.split = 0});
    Tensor<fp32, 16, 16> o1 = tile.store(t, {0, 0}, o);
    return o;
  }

  AIC p(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    system.aic_initialize_pipe({.dir_mask = 1, .slot_size = 1024, .slot_num = 2, .split = 0, .local_slot_num = 2});
    return o;
  }
}
// -----
// RUN: allocate-memory-addr{platform=a2a3}
// the consumer buffer counts against the space's capacity: 180 KiB of tiles and 2 x 4 KiB of slots exceed a2a3's 184 KiB of Vec
program {
  // EXPECTED-ERROR: MA001 {{kernel 'v' needs 192512 bytes of Vec but a2a3 has 188416 bytes available}}
  AIV v(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    system.aiv_initialize_pipe({.dir_mask = 1, .slot_size = 4096, .slot_num = 2, .split = 0});
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 184320});
    return o;
  }
}
// -----
// RUN: allocate-memory-addr
// reserve_buffer declares the consumer buffer of the pipe its kernel pops from: its size is LocalSlotNum slots (4096 / 1024 = 4), its base (AIC's 0) an address the tiles skip (the 1000-byte Mat tile goes after it, at 4096); without a base (AIV) it goes after the tiles; the producers' imports name those buffers, which changes nothing
program {
  AIC c(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    system.aic_initialize_pipe({.dir_mask = 3, .slot_size = 1024, .slot_num = 2, .split = 0});
    system.reserve_buffer({.name = "v2c", .size = 4096, .base = 0});
    system.import_peer_buffer({.name = "c2v", .peer_func = "v"});
    Ptr<Mat> mem_mat_0 = tile.alloc({.target_memory = Mat, .size = 1000});
    Tile<fp32, 16, 16, Mat, @mat_0(mem_mat_0, 0, 1000)> m = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Mat});
    tile.tpush_to_aiv(m, {.split = 0});
    return o;
  }

  AIV v(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    system.aiv_initialize_pipe({.dir_mask = 3, .slot_size = 1024, .slot_num = 2, .split = 0});
    system.reserve_buffer({.name = "c2v", .size = 3072});
    system.import_peer_buffer({.name = "v2c", .peer_func = "c"});
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> t = tile.tpop_from_aic({16, 16}, {.dtype = fp32, .split = 0, .target_memory = Vec});
    tile.tfree_to_aic(t, {.split = 0});
    Tensor<fp32, 16, 16> o1 = tile.store(t, {0, 0}, o);
    return o;
  }
}
// EXPECTED:
program {
  AIC c(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    system.aic_initialize_pipe({.dir_mask = 3, .slot_size = 1024, .slot_num = 2, .split = 0, .v2c_consumer_buf = 0, .local_slot_num = 4});
    system.reserve_buffer({.name = "v2c", .size = 4096, .base = 0});
    system.import_peer_buffer({.name = "c2v", .peer_func = "v"});
    Ptr<Mat> mem_mat_0 = tile.alloc({.target_memory = Mat, .size = 1000, .addr = 4096});
    Tile<fp32, 16, 16, Mat, @mat_0(mem_mat_0, 4096, 1000)> m = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Mat});
    tile.tpush_to_aiv(m, {.split = 0});
    return o;
  }

  AIV v(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    system.aiv_initialize_pipe({.dir_mask = 3, .slot_size = 1024, .slot_num = 2, .split = 0, .c2v_consumer_buf = 1024, .local_slot_num = 3});
    system.reserve_buffer({.name = "c2v", .size = 3072});
    system.import_peer_buffer({.name = "v2c", .peer_func = "c"});
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024, .addr = 0});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> t = tile.tpop_from_aic({16, 16}, {.dtype = fp32, .split = 0, .target_memory = Vec});
    tile.tfree_to_aic(t, {.split = 0});
    Tensor<fp32, 16, 16> o1 = tile.store(t, {0, 0}, o);
    return o;
  }
}
// -----
// RUN: allocate-memory-addr
// a reserved buffer that is not a whole number of slots
program {
  AIV v(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    system.aiv_initialize_pipe({.dir_mask = 1, .slot_size = 1024, .slot_num = 2, .split = 0});
    // EXPECTED-ERROR: MA003 {{buffer 'c2v' of 1500 bytes is not a whole number of the pipe's 1024-byte slots (its size is LocalSlotNum * slot_size)}}
    system.reserve_buffer({.name = "c2v", .size = 1500});
    return o;
  }
}
// -----
// RUN: allocate-memory-addr
// reserve_buffer in a kernel that pops from no pipe (the AIV end of a V2C pipe produces)
program {
  AIV v(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    system.aiv_initialize_pipe({.dir_mask = 2, .slot_size = 1024, .slot_num = 2, .split = 0});
    // EXPECTED-ERROR: MA003 {{kernel 'v' reserves buffer 'ring' but is not the consuming end of a pipe: reserve_buffer declares the buffer TPOP places tiles in, in the AIV kernel of a C2V pipe (dir_mask 1) or the AIC kernel of a V2C pipe (dir_mask 2)}}
    system.reserve_buffer({.name = "ring", .size = 2048});
    return o;
  }
}
// -----
// RUN: allocate-memory-addr
// two reserves in one kernel
program {
  AIV v(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    system.aiv_initialize_pipe({.dir_mask = 1, .slot_size = 1024, .slot_num = 2, .split = 0});
    system.reserve_buffer({.name = "a", .size = 2048});
    // EXPECTED-ERROR: MA003 {{kernel 'v' reserves a second consumer buffer 'b' (after 'a'): a kernel pops from one pipe direction and reserves its buffer once}}
    system.reserve_buffer({.name = "b", .size = 2048});
    return o;
  }
}
// -----
// RUN: allocate-memory-addr{platform=a2a3}
// a reserved base that is not aligned, and one past the capacity
program {
  AIV v(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    system.aiv_initialize_pipe({.dir_mask = 1, .slot_size = 1024, .slot_num = 2, .split = 0});
    // EXPECTED-ERROR: MA003 {{buffer 'c2v' at 100 is not aligned to the 32-byte Vec alignment of a2a3}}
    system.reserve_buffer({.name = "c2v", .size = 2048, .base = 100});
    return o;
  }

  AIC c(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    system.aic_initialize_pipe({.dir_mask = 2, .slot_size = 1024, .slot_num = 2, .split = 0});
    // EXPECTED-ERROR: MA003 {{buffer 'v2c' [523264, 525312) runs past the 524288 bytes of Mat a2a3 has}}
    system.reserve_buffer({.name = "v2c", .size = 2048, .base = 523264});
    return o;
  }
}
// -----
// RUN: allocate-memory-addr
// an import must name a buffer its peer kernel, of the other core kind, reserves
program {
  AIC c(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    system.aic_initialize_pipe({.dir_mask = 1, .slot_size = 1024, .slot_num = 2, .split = 0});
    // EXPECTED-ERROR: MA004 {{kernel 'c' imports buffer 'ring' of 'v', but kernel 'v' reserves no buffer of that name (reserve_buffer)}}
    system.import_peer_buffer({.name = "ring", .peer_func = "v"});
    // EXPECTED-ERROR: MA004 {{kernel 'c' imports buffer 'ring' of 'nobody', but no function 'nobody' exists}}
    system.import_peer_buffer({.name = "ring", .peer_func = "nobody"});
    // EXPECTED-ERROR: MA004 {{kernel 'c' imports buffer 'ring' of 'c2', but 'c2' is not the peer kernel (an AIV kernel for an AIC kernel, and the other way round)}}
    system.import_peer_buffer({.name = "ring", .peer_func = "c2"});
    return o;
  }

  AIC c2(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    system.aic_initialize_pipe({.dir_mask = 2, .slot_size = 1024, .slot_num = 2, .split = 0});
    system.reserve_buffer({.name = "ring", .size = 2048});
    return o;
  }

  AIV v(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    system.aiv_initialize_pipe({.dir_mask = 1, .slot_size = 1024, .slot_num = 2, .split = 0});
    system.reserve_buffer({.name = "other", .size = 2048});
    return o;
  }
}
