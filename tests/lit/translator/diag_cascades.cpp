// One mistake, one diagnostic: a failed declaration makes its variable quiet (calls, subscripts
// and ops on it say nothing more); a failed return type makes the function's returns and its
// callers' uses quiet.
// RUN: not %pl-translate --emit=ir %s -- %dsl-flags -Xclang -verify 2>&1 | FileCheck --allow-empty --check-prefix=VERIFY %s
// VERIFY-NOT: {{expected|error}}
#include <pl/dsl.hpp>

#include <functional>
#include <vector>

using X = pl::Tensor<pl::fp32, 16, 64>;

PL_INLINE auto makeLoader(X x) { // expected-error {{unsupported type}}
  return [=] { return pl::load(x, {0, 0}, {16, 64}); };
}

PL_FUNCTION(pl::FunctionType::InCore)
void escaping(X x, pl::Out<X> y) {
  std::function<pl::Index(pl::Index)> f = [&](pl::Index i) { return i + 1; }; // expected-error {{lambda outside a DSL construct}}
  pl::store(pl::load(x, {f(0), 0}, {8, 64}), {0, 0}, y);
  auto g = [&](pl::Index i) { return i * 2; };
  auto h = g; // a copy of a helper lambda is the same helper
  pl::store(pl::load(x, {h(4), 0}, {8, 64}), {0, 0}, y);
  auto load = makeLoader(x);
  pl::store(load(), {0, 0}, y);
}

PL_FUNCTION(pl::FunctionType::InCore)
void containers(X x, pl::Out<X> y) {
  std::vector<pl::Index> v{1, 2}; // expected-error {{construction of 'std::vector<pl::Index>' inside a marked function}}
  pl::store(pl::load(x, {v[0], 0}, {8, 64}), {0, 0}, y);
  std::vector<int> w = {1, 2}; // expected-error {{construction of 'std::vector<int>' inside a marked function}}
  pl::store(pl::load(x, {w[1], 0}, {8, 64}), {0, 0}, y);
}
