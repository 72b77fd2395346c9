// RUN: auto-tile-matmul-l0{platform=a2a3}
// 256 x 512 x 256 fp16 on a2a3: Left, Right and Acc all exceed L0; 128 x 128 Acc chunks (half of Acc), k = 128 (half of Left / Right): M and N loops carry the stored tensor around a K loop (matmul, then matmul_acc)
program {
  AIC k(In Tensor<fp16, 256, 512> a, In Tensor<fp16, 512, 256> b, Out Tensor<fp32, 256, 256> o) -> Tensor<fp32, 256, 256> {
    Tile<fp16, 256, 512, Mat> am = tile.load(a, {0, 0}, {256, 512}, {.target_memory = Mat});
    Tile<fp16, 256, 512, Left> al = tile.move(am, {.target_memory = Left});
    Tile<fp16, 512, 256, Mat> bm = tile.load(b, {0, 0}, {512, 256}, {.target_memory = Mat});
    Tile<fp16, 512, 256, Right> br = tile.move(bm, {.target_memory = Right});
    Tile<fp32, 256, 256, Acc> c = tile.matmul(al, br);
    Tensor<fp32, 256, 256> s = tile.store(c, {0, 0}, o);
    return s;
  }
}
// EXPECTED:
program {
  AIC k(In Tensor<fp16, 256, 512> a, In Tensor<fp16, 512, 256> b, Out Tensor<fp32, 256, 256> o) -> Tensor<fp32, 256, 256> {
    Tile<fp16, 256, 512, Mat> am = tile.load(a, {0, 0}, {256, 512}, {.target_memory = Mat});
    Tile<fp16, 512, 256, Mat> bm = tile.load(b, {0, 0}, {512, 256}, {.target_memory = Mat});
    for (index mi : range(0, 256, 128)) carry (Tensor<fp32, 256, 256> t = o) -> (Tensor<fp32, 256, 256> s) {
      for (index ni : range(0, 256, 128)) carry (Tensor<fp32, 256, 256> t_1 = t) -> (Tensor<fp32, 256, 256> t_2) {
        Tile<fp16, 128, 128, Left> am_Left = tile.extract(am, mi, 0, {128, 128}, {.target_memory = Left});
        Tile<fp16, 128, 128, Right> bm_Right = tile.extract(bm, 0, ni, {128, 128}, {.target_memory = Right});
        Tile<fp32, 128, 128, Acc> c_k = tile.matmul(am_Left, bm_Right);
        for (index ki : range(128, 512, 128)) carry (Tile<fp32, 128, 128, Acc> c_iter = c_k) -> (Tile<fp32, 128, 128, Acc> c_k_1) {
          Tile<fp16, 128, 128, Left> am_Left_1 = tile.extract(am, mi, ki, {128, 128}, {.target_memory = Left});
          Tile<fp16, 128, 128, Right> bm_Right_1 = tile.extract(bm, ki, ni, {128, 128}, {.target_memory = Right});
          Tile<fp32, 128, 128, Acc> c_next = tile.matmul_acc(c_iter, am_Left_1, bm_Right_1);
          yield(c_next);
        }
        Tensor<fp32, 256, 256> stored = tile.store(c_k_1, {mi, ni}, t_1);
        yield(stored);
      }
      yield(t_2);
    }
    return s;
  }
}
// -----
// RUN: auto-tile-matmul-l0{platform=a2a3}
// fp32 128 x 256 x 128: the Acc fits half of Acc, Left does not fit: a K loop of k = 64 (8-element alignment) binds the matmul's own result; the store stays
program {
  AIC k(In Tensor<fp32, 128, 256> a, In Tensor<fp32, 256, 128> b, Out Tensor<fp32, 128, 128> o) -> Tensor<fp32, 128, 128> {
    Tile<fp32, 128, 256, Mat> am = tile.load(a, {0, 0}, {128, 256}, {.target_memory = Mat});
    Tile<fp32, 128, 256, Left> al = tile.move(am, {.target_memory = Left});
    Tile<fp32, 256, 128, Mat> bm = tile.load(b, {0, 0}, {256, 128}, {.target_memory = Mat});
    Tile<fp32, 256, 128, Right> br = tile.move(bm, {.target_memory = Right});
    Tile<fp32, 128, 128, Acc> c = tile.matmul(al, br);
    Tensor<fp32, 128, 128> s = tile.store(c, {0, 0}, o);
    return s;
  }
}
// EXPECTED:
program {
  AIC k(In Tensor<fp32, 128, 256> a, In Tensor<fp32, 256, 128> b, Out Tensor<fp32, 128, 128> o) -> Tensor<fp32, 128, 128> {
    Tile<fp32, 128, 256, Mat> am = tile.load(a, {0, 0}, {128, 256}, {.target_memory = Mat});
    Tile<fp32, 256, 128, Mat> bm = tile.load(b, {0, 0}, {256, 128}, {.target_memory = Mat});
    Tile<fp32, 128, 64, Left> am_Left = tile.extract(am, 0, 0, {128, 64}, {.target_memory = Left});
    Tile<fp32, 64, 128, Right> bm_Right = tile.extract(bm, 0, 0, {64, 128}, {.target_memory = Right});
    Tile<fp32, 128, 128, Acc> c_k = tile.matmul(am_Left, bm_Right);
    for (index ki : range(64, 256, 64)) carry (Tile<fp32, 128, 128, Acc> c_iter = c_k) -> (Tile<fp32, 128, 128, Acc> c) {
      Tile<fp32, 128, 64, Left> am_Left_1 = tile.extract(am, 0, ki, {128, 64}, {.target_memory = Left});
      Tile<fp32, 64, 128, Right> bm_Right_1 = tile.extract(bm, ki, 0, {64, 128}, {.target_memory = Right});
      Tile<fp32, 128, 128, Acc> c_next = tile.matmul_acc(c_iter, am_Left_1, bm_Right_1);
      yield(c_next);
    }
    Tensor<fp32, 128, 128> s = tile.store(c, {0, 0}, o);
    return s;
  }
}
// -----
// RUN: auto-tile-matmul-l0{platform=a2a3}
// K = 272 is not a multiple of k = 128: two full chunks (the matmul, one loop trip) and a 16-wide tail matmul_acc that binds the result
program {
  AIC k(In Tensor<fp16, 128, 272> a, In Tensor<fp16, 272, 128> b, Out Tensor<fp32, 128, 128> o) -> Tensor<fp32, 128, 128> {
    Tile<fp16, 128, 272, Mat> am = tile.load(a, {0, 0}, {128, 272}, {.target_memory = Mat});
    Tile<fp16, 128, 272, Left> al = tile.move(am, {.target_memory = Left});
    Tile<fp16, 272, 128, Mat> bm = tile.load(b, {0, 0}, {272, 128}, {.target_memory = Mat});
    Tile<fp16, 272, 128, Right> br = tile.move(bm, {.target_memory = Right});
    Tile<fp32, 128, 128, Acc> c = tile.matmul(al, br);
    Tensor<fp32, 128, 128> s = tile.store(c, {0, 0}, o);
    return s;
  }
}
// EXPECTED:
program {
  AIC k(In Tensor<fp16, 128, 272> a, In Tensor<fp16, 272, 128> b, Out Tensor<fp32, 128, 128> o) -> Tensor<fp32, 128, 128> {
    Tile<fp16, 128, 272, Mat> am = tile.load(a, {0, 0}, {128, 272}, {.target_memory = Mat});
    Tile<fp16, 272, 128, Mat> bm = tile.load(b, {0, 0}, {272, 128}, {.target_memory = Mat});
    Tile<fp16, 128, 128, Left> am_Left = tile.extract(am, 0, 0, {128, 128}, {.target_memory = Left});
    Tile<fp16, 128, 128, Right> bm_Right = tile.extract(bm, 0, 0, {128, 128}, {.target_memory = Right});
    Tile<fp32, 128, 128, Acc> c_k = tile.matmul(am_Left, bm_Right);
    for (index ki : range(128, 256, 128)) carry (Tile<fp32, 128, 128, Acc> c_iter = c_k) -> (Tile<fp32, 128, 128, Acc> c_k_1) {
      Tile<fp16, 128, 128, Left> am_Left_1 = tile.extract(am, 0, ki, {128, 128}, {.target_memory = Left});
      Tile<fp16, 128, 128, Right> bm_Right_1 = tile.extract(bm, ki, 0, {128, 128}, {.target_memory = Right});
      Tile<fp32, 128, 128, Acc> c_next = tile.matmul_acc(c_iter, am_Left_1, bm_Right_1);
      yield(c_next);
    }
    Tile<fp16, 128, 16, Left> am_Left_2 = tile.extract(am, 0, 256, {128, 16}, {.target_memory = Left});
    Tile<fp16, 16, 128, Right> bm_Right_2 = tile.extract(bm, 256, 0, {16, 128}, {.target_memory = Right});
    Tile<fp32, 128, 128, Acc> c = tile.matmul_acc(c_k_1, am_Left_2, bm_Right_2);
    Tensor<fp32, 128, 128> s = tile.store(c, {0, 0}, o);
    return s;
  }
}
// -----
// RUN: auto-tile-matmul-l0{platform=a2a3}
// K = 4096: the Mat operands (2 x 512 KiB) exceed Mat; each chunk is loaded from GM at the load's offset + its position, then moved to Left / Right
program {
  AIC k(In Tensor<fp16, 64, 8192> a, In Tensor<fp16, 4096, 64> b, Out Tensor<fp32, 64, 64> o) -> Tensor<fp32, 64, 64> {
    Tile<fp16, 64, 4096, Mat> am = tile.load(a, {0, 4096}, {64, 4096}, {.target_memory = Mat});
    Tile<fp16, 64, 4096, Left> al = tile.move(am, {.target_memory = Left});
    Tile<fp16, 4096, 64, Mat> bm = tile.load(b, {0, 0}, {4096, 64}, {.target_memory = Mat});
    Tile<fp16, 4096, 64, Right> br = tile.move(bm, {.target_memory = Right});
    Tile<fp32, 64, 64, Acc> c = tile.matmul(al, br);
    Tensor<fp32, 64, 64> s = tile.store(c, {0, 0}, o);
    return s;
  }
}
// EXPECTED:
program {
  AIC k(In Tensor<fp16, 64, 8192> a, In Tensor<fp16, 4096, 64> b, Out Tensor<fp32, 64, 64> o) -> Tensor<fp32, 64, 64> {
    Tile<fp16, 64, 256, Mat> am_chunk = tile.load(a, {0, 4096}, {64, 256}, {.target_memory = Mat});
    Tile<fp16, 64, 256, Left> am_Left = tile.move(am_chunk, {.target_memory = Left});
    Tile<fp16, 256, 64, Mat> bm_chunk = tile.load(b, {0, 0}, {256, 64}, {.target_memory = Mat});
    Tile<fp16, 256, 64, Right> bm_Right = tile.move(bm_chunk, {.target_memory = Right});
    Tile<fp32, 64, 64, Acc> c_k = tile.matmul(am_Left, bm_Right);
    for (index ki : range(256, 4096, 256)) carry (Tile<fp32, 64, 64, Acc> c_iter = c_k) -> (Tile<fp32, 64, 64, Acc> c) {
      Tile<fp16, 64, 256, Mat> am_chunk_1 = tile.load(a, {0, 4096 + ki}, {64, 256}, {.target_memory = Mat});
      Tile<fp16, 64, 256, Left> am_Left_1 = tile.move(am_chunk_1, {.target_memory = Left});
      Tile<fp16, 256, 64, Mat> bm_chunk_1 = tile.load(b, {ki, 0}, {256, 64}, {.target_memory = Mat});
      Tile<fp16, 256, 64, Right> bm_Right_1 = tile.move(bm_chunk_1, {.target_memory = Right});
      Tile<fp32, 64, 64, Acc> c_next = tile.matmul_acc(c_iter, am_Left_1, bm_Right_1);
      yield(c_next);
    }
    Tensor<fp32, 64, 64> s = tile.store(c, {0, 0}, o);
    return s;
  }
}
// -----
// RUN: auto-tile-matmul-l0{platform=a2a3}
// must not change: a matmul whose Left, Right and Acc fit
program {
  AIC k(In Tensor<fp32, 64, 64> a, In Tensor<fp32, 64, 64> b, Out Tensor<fp32, 64, 64> o) -> Tensor<fp32, 64, 64> {
    Tile<fp32, 64, 64, Mat> am = tile.load(a, {0, 0}, {64, 64}, {.target_memory = Mat});
    Tile<fp32, 64, 64, Left> al = tile.move(am, {.target_memory = Left});
    Tile<fp32, 64, 64, Mat> bm = tile.load(b, {0, 0}, {64, 64}, {.target_memory = Mat});
    Tile<fp32, 64, 64, Right> br = tile.move(bm, {.target_memory = Right});
    Tile<fp32, 64, 64, Acc> c = tile.matmul(al, br);
    Tensor<fp32, 64, 64> s = tile.store(c, {0, 0}, o);
    return s;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: auto-tile-matmul-l0{platform=a2a3}
// must not change: matmul_acc already in a K loop (the author tiled it)
program {
  AIC k(In Tensor<fp32, 64, 256> a, In Tensor<fp32, 256, 64> b, Out Tensor<fp32, 64, 64> o) -> Tensor<fp32, 64, 64> {
    Tile<fp32, 64, 64, Acc> c = tile.create({64, 64}, {.dtype = fp32, .target_memory = Acc});
    for (index i : range(0, 256, 64)) carry (Tile<fp32, 64, 64, Acc> acc = c) -> (Tile<fp32, 64, 64, Acc> r) {
      Tile<fp32, 64, 64, Mat> am = tile.load(a, {0, i}, {64, 64}, {.target_memory = Mat});
      Tile<fp32, 64, 64, Left> al = tile.move(am, {.target_memory = Left});
      Tile<fp32, 64, 64, Mat> bm = tile.load(b, {i, 0}, {64, 64}, {.target_memory = Mat});
      Tile<fp32, 64, 64, Right> br = tile.move(bm, {.target_memory = Right});
      Tile<fp32, 64, 64, Acc> acc2 = tile.matmul_acc(acc, al, br);
      yield(acc2);
    }
    Tensor<fp32, 64, 64> s = tile.store(r, {0, 0}, o);
    return s;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: auto-tile-matmul-l0{platform=a2a3}
// must not change: a Vec-only kernel (and an orchestration)
program {
  AIV k(In Tensor<fp32, 256, 256> a, Out Tensor<fp32, 256, 256> o) -> Tensor<fp32, 256, 256> {
    Tile<fp32, 64, 256, Vec> x = tile.load(a, {0, 0}, {64, 256}, {.target_memory = Vec});
    Tile<fp32, 64, 256, Vec> e = tile.exp(x);
    Tensor<fp32, 256, 256> s = tile.store(e, {0, 0}, o);
    return s;
  }

  Orchestration main(In Tensor<fp32, 256, 256> a) -> Tensor<fp32, 256, 256> {
    Tensor<fp32, 256, 256> o = tensor.create({256, 256}, {.dtype = fp32});
    Tensor<fp32, 256, 256> r = k(a, o);
    return r;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: auto-tile-matmul-l0{platform=a2a3}
// K = 4096 operands that exceed Mat but are used elsewhere too (cannot stream): an error naming K and the chunk that fits
program {
  AIC k(In Tensor<fp16, 64, 4096> a, In Tensor<fp16, 4096, 64> b, Out Tensor<fp32, 64, 64> o) -> Tensor<fp32, 64, 64> {
    Tile<fp16, 64, 4096, Mat> am = tile.load(a, {0, 0}, {64, 4096}, {.target_memory = Mat});
    Tile<fp16, 64, 4096, Left> al = tile.move(am, {.target_memory = Left});
    Tile<fp16, 4096, 64, Mat> bm = tile.load(b, {0, 0}, {4096, 64}, {.target_memory = Mat});
    Tile<fp16, 4096, 64, Right> br = tile.move(bm, {.target_memory = Right});
    Tile<fp16, 64, 64, Vec> keep = tile.extract(am, 0, 0, {64, 64}, {.target_memory = Vec});
    Tile<fp32, 64, 64, Acc> c = tile.matmul(al, br); // EXPECTED-ERROR: AT001 {{matmul 'c' needs 1048576 bytes of Mat for its operands but a2a3 has 524288; split K = 4096 into chunks of at most 2048 (load [64, 2048] and [2048, 64] windows per step and accumulate with pl::matmul_acc)}}
    Tensor<fp32, 64, 64> s = tile.store(c, {0, 0}, o);
    return s;
  }
}
// -----
// RUN: auto-tile-matmul-l0{platform=a2a3}
// an oversized matmul with transposed operands is not tiled: an error that says what to split
program {
  AIC k(In Tensor<fp32, 256, 128> a, In Tensor<fp32, 256, 128> b, Out Tensor<fp32, 128, 128> o) -> Tensor<fp32, 128, 128> {
    Tile<fp32, 256, 128, Mat> am = tile.load(a, {0, 0}, {256, 128}, {.target_memory = Mat});
    Tile<fp32, 256, 128, Left> al = tile.move(am, {.target_memory = Left});
    Tile<fp32, 256, 128, Mat> bm = tile.load(b, {0, 0}, {256, 128}, {.target_memory = Mat});
    Tile<fp32, 256, 128, Right> br = tile.move(bm, {.target_memory = Right});
    Tile<fp32, 128, 128, Acc> c = tile.matmul(al, br, {.a_trans = true}); // EXPECTED-ERROR: AT002 {{matmul 'c' exceeds a2a3's L0 but cannot be tiled automatically: it has options}}
    Tensor<fp32, 128, 128> s = tile.store(c, {0, 0}, o);
    return s;
  }
}
// -----
// RUN: auto-tile-matmul-l0{platform=a2a3}
// a transposed operand (a_trans after ConvertTensorToTileOps: a transposing Mat load, then a plain move) is not tiled either
program {
  AIC k(In Tensor<fp32, 256, 128> a, In Tensor<fp32, 256, 128> b, Out Tensor<fp32, 128, 128> o) -> Tensor<fp32, 128, 128> {
    Tile<fp32, 128, 256, Mat, view{slayout = col_major}> am = tile.load(a, {0, 0}, {256, 128}, {.target_memory = Mat, .transpose = true});
    Tile<fp32, 128, 256, Left> al = tile.move(am, {.target_memory = Left});
    Tile<fp32, 256, 128, Mat> bm = tile.load(b, {0, 0}, {256, 128}, {.target_memory = Mat});
    Tile<fp32, 256, 128, Right> br = tile.move(bm, {.target_memory = Right});
    Tile<fp32, 128, 128, Acc> c = tile.matmul(al, br); // EXPECTED-ERROR: AT002 {{matmul 'c' exceeds a2a3's L0 but cannot be tiled automatically: an operand is transposed (a_trans / b_trans: a transposing load)}}
    Tensor<fp32, 128, 128> s = tile.store(c, {0, 0}, o);
    return s;
  }
}
// -----
// RUN: auto-tile-matmul-l0{platform=a2a3}
// an Acc that must be split into chunks but is moved to Vec (not stored): an error naming the chunk shape
program {
  AIC k(In Tensor<fp16, 256, 512> a, In Tensor<fp16, 512, 256> b, Out Tensor<fp32, 256, 256> o) -> Tensor<fp32, 256, 256> {
    Tile<fp16, 256, 512, Mat> am = tile.load(a, {0, 0}, {256, 512}, {.target_memory = Mat});
    Tile<fp16, 256, 512, Left> al = tile.move(am, {.target_memory = Left});
    Tile<fp16, 512, 256, Mat> bm = tile.load(b, {0, 0}, {512, 256}, {.target_memory = Mat});
    Tile<fp16, 512, 256, Right> br = tile.move(bm, {.target_memory = Right});
    Tile<fp32, 256, 256, Acc> c = tile.matmul(al, br); // EXPECTED-ERROR: AT002 {{must be split into [128, 128] chunks, which needs the result's only use to be a tile.store}}
    Tile<fp32, 256, 256, Vec> v = tile.move(c, {.target_memory = Vec});
    Tensor<fp32, 256, 256> s = tile.store(v, {0, 0}, o);
    return s;
  }
}
// -----
// RUN: auto-tile-matmul-l0{platform=a2a3}
// an oversized matmul_bias is not tiled (only tile.matmul is): an error with advice instead of a bare MA001
program {
  AIC k(In Tensor<fp32, 128, 256> a, In Tensor<fp32, 256, 128> b, In Tensor<fp32, 1, 128> bias, Out Tensor<fp32, 128, 128> o) -> Tensor<fp32, 128, 128> {
    Tile<fp32, 128, 256, Mat> am = tile.load(a, {0, 0}, {128, 256}, {.target_memory = Mat});
    Tile<fp32, 128, 256, Left> al = tile.move(am, {.target_memory = Left});
    Tile<fp32, 256, 128, Mat> bm = tile.load(b, {0, 0}, {256, 128}, {.target_memory = Mat});
    Tile<fp32, 256, 128, Right> br = tile.move(bm, {.target_memory = Right});
    Tile<fp32, 1, 128, Mat> bim = tile.load(bias, {0, 0}, {1, 128}, {.target_memory = Mat});
    Tile<fp32, 1, 128, Bias> bi = tile.move(bim, {.target_memory = Bias});
    Tile<fp32, 128, 128, Acc> c = tile.matmul_bias(al, br, bi); // EXPECTED-ERROR: AT002 {{only tile.matmul is tiled, not 'tile.matmul_bias'}}
    Tensor<fp32, 128, 128> s = tile.store(c, {0, 0}, o);
    return s;
  }
}
// -----
// RUN: auto-tile-matmul-l0{platform=a2a3}
// an oversized Left with a ragged valid shape is not tiled: an error with advice
program {
  AIC k(In Tensor<fp32, 128, 256> a, In Tensor<fp32, 256, 128> b, Out Tensor<fp32, 128, 128> o) -> Tensor<fp32, 128, 128> {
    Tile<fp32, 128, 256, Mat, view{valid_shape = {100, 256}}> am = tile.load(a, {0, 0}, {128, 256}, {.valid_shape = {100, 256}, .target_memory = Mat});
    Tile<fp32, 128, 256, Left, view{valid_shape = {100, 256}}> al = tile.move(am, {.target_memory = Left});
    Tile<fp32, 256, 128, Mat> bm = tile.load(b, {0, 0}, {256, 128}, {.target_memory = Mat});
    Tile<fp32, 256, 128, Right> br = tile.move(bm, {.target_memory = Right});
    Tile<fp32, 128, 128, Acc> c = tile.matmul(al, br); // EXPECTED-ERROR: AT002 {{need constant 2D shapes without a valid shape}}
    Tensor<fp32, 128, 128> s = tile.store(c, {0, 0}, o);
    return s;
  }
}
