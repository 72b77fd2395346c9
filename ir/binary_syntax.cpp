// Binary-op text syntax (ir/binary_syntax.h): one precedence table for the printer and parser.
#include "ir/binary_syntax.h"

#include <array>
#include <initializer_list>
#include <iterator>

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

/// The infix operators by C++ precedence, loosest first (precedence = level + 1).
const std::initializer_list<BinaryOp> kInfixLevels[] = {
    {BinaryOp::Or},
    {BinaryOp::And},
    {BinaryOp::BitOr},
    {BinaryOp::BitXor},
    {BinaryOp::BitAnd},
    {BinaryOp::Eq, BinaryOp::Ne},
    {BinaryOp::Lt, BinaryOp::Le, BinaryOp::Gt, BinaryOp::Ge},
    {BinaryOp::Shl, BinaryOp::Shr},
    {BinaryOp::Add, BinaryOp::Sub},
    {BinaryOp::Mul, BinaryOp::FloatDiv, BinaryOp::FloorMod},
};
} // namespace

int infixPrecedence(BinaryOp op) {
  // Indexed by op, built once from kInfixLevels: the parser asks for every operator token.
  static const auto table = [] {
    std::array<int, std::size(kAllBinaryOps)> t{};
    for (size_t level = 0; level < std::size(kInfixLevels); ++level)
      for (BinaryOp o : kInfixLevels[level])
        t[static_cast<size_t>(o)] = static_cast<int>(level) + 1;
    return t;
  }();
  auto i = static_cast<size_t>(op);
  return i < table.size() ? table[i] : 0;
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
