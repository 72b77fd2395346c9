// pl-translate --no-warn=CODE[,CODE] silences warnings by code (docs/diagnostics.md), those of
// the frontend (F370, while lowering) and of the pipeline (CO001, pass CheckConstantOperands)
// alike; the output is the same. --explain prints a code's catalogue entry. Errors, reserved and
// unknown codes are refused (exit 2); pl-opt's side: tests/lit/diagnostic_flags.test.
// RUN: rm -f %t.out.cpp %t.warn.cpp %t.half.cpp
// RUN: %pl-translate %s -o %t.out.cpp -- %dsl-flags 2>&1 | FileCheck %s --check-prefix=WARN
// WARN-DAG: no_warn.cpp:[[@LINE+29]]:{{[0-9]+}}: warning: output parameter 'unused' of 'k' is never written{{.*}}[F370]
// WARN-DAG: no_warn.cpp:[[@LINE+32]]:{{[0-9]+}}: warning: offset 0 of 'tile.store' is -32{{.*}}[CO001]
// RUN: mv %t.out.cpp %t.warn.cpp
// RUN: %pl-translate --no-warn=F370,CO001 %s -o %t.out.cpp -- %dsl-flags 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET
// QUIET-NOT: {{.}}
// RUN: cmp %t.warn.cpp %t.out.cpp
// RUN: %pl-translate --no-warn=F370 %s -o %t.half.cpp -- %dsl-flags 2>&1 | FileCheck %s --check-prefix=HALF
// HALF-NOT: [F370]
// HALF: warning: offset 0 of 'tile.store' is -32{{.*}}[CO001]
// HALF-NOT: [F370]
// RUN: not %pl-translate --no-warn=F375 %s -o %t.err.cpp -- %dsl-flags 2>&1 | FileCheck %s --check-prefix=ERR
// ERR: pl-translate: error: --no-warn=F375: F375 is error, never a warning; --no-warn silences warnings only
// RUN: not %pl-translate --no-warn=F9999 %s -o %t.err.cpp -- %dsl-flags 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: pl-translate: error: unknown diagnostic code 'F9999' in --no-warn
// RUN: not test -e %t.err.cpp
// RUN: %pl-translate --explain=F370 | FileCheck %s --check-prefix=EXPLAIN
// EXPLAIN: F370 (warning; translator): a pl::Out parameter the body never writes, or a pl::InOut one it never uses
// EXPLAIN-NEXT: see docs/translator.md#diagnostics
// RUN: not %pl-translate --explain=Q1 2>&1 | FileCheck %s --check-prefix=NOCODE
// NOCODE: pl-translate: error: unknown diagnostic code 'Q1' in --explain
// RUN: %pl-translate --help | FileCheck %s --check-prefix=HELP
// HELP-DAG: --explain=<CODE>
// HELP-DAG: --no-warn=<CODE,...>
#include <pl/dsl.hpp>

using T = pl::Tensor<pl::fp32, 64, 16>;
using Tl = pl::Tile<pl::fp32, 16, 16>;

PL_FUNCTION(pl::FunctionType::InCore)
void k(T x, pl::Index n, pl::Out<T> o, pl::Out<T> unused) {
  Tl a = pl::load(x, {0, 0}, {16, 16});
  pl::store(a, {0, 0}, o);
  if (n == -3) {
    pl::store(a, {((n / (-2)) + n) * 16, 0}, o);
  }
}
