// The simulator's instruction facts emit_pto_test compares with the IR's (see there): the
// row-major-only instructions and each instruction's valid-shape check.
#include "pl/sim/vendor/pto/pto-inst.hpp"

#include <iterator>
#include <string_view>
#include <vector>

std::vector<std::string_view> simRowMajorOnlyInstructions() {
  return {std::begin(pto::detail::kRowMajorOnly), std::end(pto::detail::kRowMajorOnly)};
}

/// pl/sim's valid-shape check of `instr`: "same" (every source has the destination's valid
/// shape), "row_expand" / "col_expand" (TROWEXPAND / TCOLEXPAND), "row_expand_op" /
/// "col_expand_op" (TROWEXPANDADD, ...), "concat", or "" (checked elsewhere or not at all).
std::string_view simValidRule(std::string_view instr) {
  using R = pto::detail::ValidRule;
  switch (pto::detail::validRule(instr)) {
  case R::Same:
    return "same";
  case R::RowExpand:
    return "row_expand";
  case R::ColExpand:
    return "col_expand";
  case R::RowExpandOp:
    return "row_expand_op";
  case R::ColExpandOp:
    return "col_expand_op";
  case R::Concat:
    return "concat";
  case R::None:
    break;
  }
  return "";
}
