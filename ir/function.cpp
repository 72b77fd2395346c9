// Function and program construction, and the spellings of function-level enums.
#include "ir/function.h"
#include "ir/diagnostics.h"

#include <array>

namespace pl::ir {

namespace {
template <size_t N> std::optional<size_t> indexOf(const std::array<std::string_view, N> &a,
                                                  std::string_view s) {
  for (size_t i = 0; i < N; ++i)
    if (a[i] == s)
      return i;
  return std::nullopt;
}
constexpr std::array<std::string_view, 9> kFuncTypes = {
    "Opaque", "Orchestration", "InCore", "AIC", "AIV", "Group", "Spmd", "Inline", "Graph"};
constexpr std::array<std::string_view, 3> kDirs = {"In", "Out", "InOut"};
constexpr std::array<std::string_view, 7> kLevels = {"AIV",  "AIC",  "CORE_GROUP", "CHIP_DIE",
                                                     "CHIP", "HOST", "CLUSTER"};
constexpr std::array<std::string_view, 2> kRoles = {"Orchestrator", "Worker"};
} // namespace

std::string_view functionTypeName(FunctionType t) { return kFuncTypes[static_cast<size_t>(t)]; }
std::optional<FunctionType> parseFunctionType(std::string_view s) {
  if (auto i = indexOf(kFuncTypes, s))
    return static_cast<FunctionType>(*i);
  return std::nullopt;
}
bool isKernel(FunctionType t) {
  return t == FunctionType::InCore || t == FunctionType::AIC || t == FunctionType::AIV;
}

std::string_view directionName(ParamDirection d) { return kDirs[static_cast<size_t>(d)]; }
std::optional<ParamDirection> parseDirection(std::string_view s) {
  if (auto i = indexOf(kDirs, s))
    return static_cast<ParamDirection>(*i);
  return std::nullopt;
}

std::string_view levelName(Level l) { return kLevels[static_cast<size_t>(l)]; }
std::optional<Level> parseLevel(std::string_view s) {
  if (auto i = indexOf(kLevels, s))
    return static_cast<Level>(*i);
  // Aliases, canonicalised: the hardware names of the same levels.
  if (s == "VECTOR" || s == "AIV_CORE")
    return Level::AIV;
  if (s == "CUBE" || s == "AIC_CORE")
    return Level::AIC;
  if (s == "CORE" || s == "CG")
    return Level::CORE_GROUP;
  if (s == "DIE")
    return Level::CHIP_DIE;
  if (s == "DEVICE" || s == "NPU")
    return Level::CHIP;
  if (s == "NODE")
    return Level::HOST;
  return std::nullopt;
}

std::string_view roleName(Role r) { return kRoles[static_cast<size_t>(r)]; }
std::optional<Role> parseRole(std::string_view s) {
  if (auto i = indexOf(kRoles, s))
    return static_cast<Role>(*i);
  return std::nullopt;
}

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
