// RUN: pack-compare-masks
// a compare writes PTO-ISA's packed uint8 mask [R, ceil(C / 8) rounded up to 32] instead of bools; selects read it, and a store expands it to 0 / 1 bytes first (TSELS of fp16 ones over the mask's whole bytes, TCVT to uint8)
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
    Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> n_packed = tile.cmps(a, 0.5, {.mode = "ge", .packed = true});
    Tile<fp32, 16, 64, Vec> w = tile.sels(n_packed, q, 0.0);
    Tile<fp16, 16, 64, Vec> n_one = tile.full({16, 64}, fp16(1.0), {.dtype = fp16});
    Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> n_whole = tile.set_validshape(n_packed, 16, 8);
    Tile<fp16, 16, 64, Vec> n_h = tile.sels(n_whole, n_one, fp16(0.0));
    Tile<uint8, 16, 64, Vec> n_bytes = tile.cast(n_h, {.target_type = uint8});
    Tensor<bool, 16, 64> s = tile.store(n_bytes, {0, 0}, o);
    Tensor<fp32, 16, 64> t = tile.store(w, {0, 0}, y);
    return;
  }
}
// -----
// RUN: pack-compare-masks
// a bool mask loaded from a bool tensor is read as its uint8 bytes, widened to fp16 and packed (compared != 0) before the select
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
    Tile<uint8, 16, 64, Vec> m_bytes = tile.load(mk, {0, 0}, {16, 64}, {.bytes = true});
    Tile<fp16, 16, 64, Vec> m_h = tile.cast(m_bytes, {.target_type = fp16});
    Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> m_packed = tile.cmps(m_h, fp16(0.0), {.mode = "ne", .packed = true});
    Tile<fp32, 16, 64, Vec> w = tile.sels(m_packed, a, 1.0);
    Tensor<fp32, 16, 64> t = tile.store(w, {0, 0}, y);
    return;
  }
}
// -----
// RUN: pack-compare-masks
// must not change: a compare only a cast to int64 reads (TSELS selects no 8-byte dtype), a loaded bool tile nothing reads as a mask but such a cast, a compare with columns that are not constant, integer and / not, orchestration code
program {
  AIV k(In Tensor<fp32, 16, 64> x, In Tensor<bool, 16, 64> mk, Out Tensor<fp32, 16, 64> o, In Tensor<int32, 16, 64> ix, In index c) {
    Tile<fp32, 16, 64, Vec> a = tile.load(x, {0, 0}, {16, 64});
    Tile<bool, 16, 64, Vec> m = tile.cmps(a, 0.0, {.mode = "gt"});
    Tile<int64, 16, 64, Vec> f = tile.cast(m, {.target_type = int64});
    Tile<bool, 16, 64, Vec> l = tile.load(mk, {0, 0}, {16, 64});
    Tile<int64, 16, 64, Vec> g = tile.cast(l, {.target_type = int64});
    Tile<fp32, 16, c, Vec> d = tile.load(x, {0, 0}, {16, c});
    Tile<bool, 16, c, Vec> e = tile.cmps(d, 0.0, {.mode = "gt"});
    Tile<fp32, 16, c, Vec> h = tile.cast(e, {.target_type = fp32});
    Tile<int32, 16, 64, Vec> i = tile.load(ix, {0, 0}, {16, 64});
    Tile<int32, 16, 64, Vec> j = tile.and(i, i);
    Tile<int32, 16, 64, Vec> n = tile.not(j);
    Tile<bool, 16, 64, Vec> q = tile.cast(f, {.target_type = bool});
    Tensor<fp32, 16, 64> s = tile.store(a, {0, 0}, o);
    return;
  }

  Orchestration main(In Tensor<fp32, 16, 64> x, In Tensor<bool, 16, 64> mk, Out Tensor<fp32, 16, 64> o, In Tensor<int32, 16, 64> ix, In index c) {
    k(x, mk, o, ix, c);
    return;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: pack-compare-masks
// masks combined (and / or / xor / not) run on the packed bytes (TAND / TOR / TXOR / TNOT of uint8); a loaded bool mask is read as its bytes (tile.load bytes), widened to fp16 and packed; the bool forms are dropped
program {
  AIV k(In Tensor<fp32, 16, 64> x, In Tensor<bool, 16, 64> mk, Out Tensor<fp32, 16, 64> y) {
    Tile<fp32, 16, 64, Vec> a = tile.load(x, {0, 0}, {16, 64});
    Tile<bool, 16, 64, Vec> m = tile.cmps(a, 0.0, {.mode = "gt"});
    Tile<bool, 16, 64, Vec> n = tile.cmps(a, 2.0, {.mode = "lt"});
    Tile<bool, 16, 64, Vec> l = tile.load(mk, {0, 0}, {16, 64});
    Tile<bool, 16, 64, Vec> b = tile.and(m, n);
    Tile<bool, 16, 64, Vec> o = tile.or(b, l);
    Tile<bool, 16, 64, Vec> e = tile.xor(o, m);
    Tile<bool, 16, 64, Vec> z = tile.not(e);
    Tile<fp32, 16, 64, Vec> w = tile.sels(z, a, 1.0);
    Tensor<fp32, 16, 64> t = tile.store(w, {0, 0}, y);
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16, 64> x, In Tensor<bool, 16, 64> mk, Out Tensor<fp32, 16, 64> y) {
    Tile<fp32, 16, 64, Vec> a = tile.load(x, {0, 0}, {16, 64});
    Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> m_packed = tile.cmps(a, 0.0, {.mode = "gt", .packed = true});
    Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> n_packed = tile.cmps(a, 2.0, {.mode = "lt", .packed = true});
    Tile<uint8, 16, 64, Vec> l_bytes = tile.load(mk, {0, 0}, {16, 64}, {.bytes = true});
    Tile<fp16, 16, 64, Vec> l_h = tile.cast(l_bytes, {.target_type = fp16});
    Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> l_packed = tile.cmps(l_h, fp16(0.0), {.mode = "ne", .packed = true});
    Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> b_packed = tile.and(m_packed, n_packed);
    Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> o_packed = tile.or(b_packed, l_packed);
    Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> e_packed = tile.xor(o_packed, m_packed);
    Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> z_packed = tile.not(e_packed);
    Tile<fp32, 16, 64, Vec> w = tile.sels(z_packed, a, 1.0);
    Tensor<fp32, 16, 64> t = tile.store(w, {0, 0}, y);
    return;
  }
}
// -----
// RUN: pack-compare-masks
// a mask stored into a bool tensor is packed and expanded back to 0 / 1 bytes (TSELS of fp16 ones, TCVT to uint8); ragged columns (20: 3 bytes of bits); a loaded mask stored again stores its bytes
program {
  AIV k(In Tensor<fp32, 16, 20> x, In Tensor<bool, 16, 20> mk, Out Tensor<bool, 16, 20> o, Out Tensor<bool, 16, 20> p) {
    Tile<fp32, 16, 20, Vec> a = tile.load(x, {0, 0}, {16, 20});
    Tile<bool, 16, 20, Vec> m = tile.cmps(a, 0.0, {.mode = "gt"});
    Tensor<bool, 16, 20> s = tile.store(m, {0, 0}, o);
    Tile<bool, 16, 20, Vec> l = tile.load(mk, {0, 0}, {16, 20});
    Tile<bool, 16, 20, Vec> n = tile.not(l);
    Tensor<bool, 16, 20> q = tile.store(n, {0, 0}, p);
    Tensor<bool, 16, 20> r = tile.store(l, {0, 0}, p);
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16, 20> x, In Tensor<bool, 16, 20> mk, Out Tensor<bool, 16, 20> o, Out Tensor<bool, 16, 20> p) {
    Tile<fp32, 16, 20, Vec> a = tile.load(x, {0, 0}, {16, 20});
    Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 3}}> m_packed = tile.cmps(a, 0.0, {.mode = "gt", .packed = true});
    Tile<fp16, 16, 20, Vec> m_one = tile.full({16, 20}, fp16(1.0), {.dtype = fp16});
    Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 3}}> m_whole = tile.set_validshape(m_packed, 16, 3);
    Tile<fp16, 16, 20, Vec> m_h = tile.sels(m_whole, m_one, fp16(0.0));
    Tile<uint8, 16, 20, Vec> m_bytes = tile.cast(m_h, {.target_type = uint8});
    Tensor<bool, 16, 20> s = tile.store(m_bytes, {0, 0}, o);
    Tile<uint8, 16, 20, Vec> l_bytes = tile.load(mk, {0, 0}, {16, 20}, {.bytes = true});
    Tile<fp16, 16, 20, Vec> l_h = tile.cast(l_bytes, {.target_type = fp16});
    Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 3}}> l_packed = tile.cmps(l_h, fp16(0.0), {.mode = "ne", .packed = true});
    Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 3}}> n_packed = tile.not(l_packed);
    Tile<fp16, 16, 20, Vec> n_one = tile.full({16, 20}, fp16(1.0), {.dtype = fp16});
    Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 3}}> n_whole = tile.set_validshape(n_packed, 16, 3);
    Tile<fp16, 16, 20, Vec> n_h = tile.sels(n_whole, n_one, fp16(0.0));
    Tile<uint8, 16, 20, Vec> n_bytes = tile.cast(n_h, {.target_type = uint8});
    Tensor<bool, 16, 20> q = tile.store(n_bytes, {0, 0}, p);
    Tensor<bool, 16, 20> r = tile.store(l_bytes, {0, 0}, p);
    return;
  }
}
// -----
// RUN: pack-compare-masks
// a combination whose result something else reads (here a cast to int64) keeps its bool form and so do its operands, beside the packed forms a select reads
program {
  AIV k(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 16, 64> y) {
    Tile<fp32, 16, 64, Vec> a = tile.load(x, {0, 0}, {16, 64});
    Tile<bool, 16, 64, Vec> m = tile.cmps(a, 0.0, {.mode = "gt"});
    Tile<bool, 16, 64, Vec> n = tile.cmps(a, 2.0, {.mode = "lt"});
    Tile<bool, 16, 64, Vec> b = tile.and(m, n);
    Tile<int64, 16, 64, Vec> f = tile.cast(b, {.target_type = int64});
    Tile<fp32, 16, 64, Vec> w = tile.sels(b, a, 1.0);
    Tensor<fp32, 16, 64> t = tile.store(w, {0, 0}, y);
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 16, 64> y) {
    Tile<fp32, 16, 64, Vec> a = tile.load(x, {0, 0}, {16, 64});
    Tile<bool, 16, 64, Vec> m = tile.cmps(a, 0.0, {.mode = "gt"});
    Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> m_packed = tile.cmps(a, 0.0, {.mode = "gt", .packed = true});
    Tile<bool, 16, 64, Vec> n = tile.cmps(a, 2.0, {.mode = "lt"});
    Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> n_packed = tile.cmps(a, 2.0, {.mode = "lt", .packed = true});
    Tile<bool, 16, 64, Vec> b = tile.and(m, n);
    Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> b_packed = tile.and(m_packed, n_packed);
    Tile<int64, 16, 64, Vec> f = tile.cast(b, {.target_type = int64});
    Tile<fp32, 16, 64, Vec> w = tile.sels(b_packed, a, 1.0);
    Tensor<fp32, 16, 64> t = tile.store(w, {0, 0}, y);
    return;
  }
}
// -----
// RUN: pack-compare-masks
// a mask carried through a loop carries its packed form (init, yield and result packed; the bool carry dropped); a second carry read by a cast to int64 keeps its bool form beside the packed one (and so do its init and yield)
program {
  AIV k(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 16, 64> y, Out Tensor<bool, 16, 64> o, In index n) {
    Tile<fp32, 16, 64, Vec> a = tile.load(x, {0, 0}, {16, 64});
    Tile<bool, 16, 64, Vec> m = tile.cmps(a, 0.0, {.mode = "gt"});
    Tile<bool, 16, 64, Vec> g = tile.cmps(a, 1.0, {.mode = "gt"});
    for (index i : range(0, n, 1)) carry (Tile<bool, 16, 64, Vec> c = m, Tile<bool, 16, 64, Vec> d = g) -> (Tile<bool, 16, 64, Vec> r, Tile<bool, 16, 64, Vec> e) {
      Tile<bool, 16, 64, Vec> t = tile.cmps(a, 2.0, {.mode = "lt"});
      Tile<bool, 16, 64, Vec> u = tile.and(c, t);
      Tile<bool, 16, 64, Vec> v = tile.or(d, t);
      Tile<int64, 16, 64, Vec> f = tile.cast(d, {.target_type = int64});
      yield(u, v);
    }
    Tile<fp32, 16, 64, Vec> w = tile.sels(r, a, 0.0);
    Tile<fp32, 16, 64, Vec> z = tile.sels(e, w, 1.0);
    Tensor<fp32, 16, 64> s = tile.store(z, {0, 0}, y);
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 16, 64> y, Out Tensor<bool, 16, 64> o, In index n) {
    Tile<fp32, 16, 64, Vec> a = tile.load(x, {0, 0}, {16, 64});
    Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> m_packed = tile.cmps(a, 0.0, {.mode = "gt", .packed = true});
    Tile<bool, 16, 64, Vec> g = tile.cmps(a, 1.0, {.mode = "gt"});
    Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> g_packed = tile.cmps(a, 1.0, {.mode = "gt", .packed = true});
    for (index i : range(0, n, 1)) carry (Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> c_packed = m_packed, Tile<bool, 16, 64, Vec> d = g, Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> d_packed = g_packed) -> (Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> r_packed, Tile<bool, 16, 64, Vec> e, Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> e_packed) {
      Tile<bool, 16, 64, Vec> t = tile.cmps(a, 2.0, {.mode = "lt"});
      Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> t_packed = tile.cmps(a, 2.0, {.mode = "lt", .packed = true});
      Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> u_packed = tile.and(c_packed, t_packed);
      Tile<bool, 16, 64, Vec> v = tile.or(d, t);
      Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> v_packed = tile.or(d_packed, t_packed);
      Tile<int64, 16, 64, Vec> f = tile.cast(d, {.target_type = int64});
      yield(u_packed, v, v_packed);
    }
    Tile<fp32, 16, 64, Vec> w = tile.sels(r_packed, a, 0.0);
    Tile<fp32, 16, 64, Vec> z = tile.sels(e_packed, w, 1.0);
    Tensor<fp32, 16, 64> s = tile.store(z, {0, 0}, y);
    return;
  }
}
// -----
// RUN: pack-compare-masks
// a compare of [R, 1] columns runs on its [1, R] row reshape (ResolveBackendOpLayouts); the reshape of its mask back to the row shape is the compare's packed mask, and the reshapes nothing else reads are dropped
program {
  AIV k(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 16, 64> y) {
    Tile<fp32, 16, 64, Vec> a = tile.load(x, {0, 0}, {16, 64});
    Tile<fp32, 16, 1, Vec, view{blayout = col_major}> s = tile.load(x, {0, 0}, {16, 1});
    Tile<fp32, 1, 16, Vec> s_row = tile.reshape(s, {1, 16});
    Tile<bool, 1, 16, Vec> m_row = tile.cmps(s_row, 0.0, {.mode = "gt"});
    Tile<bool, 16, 1, Vec, view{blayout = col_major}> m = tile.reshape(m_row, {16, 1});
    Tile<bool, 1, 16, Vec> m_row_1 = tile.reshape(m, {1, 16});
    Tile<fp32, 1, 16, Vec> w_row = tile.sels(m_row_1, s_row, 1.0);
    Tile<fp32, 16, 1, Vec, view{blayout = col_major}> w = tile.reshape(w_row, {16, 1});
    Tensor<fp32, 16, 64> t = tile.store(w, {0, 0}, y);
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 16, 64> y) {
    Tile<fp32, 16, 64, Vec> a = tile.load(x, {0, 0}, {16, 64});
    Tile<fp32, 16, 1, Vec, view{blayout = col_major}> s = tile.load(x, {0, 0}, {16, 1});
    Tile<fp32, 1, 16, Vec> s_row = tile.reshape(s, {1, 16});
    Tile<uint8, 1, 32, Vec, view{valid_shape = {1, 2}}> m_row_packed = tile.cmps(s_row, 0.0, {.mode = "gt", .packed = true});
    Tile<fp32, 1, 16, Vec> w_row = tile.sels(m_row_packed, s_row, 1.0);
    Tile<fp32, 16, 1, Vec, view{blayout = col_major}> w = tile.reshape(w_row, {16, 1});
    Tensor<fp32, 16, 64> t = tile.store(w, {0, 0}, y);
    return;
  }
}
// -----
// RUN: pack-compare-masks
// masks that are if results: a packed result returns the branches' packed masks (the bool result dropped); a second result a cast to int64 also reads keeps its bool form beside the packed one; a bool result nothing reads as a mask stays
program {
  AIV k(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 16, 64> y, In index n) {
    Tile<fp32, 16, 64, Vec> a = tile.load(x, {0, 0}, {16, 64});
    Tile<bool, 16, 64, Vec> m = tile.cmps(a, 0.0, {.mode = "gt"});
    if (n > 2) -> (Tile<bool, 16, 64, Vec> r, Tile<bool, 16, 64, Vec> e, Tile<bool, 16, 64, Vec> u) {
      Tile<bool, 16, 64, Vec> t = tile.cmps(a, 1.0, {.mode = "lt"});
      yield(t, m, m);
    } else {
      Tile<bool, 16, 64, Vec> p = tile.not(m);
      yield(m, p, p);
    }
    Tile<fp32, 16, 64, Vec> w = tile.sels(r, a, 0.0);
    Tile<fp32, 16, 64, Vec> z = tile.sels(e, w, 1.0);
    Tile<int64, 16, 64, Vec> f = tile.cast(e, {.target_type = int64});
    Tile<int64, 16, 64, Vec> g = tile.cast(u, {.target_type = int64});
    Tensor<fp32, 16, 64> s = tile.store(z, {0, 0}, y);
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 16, 64> y, In index n) {
    Tile<fp32, 16, 64, Vec> a = tile.load(x, {0, 0}, {16, 64});
    Tile<bool, 16, 64, Vec> m = tile.cmps(a, 0.0, {.mode = "gt"});
    Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> m_packed = tile.cmps(a, 0.0, {.mode = "gt", .packed = true});
    if (n > 2) -> (Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> r_packed, Tile<bool, 16, 64, Vec> e, Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> e_packed, Tile<bool, 16, 64, Vec> u) {
      Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> t_packed = tile.cmps(a, 1.0, {.mode = "lt", .packed = true});
      yield(t_packed, m, m_packed, m);
    } else {
      Tile<bool, 16, 64, Vec> p = tile.not(m);
      Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> p_packed = tile.not(m_packed);
      yield(m_packed, p, p_packed, p);
    }
    Tile<fp32, 16, 64, Vec> w = tile.sels(r_packed, a, 0.0);
    Tile<fp32, 16, 64, Vec> z = tile.sels(e_packed, w, 1.0);
    Tile<int64, 16, 64, Vec> f = tile.cast(e, {.target_type = int64});
    Tile<int64, 16, 64, Vec> g = tile.cast(u, {.target_type = int64});
    Tensor<fp32, 16, 64> s = tile.store(z, {0, 0}, y);
    return;
  }
}
// -----
// RUN: pack-compare-masks
// casts from masks: 1 and 0 selected (TSELS) from the packed mask in the cast's dtype, in fp16 then converted for int8 / uint8, the mask's valid shape set on a ragged result; casts to masks: compared != 0 into the packed form, int8 widened to fp16 and bf16 to fp32 first (TCMPS takes neither)
program {
  AIV k(In Tensor<fp32, 16, 64> x, In Tensor<int8, 16, 64> b, In Tensor<bf16, 16, 64> h, Out Tensor<fp32, 16, 64> y, Out Tensor<int8, 16, 64> z, In index c) {
    Tile<fp32, 16, 64, Vec> a = tile.load(x, {0, 0}, {16, 64});
    Tile<bool, 16, 64, Vec> m = tile.cmps(a, 0.0, {.mode = "gt"});
    Tile<fp32, 16, 64, Vec> f = tile.cast(m, {.target_type = fp32});
    Tile<int8, 16, 64, Vec> i = tile.cast(m, {.target_type = int8});
    Tile<fp32, 16, 64, Vec, view{valid_shape = {16, c}}> r = tile.load(x, {0, 0}, {16, 64}, {.valid_shape = {16, c}});
    Tile<bool, 16, 64, Vec, view{valid_shape = {16, c}}> q = tile.cmps(r, 0.0, {.mode = "lt"});
    Tile<fp32, 16, 64, Vec, view{valid_shape = {16, c}}> g = tile.cast(q, {.target_type = fp32});
    Tile<int8, 16, 64, Vec> bt = tile.load(b, {0, 0}, {16, 64});
    Tile<bool, 16, 64, Vec> bm = tile.cast(bt, {.target_type = bool});
    Tile<bf16, 16, 64, Vec> ht = tile.load(h, {0, 0}, {16, 64});
    Tile<bool, 16, 64, Vec> hm = tile.cast(ht, {.target_type = bool});
    Tile<bool, 16, 64, Vec> am = tile.cast(a, {.target_type = bool});
    Tile<bool, 16, 64, Vec> o = tile.and(bm, hm);
    Tile<fp32, 16, 64, Vec> w = tile.sels(o, f, 2.0);
    Tile<fp32, 16, 64, Vec> v = tile.sels(am, w, 3.0);
    Tensor<fp32, 16, 64> s = tile.store(v, {0, 0}, y);
    Tensor<int8, 16, 64> t = tile.store(i, {0, 0}, z);
    return;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16, 64> x, In Tensor<int8, 16, 64> b, In Tensor<bf16, 16, 64> h, Out Tensor<fp32, 16, 64> y, Out Tensor<int8, 16, 64> z, In index c) {
    Tile<fp32, 16, 64, Vec> a = tile.load(x, {0, 0}, {16, 64});
    Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> m_packed = tile.cmps(a, 0.0, {.mode = "gt", .packed = true});
    Tile<fp32, 16, 64, Vec> m_one = tile.full({16, 64}, 1.0, {.dtype = fp32});
    Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> m_whole = tile.set_validshape(m_packed, 16, 8);
    Tile<fp32, 16, 64, Vec> f = tile.sels(m_whole, m_one, 0.0);
    Tile<fp16, 16, 64, Vec> m_one_1 = tile.full({16, 64}, fp16(1.0), {.dtype = fp16});
    Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> m_whole_1 = tile.set_validshape(m_packed, 16, 8);
    Tile<fp16, 16, 64, Vec> m_fp16 = tile.sels(m_whole_1, m_one_1, fp16(0.0));
    Tile<int8, 16, 64, Vec> i = tile.cast(m_fp16, {.target_type = int8});
    Tile<fp32, 16, 64, Vec, view{valid_shape = {16, c}}> r = tile.load(x, {0, 0}, {16, 64}, {.valid_shape = {16, c}});
    Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> q_packed = tile.cmps(r, 0.0, {.mode = "lt", .packed = true});
    Tile<fp32, 16, 64, Vec> q_one = tile.full({16, 64}, 1.0, {.dtype = fp32});
    Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> q_whole = tile.set_validshape(q_packed, 16, 8);
    Tile<fp32, 16, 64, Vec> q_fp32 = tile.sels(q_whole, q_one, 0.0);
    Tile<fp32, 16, 64, Vec, view{valid_shape = {16, c}}> g = tile.set_validshape(q_fp32, 16, c);
    Tile<int8, 16, 64, Vec> bt = tile.load(b, {0, 0}, {16, 64});
    Tile<fp16, 16, 64, Vec> bm_fp16 = tile.cast(bt, {.target_type = fp16});
    Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> bm_packed = tile.cmps(bm_fp16, fp16(0.0), {.mode = "ne", .packed = true});
    Tile<bf16, 16, 64, Vec> ht = tile.load(h, {0, 0}, {16, 64});
    Tile<fp32, 16, 64, Vec> hm_fp32 = tile.cast(ht, {.target_type = fp32});
    Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> hm_packed = tile.cmps(hm_fp32, 0.0, {.mode = "ne", .packed = true});
    Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> am_packed = tile.cmps(a, 0.0, {.mode = "ne", .packed = true});
    Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> o_packed = tile.and(bm_packed, hm_packed);
    Tile<fp32, 16, 64, Vec> w = tile.sels(o_packed, f, 2.0);
    Tile<fp32, 16, 64, Vec> v = tile.sels(am_packed, w, 3.0);
    Tensor<fp32, 16, 64> s = tile.store(v, {0, 0}, y);
    Tensor<int8, 16, 64> t = tile.store(i, {0, 0}, z);
    return;
  }
}
