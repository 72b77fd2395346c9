// Functions (type, parameters with directions, level/role, attrs) and programs.
#pragma once

#include "ir/stmt.h"

#include <map>

namespace pl::ir {

enum class FunctionType : uint8_t {
  Opaque, Orchestration, InCore, AIC, AIV, Group, Spmd, Inline, Graph
};
std::string_view functionTypeName(FunctionType t);
std::optional<FunctionType> parseFunctionType(std::string_view s);
/// InCore, AIC, AIV: functions that run on a core (kernels).
bool isKernel(FunctionType t);

enum class ParamDirection : uint8_t { In, Out, InOut };
std::string_view directionName(ParamDirection d); ///< "In", "Out", "InOut"
std::optional<ParamDirection> parseDirection(std::string_view s);

/// Hierarchy levels of `pl::at(level=...)`.
enum class Level : uint8_t { AIV, AIC, CORE_GROUP, CHIP_DIE, CHIP, HOST, CLUSTER };
std::string_view levelName(Level l);
/// Accepts the canonical names and the aliases (e.g. "CORE", "DIE", "NODE").
std::optional<Level> parseLevel(std::string_view s);

enum class Role : uint8_t { Orchestrator, Worker };
std::string_view roleName(Role r);
std::optional<Role> parseRole(std::string_view s);

struct Param {
  VarPtr var;
  ParamDirection direction = ParamDirection::In;
};

class Function final {
public:
  Function(std::string name, FunctionType type, std::vector<Param> params,
           std::vector<TypePtr> returnTypes, StmtPtr body, std::optional<Level> level = {},
           std::optional<Role> role = {}, AttrList attrs = {}, Span s = {})
      : name_(std::move(name)), type_(type), params_(std::move(params)),
        returnTypes_(std::move(returnTypes)), body_(std::move(body)), level_(level), role_(role),
        attrs_(std::move(attrs)), span_(std::move(s)) {}
  static FunctionPtr make(std::string name, FunctionType type, std::vector<Param> params,
                          std::vector<TypePtr> returnTypes, StmtPtr body,
                          std::optional<Level> level = {}, std::optional<Role> role = {},
                          AttrList attrs = {}, Span s = {}) {
    return std::make_shared<const Function>(std::move(name), type, std::move(params),
                                            std::move(returnTypes), std::move(body), level, role,
                                            std::move(attrs), std::move(s));
  }
  const std::string &name() const { return name_; }
  FunctionType type() const { return type_; }
  const std::vector<Param> &params() const { return params_; }
  const std::vector<TypePtr> &returnTypes() const { return returnTypes_; }
  const StmtPtr &body() const { return body_; }
  const std::optional<Level> &level() const { return level_; }
  const std::optional<Role> &role() const { return role_; }
  const AttrList &attrs() const { return attrs_; }
  const Span &span() const { return span_; }

  /// Copy with another body / type / params (copy-on-write helpers for passes).
  FunctionPtr withBody(StmtPtr body) const;
  FunctionPtr withType(FunctionType t) const;
  FunctionPtr withSignature(std::vector<Param> params, std::vector<TypePtr> returnTypes,
                            StmtPtr body) const;

private:
  std::string name_;
  FunctionType type_;
  std::vector<Param> params_;
  std::vector<TypePtr> returnTypes_;
  StmtPtr body_;
  std::optional<Level> level_;
  std::optional<Role> role_;
  AttrList attrs_;
  Span span_;
};

/// An ordered list of functions with unique names (order = insertion order, deterministic).
class Program final {
public:
  Program(std::string name, std::vector<FunctionPtr> functions, Span s = {});
  static ProgramPtr make(std::string name, std::vector<FunctionPtr> functions, Span s = {}) {
    return std::make_shared<const Program>(std::move(name), std::move(functions), std::move(s));
  }
  const std::string &name() const { return name_; }
  const std::vector<FunctionPtr> &functions() const { return functions_; }
  /// nullptr when absent.
  FunctionPtr lookup(std::string_view name) const;
  const Span &span() const { return span_; }
  ProgramPtr withFunctions(std::vector<FunctionPtr> functions) const {
    return make(name_, std::move(functions), span_);
  }

private:
  std::string name_;
  std::vector<FunctionPtr> functions_;
  std::map<std::string, size_t, std::less<>> index_;
  Span span_;
};

} // namespace pl::ir
