// The simulator's list of row-major-only instructions, for emit_pto_test (see there).
#include "pl/sim/vendor/pto/pto-inst.hpp"

#include <iterator>
#include <string_view>
#include <vector>

std::vector<std::string_view> simRowMajorOnlyInstructions() {
  return {std::begin(pto::detail::kRowMajorOnly), std::end(pto::detail::kRowMajorOnly)};
}
