// The "arg_directions" call attr: names of ArgDirection and its typed read / write.
#include "ir/arg_direction.h"
#include "ir/enum_names.h"

namespace pl::ir {

namespace {
constexpr std::string_view kNames[] = {PL_ARG_DIRECTIONS(PL_ENUM_NAME)};
} // namespace

std::string_view argDirectionName(ArgDirection d) { return nameIn(kNames, d); }

std::optional<ArgDirection> parseArgDirection(std::string_view s) {
  return parseEnum<ArgDirection>(kNames, s);
}

std::string argDirectionChoices() {
  std::string out;
  for (size_t i = 0; i < std::size(kNames); ++i)
    out += std::string(i == 0 ? "" : i + 1 == std::size(kNames) ? " or " : ", ") +
           std::string(kNames[i]);
  return out;
}

const std::vector<std::string> *argDirectionNames(const AttrList &attrs) {
  const AttrValue *v = findAttr(attrs, kArgDirectionsAttr);
  return v ? std::get_if<std::vector<std::string>>(v) : nullptr;
}

const ExprList *compilerDeps(const AttrList &attrs) {
  const AttrValue *v = findAttr(attrs, kCompilerDepsAttr);
  return v ? std::get_if<ExprList>(v) : nullptr;
}

AttrValue argDirectionsAttr(const std::vector<ArgDirection> &dirs) {
  std::vector<std::string> names;
  names.reserve(dirs.size());
  for (ArgDirection d : dirs)
    names.emplace_back(argDirectionName(d));
  return names;
}

} // namespace pl::ir
