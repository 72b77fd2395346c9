program p {
  Opaque f(In index n) -> index {
    index x = n + 1;
    x = n + 2;
    return x;
  }
}
