// pl/annotate.hpp — PL_DSL_OP(op): names the IR op a DSL operation lowers to, for the translator.
//
// Under Clang, PL_DSL_OP("tile.load") is `[[clang::annotate("pl.op", "tile.load")]]` on the
// operation's declaration; pl-translate reads the op from there (translator/marked_functions.h,
// dslOp), never from the function's C++ name. The argument is a family-qualified op
// ("tensor.create", "tile.load") or a bare name ("add", "row_sum") whose family, tile or tensor,
// the operands choose (with a scalar operand, "add" becomes "adds"). Elsewhere (g++: the eager
// build) the macro is empty. tests/translator/dsl_ops_test.cpp checks that every operation in
// pl/ops_*.hpp carries one naming a registered op.
#pragma once

#if defined(__has_cpp_attribute)
#if __has_cpp_attribute(clang::annotate)
#define PL_DETAIL_HAS_ANNOTATE 1
#endif
#endif

#if defined(PL_DETAIL_HAS_ANNOTATE)
#define PL_DSL_OP(op) [[clang::annotate("pl.op", op)]]
#else
#define PL_DSL_OP(op)
#endif
