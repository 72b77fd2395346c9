// RUN: check-tile-constraints{platform=a2a3}
// unboxed tiles: whole 32-byte rows (row-major) or columns (column-major); one error per tile, at its definition
program {
  AIV k(In Tensor<fp32, 16, 16> x, In Tensor<fp16, 16, 16> h, In Tensor<int8, 16, 64> b) {
    Tile<fp32, 16, 9, Vec> odd = tile.load(x, {0, 0}, {16, 9}); // EXPECTED-ERROR: TC001 {{tile 'odd' (16 x 9 fp32) is row-major with rows of 36 bytes; PTO-ISA needs whole 32-byte rows: make the column count a multiple of 8 and limit the valid region with valid_shape}}
    Tile<fp32, 4, 8, Vec> ok = tile.load(x, {0, 0}, {4, 8});
    Tile<fp32, 8, 8, Vec> ok8 = tile.load(x, {0, 0}, {8, 8});
    Tile<fp16, 16, 8, Vec> half = tile.load(h, {0, 0}, {16, 8}); // EXPECTED-ERROR: TC001 {{rows of 16 bytes; PTO-ISA needs whole 32-byte rows: make the column count a multiple of 16}}
    Tile<fp32, 4, 1, Vec, view{blayout = col_major}> col = tile.row_sum(ok); // EXPECTED-ERROR: TC001 {{column-major with columns of 16 bytes; PTO-ISA needs whole 32-byte columns: make the row count a multiple of 8}}
    Tile<fp32, 8, 1, Vec, view{blayout = col_major}> col8 = tile.row_sum(ok8);
    Tile<int8, 16, 32, Vec> bytes = tile.load(b, {0, 0}, {16, 32});
    Tile<fp32, 16, Vec> flat = tile.full({16}, 0.0, {.dtype = fp32});
    return;
  }
}
// -----
// RUN: check-tile-constraints{platform=a5}
// boxed tiles: whole fractal boxes (16 rows of F / 16 bytes for SLayout RowMajor, the transpose for ColMajor)
program {
  AIC k(In Tensor<fp32, 32, 32> x, In Tensor<fp16, 32, 32> h) {
    Tile<fp32, 16, 8, Mat, view{blayout = col_major, slayout = row_major}> m = tile.load(x, {0, 0}, {16, 8}, {.target_memory = Mat});
    Tile<fp32, 8, 16, Mat, view{blayout = col_major, slayout = row_major}> m2 = tile.load(x, {0, 0}, {8, 16}, {.target_memory = Mat}); // EXPECTED-ERROR: TC002 {{tile 'm2' (8 x 16 fp32) in Mat is boxed in 16 x 8 fractals of 512 bytes; PTO-ISA needs whole boxes: make the shape a multiple of 16 x 8}}
    Tile<fp16, 16, 16, Mat, view{blayout = col_major, slayout = row_major}> hm = tile.load(h, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp16, 16, 16, Right, view{slayout = col_major}> hr = tile.move(hm, {.target_memory = Right});
    Tile<fp16, 16, 8, Mat, view{blayout = col_major, slayout = row_major}> hn = tile.load(h, {0, 0}, {16, 8}, {.target_memory = Mat}); // EXPECTED-ERROR: TC002 {{16 x 16 fractals}}
    return;
  }
}
// -----
// RUN: check-tile-constraints{platform=a2a3}
// Acc fractals are 1024 bytes: 16 x 16 fp32
program {
  AIC k(In Tensor<fp32, 32, 32> x) {
    Tile<fp32, 32, 16, Mat, view{blayout = col_major, slayout = row_major}> am = tile.load(x, {0, 0}, {32, 16}, {.target_memory = Mat});
    Tile<fp32, 32, 16, Left, view{slayout = row_major}> al = tile.move(am, {.target_memory = Left});
    Tile<fp32, 16, 16, Mat, view{blayout = col_major, slayout = row_major}> bm = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Right, view{slayout = col_major}> br = tile.move(bm, {.target_memory = Right});
    Tile<fp32, 32, 16, Acc, view{blayout = col_major, slayout = row_major, fractal = 1024}> acc = tile.matmul(al, br);
    Tile<fp32, 16, 8, Mat, view{blayout = col_major, slayout = row_major}> cm = tile.load(x, {0, 0}, {16, 8}, {.target_memory = Mat});
    Tile<fp32, 16, 8, Right, view{slayout = col_major}> cr = tile.move(cm, {.target_memory = Right}); // EXPECTED-ERROR: TC002 {{in Right is boxed in 8 x 16 fractals of 512 bytes}}
    Tile<fp32, 32, 8, Acc, view{blayout = col_major, slayout = row_major, fractal = 1024}> small = tile.matmul(al, cr); // EXPECTED-ERROR: TC002 {{in Acc is boxed in 16 x 16 fractals of 1024 bytes}}
    return;
  }
}
// -----
// RUN: check-tile-constraints
// on a simulated platform (the default, a2a3sim) the same tiles are warnings: nothing fails, nothing changes
program {
  AIV k(In Tensor<fp32, 16, 16> x) {
    Tile<fp32, 16, 9, Vec> odd = tile.load(x, {0, 0}, {16, 9});
    return;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: check-tile-constraints{platform=a2a3}
// must not change: valid tiles, loop carries (checked where defined), orchestration code
program {
  AIV k(In Tensor<fp32, 16, 16> x) {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16});
    for (index i : range(0, 2, 1)) carry (Tile<fp32, 16, 16, Vec> s = t) -> (Tile<fp32, 16, 16, Vec> r) {
      Tile<fp32, 16, 16, Vec> n = tile.adds(s, 1.0);
      yield(n);
    }
    return;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x) {
    k(x);
    return;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: check-tile-constraints
// a cast mode TCVT does not apply (TC003) and element types TTRANS / TMATMUL do not take (TC004) are errors on every platform, the simulated default included (pl/sim follows the vendor)
program {
  AIV k(In Tensor<fp32, 16, 16> x, In Tensor<int64, 16, 16> y) {
    Tile<fp32, 16, 16, Vec> f = tile.load(x, {0, 0}, {16, 16});
    Tile<fp16, 16, 16, Vec> h = tile.cast(f, {.target_type = fp16, .mode = "floor"}); // EXPECTED-ERROR: TC003 {{cast from fp32 to fp16 with mode 'floor': PTO-ISA's TCVT rounds every conversion but float -> integer to nearest even, whatever the mode; use mode 'rint'}}
    Tile<fp16, 16, 16, Vec> r = tile.cast(f, {.target_type = fp16, .mode = "rint"});
    Tile<int32, 16, 16, Vec> i = tile.cast(f, {.target_type = int32, .mode = "floor"});
    Tile<int32, 16, 16, Vec> o = tile.cast(f, {.target_type = int32, .mode = "odd"}); // EXPECTED-ERROR: TC003 {{has no round-to-odd conversion to an integer}}
    Tile<fp32, 16, 16, Vec> g = tile.cast(i, {.target_type = fp32, .mode = "ceil"}); // EXPECTED-ERROR: TC003 {{cast from int32 to fp32 with mode 'ceil'}}
    Tile<int64, 16, 16, Vec> w = tile.load(y, {0, 0}, {16, 16});
    Tile<int64, 16, 16, Vec> wt = tile.transpose(w, 0, 1); // EXPECTED-ERROR: TC004 {{transpose of a int64 tile: PTO-ISA's TTRANS takes 8-, 16- and 32-bit integers, fp16, bf16 and fp32}}
    Tile<fp32, 16, 16, Vec> ft = tile.transpose(f, 0, 1);
    return;
  }
}
// -----
// RUN: check-tile-constraints
// TMATMUL's element types: fp32 x fp32 -> fp32 passes, uint8 has no matmul on PTO-ISA (int8 only)
program {
  AIC k(In Tensor<fp32, 16, 16> x, In Tensor<uint8, 32, 32> y) {
    Tile<fp32, 16, 16, Mat, view{blayout = col_major, slayout = row_major}> am = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Left, view{slayout = row_major}> al = tile.move(am, {.target_memory = Left});
    Tile<fp32, 16, 16, Mat, view{blayout = col_major, slayout = row_major}> bm = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Right, view{slayout = col_major}> br = tile.move(bm, {.target_memory = Right});
    Tile<fp32, 16, 16, Acc, view{blayout = col_major, slayout = row_major, fractal = 1024}> acc = tile.matmul(al, br);
    Tile<uint8, 32, 32, Mat, view{blayout = col_major, slayout = row_major}> im = tile.load(y, {0, 0}, {32, 32}, {.target_memory = Mat});
    Tile<uint8, 32, 32, Left, view{slayout = row_major}> il = tile.move(im, {.target_memory = Left});
    Tile<uint8, 32, 32, Right, view{slayout = col_major}> ir = tile.move(im, {.target_memory = Right});
    Tile<int32, 32, 32, Acc, view{blayout = col_major, slayout = row_major, fractal = 1024}> iacc = tile.matmul(il, ir); // EXPECTED-ERROR: TC004 {{'tile.matmul' of uint8 x uint8 into int32: PTO-ISA's TMATMUL takes int8 x int8 into int32 and fp16 x fp16, bf16 x bf16, fp32 x fp32 into fp32}}
    return;
  }
}
// -----
// RUN: check-tile-constraints{platform=a2a3}
// TC005: a cast a2a3's TCVT has no conversion for, left by LegalizeTileCast (no exact chain); a native one passes
program {
  AIV k(In Tensor<int16, 16, 32> x, In Tensor<int32, 16, 32> y, In Tensor<uint16, 16, 32> z) {
    Tile<int16, 16, 32, Vec> t = tile.load(x, {0, 0}, {16, 32});
    Tile<int8, 16, 32, Vec> b = tile.cast(t, {.target_type = int8, .mode = "rint"}); // EXPECTED-ERROR: TC005 {{cast from int16 to int8: a2a3's TCVT has no conversion for it and no chain of its conversions gives the same result (the cast wraps, where the conversions it has saturate or do not exist; mask the value into the target's range with bitwise ops first)}}
    Tile<fp16, 16, 32, Vec> h = tile.cast(t, {.target_type = fp16, .mode = "rint"});
    Tile<int32, 16, 32, Vec> u = tile.load(y, {0, 0}, {16, 32});
    Tile<bf16, 16, 32, Vec> v = tile.cast(u, {.target_type = bf16, .mode = "rint"}); // EXPECTED-ERROR: TC005 {{through fp32 it would round twice; cast to fp32 explicitly if that is acceptable}}
    Tile<uint16, 16, 32, Vec> w = tile.load(z, {0, 0}, {16, 32});
    Tile<fp32, 16, 32, Vec> f = tile.cast(w, {.target_type = fp32, .mode = "rint"}); // EXPECTED-ERROR: TC005 {{it converts no uint16}}
    return;
  }
}
// -----
// RUN: check-tile-constraints{platform=a5}
// must not change: a5 has no table of conversions
program {
  AIV k(In Tensor<int16, 16, 32> x) {
    Tile<int16, 16, 32, Vec> t = tile.load(x, {0, 0}, {16, 32});
    Tile<int8, 16, 32, Vec> b = tile.cast(t, {.target_type = int8, .mode = "rint"});
    return;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: check-tile-constraints
// an fp16 Acc (an out_dtype product WidenAccDtypes did not widen: hand-written IR) and an fp16 matmul_acc chain on it: PTO-ISA's Acc is fp32
program {
  AIC k(In Tensor<fp16, 16, 16> x) {
    Tile<fp16, 16, 16, Mat, view{blayout = col_major, slayout = row_major}> am = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp16, 16, 16, Left, view{slayout = row_major}> al = tile.move(am, {.target_memory = Left});
    Tile<fp16, 16, 16, Right, view{slayout = col_major}> br = tile.move(am, {.target_memory = Right});
    Tile<fp16, 16, 16, Acc, view{blayout = col_major, slayout = row_major, fractal = 1024}> acc = tile.matmul(al, br, {.out_dtype = fp16}); // EXPECTED-ERROR: TC004 {{'tile.matmul' of fp16 x fp16 into fp16: PTO-ISA's TMATMUL takes}}
    Tile<fp16, 16, 16, Acc, view{blayout = col_major, slayout = row_major, fractal = 1024}> acc2 = tile.matmul_acc(acc, al, br); // EXPECTED-ERROR: TC004 {{'tile.matmul_acc' of fp16 x fp16 into fp16}}
    return;
  }
}
// -----
// RUN: check-tile-constraints{platform=a2a3sim}
// TC006: a bool tile PackCompareMasks left is an error on every platform, the simulated ones too (pl/sim has no bool tiles either), with why it was not packed: read as bools (by a cast to int64), columns not constant; the packed uint8 mask passes
program {
  AIV k(In Tensor<fp32, 16, 64> x, In index c) {
    Tile<fp32, 16, 64, Vec> a = tile.load(x, {0, 0}, {16, 64});
    Tile<bool, 16, 64, Vec> m = tile.cmps(a, 0.0, {.mode = "gt"}); // EXPECTED-ERROR: TC006 {{bool tile 'm': PTO-ISA has no bool tiles, and pl packs a mask (one bit per element) only when it is a 2-D Vec tile with constant columns read as a mask; 'tile.cast' at line 154 reads it as bools}}
    Tile<int64, 16, 64, Vec> f = tile.cast(m, {.target_type = int64});
    Tile<fp32, 16, c, Vec> d = tile.load(x, {0, 0}, {16, c});
    Tile<bool, 16, c, Vec> e = tile.cmps(d, 0.0, {.mode = "gt"}); // EXPECTED-ERROR: TC006 {{bool tile 'e': PTO-ISA has no bool tiles, and pl packs a mask (one bit per element) only when it is a 2-D Vec tile with constant columns read as a mask; its column count is not a constant}}
    Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}> p = tile.cmps(a, 0.0, {.mode = "gt", .packed = true});
    return;
  }
}
