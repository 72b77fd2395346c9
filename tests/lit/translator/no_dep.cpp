// pl::no_dep(x) marks a tensor argument of a kernel call: the call's arg_direction_overrides
// (the IR after the frontend), DeriveCallDirections' NoDep direction, and the runtime's
// untracked argument (add_no_dep) in the orchestration. Misuse is F362.
// RUN: %pl-translate --emit=ir %s -- %dsl-flags | FileCheck %s --check-prefix=IR
// RUN: %pl-translate %s -o %t.cpp -- %dsl-flags && FileCheck %s --check-prefix=ORCH < %t.cpp
// RUN: not %pl-translate %s -o %t2.cpp -- %dsl-flags -DMISUSE -Xclang -verify 2>&1 | FileCheck --allow-empty --check-prefix=VERIFY %s
// VERIFY-NOT: {{expected|error}}
#include <pl/dsl.hpp>

using X = pl::Tensor<pl::fp32, 16, 64>;

PL_FUNCTION(pl::FunctionType::InCore)
void addInto(X a, X b, pl::Out<X> c) {
  pl::store(pl::add(pl::load(a, {0, 0}, {16, 64}), pl::load(b, {0, 0}, {16, 64})), {0, 0}, c);
}

// IR-LABEL: Orchestration twice(
// IR: addInto(a, b, c) {{\[\[}}arg_direction_overrides = [1]{{\]\]}};
// IR: addInto(b, a, d) {{\[\[}}arg_direction_overrides = [0, 1]{{\]\]}};
// ORCH-LABEL: // orchestration 'twice'
// ORCH:      params_t0.add_input(ext_a);
// ORCH-NEXT: params_t0.add_no_dep(ext_b);
// ORCH-NEXT: params_t0.add_output(ext_c);
// ORCH:      params_t1.add_no_dep(ext_b);
// ORCH-NEXT: params_t1.add_no_dep(ext_a);
// ORCH-NEXT: params_t1.add_output(ext_d);
PL_FUNCTION(pl::FunctionType::Orchestration)
void twice(X a, X b, pl::Out<X> c, pl::Out<X> d) {
  addInto(a, pl::no_dep(b), c);
  addInto(pl::no_dep(b), pl::no_dep(a), d);
}

#ifdef MISUSE
PL_FUNCTION(pl::FunctionType::InCore)
void misuse(X a, pl::Out<X> c) {
  X b = pl::no_dep(a); // expected-error {{pl::no_dep(...) only marks a tensor argument of a call of a marked function ('k(pl::no_dep(x), ...)')}}
  pl::store(pl::load(b, {0, 0}, {16, 64}), {0, 0}, c);
}
#endif
