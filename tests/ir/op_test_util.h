// Helpers shared by the op registry tests: typed variables, tuples and call builders.
#pragma once

#include "ir/op_registry.h"

#include <gtest/gtest.h>

namespace pl::ir::testing {

using DT = DataType;
using MS = MemorySpace;

inline Span testSpan(int line = 7, int col = 3) {
  return Span(internFileName("ops_test.pir"), line, col);
}

inline ExprList dims(std::initializer_list<int64_t> d) {
  ExprList out;
  for (int64_t v : d)
    out.push_back(ConstInt::make(v));
  return out;
}

inline ExprPtr tensorVar(DataType d, std::initializer_list<int64_t> shape,
                         const std::string &name = "t") {
  return Var::make(name, TensorType::make(d, dims(shape)));
}

inline ExprPtr tileVar(DataType d, std::initializer_list<int64_t> shape,
                       std::optional<MemorySpace> space = MemorySpace::Vec,
                       const std::string &name = "x") {
  return Var::make(name, TileType::make(d, dims(shape), space));
}

inline ExprPtr scalarVar(DataType d, const std::string &name = "s") {
  return Var::make(name, ScalarType::get(d));
}

inline ExprPtr tup(std::initializer_list<int64_t> v) { return MakeTuple::make(dims(v)); }

/// Builds a call and returns it; the test checks `diags` for what went wrong.
struct OpTest : ::testing::Test {
  DiagnosticEngine diags;
  void SetUp() override { registerAllOps(); }

  ExprPtr call(std::string_view name, ExprList args, AttrList kwargs = {}) {
    return makeOpCall(name, std::move(args), std::move(kwargs), testSpan(), diags);
  }
  /// The result type of a successful call (fails the test otherwise).
  TypePtr ok(std::string_view name, ExprList args, AttrList kwargs = {}) {
    ExprPtr e = call(name, std::move(args), std::move(kwargs));
    EXPECT_TRUE(e) << diags.formatAll();
    EXPECT_FALSE(diags.hasErrors()) << diags.formatAll();
    return e ? e->type() : nullptr;
  }
  /// Expects the call to fail with exactly one error of `code` located at testSpan().
  void bad(const std::string &code, std::string_view name, ExprList args, AttrList kwargs = {}) {
    ExprPtr e = call(name, std::move(args), std::move(kwargs));
    EXPECT_FALSE(e) << name << " unexpectedly succeeded";
    ASSERT_EQ(diags.diagnostics().size(), 1u) << diags.formatAll();
    const Diagnostic &d = diags.diagnostics()[0];
    EXPECT_EQ(d.code, code) << d.message;
    EXPECT_EQ(d.span.line, testSpan().line);
    EXPECT_EQ(d.span.col, testSpan().col);
    EXPECT_EQ(d.span.file, testSpan().file);
    lastMessage = d.message;
    diags.clear();
  }
  std::string lastMessage;
};

inline const TileType *asTile(const TypePtr &t) { return dynCast<TileType>(t); }
inline const TensorType *asTensor(const TypePtr &t) { return dynCast<TensorType>(t); }

/// Constant dims of a shaped type (-1 for symbolic).
inline std::vector<int64_t> shapeOf(const TypePtr &t) {
  std::vector<int64_t> out;
  if (auto *s = dynCast<ShapedType>(t))
    for (auto &d : s->shape())
      out.push_back(constIntValue(d).value_or(-1));
  return out;
}

} // namespace pl::ir::testing
