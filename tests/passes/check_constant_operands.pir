// RUN: check-constant-operands
// negative constant offsets of loads and stores (the eager run throws on both)
program {
  AIV k(In Tensor<fp32, 64, 16> x, Out Tensor<fp32, 64, 16> o) {
    Tile<fp32, 16, 16, Vec> a = tile.load(x, {-16, 0}, {16, 16}); // EXPECTED-ERROR: CO001 {{offset 0 of 'tile.load' is -16; a window offset must be >= 0 (the eager run throws, the simulator aborts)}}
    Tile<fp32, 16, 16, Vec> b = tile.load(x, {0, 0}, {16, 16});
    Tensor<fp32, 64, 16> r = tile.store(b, {0, -1}, o); // EXPECTED-ERROR: CO001 {{offset 1 of 'tile.store' is -1}}
    return;
  }
}
// -----
// RUN: check-constant-operands
// a store past the tensor's end: the least valid extent of a full tile is its shape, of a load the in-bounds part of its window (limited by a constant valid_shape), of an elementwise or unary op its operands'; a start past the end fails whatever the extent
program {
  AIV k(In Tensor<fp32, 64, 16> x, Out Tensor<fp32, 64, 16> o, In index n) {
    Tile<fp32, 16, 16, Vec> f = tile.full({16, 16}, 0.0, {.dtype = fp32});
    Tensor<fp32, 64, 16> r1 = tile.store(f, {64, 0}, o); // EXPECTED-ERROR: CO002 {{'tile.store' at offset 64 in dim 0 of a tensor whose dim is 64 writes at least 16 element(s) of the tile's valid region there, past the end; the window must fit the tensor (the eager run throws, the simulator aborts)}}
    Tile<fp32, 16, 16, Vec> a = tile.load(x, {0, 0}, {16, 16});
    Tensor<fp32, 64, 16> r2 = tile.store(a, {50, 0}, o); // EXPECTED-ERROR: CO002 {{at offset 50 in dim 0 of a tensor whose dim is 64 writes at least 16 element(s)}}
    Tile<fp32, 16, 16, Vec> v = tile.load(x, {0, 0}, {16, 16}, {.valid_shape = {4, 16}});
    Tensor<fp32, 64, 16> r3 = tile.store(v, {61, 0}, o); // EXPECTED-ERROR: CO002 {{writes at least 4 element(s)}}
    Tile<fp32, 16, 16, Vec> g = tile.add(a, f);
    Tile<fp32, 16, 16, Vec> h = tile.exp(g);
    Tensor<fp32, 64, 16> r5 = tile.store(h, {0, 1}, o); // EXPECTED-ERROR: CO002 {{'tile.store' at offset 1 in dim 1 of a tensor whose dim is 16 writes at least 16 element(s)}}
    Tile<fp32, 16, 16, Vec> u = tile.load(x, {n, 0}, {16, 16});
    Tensor<fp32, 64, 16> r4 = tile.store(u, {65, 0}, o); // EXPECTED-ERROR: CO002 {{'tile.store' at offset 65 in dim 0 of a tensor whose dim is 64 starts past the end}}
    return;
  }
}
// -----
// RUN: check-constant-operands
// a load's constant valid shape outside 0..the window's size (the eager run throws); 0 and the size itself are fine
program {
  AIV k(In Tensor<fp32, 64, 16> x) {
    Tile<fp32, 16, 16, Vec> a = tile.load(x, {0, 0}, {16, 16}, {.valid_shape = {-1, 16}}); // EXPECTED-ERROR: CO005 {{dim 0 of the valid shape of 'tile.load' is -1; expected 0..16 (the eager run throws, the simulator aborts)}}
    Tile<fp32, 16, 16, Vec> b = tile.load(x, {0, 0}, {16, 16}, {.valid_shape = {16, 17}}); // EXPECTED-ERROR: CO005 {{dim 1 of the valid shape of 'tile.load' is 17; expected 0..16}}
    Tile<fp32, 16, 16, Vec> c = tile.load(x, {0, 0}, {16, 16}, {.valid_shape = {0, 16}});
    return;
  }
}
// -----
// RUN: check-constant-operands
// integer division and remainder by the constant 0 (C++ traps); a float division by 0 is not an error
program {
  Orchestration main(In index n, In fp32 y) {
    index a = floordiv(n, 0); // EXPECTED-ERROR: CO003 {{integer division by zero (the divisor is the constant 0); the eager run traps (SIGFPE) and the device's result is undefined}}
    index b = truncmod(n, 0); // EXPECTED-ERROR: CO003 {{integer remainder by zero}}
    fp32 c = y / 0.0;
    return;
  }
}
// -----
// RUN: check-constant-operands
// must not change: windows at the tensor's end, loads past the end (padded), a tile loaded entirely past the end stored at the end (empty valid region), run-time offsets, division by a non-zero constant
program {
  AIV k(In Tensor<fp32, 64, 16> x, Out Tensor<fp32, 64, 16> o, In index n) {
    Tile<fp32, 16, 16, Vec> a = tile.load(x, {48, 0}, {16, 16});
    Tensor<fp32, 64, 16> r1 = tile.store(a, {48, 0}, o);
    Tile<fp32, 16, 16, Vec> b = tile.load(x, {56, 0}, {16, 16});
    Tensor<fp32, 64, 16> r2 = tile.store(b, {56, 0}, r1);
    Tile<fp32, 16, 16, Vec> e = tile.load(x, {64, 0}, {16, 16});
    Tensor<fp32, 64, 16> r3 = tile.store(e, {64, 0}, r2);
    Tensor<fp32, 64, 16> r4 = tile.store(a, {n, 0}, r3);
    index q = floordiv(n, 4);
    return;
  }
}
// EXPECTED-UNCHANGED
