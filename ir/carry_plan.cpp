// The "iter_arg_carry" for-loop attr: names of CarryPlan and its typed read / write.
#include "ir/carry_plan.h"
#include "ir/enum_names.h"

namespace pl::ir {

static constexpr std::string_view kCarryPlanNames[] = {PL_CARRY_PLANS(PL_ENUM_NAME)};

std::string_view carryPlanName(CarryPlan p) { return nameIn(kCarryPlanNames, p); }
std::optional<CarryPlan> parseCarryPlan(std::string_view s) {
  return parseEnum<CarryPlan>(kCarryPlanNames, s);
}

std::optional<std::vector<CarryPlan>> carryPlans(const AttrList &attrs) {
  const AttrValue *v = findAttr(attrs, kIterArgCarryAttr);
  auto *names = v ? std::get_if<std::vector<std::string>>(v) : nullptr;
  if (!names)
    return std::nullopt;
  std::vector<CarryPlan> plans;
  for (const std::string &n : *names) {
    auto p = parseCarryPlan(n);
    if (!p)
      return std::nullopt;
    plans.push_back(*p);
  }
  return plans;
}

AttrList withCarryPlans(AttrList attrs, const std::vector<CarryPlan> &plans) {
  std::vector<std::string> names;
  names.reserve(plans.size());
  for (CarryPlan p : plans)
    names.emplace_back(carryPlanName(p));
  return withAttr(std::move(attrs), kIterArgCarryAttr, std::move(names));
}

} // namespace pl::ir
