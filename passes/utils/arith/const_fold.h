// Constant folding of scalar Binary / Unary / cast nodes with int64 and dtype overflow checks.
#pragma once

#include "ir/expr.h"

#include <optional>

namespace pl::passes::arith {

/// Checked int64 arithmetic: nullopt on overflow (and on division by zero).
std::optional<int64_t> checkedAdd(int64_t a, int64_t b);
std::optional<int64_t> checkedSub(int64_t a, int64_t b);
std::optional<int64_t> checkedMul(int64_t a, int64_t b);
/// Python semantics: rounds toward negative infinity; the remainder has the divisor's sign.
std::optional<int64_t> checkedFloorDiv(int64_t a, int64_t b);
std::optional<int64_t> checkedFloorMod(int64_t a, int64_t b);
/// C++ semantics: rounds toward zero; the remainder has the dividend's sign. nullopt for a
/// zero divisor and for INT64_MIN / -1 (undefined in C++).
std::optional<int64_t> checkedTruncDiv(int64_t a, int64_t b);
std::optional<int64_t> checkedTruncMod(int64_t a, int64_t b);

/// `a op b` for an integer arithmetic or bitwise op with the checks above: nullopt on overflow,
/// a zero divisor, a negative exponent, a shift out of range, and for any other op (comparisons,
/// logical ops, float division).
std::optional<int64_t> foldIntBinary(ir::BinaryOp op, int64_t a, int64_t b);

/// Whether v is representable in integer dtype d (Index and Int64: always; Bool: 0 or 1).
bool fitsDType(int64_t v, ir::DataType d);

/// `e` evaluated when it is a Binary, Unary or cast whose operands are constants; nullptr when
/// it is not foldable: a non-constant operand, an overflow of int64 or of the result dtype,
/// a division by zero, or an op that has no constant semantics here. Looks at `e` only (the
/// operands must already be folded).
ir::ExprPtr foldConstant(const ir::ExprPtr &e);

} // namespace pl::passes::arith
