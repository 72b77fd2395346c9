// --derive-task-deps (pass auto-derive-task-dependencies, off by default): a straight-line
// orchestration whose every hazard can be named orders its tasks by task ids in a MANUAL scope.
// The write-after-read below is an error without the flag (CheckTaskHazards' TH001: nothing
// orders the writer after the reader); with it the derived edge orders them and CheckTaskHazards,
// which runs after the pass, counts it.
// RUN: not %pl-translate %s -o %t0.cpp -- %dsl-flags 2>&1 | FileCheck %s --check-prefix=OFF
// OFF: error: write-after-read hazard: 'twice' writes 'y', which the earlier task 'negate' reads
// RUN: %pl-translate --derive-task-deps --emit=final-ir %s -- %dsl-flags | FileCheck %s --check-prefix=IR
// IR-LABEL: Orchestration war(
// IR:      scope runtime {{\[\[}}manual = true, derived = true{{\]\]}} {
// IR:        = submit negate(
// IR:        task_id [[TID:[a-z_0-9]+]] = {{[a-z_0-9]+\[[0-9]+\]}};
// IR:        twice({{.*}}compiler_deps = {[[TID]]}{{\]\]}};
// RUN: %pl-translate --derive-task-deps %s -o %t.cpp -- %dsl-flags && FileCheck %s --check-prefix=ORCH < %t.cpp
// ORCH-LABEL: // orchestration 'war'
// ORCH:      PL_SCOPE(::pl::rt::ScopeMode::MANUAL) {
// ORCH:        [[ID:[a-z_0-9]+]] = [[OUTS:[a-z_0-9]+]].task_id();
// ORCH:        ::pl::rt::TaskId [[DEPS:deps_t[0-9]+]][] = {[[ID]]};
// ORCH-NEXT:   params_t1.set_dependencies([[DEPS]], ::pl::abi::valid_task_ids([[DEPS]]));
// RUN: %pl-translate --help | FileCheck %s --check-prefix=HELP
// RUN: %pl-opt --help | FileCheck %s --check-prefix=HELP
// HELP: --derive-task-deps {{ *}}- Derive task dependency edges in the orchestration
#include <pl/dsl.hpp>

using X = pl::Tensor<pl::fp32, 16, 64>;

PL_FUNCTION(pl::FunctionType::InCore)
void negate(X y, pl::Out<X> z) { pl::store(pl::neg(pl::load(y, {0, 0}, {16, 64})), {0, 0}, z); }

PL_FUNCTION(pl::FunctionType::InCore)
void twice(X x, pl::Out<X> y) {
  pl::store(pl::muls(pl::load(x, {0, 0}, {16, 64}), 2.0f), {0, 0}, y);
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void war(X x, pl::InOut<X> y, pl::Out<X> z) {
  negate(y, z);
  twice(x, y);
}
