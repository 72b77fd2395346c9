program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a) -> Tile<fp32, 16, 16, Vec> {
    Tile<fp32, 16, 16, Vec> s = tile.add(a, a;
    return s;
  }
}
