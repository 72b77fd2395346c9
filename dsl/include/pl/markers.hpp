// pl/markers.hpp — the marker macros PL_JIT / PL_FUNCTION / PL_INLINE / PL_PROGRAM.
//
// Under Clang each macro expands to a `[[clang::annotate(...)]]` attribute that the translator
// matches on; elsewhere (g++) to nothing, so the eager build stays warning-free. The contract
// with the translator (see docs/dsl.md, "Markers"):
//   PL_JIT                         [[clang::annotate("pl.jit")]]
//   PL_FUNCTION(pl::FunctionType::X)  [[clang::annotate("pl.function", pl::FunctionType::X)]]
//                                  (argument 1 is a constant expression of enum type
//                                  pl::FunctionType; its integer value identifies the kind)
//   PL_INLINE                      [[clang::annotate("pl.inline")]]
//   PL_PROGRAM                     [[clang::annotate("pl.program")]]   (on a struct)
#pragma once

#include "pl/annotate.hpp"
#include "pl/types.hpp"

#if defined(PL_DETAIL_HAS_ANNOTATE)
#define PL_JIT [[clang::annotate("pl.jit")]]
#define PL_FUNCTION(type) [[clang::annotate("pl.function", type)]]
#define PL_INLINE [[clang::annotate("pl.inline")]]
#define PL_PROGRAM [[clang::annotate("pl.program")]]
#else
#define PL_JIT
#define PL_FUNCTION(type)
#define PL_INLINE
#define PL_PROGRAM
#endif
