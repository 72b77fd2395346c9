// The text form of binary ops, shared by the printer and the parser: which are infix operators
// (with their C++ precedence) and which are written as calls, under which name.
#pragma once

#include "ir/expr.h"

#include <optional>
#include <string_view>

namespace pl::ir {

/// C++ precedence of an infix operator, from 1 (`||`) to 10 (`*`, `/`, `%`); 0 for the ops
/// written as calls (min, max, pow, xor, floordiv, truncdiv, truncmod).
int infixPrecedence(BinaryOp op);
/// The name of an op written as a call: its spelling, except FloorDiv, whose spelling `//` is not
/// IR syntax ("floordiv").
std::string_view callFormName(BinaryOp op);

/// The infix operator spelled `s` ("+", "<<", ...; `>>` is two '>' tokens, not one).
std::optional<BinaryOp> parseInfixOp(std::string_view s);
/// The op written as the call `s(a, b)` ("min", "floordiv", ...).
std::optional<BinaryOp> parseCallFormOp(std::string_view s);

} // namespace pl::ir
