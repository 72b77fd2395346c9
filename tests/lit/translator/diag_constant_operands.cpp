// What the eager run rejects and constants prove, pl-translate reports at the user's line
// (CheckConstantOperands, after Simplify has folded the variables): a negative window offset
// (CO001), a store whose window ends past its tensor (CO002), an integer division or remainder
// by zero (CO003), a tensor of more than 1 TiB (CO004), a load's valid shape outside its window
// (CO005). They were accepted and aborted only in the simulator, or printed `64 / 0`
// into the generated code. Issue 42, item 4; the eager side in tests/dsl/test_ops_data.cpp.
// RUN: rm -f %t.pl.cpp
// RUN: not %pl-translate %s -o %t.pl.cpp -- %dsl-flags -Xclang -verify 2>&1 | FileCheck --allow-empty --check-prefix=VERIFY %s
// RUN: not test -e %t.pl.cpp
// VERIFY-NOT: {{expected|error}}
#include <pl/dsl.hpp>

using T = pl::Tensor<pl::fp32, 64, 16>;
using Tl = pl::Tile<pl::fp32, 16, 16>;

PL_FUNCTION(pl::FunctionType::InCore)
void negative_load(T x, pl::Out<T> o) {
  Tl a = pl::load(x, {-16, 0}, {16, 16}); // expected-error {{offset 0 of 'tile.load' is -16; a window offset must be >= 0 (the eager run throws, the simulator aborts) [CO001]}}
  pl::store(a, {0, 0}, o);
}

PL_FUNCTION(pl::FunctionType::InCore)
void negative_store(T x, pl::Out<T> o) {
  Tl a = pl::load(x, {0, 0}, {16, 16});
  int row = 16;
  row -= 32;
  pl::store(a, {row, 0}, o); // expected-error {{offset 0 of 'tile.store' is -16; a window offset must be >= 0 (the eager run throws, the simulator aborts) [CO001]}}
}

PL_FUNCTION(pl::FunctionType::InCore)
void store_past_end(T x, pl::Out<T> o) {
  Tl a = pl::load(x, {0, 0}, {16, 16});
  for (auto i : pl::unroll(0, 5)) {
    pl::store(a, {i * 16, 0}, o); // expected-error {{'tile.store' at offset 64 in dim 0 of a tensor whose dim is 64 writes at least 16 element(s) of the tile's valid region there, past the end; the window must fit the tensor (the eager run throws, the simulator aborts) [CO002]}}
  }
}

PL_FUNCTION(pl::FunctionType::InCore)
void divide_by_zero(T x, pl::Out<T> o) {
  int rows = 64 / 0; // expected-warning {{division by zero is undefined}} expected-error {{integer division by zero (the divisor is the constant 0); the eager run traps (SIGFPE) and the device's result is undefined [CO003]}}
  Tl a = pl::load(x, {rows, 0}, {16, 16});
  pl::store(a, {0, 0}, o);
}

PL_FUNCTION(pl::FunctionType::InCore)
void valid_shape_outside(T x, pl::Out<T> o) {
  Tl a = pl::load(x, {0, 0}, {16, 16}, {.valid_shape = {-1, 16}}); // expected-error {{dim 0 of the valid shape of 'tile.load' is -1; expected 0..16 (the eager run throws, the simulator aborts) [CO005]}}
  Tl b = pl::load(x, {16, 0}, {16, 16}, {.valid_shape = {20, 16}}); // expected-error {{dim 0 of the valid shape of 'tile.load' is 20; expected 0..16 (the eager run throws, the simulator aborts) [CO005]}}
  pl::store(a + b, {0, 0}, o);
}

using Huge = pl::Tensor<pl::fp32, (std::int64_t{1} << 40), 64>;

PL_FUNCTION(pl::FunctionType::InCore)
void huge_tensor(Huge x, // expected-error {{parameter 'x' of type 'Tensor<fp32, 1099511627776, 64>' has 281474976710656 bytes; a tensor has at most 2^40 (1 TiB, more than the device memory of any platform) [CO004]}}
                 pl::Out<T> o) {
  Tl a = pl::load(x, {0, 0}, {16, 16});
  pl::store(a, {0, 0}, o);
}

// On a conditional path the same offsets are warnings: the eager run throws only when the
// statement runs, and there the constant may come from the path's condition (fuzzer program
// 707200031: an offset that is -32 exactly when its branch is taken).
PL_FUNCTION(pl::FunctionType::InCore)
void conditional_negative_store(T x, pl::Index n, pl::Out<T> o) {
  Tl a = pl::load(x, {0, 0}, {16, 16});
  pl::store(a, {0, 0}, o);
  if (n == -3) {
    pl::store(a, {((n / (-2)) + n) * 16, 0}, o); // expected-warning {{offset 0 of 'tile.store' is -32; a window offset must be >= 0 (the eager run throws, the simulator aborts) — whenever it runs (it is on a conditional path: an if branch or a loop body that may not run) [CO001]}}
  }
  for (auto i : pl::range(n)) {
    pl::store(a, {i * 16 - 16, 0}, o);
    pl::store(a, {-16, 0}, o); // expected-warning {{offset 0 of 'tile.store' is -16; a window offset must be >= 0 (the eager run throws, the simulator aborts) — whenever it runs}}
  }
}
