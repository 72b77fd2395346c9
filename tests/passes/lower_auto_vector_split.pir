// RUN: lower-auto-vector-split
// elementwise vector work on 16-row tiles: up-down (1); the slot count attr is kept
program {
  [[split = 3, slot_num = 4]]
  InCore<level = CORE_GROUP, role = Worker> loop(In Tensor<fp32, 16, 16> x, In Tensor<fp32, 16, 16> w, Out Tensor<fp32, 16, 16> o, In index n) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Mat> w_mat = tile.load(w, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Right> w_right = tile.move(w_mat, {.target_memory = Right});
    Tile<fp32, 16, 16, Vec> x0 = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    for (index i : range(0, n, 1)) carry (Tile<fp32, 16, 16, Vec> v = x0, index k = 0) -> (Tile<fp32, 16, 16, Vec> vr, index kr) {
      Tile<fp32, 16, 16, Vec> r = tile.relu(v);
      Tile<fp32, 16, 16, Mat> r_mat = tile.move(r, {.target_memory = Mat});
      Tile<fp32, 16, 16, Left> r_left = tile.move(r_mat, {.target_memory = Left});
      Tile<fp32, 16, 16, Acc> p = tile.matmul(r_left, w_right);
      Tile<fp32, 16, 16, Vec> p_vec = tile.move(p, {.target_memory = Vec});
      Tile<fp32, 16, 16, Vec> v2 = tile.add(p_vec, v);
      index k2 = k + i;
      yield(v2, k2);
    }
    Tensor<fp32, 16, 16> s = tile.store(vr, {0, 0}, o);
    return o;
  }
}
// EXPECTED:
program {
  [[split = 1, slot_num = 4]]
  InCore<level = CORE_GROUP, role = Worker> loop(In Tensor<fp32, 16, 16> x, In Tensor<fp32, 16, 16> w, Out Tensor<fp32, 16, 16> o, In index n) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Mat> w_mat = tile.load(w, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Right> w_right = tile.move(w_mat, {.target_memory = Right});
    Tile<fp32, 16, 16, Vec> x0 = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    for (index i : range(0, n, 1)) carry (Tile<fp32, 16, 16, Vec> v = x0, index k = 0) -> (Tile<fp32, 16, 16, Vec> vr, index kr) {
      Tile<fp32, 16, 16, Vec> r = tile.relu(v);
      Tile<fp32, 16, 16, Mat> r_mat = tile.move(r, {.target_memory = Mat});
      Tile<fp32, 16, 16, Left> r_left = tile.move(r_mat, {.target_memory = Left});
      Tile<fp32, 16, 16, Acc> p = tile.matmul(r_left, w_right);
      Tile<fp32, 16, 16, Vec> p_vec = tile.move(p, {.target_memory = Vec});
      Tile<fp32, 16, 16, Vec> v2 = tile.add(p_vec, v);
      index k2 = k + i;
      yield(v2, k2);
    }
    Tensor<fp32, 16, 16> s = tile.store(vr, {0, 0}, o);
    return o;
  }
}
// -----
// RUN: lower-auto-vector-split
// a row sum and a column sum of the same tile: neither half suffices, no split (0)
program {
  [[split = 3]]
  InCore rows(In Tensor<fp32, 16, 32> a, In Tensor<fp32, 32, 32> b, Out Tensor<fp32, 16, 1> o) -> Tensor<fp32, 16, 1> {
    Tile<fp32, 16, 32, Mat> a_mat = tile.load(a, {0, 0}, {16, 32}, {.target_memory = Mat});
    Tile<fp32, 16, 32, Left> a_left = tile.move(a_mat, {.target_memory = Left});
    Tile<fp32, 32, 32, Mat> b_mat = tile.load(b, {0, 0}, {32, 32}, {.target_memory = Mat});
    Tile<fp32, 32, 32, Right> b_right = tile.move(b_mat, {.target_memory = Right});
    Tile<fp32, 16, 32, Acc> c = tile.matmul(a_left, b_right);
    Tile<fp32, 16, 32, Vec> cv = tile.move(c, {.target_memory = Vec});
    Tile<fp32, 16, 1, Vec> s = tile.row_sum(cv);
    Tile<fp32, 1, 32, Vec> cs = tile.col_sum(cv);
    Tensor<fp32, 16, 1> o1 = tile.store(s, {0, 0}, o);
    return o;
  }
}
// EXPECTED:
program {
  [[split = 0]]
  InCore rows(In Tensor<fp32, 16, 32> a, In Tensor<fp32, 32, 32> b, Out Tensor<fp32, 16, 1> o) -> Tensor<fp32, 16, 1> {
    Tile<fp32, 16, 32, Mat> a_mat = tile.load(a, {0, 0}, {16, 32}, {.target_memory = Mat});
    Tile<fp32, 16, 32, Left> a_left = tile.move(a_mat, {.target_memory = Left});
    Tile<fp32, 32, 32, Mat> b_mat = tile.load(b, {0, 0}, {32, 32}, {.target_memory = Mat});
    Tile<fp32, 32, 32, Right> b_right = tile.move(b_mat, {.target_memory = Right});
    Tile<fp32, 16, 32, Acc> c = tile.matmul(a_left, b_right);
    Tile<fp32, 16, 32, Vec> cv = tile.move(c, {.target_memory = Vec});
    Tile<fp32, 16, 1, Vec> s = tile.row_sum(cv);
    Tile<fp32, 1, 32, Vec> cs = tile.col_sum(cv);
    Tensor<fp32, 16, 1> o1 = tile.store(s, {0, 0}, o);
    return o;
  }
}
// -----
// RUN: lower-auto-vector-split
// a column sum only: left-right (2)
program {
  [[split = 3]]
  InCore rows(In Tensor<fp32, 16, 32> a, In Tensor<fp32, 32, 32> b, Out Tensor<fp32, 1, 32> o) -> Tensor<fp32, 1, 32> {
    Tile<fp32, 16, 32, Mat> a_mat = tile.load(a, {0, 0}, {16, 32}, {.target_memory = Mat});
    Tile<fp32, 16, 32, Left> a_left = tile.move(a_mat, {.target_memory = Left});
    Tile<fp32, 32, 32, Mat> b_mat = tile.load(b, {0, 0}, {32, 32}, {.target_memory = Mat});
    Tile<fp32, 32, 32, Right> b_right = tile.move(b_mat, {.target_memory = Right});
    Tile<fp32, 16, 32, Acc> c = tile.matmul(a_left, b_right);
    Tile<fp32, 16, 32, Vec> cv = tile.move(c, {.target_memory = Vec});
    Tile<fp32, 1, 32, Vec> cs = tile.col_sum(cv);
    Tensor<fp32, 1, 32> o1 = tile.store(cs, {0, 0}, o);
    return o;
  }
}
// EXPECTED:
program {
  [[split = 2]]
  InCore rows(In Tensor<fp32, 16, 32> a, In Tensor<fp32, 32, 32> b, Out Tensor<fp32, 1, 32> o) -> Tensor<fp32, 1, 32> {
    Tile<fp32, 16, 32, Mat> a_mat = tile.load(a, {0, 0}, {16, 32}, {.target_memory = Mat});
    Tile<fp32, 16, 32, Left> a_left = tile.move(a_mat, {.target_memory = Left});
    Tile<fp32, 32, 32, Mat> b_mat = tile.load(b, {0, 0}, {32, 32}, {.target_memory = Mat});
    Tile<fp32, 32, 32, Right> b_right = tile.move(b_mat, {.target_memory = Right});
    Tile<fp32, 16, 32, Acc> c = tile.matmul(a_left, b_right);
    Tile<fp32, 16, 32, Vec> cv = tile.move(c, {.target_memory = Vec});
    Tile<fp32, 1, 32, Vec> cs = tile.col_sum(cv);
    Tensor<fp32, 1, 32> o1 = tile.store(cs, {0, 0}, o);
    return o;
  }
}
// -----
// RUN: lower-auto-vector-split
// an explicit split (1) is the author's: unchanged
program {
  [[split = 1, slot_num = 4]]
  InCore<level = CORE_GROUP, role = Worker> loop(In Tensor<fp32, 16, 16> x, In Tensor<fp32, 16, 16> w, Out Tensor<fp32, 16, 16> o, In index n) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Mat> w_mat = tile.load(w, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Right> w_right = tile.move(w_mat, {.target_memory = Right});
    Tile<fp32, 16, 16, Vec> x0 = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    for (index i : range(0, n, 1)) carry (Tile<fp32, 16, 16, Vec> v = x0, index k = 0) -> (Tile<fp32, 16, 16, Vec> vr, index kr) {
      Tile<fp32, 16, 16, Vec> r = tile.relu(v);
      Tile<fp32, 16, 16, Mat> r_mat = tile.move(r, {.target_memory = Mat});
      Tile<fp32, 16, 16, Left> r_left = tile.move(r_mat, {.target_memory = Left});
      Tile<fp32, 16, 16, Acc> p = tile.matmul(r_left, w_right);
      Tile<fp32, 16, 16, Vec> p_vec = tile.move(p, {.target_memory = Vec});
      Tile<fp32, 16, 16, Vec> v2 = tile.add(p_vec, v);
      index k2 = k + i;
      yield(v2, k2);
    }
    Tensor<fp32, 16, 16> s = tile.store(vr, {0, 0}, o);
    return o;
  }
}
// EXPECTED-UNCHANGED
