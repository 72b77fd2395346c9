program {
  Opaque f(In index n) -> index {
    for (index i : range(0, n, 1)) carry (index acc = 0) -> (index r) {
    }
    return r;
  }
}
