// A kernel with one dead assignment (used by several pl-opt tests).
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a, In Tile<fp32, 16, 16, Vec> b) -> Tile<fp32, 16, 16, Vec> {
    Tile<fp32, 16, 16, Vec> dead = tile.mul(a, b);
    Tile<fp32, 16, 16, Vec> s = tile.add(a, b);
    return s;
  }
}
