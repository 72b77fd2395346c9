// RUN: materialize-valid-shape-symbols
// a program-level symbol in a kernel parameter's valid_shape (and the types of its body) becomes a leading index parameter; the call passes the argument's valid extent there
program {
  index VALID;

  AIV k(In Tensor<fp32, 16, 128, view{valid_shape = {16, VALID}}> s, Out Tensor<fp32, 16, 128> o) -> Tensor<fp32, 16, 128> {
    Tile<fp32, 16, 128, Vec, view{valid_shape = {16, VALID}}> t = tile.load(s, {0, 0}, {16, 128}, {.target_memory = Vec});
    Tensor<fp32, 16, 128> r = tile.store(t, {0, 0}, o);
    return o;
  }

  Orchestration main(In index n, In Tensor<fp32, 16, 128, view{valid_shape = {16, n}}> s, Out Tensor<fp32, 16, 128> o) -> Tensor<fp32, 16, 128> {
    Tensor<fp32, 16, 128> r = k(s, o) [[arg_directions = ["Input", "OutputExisting"]]];
    return r;
  }
}
// EXPECTED:
program {
  AIV k(In index V, In Tensor<fp32, 16, 128, view{valid_shape = {16, V}}> s, Out Tensor<fp32, 16, 128> o) -> Tensor<fp32, 16, 128> {
    Tile<fp32, 16, 128, Vec, view{valid_shape = {16, V}}> t = tile.load(s, {0, 0}, {16, 128}, {.target_memory = Vec});
    Tensor<fp32, 16, 128> r = tile.store(t, {0, 0}, o);
    return o;
  }

  Orchestration main(In index n, In Tensor<fp32, 16, 128, view{valid_shape = {16, n}}> s, Out Tensor<fp32, 16, 128> o) -> Tensor<fp32, 16, 128> {
    Tensor<fp32, 16, 128> r = k(n, s, o) [[arg_directions = ["Scalar", "Input", "OutputExisting"]]];
    return r;
  }
}
// -----
// RUN: materialize-valid-shape-symbols
// a second run finds nothing to bind
program {
  AIV k(In index V, In Tensor<fp32, 16, 128, view{valid_shape = {16, V}}> s, Out Tensor<fp32, 16, 128> o) -> Tensor<fp32, 16, 128> {
    Tile<fp32, 16, 128, Vec, view{valid_shape = {16, V}}> t = tile.load(s, {0, 0}, {16, 128}, {.target_memory = Vec});
    Tensor<fp32, 16, 128> r = tile.store(t, {0, 0}, o);
    return o;
  }

  Orchestration main(In index n, In Tensor<fp32, 16, 128, view{valid_shape = {16, n}}> s, Out Tensor<fp32, 16, 128> o) -> Tensor<fp32, 16, 128> {
    Tensor<fp32, 16, 128> r = k(n, s, o) [[arg_directions = ["Scalar", "Input", "OutputExisting"]]];
    return r;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: materialize-valid-shape-symbols
// must not change: a valid_shape of a scalar parameter, of a physical dim of a parameter, or of a variable the kernel binds
program {
  index BLK;

  AIV k(In index m, In Tensor<fp32, 16, BLK, view{valid_shape = {m, BLK}}> s, Out Tensor<fp32, 16, 128> o) -> Tensor<fp32, 16, 128> {
    Tile<fp32, 16, 128, Vec, view{valid_shape = {m, 128}}> t = tile.load(s, {0, 0}, {16, 128}, {.valid_shape = {m, 128}, .target_memory = Vec});
    Tensor<fp32, 16, 128> r = tile.store(t, {0, 0}, o);
    return o;
  }

  Orchestration main(In Tensor<fp32, 16, BLK> s, Out Tensor<fp32, 16, 128> o) -> Tensor<fp32, 16, 128> {
    Tensor<fp32, 16, 128> r = k(8, s, o) [[arg_directions = ["Scalar", "Input", "OutputExisting"]]];
    return r;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: materialize-valid-shape-symbols
// an argument without a valid_shape is valid everywhere: its shape dim; submits too, directions and override indices shift; one symbol named by two parameters is one parameter
program {
  index VALID;

  AIV k2(In Tensor<fp32, 16, 128, view{valid_shape = {16, VALID}}> a, In Tensor<fp32, 16, 128, view{valid_shape = {16, VALID}}> b, Out Tensor<fp32, 16, 128> o) -> Tensor<fp32, 16, 128> {
    Tile<fp32, 16, 128, Vec> t = tile.load(a, {0, 0}, {16, 128}, {.target_memory = Vec});
    Tensor<fp32, 16, 128> r = tile.store(t, {0, 0}, o);
    return o;
  }

  Orchestration main(In Tensor<fp32, 16, 128> a, In Tensor<fp32, 16, 128> b, Out Tensor<fp32, 16, 128> o) {
    Tuple<Tensor<fp32, 16, 128>, task_id> r = submit k2(a, b, o) [[arg_directions = ["Input", "NoDep", "OutputExisting"], arg_direction_overrides = [1]]];
  }
}
// EXPECTED:
program {
  AIV k2(In index V, In Tensor<fp32, 16, 128, view{valid_shape = {16, V}}> a, In Tensor<fp32, 16, 128, view{valid_shape = {16, V}}> b, Out Tensor<fp32, 16, 128> o) -> Tensor<fp32, 16, 128> {
    Tile<fp32, 16, 128, Vec> t = tile.load(a, {0, 0}, {16, 128}, {.target_memory = Vec});
    Tensor<fp32, 16, 128> r = tile.store(t, {0, 0}, o);
    return o;
  }

  Orchestration main(In Tensor<fp32, 16, 128> a, In Tensor<fp32, 16, 128> b, Out Tensor<fp32, 16, 128> o) {
    Tuple<Tensor<fp32, 16, 128>, task_id> r = submit k2(128, a, b, o) [[arg_directions = ["Scalar", "Input", "NoDep", "OutputExisting"], arg_direction_overrides = [2]]];
  }
}
// -----
// RUN: materialize-valid-shape-symbols
// VS001: a symbol only inside a compound dim cannot be inverted at a call
program {
  index VALID;

  // EXPECTED-ERROR: VS001 {{symbol 'VALID' of the valid_shape of parameter 's' of kernel 'k' appears only inside an expression, which a call cannot invert}}
  AIV k(In Tensor<fp32, 16, 128, view{valid_shape = {16, VALID * 2}}> s, Out Tensor<fp32, 16, 128> o) -> Tensor<fp32, 16, 128> {
    Tile<fp32, 16, 128, Vec> t = tile.load(s, {0, 0}, {16, 128}, {.target_memory = Vec});
    Tensor<fp32, 16, 128> r = tile.store(t, {0, 0}, o);
    return o;
  }
}
// -----
// RUN: materialize-valid-shape-symbols
// VS002: two dims name one symbol and a call gives them different extents; VS003: the argument's extent reads a variable the caller does not bind
program {
  index VALID;
  index M;

  AIV k2(In Tensor<fp32, 16, 128, view{valid_shape = {16, VALID}}> a, In Tensor<fp32, 16, 128, view{valid_shape = {16, VALID}}> b, Out Tensor<fp32, 16, 128> o) -> Tensor<fp32, 16, 128> {
    Tile<fp32, 16, 128, Vec> t = tile.load(a, {0, 0}, {16, 128}, {.target_memory = Vec});
    Tensor<fp32, 16, 128> r = tile.store(t, {0, 0}, o);
    return o;
  }

  Orchestration main(In index n, In Tensor<fp32, 16, 128, view{valid_shape = {16, n}}> a, In Tensor<fp32, 16, 128> b, In Tensor<fp32, 16, 128, view{valid_shape = {16, M}}> c, Out Tensor<fp32, 16, 128> o) {
    Tensor<fp32, 16, 128> r = k2(a, b, o) [[arg_directions = ["Input", "Input", "OutputExisting"]]]; // EXPECTED-ERROR: VS002 {{the call to 'k2' gives symbol 'VALID' two values: 'n' (argument 0, dim 1) and '128' (argument 1, dim 1)}}
    Tensor<fp32, 16, 128> r2 = k2(c, c, o) [[arg_directions = ["Input", "Input", "OutputExisting"]]]; // EXPECTED-ERROR: VS003 {{the call to 'k2' has no value for symbol 'VALID': its valid extent 'M' reads 'M', which 'main' does not bind}}
  }
}
