// Unsupported C++ inside a marked function is a located error; nothing is printed.
// RUN: not %pl-translate %s -- %dsl-flags -Xclang -verify 2>&1 | FileCheck --allow-empty --check-prefix=VERIFY %s
// VERIFY-NOT: {{expected|error}}
#include <pl/dsl.hpp>

#include <cmath>

using T = pl::Tensor<pl::fp32, 16, 16>;

int plainHelper(int x) { return x + 1; }

struct Base {
  virtual int f() const { return 1; }
  virtual ~Base() = default;
};

PL_FUNCTION(pl::FunctionType::Orchestration)
void bad(T a, pl::Out<T> c, const Base &b) { // expected-error {{unsupported type 'const Base &'}}
  int *p = nullptr;               // expected-error {{pointer or reference variable 'p'}}
  int offs[2] = {0, 0};           // expected-error {{C array variable 'offs' in a marked function; the IR has no arrays of values: use separate variables, a pl::Tensor / pl::Tile for data, or pl::array<pl::TaskId, N> for task ids [F214]}}
  pl::Index n = plainHelper(3);   // expected-error {{call to 'plainHelper', which is neither a marked function}}
  n = b.f();                      // expected-error {{virtual call to 'f'}}
  int *q = new int(1);            // expected-error {{pointer or reference variable 'q'}}
  try {                           // expected-error {{unsupported statement in a marked function: exceptions ('try')}}
    n = 1;
  } catch (...) {
  }
  goto end;                       // expected-error {{unsupported statement in a marked function: 'goto' and labels}}
end:                              // expected-error {{unsupported statement in a marked function: 'goto' and labels}}
  auto f = [](int x) { return x; };
  n = f(1) + (n > 0 ? 1 : 2);     // expected-error {{conditional operator '?:' is not supported}}
  static int counter = 0;         // expected-error {{static local variable 'counter'}}
  for (int i = 0; i < 4; ++i) {   // expected-error {{C-style 'for' loops}}
  }
  switch (n) {                    // expected-error {{unsupported statement in a marked function: 'switch'}}
  default:
    break;
  }
  if (n > 0)
    throw 1;                      // expected-error {{exceptions ('throw')}}
  (void)p;
  (void)q;
  (void)counter;
  (void)p, (void)q;               // expected-error {{comma operator; write each operand as its own statement [F303]}}
  n = (n += 1) + 1;               // expected-error {{assignment inside an expression; write it as its own statement [F303]}}
  c = a;
}
