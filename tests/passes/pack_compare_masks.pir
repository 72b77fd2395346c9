// RUN: pack-compare-masks
// a compare only selects read writes PTO-ISA's packed uint8 mask [R, ceil(C / 8) rounded up to 32] instead; one the program also stores keeps its bool form beside the packed one
program {
  AIV k(In Tensor<fp32, 16, 64> x, Out Tensor<bool, 16, 64> o, Out Tensor<fp32, 16, 64> y) {
    Tile<fp32, 16, 64, Vec> a = tile.load(x, {0, 0}, {16, 64});
    Tile<fp32, 16, 64, Vec> b = tile.load(x, {0, 0}, {16, 64});
    Tile<bool, 16, 64, Vec> m = tile.cmp(a, b, {.mode = "lt"});
    Tile<fp32, 16, 64, Vec> q = tile.sel(m, a, b);
    Tile<bool, 16, 64, Vec> n = tile.cmps(a, 0.5, {.mode = "ge"});
    Tile<fp32, 16, 64, Vec> w = tile.sels(n, q, 0.0);
    Tensor<bool, 16, 64> s = tile.store(n, {0, 0}, o);
    Tensor<fp32, 16, 64> t = tile.store(w, {0, 0}, y);
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16, 64> x, Out Tensor<bool, 16, 64> o, Out Tensor<fp32, 16, 64> y) {
    Tile<fp32, 16, 64, Vec> a = tile.load(x, {0, 0}, {16, 64});
    Tile<fp32, 16, 64, Vec> b = tile.load(x, {0, 0}, {16, 64});
    Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> m_packed = tile.cmp(a, b, {.mode = "lt", .packed = true});
    Tile<fp32, 16, 64, Vec> q = tile.sel(m_packed, a, b);
    Tile<bool, 16, 64, Vec> n = tile.cmps(a, 0.5, {.mode = "ge"});
    Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> n_packed = tile.cmps(a, 0.5, {.mode = "ge", .packed = true});
    Tile<fp32, 16, 64, Vec> w = tile.sels(n_packed, q, 0.0);
    Tensor<bool, 16, 64> s = tile.store(n, {0, 0}, o);
    Tensor<fp32, 16, 64> t = tile.store(w, {0, 0}, y);
    return;
  }
}
// -----
// RUN: pack-compare-masks
// a bool mask of another origin (here a load) is packed before the select: cast to fp32, then compared != 0
program {
  AIV k(In Tensor<fp32, 16, 64> x, In Tensor<bool, 16, 64> mk, Out Tensor<fp32, 16, 64> y) {
    Tile<fp32, 16, 64, Vec> a = tile.load(x, {0, 0}, {16, 64});
    Tile<bool, 16, 64, Vec> m = tile.load(mk, {0, 0}, {16, 64});
    Tile<fp32, 16, 64, Vec> w = tile.sels(m, a, 1.0);
    Tensor<fp32, 16, 64> t = tile.store(w, {0, 0}, y);
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16, 64> x, In Tensor<bool, 16, 64> mk, Out Tensor<fp32, 16, 64> y) {
    Tile<fp32, 16, 64, Vec> a = tile.load(x, {0, 0}, {16, 64});
    Tile<bool, 16, 64, Vec> m = tile.load(mk, {0, 0}, {16, 64});
    Tile<fp32, 16, 64, Vec> m_f = tile.cast(m, {.target_type = fp32});
    Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> m_packed = tile.cmps(m_f, 0.0, {.mode = "ne", .packed = true});
    Tile<fp32, 16, 64, Vec> w = tile.sels(m_packed, a, 1.0);
    Tensor<fp32, 16, 64> t = tile.store(w, {0, 0}, y);
    return;
  }
}
// -----
// RUN: pack-compare-masks
// must not change: a compare no select reads, orchestration code
program {
  AIV k(In Tensor<fp32, 16, 64> x, Out Tensor<bool, 16, 64> o) {
    Tile<fp32, 16, 64, Vec> a = tile.load(x, {0, 0}, {16, 64});
    Tile<bool, 16, 64, Vec> m = tile.cmps(a, 0.0, {.mode = "gt"});
    Tensor<bool, 16, 64> s = tile.store(m, {0, 0}, o);
    return;
  }

  Orchestration main(In Tensor<fp32, 16, 64> x, Out Tensor<bool, 16, 64> o) {
    k(x, o);
    return;
  }
}
// EXPECTED-UNCHANGED
