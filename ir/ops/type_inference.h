// Shared helpers of op registration: a fluent op builder and the checks type deductions share.
#pragma once

#include "ir/op_registry.h"

#include <initializer_list>

namespace pl::ir::ops {

/// One deduction in progress: the call's pieces plus checks that report located diagnostics.
/// Every check returns an empty value after reporting; deducers then return nullptr.
class DeduceCall {
public:
  DeduceCall(const Op &op, const ExprList &args, const AttrList &kwargs, const Span &span,
             DiagnosticEngine &diags)
      : op(op), args(args), kwargs(kwargs), span(span), diags(diags) {}

  const Op &op;
  const ExprList &args;
  const AttrList &kwargs;
  const Span &span;
  DiagnosticEngine &diags;

  bool isTileOp() const { return op.family() == "tile"; }
  bool hasArg(size_t i) const { return i < args.size() && args[i]; }
  /// "argument 'lhs' of 'tile.add'".
  std::string argLabel(size_t i) const;
  /// Reports an error at the call and returns nullptr.
  std::nullptr_t fail(const char *code, std::string message) const;

  // Argument checks (T107 when the argument has the wrong kind).
  const TileType *tile(size_t i) const;
  const TensorType *tensor(size_t i) const;
  /// A tile for tile.* ops, a tensor for tensor.* ops.
  const ShapedType *operand(size_t i) const;
  /// A scalar-typed expression; returns its dtype.
  std::optional<DataType> scalar(size_t i) const;
  /// A tuple of integer scalars (a MakeTuple); returns its elements (T112 otherwise).
  std::optional<ExprList> tuple(size_t i) const;
  /// A constant integer argument (T106 otherwise).
  std::optional<int64_t> constInt(size_t i) const;

  // Kwarg access (the schema check already ran, so kinds are right).
  std::optional<DataType> dtypeKw(std::string_view key) const;
  std::optional<bool> boolKw(std::string_view key) const;
  std::optional<int64_t> intKw(std::string_view key) const;
  std::optional<std::string> stringKw(std::string_view key) const;
  std::optional<MemorySpace> spaceKw(std::string_view key) const;

  /// A Tile (tile ops, memory space left to the op's rule) or a Tensor (tensor ops).
  TypePtr makeShaped(DataType d, ExprList shape) const;
};

using Deducer = std::function<TypePtr(const DeduceCall &)>;

/// Fluent registration of one op.
class OpDef {
public:
  OpDef(OpRegistry &r, std::string name) : op_(r.add(std::move(name))) {}
  OpDef &category(std::string c);
  OpDef &describe(std::string d);
  OpDef &args(std::initializer_list<const char *> names, size_t optional = 0);
  OpDef &argList(std::vector<std::string> names, size_t optional = 0);
  OpDef &kwarg(std::string name, AttrKind kind, bool required = false);
  OpDef &deduce(Deducer fn);
  OpDef &effect(size_t i, ArgEffect e);
  OpDef &effectFn(EffectFn fn);
  OpDef &aliasesArg(int i);
  OpDef &notInPlaceSafe();
  OpDef &argSpace(size_t i, std::vector<MemorySpace> spaces);
  OpDef &resultSpace(MemorySpace s);
  /// Result space from a kwarg, `fallback` when it is absent.
  OpDef &resultSpaceKwarg(std::string key, std::optional<MemorySpace> fallback);
  OpDef &resultFromArg(int i);
  /// The result is argument i's bytes (Op::viewOfArg).
  OpDef &viewOf(int i) {
    op_.viewOfArg = i;
    return *this;
  }
  /// The result's valid shape rule (Op::validShape).
  OpDef &validShape(ValidShapeRule::Kind k, int arg = 0, int arg2 = 1) {
    op_.validShape = {k, arg, arg2};
    return *this;
  }
  /// No instruction of its own: LowerCompositeOps expands it (Op::composite).
  OpDef &composite() {
    op_.composite = true;
    return *this;
  }
  /// The last argument repeats (one or more).
  OpDef &variadic() {
    op_.variadic = true;
    return *this;
  }
  Op &op() { return op_; }

private:
  Op &op_;
};

/// The operand dtypes an elementwise op accepts (the binary ops of elementwise.cpp, the unary
/// ops of unary.cpp).
enum class DTypeClass { Numeric, Float, FloatOrSigned, Integer, IntegerOrBool };
bool inDTypeClass(DTypeClass k, DataType d);
/// The class as a diagnostic's expectation: "a float dtype", ...
const char *dtypeClassExpected(DTypeClass k);

// Shape helpers.
enum class DimMatch { Equal, Mismatch, Unknown };
/// Equal when both constant and equal or the same expression object; Mismatch when both are
/// constant and differ; Unknown otherwise (symbolic dims are accepted).
DimMatch compareDims(const ExprPtr &a, const ExprPtr &b);
bool isConstDim(const ExprPtr &e, int64_t v);
/// "[128, 64]"; symbolic dims print as their variable name or "?".
std::string shapeStr(const ExprList &shape);
/// Product of the dims when all are constant.
std::optional<int64_t> constNumel(const ExprList &shape);
/// Checks that two shapes are equal (rank T110, dims T109); `what` names the pair in messages.
bool checkSameShape(const DeduceCall &c, const ExprList &a, const ExprList &b,
                    const std::string &what);
/// Elementwise broadcast. Tile ops: equal ranks, each dim pair equal or one side 1.
/// Tensor ops: NumPy rules (right-aligned; missing dims count as 1). T109/T110 on failure.
std::optional<ExprList> broadcastShapes(const DeduceCall &c, const ExprList &a,
                                        const ExprList &b);
/// Normalises a possibly negative axis against `rank` (T113 when out of range).
std::optional<size_t> normalizeAxis(const DeduceCall &c, int64_t axis, size_t rank,
                                    const std::string &what);

// Dtype helpers.
/// "fp32".
std::string dtypeStr(DataType d);
/// Checks that the operand dtypes agree (T108).
bool checkSameDType(const DeduceCall &c, DataType a, DataType b, const std::string &what);
/// Numeric: float or integer (not bool, index or task id).
bool isNumeric(DataType d);
/// Checks `pred(d)` and reports T108 with `expected` otherwise.
bool checkDType(const DeduceCall &c, size_t argIndex, DataType d, bool ok, const char *expected);

/// One of the two families most ops are registered in: `tensor.<op>` and `tile.<op>`.
struct OpFamily {
  const char *name; ///< "tensor" or "tile"
  bool tile;
  /// The full op name, e.g. "tile.add".
  std::string op(std::string_view opName) const {
    return std::string(name) + "." + std::string(opName);
  }
};
inline constexpr OpFamily kOpFamilies[] = {{"tensor", false}, {"tile", true}};

/// Memory-space lists used by the registrations.
inline const std::vector<MemorySpace> kVecOnly = {MemorySpace::Vec};
/// Every on-chip space (all but DDR and ScalarLocal).
inline const std::vector<MemorySpace> kOnChip = {
    MemorySpace::Vec,  MemorySpace::Mat,  MemorySpace::Left,      MemorySpace::Right,
    MemorySpace::Acc,  MemorySpace::Bias, MemorySpace::LeftScale, MemorySpace::RightScale};
/// Checks the `target_memory` kwarg (when given) against the spaces it may name (T111).
bool checkTargetSpace(const DeduceCall &c, const std::vector<MemorySpace> &allowed);

} // namespace pl::ir::ops

namespace pl::ir {
// One function per family (ops/*.cpp), called by registerAllOps().
void registerMemoryOps(OpRegistry &r);
void registerTransformOps(OpRegistry &r);
void registerElementwiseOps(OpRegistry &r);
void registerUnaryOps(OpRegistry &r);
void registerReductionOps(OpRegistry &r);
void registerMatmulOps(OpRegistry &r);
void registerSystemOps(OpRegistry &r);
void registerCommOps(OpRegistry &r);
void registerArrayOps(OpRegistry &r);
void registerCrossCoreOps(OpRegistry &r);
void registerIrregularOps(OpRegistry &r);
} // namespace pl::ir
