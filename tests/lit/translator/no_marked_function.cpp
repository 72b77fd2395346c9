// A file without a marked function is written unchanged, byte for byte, with warning F006 (it
// was "translated" into 1 KB of boilerplate: a prologue, an empty dispatcher); an empty file
// too. Issue 42, item 4; docs/translator.md "Entry points and rewriting".
// RUN: rm -f %t.pl.cpp %t.empty.cpp %t.empty.pl.cpp
// RUN: %pl-translate %s -o %t.pl.cpp -- %dsl-flags -Xclang -verify
// RUN: cmp %s %t.pl.cpp
// RUN: %pl-translate %s -o %t.pl.cpp -- %dsl-flags 2>&1 | FileCheck %s --check-prefix=WARN
// WARN: no_marked_function.cpp:1:1: warning: no marked function (PL_FUNCTION, PL_JIT, PL_INLINE, PL_PROGRAM) in this file; it is written unchanged [F006]
// RUN: touch %t.empty.cpp
// RUN: %pl-translate %t.empty.cpp -o %t.empty.pl.cpp -- %dsl-flags 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: empty.cpp:1:1: warning: no marked function {{.*}} [F006]
// RUN: cmp %t.empty.cpp %t.empty.pl.cpp
// expected-warning@1 {{no marked function (PL_FUNCTION, PL_JIT, PL_INLINE, PL_PROGRAM) in this file; it is written unchanged}}
#include <pl/dsl.hpp>

// Host code only: nothing for pl-translate to lower.
int twice(int x) { return 2 * x; }
