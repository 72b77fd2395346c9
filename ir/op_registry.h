// Op registry: per op its arguments, kwargs schema, type deduction, memory-space rule,
// per-argument read/write effects and aliasing. Registration is explicit (registerAllOps).
#pragma once

#include "ir/diagnostics.h"
#include "ir/expr.h"

#include <functional>
#include <string>
#include <string_view>

namespace pl::ir {

enum class ArgEffect : uint8_t { Read, Write, ReadWrite };

enum class AttrKind : uint8_t {
  Bool, Int, Float, String, DType, MemSpace, IntList, StringList, Expr, ExprList
};

struct KwargSpec {
  std::string name;
  AttrKind kind;
  bool required = false;
};

/// Reports a deduction error located at the call.
using DeduceFn = std::function<TypePtr(const ExprList &args, const AttrList &kwargs,
                                       const Span &span, DiagnosticEngine &diags)>;

class Op {
public:
  explicit Op(std::string name) : name_(std::move(name)) {}
  const std::string &name() const { return name_; }
  /// "tensor" or "tile" (or "system"), from the name prefix.
  std::string_view family() const;
  // The remaining fields are filled by registration (see op_registry.cpp).
  std::string category;
  std::string description;
  std::vector<std::string> argNames; ///< fixed arity unless variadic
  bool variadic = false;
  std::vector<KwargSpec> kwargs;
  DeduceFn deduce;
  std::vector<ArgEffect> effects;        ///< per argument; missing = Read
  std::optional<int> outputAliasesArg;   ///< result reuses argument i's buffer (e.g. store)
  bool inPlaceSafe = true;               ///< output may share a buffer with an input
  /// Tile ops: allowed memory spaces per argument (empty = any) and the result space rule.
  std::vector<std::vector<MemorySpace>> argSpaces;
  std::optional<MemorySpace> resultSpace;       ///< fixed result space
  std::optional<std::string> resultSpaceKwarg;  ///< result space from a kwarg ("target_memory")
  std::optional<int> resultSpaceFromArg;        ///< result space inherited from argument i

private:
  std::string name_;
};

/// Registers every op once (idempotent, thread-safe). Called by tools and tests at start-up.
void registerAllOps();
/// nullptr when unknown (registerAllOps must have run).
const Op *lookupOp(std::string_view name);
/// All registered ops, sorted by name.
std::vector<const Op *> allOps();

/// Builds a typed Call: looks up the op, validates arity and kwargs against the schema, deduces
/// the result type and fills a missing tile memory space from the memory rule. On error reports a
/// located diagnostic and returns nullptr.
ExprPtr makeOpCall(std::string_view name, ExprList args, AttrList kwargs, const Span &span,
                   DiagnosticEngine &diags);

} // namespace pl::ir
