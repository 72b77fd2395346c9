// Function and program construction, and the spellings of function-level enums.
#include "ir/function.h"
#include "ir/diagnostics.h"
#include "ir/enum_names.h"

#include <array>

namespace pl::ir {

namespace {
constexpr std::array<std::string_view, 9> kFuncTypes = {
    "Opaque", "Orchestration", "InCore", "AIC", "AIV", "Group", "Spmd", "Inline", "Graph"};
constexpr std::array<std::string_view, 3> kDirs = {"In", "Out", "InOut"};
constexpr std::array<std::string_view, 7> kLevels = {"AIV",  "AIC",  "CORE_GROUP", "CHIP_DIE",
                                                     "CHIP", "HOST", "CLUSTER"};
/// Aliases, canonicalised: the hardware names of the same levels.
constexpr std::pair<std::string_view, Level> kLevelAliases[] = {
    {"VECTOR", Level::AIV},   {"AIV_CORE", Level::AIV},    {"CUBE", Level::AIC},
    {"AIC_CORE", Level::AIC}, {"CORE", Level::CORE_GROUP}, {"CG", Level::CORE_GROUP},
    {"DIE", Level::CHIP_DIE}, {"DEVICE", Level::CHIP},     {"NPU", Level::CHIP},
    {"NODE", Level::HOST}};
constexpr std::array<std::string_view, 2> kRoles = {"Orchestrator", "Worker"};
} // namespace

std::string_view functionTypeName(FunctionType t) { return nameIn(kFuncTypes, t); }
std::optional<FunctionType> parseFunctionType(std::string_view s) {
  return parseEnum<FunctionType>(kFuncTypes, s);
}
bool isKernel(FunctionType t) {
  return t == FunctionType::InCore || t == FunctionType::AIC || t == FunctionType::AIV;
}

std::string_view directionName(ParamDirection d) { return nameIn(kDirs, d); }
std::optional<ParamDirection> parseDirection(std::string_view s) {
  return parseEnum<ParamDirection>(kDirs, s);
}

std::string_view levelName(Level l) { return nameIn(kLevels, l); }
std::optional<Level> parseLevel(std::string_view s) {
  if (auto l = parseEnum<Level>(kLevels, s))
    return l;
  for (auto &[alias, level] : kLevelAliases)
    if (alias == s)
      return level;
  return std::nullopt;
}

std::string_view roleName(Role r) { return nameIn(kRoles, r); }
std::optional<Role> parseRole(std::string_view s) { return parseEnum<Role>(kRoles, s); }

FunctionPtr Function::withBody(StmtPtr body) const {
  return make(name_, type_, params_, returnTypes_, std::move(body), level_, role_, attrs_, span_);
}
FunctionPtr Function::withType(FunctionType t) const {
  return make(name_, t, params_, returnTypes_, body_, level_, role_, attrs_, span_);
}
FunctionPtr Function::withSignature(std::vector<Param> params, std::vector<TypePtr> returnTypes,
                                    StmtPtr body) const {
  return make(name_, type_, std::move(params), std::move(returnTypes), std::move(body), level_,
              role_, attrs_, span_);
}

Program::Program(std::string name, std::vector<FunctionPtr> functions, Span s)
    : name_(std::move(name)), functions_(std::move(functions)), span_(std::move(s)) {
  for (size_t i = 0; i < functions_.size(); ++i) {
    bool inserted = index_.emplace(functions_[i]->name(), i).second;
    PL_CHECK(inserted, "Program", "duplicate function name '" + functions_[i]->name() + "'");
  }
}

FunctionPtr Program::lookup(std::string_view name) const {
  auto it = index_.find(name);
  return it == index_.end() ? nullptr : functions_[it->second];
}

} // namespace pl::ir
