// How an orchestration loop carries each iter_arg: the "iter_arg_carry" for-loop attr's enum,
// its one table of names, and the typed read and write of the attr (stored as a string list so
// that the IR text keeps `[[iter_arg_carry = ["Trivial", "Rebind"]]]`). ClassifyIterArgCarry
// writes it, the orchestration emitter reads it.
#pragma once

#include "ir/expr.h"

#include <optional>
#include <string_view>
#include <vector>

namespace pl::ir {

/// Trivial: the yielded value is provably the iter_arg's own buffer handle, so the yield copies
/// nothing. Rebind: the yield re-assigns the carried handle (another buffer, a view, a scalar,
/// a task id).
#define PL_CARRY_PLANS(X) X(Trivial) X(Rebind)

enum class CarryPlan : uint8_t { PL_CARRY_PLANS(PL_ENUMERATOR) };

/// The for-loop attr holding one name per iter_arg.
inline constexpr std::string_view kIterArgCarryAttr = "iter_arg_carry";

std::string_view carryPlanName(CarryPlan p); ///< "Trivial" or "Rebind"
std::optional<CarryPlan> parseCarryPlan(std::string_view s);

/// The plans in a loop's attrs; nullopt when the attr is absent, not a string list or holds an
/// unknown name.
std::optional<std::vector<CarryPlan>> carryPlans(const AttrList &attrs);
/// `attrs` with the "iter_arg_carry" attr set to `plans` (replaced when present, else appended).
AttrList withCarryPlans(AttrList attrs, const std::vector<CarryPlan> &plans);

} // namespace pl::ir
