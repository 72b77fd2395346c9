// Scalar integer semantics in the simulator's C++: C++ division for truncdiv / truncmod, floor
// helpers for floordiv / %, value comparisons across signedness, narrow results wrapped back,
// a literal shifted in the result dtype, and parentheses g++'s -Wparentheses asks for.
program scalars {
  Orchestration f(In int64 a, In uint32 u, In uint8 b, In index n) {
    index q = truncdiv(a - 3, 2);
    index r = truncmod(a, n);
    index fq = floordiv(a - 3, 2);
    index fr = a % n;
    bool lt = a < u;
    bool eq = u == cast<int32>(a);
    uint8 s = b + uint8(200);
    uint8 t = ~b;
    index k = 1 << n;
    index m = (a + n) << 2;
    bool o = a > 0 && n > 0 || a < 0;
    return;
  }
}
