// Every pl- check of libplTidy is listed, and the ones three_mistakes.cpp does not cover report
// what pl-translate reports: an unsupported construct, a tile that does not fit the target
// (pl-pipeline, with the Platform option), a signed division of unknown sign; a bad Platform is
// a configuration warning (the default platform is used).
// RUN: %clang-tidy --load=%pl-tidy-plugin --config='{}' --checks='-*,pl-*' --list-checks | FileCheck %s --check-prefix=LIST
// LIST: pl-cond-placement
// LIST-NEXT: pl-explicit-forms
// LIST-NEXT: pl-input-written
// LIST-NEXT: pl-markers
// LIST-NEXT: pl-out-not-written
// LIST-NEXT: pl-pipeline
// LIST-NEXT: pl-signed-index-division
// LIST-NEXT: pl-type-mismatch
// LIST-NEXT: pl-unsupported-construct
// RUN: not %clang-tidy --load=%pl-tidy-plugin --config='{}' --checks='-*,pl-*' %s -- -std=c++20 %dsl-flags 2>&1 | FileCheck %s
// The same through bin/pl-clang-tidy, which loads the module itself (for editors).
// RUN: not %pl-clang-tidy --config='{}' --checks='-*,pl-*' %s -- -std=c++20 %dsl-flags 2>&1 | FileCheck %s
// RUN: %clang-tidy --load=%pl-tidy-plugin --checks='-*,pl-pipeline' --config="{CheckOptions: {pl-pipeline.Platform: tpu}}" %s -- -std=c++20 %dsl-flags 2>&1 | FileCheck %s --check-prefix=BADPLATFORM
// BADPLATFORM: warning: invalid Platform 'tpu' for pl-pipeline; expected a2a3sim, a5sim, a2a3 or a5 [clang-tidy-config]
// The same file through pl-translate: the same codes (pl-translate stops after lowering errors, so
// the pipeline's are not reached there).
// RUN: not %pl-translate --emit=ir %s -- %dsl-flags 2>&1 | FileCheck %s --check-prefix=TRANSLATE
// TRANSLATE: error: {{.*}} [F207]
#include <pl/dsl.hpp>

using T = pl::Tensor<pl::fp32, 16, 16>;

PL_FUNCTION(pl::FunctionType::InCore)
void unsupported(T a, pl::Index n, pl::Out<T> c) {
  // CHECK: checks.cpp:[[@LINE+1]]:3: error: unsupported statement in a marked function: 'switch' [F207] [pl-unsupported-construct]
  switch (n) {
  default:
    break;
  }
  pl::store(pl::load(a, {0, 0}, {16, 16}), {0, 0}, c);
}
