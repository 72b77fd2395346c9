// RUN: legalize-tile-cast{platform=a2a3}
// fp32 -> int8 has no TCVT on a2a3: it rounds once into int16 with the cast's mode (floor), widens exactly to fp16, saturates into int8; the last step keeps the op's variable
program {
  AIV k(In Tensor<fp32, 16, 32> x, Out Tensor<int8, 16, 32> o) -> Tensor<int8, 16, 32> {
    Tile<fp32, 16, 32, Vec> t = tile.load(x, {0, 0}, {16, 32});
    Tile<int8, 16, 32, Vec> y = tile.cast(t, {.target_type = int8, .mode = "floor"});
    Tensor<int8, 16, 32> o1 = tile.store(y, {0, 0}, o);
    return o1;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16, 32> x, Out Tensor<int8, 16, 32> o) -> Tensor<int8, 16, 32> {
    Tile<fp32, 16, 32, Vec> t = tile.load(x, {0, 0}, {16, 32});
    Tile<int16, 16, 32, Vec> y_c = tile.cast(t, {.target_type = int16, .mode = "floor"});
    Tile<fp16, 16, 32, Vec> y_c_1 = tile.cast(y_c, {.target_type = fp16, .mode = "rint"});
    Tile<int8, 16, 32, Vec> y = tile.cast(y_c_1, {.target_type = int8, .mode = "rint"});
    Tensor<int8, 16, 32> o1 = tile.store(y, {0, 0}, o);
    return o1;
  }
}

// -----
// RUN: legalize-tile-cast{platform=a2a3}
// widenings: int8 -> fp32 through fp16, bf16 -> fp16 through fp32 (the mode of a cast that does not turn a float into an integer is rint on every step), int16 -> int32 through fp32, int64 -> int16 through int32 (two wraps are one); a dynamic tile shape is kept on every step
program {
  AIV k(In Tensor<int8, 16, 32> a, In Tensor<bf16, 16, 32> b, In Tensor<int16, 16, 32> c, In Tensor<int64, 16, 32> d, index n, Out Tensor<fp32, 16, 32> o) -> Tensor<fp32, 16, 32> {
    Tile<int8, 16, 32, Vec> ta = tile.load(a, {0, 0}, {16, 32});
    Tile<fp32, 16, 32, Vec> fa = tile.cast(ta, {.target_type = fp32, .mode = "rint"});
    Tile<bf16, 16, 32, Vec> tb = tile.load(b, {0, 0}, {16, 32});
    Tile<fp16, 16, 32, Vec> hb = tile.cast(tb, {.target_type = fp16, .mode = "none"});
    Tile<int16, n, 32, Vec> tc = tile.load(c, {0, 0}, {n, 32});
    Tile<int32, n, 32, Vec> ic = tile.cast(tc, {.target_type = int32, .mode = "rint"});
    Tile<int64, 16, 32, Vec> td = tile.load(d, {0, 0}, {16, 32});
    Tile<int16, 16, 32, Vec> sd = tile.cast(td, {.target_type = int16, .mode = "rint"});
    Tensor<fp32, 16, 32> o1 = tile.store(fa, {0, 0}, o);
    return o1;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<int8, 16, 32> a, In Tensor<bf16, 16, 32> b, In Tensor<int16, 16, 32> c, In Tensor<int64, 16, 32> d, index n, Out Tensor<fp32, 16, 32> o) -> Tensor<fp32, 16, 32> {
    Tile<int8, 16, 32, Vec> ta = tile.load(a, {0, 0}, {16, 32});
    Tile<fp16, 16, 32, Vec> fa_c = tile.cast(ta, {.target_type = fp16, .mode = "rint"});
    Tile<fp32, 16, 32, Vec> fa = tile.cast(fa_c, {.target_type = fp32, .mode = "rint"});
    Tile<bf16, 16, 32, Vec> tb = tile.load(b, {0, 0}, {16, 32});
    Tile<fp32, 16, 32, Vec> hb_c = tile.cast(tb, {.target_type = fp32, .mode = "rint"});
    Tile<fp16, 16, 32, Vec> hb = tile.cast(hb_c, {.target_type = fp16, .mode = "rint"});
    Tile<int16, n, 32, Vec> tc = tile.load(c, {0, 0}, {n, 32});
    Tile<fp32, n, 32, Vec> ic_c = tile.cast(tc, {.target_type = fp32, .mode = "rint"});
    Tile<int32, n, 32, Vec> ic = tile.cast(ic_c, {.target_type = int32, .mode = "rint"});
    Tile<int64, 16, 32, Vec> td = tile.load(d, {0, 0}, {16, 32});
    Tile<int32, 16, 32, Vec> sd_c = tile.cast(td, {.target_type = int32, .mode = "rint"});
    Tile<int16, 16, 32, Vec> sd = tile.cast(sd_c, {.target_type = int16, .mode = "rint"});
    Tensor<fp32, 16, 32> o1 = tile.store(fa, {0, 0}, o);
    return o1;
  }
}

// -----
// RUN: legalize-tile-cast{platform=a2a3}
// bf16 -> uint8 with mode trunc: the mode goes on the step that turns the float into an integer (bf16 -> int32), the later steps convert integral values
program {
  AIV k(In Tensor<bf16, 16, 32> x, Out Tensor<uint8, 16, 32> o) -> Tensor<uint8, 16, 32> {
    Tile<bf16, 16, 32, Vec> t = tile.load(x, {0, 0}, {16, 32});
    Tile<uint8, 16, 32, Vec> y = tile.cast(t, {.target_type = uint8, .mode = "trunc"});
    Tensor<uint8, 16, 32> o1 = tile.store(y, {0, 0}, o);
    return o1;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<bf16, 16, 32> x, Out Tensor<uint8, 16, 32> o) -> Tensor<uint8, 16, 32> {
    Tile<bf16, 16, 32, Vec> t = tile.load(x, {0, 0}, {16, 32});
    Tile<int32, 16, 32, Vec> y_c = tile.cast(t, {.target_type = int32, .mode = "trunc"});
    Tile<fp16, 16, 32, Vec> y_c_1 = tile.cast(y_c, {.target_type = fp16, .mode = "rint"});
    Tile<uint8, 16, 32, Vec> y = tile.cast(y_c_1, {.target_type = uint8, .mode = "rint"});
    Tensor<uint8, 16, 32> o1 = tile.store(y, {0, 0}, o);
    return o1;
  }
}

// -----
// RUN: legalize-tile-cast{platform=a2a3}
// a same-dtype cast TCVT lacks (int32 -> int32) is the value itself
program {
  AIV k(In Tensor<int32, 16, 32> x, Out Tensor<int32, 16, 32> o) -> Tensor<int32, 16, 32> {
    Tile<int32, 16, 32, Vec> t = tile.load(x, {0, 0}, {16, 32});
    Tile<int32, 16, 32, Vec> y = tile.cast(t, {.target_type = int32, .mode = "rint"});
    Tensor<int32, 16, 32> o1 = tile.store(y, {0, 0}, o);
    return o1;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<int32, 16, 32> x, Out Tensor<int32, 16, 32> o) -> Tensor<int32, 16, 32> {
    Tile<int32, 16, 32, Vec> t = tile.load(x, {0, 0}, {16, 32});
    Tile<int32, 16, 32, Vec> y = t;
    Tensor<int32, 16, 32> o1 = tile.store(y, {0, 0}, o);
    return o1;
  }
}

// -----
// RUN: legalize-tile-cast{platform=a2a3}
// must not change: native conversions (fp32 -> fp16, fp16 -> int8 with a mode, int32 -> int64), a cast in an orchestration
program {
  AIV k(In Tensor<fp32, 16, 32> x, Out Tensor<int64, 16, 32> o) -> Tensor<int64, 16, 32> {
    Tile<fp32, 16, 32, Vec> t = tile.load(x, {0, 0}, {16, 32});
    Tile<fp16, 16, 32, Vec> h = tile.cast(t, {.target_type = fp16, .mode = "rint"});
    Tile<int8, 16, 32, Vec> b = tile.cast(h, {.target_type = int8, .mode = "floor"});
    Tile<int32, 16, 32, Vec> i = tile.cast(t, {.target_type = int32, .mode = "rint"});
    Tile<int64, 16, 32, Vec> l = tile.cast(i, {.target_type = int64, .mode = "rint"});
    Tensor<int64, 16, 32> o1 = tile.store(l, {0, 0}, o);
    return o1;
  }
  Orchestration main(In Tensor<int8, 16, 32> x, Out Tensor<fp32, 16, 32> o) -> Tensor<fp32, 16, 32> {
    Tensor<fp32, 16, 32> y = tensor.cast(x, {.target_type = fp32, .mode = "rint"});
    return y;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: legalize-tile-cast{platform=a5}
// must not change: a5 has no table (every conversion is one TCVT)
program {
  AIV k(In Tensor<fp32, 16, 32> x, Out Tensor<int8, 16, 32> o) -> Tensor<int8, 16, 32> {
    Tile<fp32, 16, 32, Vec> t = tile.load(x, {0, 0}, {16, 32});
    Tile<int8, 16, 32, Vec> y = tile.cast(t, {.target_type = int8, .mode = "rint"});
    Tensor<int8, 16, 32> o1 = tile.store(y, {0, 0}, o);
    return o1;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: legalize-tile-cast{platform=a2a3sim}
// on the simulated a2a3 the chains are the same (pl/sim runs what the hardware would)
program {
  AIV k(In Tensor<uint8, 16, 32> x, Out Tensor<int64, 16, 32> o) -> Tensor<int64, 16, 32> {
    Tile<uint8, 16, 32, Vec> t = tile.load(x, {0, 0}, {16, 32});
    Tile<int64, 16, 32, Vec> y = tile.cast(t, {.target_type = int64, .mode = "rint"});
    Tensor<int64, 16, 32> o1 = tile.store(y, {0, 0}, o);
    return o1;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<uint8, 16, 32> x, Out Tensor<int64, 16, 32> o) -> Tensor<int64, 16, 32> {
    Tile<uint8, 16, 32, Vec> t = tile.load(x, {0, 0}, {16, 32});
    Tile<fp16, 16, 32, Vec> y_c = tile.cast(t, {.target_type = fp16, .mode = "rint"});
    Tile<int32, 16, 32, Vec> y_c_1 = tile.cast(y_c, {.target_type = int32, .mode = "rint"});
    Tile<int64, 16, 32, Vec> y = tile.cast(y_c_1, {.target_type = int64, .mode = "rint"});
    Tensor<int64, 16, 32> o1 = tile.store(y, {0, 0}, o);
    return o1;
  }
}

// -----
// RUN: legalize-tile-cast{platform=a2a3}
// must not change: casts with no exact chain (int16 -> int8 wraps, int32 -> bf16 would round twice, uint16 is no dtype of a2a3's TCVT) stay for CheckTileConstraints' TC005
program {
  AIV k(In Tensor<int16, 16, 32> x, In Tensor<int32, 16, 32> y, In Tensor<uint16, 16, 32> z, Out Tensor<int8, 16, 32> o) -> Tensor<int8, 16, 32> {
    Tile<int16, 16, 32, Vec> t = tile.load(x, {0, 0}, {16, 32});
    Tile<int8, 16, 32, Vec> b = tile.cast(t, {.target_type = int8, .mode = "rint"});
    Tile<int32, 16, 32, Vec> u = tile.load(y, {0, 0}, {16, 32});
    Tile<bf16, 16, 32, Vec> v = tile.cast(u, {.target_type = bf16, .mode = "rint"});
    Tile<uint16, 16, 32, Vec> w = tile.load(z, {0, 0}, {16, 32});
    Tile<fp32, 16, 32, Vec> f = tile.cast(w, {.target_type = fp32, .mode = "rint"});
    Tensor<int8, 16, 32> o1 = tile.store(b, {0, 0}, o);
    return o1;
  }
}
// EXPECTED-UNCHANGED
