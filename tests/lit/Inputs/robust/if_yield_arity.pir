program {
  Opaque f(In index n) -> index {
    index x = 1;
    if (n > 4) -> (index x_phi) {
      index x1 = n * 2;
      yield(x1, x1);
    } else {
      yield(x);
    }
    return x_phi;
  }
}
