program p {
  InCore k(In Tile<fp32, 16, 16, Vec> x0) -> Tile<fp32, 16, 16, Vec> {
    for (index i : range(0, 10, 1)) carry (Tile<fp32, 16, 16, Vec> x = x0) -> (Tile<fp32, 16, 16, Vec> r) {
      if (i > 5) {
        break;
      }
      Tile<fp32, 16, 16, Vec> y = tile.add(x, x);
    }
    return r;
  }
}
