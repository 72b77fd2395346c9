// Op registry: per op its arguments, kwargs schema, type deduction, memory-space rule,
// per-argument read/write effects and aliasing. Registration is explicit (registerAllOps).
//
// Diagnostic codes reported while building an op call (see docs/ops.md for the full table):
//   T101 unknown op                      T108 wrong or unsupported dtype
//   T102 wrong number of arguments       T109 shape mismatch
//   T103 unknown kwarg                   T110 rank mismatch / wrong rank
//   T104 kwarg of the wrong kind         T111 argument or result in a disallowed memory space
//   T105 missing required kwarg          T112 argument must be a tuple (offsets, shapes)
//   T106 invalid kwarg or constant value T113 axis out of range
//   T107 argument of the wrong kind (tile / tensor / scalar expected)
#pragma once

#include "ir/diagnostics.h"
#include "ir/expr.h"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>

namespace pl::ir {

enum class ArgEffect : uint8_t { Read, Write, ReadWrite };
std::string_view argEffectName(ArgEffect e); ///< "read", "write", "readwrite"

/// Kinds of kwarg values; the order matches the alternatives of AttrValue.
enum class AttrKind : uint8_t {
  Bool, Int, Float, String, DType, MemSpace, IntList, StringList, Expr, ExprList
};
std::string_view attrKindName(AttrKind k); ///< "bool", "int", "float", "string", "dtype", ...
/// Kind of a value (its variant alternative).
AttrKind attrKindOf(const AttrValue &v);

struct KwargSpec {
  std::string name;
  AttrKind kind;
  bool required = false;
};

/// Where a tile op's result takes its valid shape from. PTO-ISA's instructions run over the
/// destination's valid region (and TADD, TMOV, TCMP, ... assert that it equals the sources'), so
/// MaterializeTileValidShapes declares every result with the valid shape this rule gives it.
struct ValidShapeRule {
  enum class Kind : uint8_t {
    Own,        ///< the result's own type (a load's window, a create's shape, an extract's)
    Same,       ///< operand `arg`'s valid shape (elementwise, unary, moves, broadcasts)
    Mask,       ///< operand `arg`'s; a packed mask (kwarg packed) has ceil(cols / 8) columns
    Rows,       ///< [valid rows of `arg`, 1] (row reductions)
    Cols,       ///< [1, valid cols of `arg`] (column reductions)
    Matmul,     ///< [valid rows of `arg`, valid cols of `arg2`]
    Transposed, ///< operand `arg`'s, rows and columns swapped
    Concat,     ///< rows of `arg`, cols of `arg` + cols of `arg2`
    Reshape,    ///< `arg`'s under the same shape, swapped for a [R, 1] <-> [1, R] reshape
    Union,      ///< per dim the larger of `arg`'s and `arg2`'s (the partial ops, TPART*)
  };
  Kind kind = Kind::Own;
  int arg = 0;
  int arg2 = 1;
};

/// Reports a deduction error located at the call.
using DeduceFn = std::function<TypePtr(const ExprList &args, const AttrList &kwargs,
                                       const Span &span, DiagnosticEngine &diags)>;
/// Effect on argument i decided from the kwargs (optional; overrides Op::effects).
using EffectFn = std::function<ArgEffect(size_t argIndex, const AttrList &kwargs)>;

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
  /// The last `optionalArgs` entries of argNames may be omitted (e.g. scratch tiles).
  size_t optionalArgs = 0;
  bool variadic = false;
  std::vector<KwargSpec> kwargs;
  DeduceFn deduce;
  std::vector<ArgEffect> effects;        ///< per argument; missing = Read
  EffectFn effectFn;                     ///< when set, decides effects from the kwargs
  std::optional<int> outputAliasesArg;   ///< result reuses argument i's buffer (e.g. store)
  /// The result is argument i's bytes under another tile type (tile.reshape, tile.set_validshape):
  /// one buffer, nothing copied (InitMemRef gives both one MemRef; TRESHAPE in the backend).
  std::optional<int> viewOfArg;
  bool inPlaceSafe = true;               ///< output may share a buffer with an input
  /// A tile op with no instruction of its own: LowerCompositeOps (pipeline pass 14) expands it
  /// into instructions the ISA has; the emitters never see it (ES001 if they do).
  bool composite = false;
  /// Tile ops: allowed memory spaces per argument (empty = any) and the result space rule.
  std::vector<std::vector<MemorySpace>> argSpaces;
  /// Fixed result space; with resultSpaceKwarg it is the default when the kwarg is absent.
  std::optional<MemorySpace> resultSpace;
  std::optional<std::string> resultSpaceKwarg;  ///< result space from a kwarg ("target_memory")
  std::optional<int> resultSpaceFromArg;        ///< result space inherited from argument i
  ValidShapeRule validShape;                    ///< tile ops: the result's valid shape

  size_t minArgs() const { return argNames.size() - optionalArgs; }
  size_t maxArgs() const { return argNames.size(); }
  /// The schema entry of a kwarg, or nullptr.
  const KwargSpec *findKwarg(std::string_view key) const;

private:
  std::string name_;
};

/// The table of ops. Filled once by registerAllOps(); read-only (and thread-safe) afterwards.
class OpRegistry {
public:
  /// The single process-wide registry.
  static OpRegistry &global();
  /// Adds a new op; registering a name twice is an internal error.
  Op &add(std::string name);
  const Op *lookup(std::string_view name) const;
  /// All ops sorted by name.
  std::vector<const Op *> all() const;

private:
  std::map<std::string, std::unique_ptr<Op>, std::less<>> ops_;
};

/// Registers every op once (idempotent, thread-safe). Called by tools and tests at start-up;
/// lookupOp, allOps and makeOpCall also call it, so forgetting it is harmless.
void registerAllOps();
/// nullptr when unknown.
const Op *lookupOp(std::string_view name);
/// All registered ops, sorted by name.
std::vector<const Op *> allOps();

/// Builds a typed Call: looks up the op, validates arity and kwargs against the schema, deduces
/// the result type and fills a missing tile memory space from the memory rule. On error reports a
/// located diagnostic and returns nullptr.
ExprPtr makeOpCall(std::string_view name, ExprList args, AttrList kwargs, const Span &span,
                   DiagnosticEngine &diags);
/// Same, for an already looked-up op.
ExprPtr makeOpCall(const Op &op, ExprList args, AttrList kwargs, const Span &span,
                   DiagnosticEngine &diags);

/// Effect of the op on argument i of a call with these kwargs (Read when not declared).
ArgEffect argEffect(const Op &op, size_t i, const AttrList &kwargs);
/// True when argument i may be written by the op (Write or ReadWrite).
bool writesArg(const Op &op, size_t i, const AttrList &kwargs);
/// Whether argument i of the op may live in memory space `s` (true when unconstrained).
bool argSpaceAllowed(const Op &op, size_t i, MemorySpace s);
/// The memory space the rule gives the result of a call (fixed, kwarg, or inherited from an
/// argument that is a tile with a known space); nullopt when the rule leaves it open.
std::optional<MemorySpace> resultMemorySpace(const Op &op, const ExprList &args,
                                             const AttrList &kwargs);

} // namespace pl::ir
