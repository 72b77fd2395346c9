// LegalizeGraphBoundary: what a recorded graph cannot replay is an error at the user's line
// (GB001 a task scalar the call site cannot compute, GB002 control flow decided by the call,
// GB004 host access of tensor data). The pipeline stops at the pass, so each function is its
// own program's error.
// RUN: not %pl-translate %s -o %t.cpp -- %dsl-flags -Xclang -verify 2>&1 | FileCheck --allow-empty --check-prefix=VERIFY %s
// VERIFY-NOT: {{expected|error}}
#include <pl/dsl.hpp>

using X = pl::Tensor<pl::fp32, 16, 64>;
using I = pl::Tensor<pl::i32, 1, 8>;

PL_FUNCTION(pl::FunctionType::InCore)
void addRows(X x, pl::Index r, pl::InOut<X> y) {
  pl::store(pl::add(pl::load(x, {r, 0}, {8, 64}), pl::load(y, {r, 0}, {8, 64})), {r, 0}, y);
}

PL_FUNCTION(pl::FunctionType::Graph)
void byLoop(X x, pl::Index n, pl::InOut<X> y) {
  for (auto i : pl::range(n)) // expected-error {{graph 'byLoop' has a loop whose bound 'n' depends on the call}}
    addRows(x, i, y);
}

PL_FUNCTION(pl::FunctionType::Graph)
void mixed(X x, pl::Index n, pl::InOut<X> y) {
  for (auto i : pl::range(2)) {
    pl::Index r = i * 8 + n;
    addRows(x, r, y); // expected-error {{graph 'mixed' passes 'r' to 'addRows', a value the call site cannot compute from the graph's scalar parameters}}
  }
}

PL_FUNCTION(pl::FunctionType::Graph)
void hostRead(X x, I offsets, pl::InOut<X> y) {
  pl::Index r = pl::read(offsets, {0, 0}); // expected-error {{graph 'hostRead' accesses tensor data on the host ('tensor.read')}}
  addRows(x, r, y);
}
