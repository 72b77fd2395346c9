// RUN: lower-composite-ops
// fp32 sin: k = rint(x/π) through int32, r = x − m·P1 − m·P2 − m·P3, the odd polynomial by Horner in r², the sign (−1)^k from k & 1; the result keeps the op's variable
program {
  AIV k(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 16, 64> o) -> Tensor<fp32, 16, 64> {
    Tile<fp32, 16, 64, Vec> t = tile.load(x, {0, 0}, {16, 64});
    Tile<fp32, 16, 64, Vec> y = tile.sin(t);
    Tensor<fp32, 16, 64> o1 = tile.store(y, {0, 0}, o);
    return o1;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 16, 64> o) -> Tensor<fp32, 16, 64> {
    Tile<fp32, 16, 64, Vec> t = tile.load(x, {0, 0}, {16, 64});
    Tile<fp32, 16, 64, Vec> y_q = tile.muls(t, 0.31830987334251404);
    Tile<int32, 16, 64, Vec> y_k = tile.cast(y_q, {.target_type = int32, .mode = "rint"});
    Tile<fp32, 16, 64, Vec> y_m = tile.cast(y_k, {.target_type = fp32, .mode = "rint"});
    Tile<fp32, 16, 64, Vec> y_mp = tile.muls(y_m, 3.140625);
    Tile<fp32, 16, 64, Vec> y_r = tile.sub(t, y_mp);
    Tile<fp32, 16, 64, Vec> y_mp_1 = tile.muls(y_m, 0.000965118408203125);
    Tile<fp32, 16, 64, Vec> y_r_1 = tile.sub(y_r, y_mp_1);
    Tile<fp32, 16, 64, Vec> y_mp_2 = tile.muls(y_m, 2.5351816930196946e-06);
    Tile<fp32, 16, 64, Vec> y_r_2 = tile.sub(y_r_1, y_mp_2);
    Tile<fp32, 16, 64, Vec> y_r2 = tile.mul(y_r_2, y_r_2);
    Tile<fp32, 16, 64, Vec> y_p = tile.muls(y_r2, -2.3856292941104584e-08);
    Tile<fp32, 16, 64, Vec> y_p_1 = tile.adds(y_p, 2.752352202151087e-06);
    Tile<fp32, 16, 64, Vec> y_p_2 = tile.mul(y_p_1, y_r2);
    Tile<fp32, 16, 64, Vec> y_p_3 = tile.adds(y_p_2, -0.0001984083210118115);
    Tile<fp32, 16, 64, Vec> y_p_4 = tile.mul(y_p_3, y_r2);
    Tile<fp32, 16, 64, Vec> y_p_5 = tile.adds(y_p_4, 0.008333330973982811);
    Tile<fp32, 16, 64, Vec> y_p_6 = tile.mul(y_p_5, y_r2);
    Tile<fp32, 16, 64, Vec> y_p_7 = tile.adds(y_p_6, -0.1666666716337204);
    Tile<fp32, 16, 64, Vec> y_s = tile.mul(y_p_7, y_r2);
    Tile<fp32, 16, 64, Vec> y_s_1 = tile.mul(y_s, y_r_2);
    Tile<fp32, 16, 64, Vec> y_s_2 = tile.add(y_s_1, y_r_2);
    Tile<int32, 16, 64, Vec> y_odd = tile.ands(y_k, int32(1));
    Tile<fp32, 16, 64, Vec> y_sg = tile.cast(y_odd, {.target_type = fp32, .mode = "rint"});
    Tile<fp32, 16, 64, Vec> y_sg_1 = tile.muls(y_sg, -2.0);
    Tile<fp32, 16, 64, Vec> y_sg_2 = tile.adds(y_sg_1, 1.0);
    Tile<fp32, 16, 64, Vec> y = tile.mul(y_s_2, y_sg_2);
    Tensor<fp32, 16, 64> o1 = tile.store(y, {0, 0}, o);
    return o1;
  }
}
// -----
// RUN: lower-composite-ops
// cos inside a carry loop: rint(x/π − 0.5) and m = k + 0.5, sign (−1)^(k+1); the chain replaces the op in the loop body, the yield is unchanged
program {
  AIV k(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 16, 64> o) -> Tensor<fp32, 16, 64> {
    Tile<fp32, 16, 64, Vec> t = tile.load(x, {0, 0}, {16, 64});
    for (index i : range(0, 2, 1)) carry (Tile<fp32, 16, 64, Vec> a = t) -> (Tile<fp32, 16, 64, Vec> r) {
      Tile<fp32, 16, 64, Vec> c = tile.cos(a);
      yield(c);
    }
    Tensor<fp32, 16, 64> o1 = tile.store(r, {0, 0}, o);
    return o1;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 16, 64> o) -> Tensor<fp32, 16, 64> {
    Tile<fp32, 16, 64, Vec> t = tile.load(x, {0, 0}, {16, 64});
    for (index i : range(0, 2, 1)) carry (Tile<fp32, 16, 64, Vec> a = t) -> (Tile<fp32, 16, 64, Vec> r) {
      Tile<fp32, 16, 64, Vec> c_q = tile.muls(a, 0.31830987334251404);
      Tile<fp32, 16, 64, Vec> c_q_1 = tile.adds(c_q, -0.5);
      Tile<int32, 16, 64, Vec> c_k = tile.cast(c_q_1, {.target_type = int32, .mode = "rint"});
      Tile<fp32, 16, 64, Vec> c_m = tile.cast(c_k, {.target_type = fp32, .mode = "rint"});
      Tile<fp32, 16, 64, Vec> c_m_1 = tile.adds(c_m, 0.5);
      Tile<fp32, 16, 64, Vec> c_mp = tile.muls(c_m_1, 3.140625);
      Tile<fp32, 16, 64, Vec> c_r = tile.sub(a, c_mp);
      Tile<fp32, 16, 64, Vec> c_mp_1 = tile.muls(c_m_1, 0.000965118408203125);
      Tile<fp32, 16, 64, Vec> c_r_1 = tile.sub(c_r, c_mp_1);
      Tile<fp32, 16, 64, Vec> c_mp_2 = tile.muls(c_m_1, 2.5351816930196946e-06);
      Tile<fp32, 16, 64, Vec> c_r_2 = tile.sub(c_r_1, c_mp_2);
      Tile<fp32, 16, 64, Vec> c_r2 = tile.mul(c_r_2, c_r_2);
      Tile<fp32, 16, 64, Vec> c_p = tile.muls(c_r2, -2.3856292941104584e-08);
      Tile<fp32, 16, 64, Vec> c_p_1 = tile.adds(c_p, 2.752352202151087e-06);
      Tile<fp32, 16, 64, Vec> c_p_2 = tile.mul(c_p_1, c_r2);
      Tile<fp32, 16, 64, Vec> c_p_3 = tile.adds(c_p_2, -0.0001984083210118115);
      Tile<fp32, 16, 64, Vec> c_p_4 = tile.mul(c_p_3, c_r2);
      Tile<fp32, 16, 64, Vec> c_p_5 = tile.adds(c_p_4, 0.008333330973982811);
      Tile<fp32, 16, 64, Vec> c_p_6 = tile.mul(c_p_5, c_r2);
      Tile<fp32, 16, 64, Vec> c_p_7 = tile.adds(c_p_6, -0.1666666716337204);
      Tile<fp32, 16, 64, Vec> c_s = tile.mul(c_p_7, c_r2);
      Tile<fp32, 16, 64, Vec> c_s_1 = tile.mul(c_s, c_r_2);
      Tile<fp32, 16, 64, Vec> c_s_2 = tile.add(c_s_1, c_r_2);
      Tile<int32, 16, 64, Vec> c_odd = tile.ands(c_k, int32(1));
      Tile<fp32, 16, 64, Vec> c_sg = tile.cast(c_odd, {.target_type = fp32, .mode = "rint"});
      Tile<fp32, 16, 64, Vec> c_sg_1 = tile.muls(c_sg, 2.0);
      Tile<fp32, 16, 64, Vec> c_sg_2 = tile.adds(c_sg_1, -1.0);
      Tile<fp32, 16, 64, Vec> c = tile.mul(c_s_2, c_sg_2);
      yield(c);
    }
    Tensor<fp32, 16, 64> o1 = tile.store(r, {0, 0}, o);
    return o1;
  }
}
// -----
// RUN: lower-composite-ops
// fp16: computed in fp32 (a cast in, the chain, a cast back with mode rint)
program {
  AIV k(In Tensor<fp16, 16, 64> x, Out Tensor<fp16, 16, 64> o) -> Tensor<fp16, 16, 64> {
    Tile<fp16, 16, 64, Vec> t = tile.load(x, {0, 0}, {16, 64});
    Tile<fp16, 16, 64, Vec> y = tile.sin(t);
    Tensor<fp16, 16, 64> o1 = tile.store(y, {0, 0}, o);
    return o1;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp16, 16, 64> x, Out Tensor<fp16, 16, 64> o) -> Tensor<fp16, 16, 64> {
    Tile<fp16, 16, 64, Vec> t = tile.load(x, {0, 0}, {16, 64});
    Tile<fp32, 16, 64, Vec> y_f32 = tile.cast(t, {.target_type = fp32, .mode = "rint"});
    Tile<fp32, 16, 64, Vec> y_q = tile.muls(y_f32, 0.31830987334251404);
    Tile<int32, 16, 64, Vec> y_k = tile.cast(y_q, {.target_type = int32, .mode = "rint"});
    Tile<fp32, 16, 64, Vec> y_m = tile.cast(y_k, {.target_type = fp32, .mode = "rint"});
    Tile<fp32, 16, 64, Vec> y_mp = tile.muls(y_m, 3.140625);
    Tile<fp32, 16, 64, Vec> y_r = tile.sub(y_f32, y_mp);
    Tile<fp32, 16, 64, Vec> y_mp_1 = tile.muls(y_m, 0.000965118408203125);
    Tile<fp32, 16, 64, Vec> y_r_1 = tile.sub(y_r, y_mp_1);
    Tile<fp32, 16, 64, Vec> y_mp_2 = tile.muls(y_m, 2.5351816930196946e-06);
    Tile<fp32, 16, 64, Vec> y_r_2 = tile.sub(y_r_1, y_mp_2);
    Tile<fp32, 16, 64, Vec> y_r2 = tile.mul(y_r_2, y_r_2);
    Tile<fp32, 16, 64, Vec> y_p = tile.muls(y_r2, -2.3856292941104584e-08);
    Tile<fp32, 16, 64, Vec> y_p_1 = tile.adds(y_p, 2.752352202151087e-06);
    Tile<fp32, 16, 64, Vec> y_p_2 = tile.mul(y_p_1, y_r2);
    Tile<fp32, 16, 64, Vec> y_p_3 = tile.adds(y_p_2, -0.0001984083210118115);
    Tile<fp32, 16, 64, Vec> y_p_4 = tile.mul(y_p_3, y_r2);
    Tile<fp32, 16, 64, Vec> y_p_5 = tile.adds(y_p_4, 0.008333330973982811);
    Tile<fp32, 16, 64, Vec> y_p_6 = tile.mul(y_p_5, y_r2);
    Tile<fp32, 16, 64, Vec> y_p_7 = tile.adds(y_p_6, -0.1666666716337204);
    Tile<fp32, 16, 64, Vec> y_s = tile.mul(y_p_7, y_r2);
    Tile<fp32, 16, 64, Vec> y_s_1 = tile.mul(y_s, y_r_2);
    Tile<fp32, 16, 64, Vec> y_s_2 = tile.add(y_s_1, y_r_2);
    Tile<int32, 16, 64, Vec> y_odd = tile.ands(y_k, int32(1));
    Tile<fp32, 16, 64, Vec> y_sg = tile.cast(y_odd, {.target_type = fp32, .mode = "rint"});
    Tile<fp32, 16, 64, Vec> y_sg_1 = tile.muls(y_sg, -2.0);
    Tile<fp32, 16, 64, Vec> y_sg_2 = tile.adds(y_sg_1, 1.0);
    Tile<fp32, 16, 64, Vec> y_y = tile.mul(y_s_2, y_sg_2);
    Tile<fp16, 16, 64, Vec> y = tile.cast(y_y, {.target_type = fp16, .mode = "rint"});
    Tensor<fp16, 16, 64> o1 = tile.store(y, {0, 0}, o);
    return o1;
  }
}
// -----
// RUN: lower-composite-ops
// must not change: a kernel without sin / cos (the chain's own instructions are not lowered again) and an orchestration's tensor.sin (not a kernel)
program {
  AIV k(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 16, 64> o) -> Tensor<fp32, 16, 64> {
    Tile<fp32, 16, 64, Vec> t = tile.load(x, {0, 0}, {16, 64});
    Tile<fp32, 16, 64, Vec> e = tile.exp(t);
    Tile<fp32, 16, 64, Vec> m = tile.muls(e, 0.5);
    Tile<int32, 16, 64, Vec> k = tile.cast(m, {.target_type = int32, .mode = "rint"});
    Tensor<fp32, 16, 64> o1 = tile.store(m, {0, 0}, o);
    return o1;
  }

  Orchestration main(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 16, 64> o) -> Tensor<fp32, 16, 64> {
    Tensor<fp32, 16, 64> s = tensor.sin(x);
    Tensor<fp32, 16, 64> r = k(s, o);
    return r;
  }
}
// EXPECTED-UNCHANGED
