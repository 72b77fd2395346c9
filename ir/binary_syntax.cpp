// Binary-op text syntax (ir/binary_syntax.h): one precedence table for the printer and parser.
#include "ir/binary_syntax.h"

namespace pl::ir {

namespace {
constexpr BinaryOp kAllBinaryOps[] = {
#define X(n, s) BinaryOp::n,
    PL_BINARY_OPS(X)
#undef X
};

template <typename Match> std::optional<BinaryOp> findBinaryOp(Match match) {
  for (BinaryOp op : kAllBinaryOps)
    if (match(op))
      return op;
  return std::nullopt;
}
} // namespace

int infixPrecedence(BinaryOp op) {
  switch (op) {
  case BinaryOp::Or:
    return 1;
  case BinaryOp::And:
    return 2;
  case BinaryOp::BitOr:
    return 3;
  case BinaryOp::BitXor:
    return 4;
  case BinaryOp::BitAnd:
    return 5;
  case BinaryOp::Eq:
  case BinaryOp::Ne:
    return 6;
  case BinaryOp::Lt:
  case BinaryOp::Le:
  case BinaryOp::Gt:
  case BinaryOp::Ge:
    return 7;
  case BinaryOp::Shl:
  case BinaryOp::Shr:
    return 8;
  case BinaryOp::Add:
  case BinaryOp::Sub:
    return 9;
  case BinaryOp::Mul:
  case BinaryOp::FloatDiv:
  case BinaryOp::FloorMod:
    return 10;
  default:
    return 0;
  }
}

std::string_view callFormName(BinaryOp op) {
  return op == BinaryOp::FloorDiv ? "floordiv" : binaryOpSpelling(op);
}

std::optional<BinaryOp> parseInfixOp(std::string_view s) {
  return findBinaryOp(
      [&](BinaryOp op) { return infixPrecedence(op) != 0 && binaryOpSpelling(op) == s; });
}

std::optional<BinaryOp> parseCallFormOp(std::string_view s) {
  return findBinaryOp(
      [&](BinaryOp op) { return infixPrecedence(op) == 0 && callFormName(op) == s; });
}

} // namespace pl::ir
