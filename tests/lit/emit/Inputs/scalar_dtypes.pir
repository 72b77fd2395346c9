// Scalars of narrow dtypes in the simulator's C++: a cast to fp16 / bf16 rounds (castScalar), a
// float cast to an integer truncates and saturates (castScalar), other casts are static_casts,
// and an argument to a kernel's fp16 / int8 parameter is converted as the parameter converts it.
program scalar_dtypes {
  AIV put(In fp16 h, In int8 c, In fp32 f) {
    return;
  }

  Orchestration main(In fp32 f, In fp16 g, In index n) {
    fp16 h = cast<fp16>(f * 0.3);
    bf16 b = cast<bf16>(n);
    fp32 w = cast<fp32>(g) * 2.0;
    int8 s = cast<int8>(f);
    int32 t = cast<int32>(n);
    fp32 x = cast<fp32>(n);
    put(f * 0.7, w, h) [[arg_directions = ["Scalar", "Scalar", "Scalar"]]];
    return;
  }
}
