program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a) {
    if (a) {
      return;
    }
    return;
  }
}
