// Shared helpers of op registration: argument/kwarg checks, shape broadcasting, the op builder.
#include "ir/ops/type_inference.h"
#include "ir/enum_names.h"

#include <algorithm>

namespace pl::ir::ops {

namespace {
/// "a tensor", "an array", ...: a type's kind as the diagnostics name it.
std::string_view typeKindName(const TypePtr &t) {
  static constexpr std::string_view kNames[] = {"an untyped value", "a scalar", "a tensor",
                                                "a tile",           "a tuple",  "a memref",
                                                "a pointer",        "an array"};
  return t ? nameIn(kNames, t->kind()) : "nothing";
}

template <typename T> std::optional<T> getKw(const AttrList &kwargs, std::string_view key) {
  if (const AttrValue *v = findAttr(kwargs, key))
    if (const T *p = std::get_if<T>(v))
      return *p;
  return std::nullopt;
}
} // namespace

std::string DeduceCall::argLabel(size_t i) const {
  std::string name = i < op.argNames.size() ? op.argNames[i] : std::to_string(i);
  return "argument '" + name + "' of '" + op.name() + "'";
}

std::nullptr_t DeduceCall::fail(const char *code, std::string message) const {
  diags.error(code, span, std::move(message));
  return nullptr;
}

const TileType *DeduceCall::tile(size_t i) const {
  if (auto *t = dynCast<TileType>(args[i]->type()))
    return t;
  fail("T107", argLabel(i) + " must be a tile, got " + std::string(typeKindName(args[i]->type())));
  return nullptr;
}

const TensorType *DeduceCall::tensor(size_t i) const {
  if (auto *t = dynCast<TensorType>(args[i]->type()))
    return t;
  fail("T107",
       argLabel(i) + " must be a tensor, got " + std::string(typeKindName(args[i]->type())));
  return nullptr;
}

const ShapedType *DeduceCall::operand(size_t i) const {
  if (isTileOp())
    return tile(i);
  return tensor(i);
}

std::optional<DataType> DeduceCall::scalar(size_t i) const {
  if (auto d = scalarDType(args[i]->type()))
    return d;
  fail("T107",
       argLabel(i) + " must be a scalar, got " + std::string(typeKindName(args[i]->type())));
  return std::nullopt;
}

std::optional<ExprList> DeduceCall::tuple(size_t i) const {
  auto *mt = dynCast<MakeTuple>(args[i]);
  if (!mt) {
    fail("T112", argLabel(i) + " must be a tuple of integers, got " +
                     std::string(typeKindName(args[i]->type())));
    return std::nullopt;
  }
  for (size_t k = 0; k < mt->elements().size(); ++k) {
    auto d = scalarDType(mt->elements()[k]->type());
    if (!d || !isIntLike(*d)) {
      fail("T112", "element " + std::to_string(k) + " of " + argLabel(i) +
                       " must be an integer scalar");
      return std::nullopt;
    }
  }
  return mt->elements();
}

std::optional<int64_t> DeduceCall::constInt(size_t i) const {
  if (auto v = constIntValue(args[i]))
    return v;
  fail("T106", argLabel(i) + " must be a constant integer");
  return std::nullopt;
}

std::optional<DataType> DeduceCall::dtypeKw(std::string_view k) const {
  return getKw<DataType>(kwargs, k);
}
std::optional<bool> DeduceCall::boolKw(std::string_view k) const { return getKw<bool>(kwargs, k); }
std::optional<int64_t> DeduceCall::intKw(std::string_view k) const {
  return getKw<int64_t>(kwargs, k);
}
std::optional<std::string> DeduceCall::stringKw(std::string_view k) const {
  return getKw<std::string>(kwargs, k);
}
std::optional<MemorySpace> DeduceCall::spaceKw(std::string_view k) const {
  return getKw<MemorySpace>(kwargs, k);
}

TypePtr DeduceCall::makeShaped(DataType d, ExprList shape) const {
  if (isTileOp())
    return TileType::make(d, std::move(shape));
  return TensorType::make(d, std::move(shape));
}

// ---- OpDef ------------------------------------------------------------------------------------

OpDef &OpDef::category(std::string c) {
  op_.category = std::move(c);
  return *this;
}
OpDef &OpDef::describe(std::string d) {
  op_.description = std::move(d);
  return *this;
}
OpDef &OpDef::args(std::initializer_list<const char *> names, size_t optional) {
  op_.argNames.assign(names.begin(), names.end());
  op_.optionalArgs = optional;
  return *this;
}
OpDef &OpDef::argList(std::vector<std::string> names, size_t optional) {
  op_.argNames = std::move(names);
  op_.optionalArgs = optional;
  return *this;
}
OpDef &OpDef::kwarg(std::string name, AttrKind kind, bool required) {
  op_.kwargs.push_back({std::move(name), kind, required});
  return *this;
}
OpDef &OpDef::deduce(Deducer fn) {
  const Op *op = &op_;
  op_.deduce = [op, fn = std::move(fn)](const ExprList &args, const AttrList &kwargs,
                                        const Span &span, DiagnosticEngine &diags) {
    return fn(DeduceCall(*op, args, kwargs, span, diags));
  };
  return *this;
}
OpDef &OpDef::effect(size_t i, ArgEffect e) {
  if (op_.effects.size() <= i)
    op_.effects.resize(i + 1, ArgEffect::Read);
  op_.effects[i] = e;
  return *this;
}
OpDef &OpDef::effectFn(EffectFn fn) {
  op_.effectFn = std::move(fn);
  return *this;
}
OpDef &OpDef::aliasesArg(int i) {
  op_.outputAliasesArg = i;
  return *this;
}
OpDef &OpDef::notInPlaceSafe() {
  op_.inPlaceSafe = false;
  return *this;
}
OpDef &OpDef::argSpace(size_t i, std::vector<MemorySpace> spaces) {
  if (op_.argSpaces.size() <= i)
    op_.argSpaces.resize(i + 1);
  op_.argSpaces[i] = std::move(spaces);
  return *this;
}
OpDef &OpDef::resultSpace(MemorySpace s) {
  op_.resultSpace = s;
  return *this;
}
OpDef &OpDef::resultSpaceKwarg(std::string key, std::optional<MemorySpace> fallback) {
  op_.resultSpaceKwarg = std::move(key);
  op_.resultSpace = fallback;
  return *this;
}
OpDef &OpDef::resultFromArg(int i) {
  op_.resultSpaceFromArg = i;
  return *this;
}

// ---- shapes -----------------------------------------------------------------------------------

DimMatch compareDims(const ExprPtr &a, const ExprPtr &b) {
  if (a == b)
    return DimMatch::Equal;
  auto ca = constIntValue(a), cb = constIntValue(b);
  if (ca && cb)
    return *ca == *cb ? DimMatch::Equal : DimMatch::Mismatch;
  return DimMatch::Unknown;
}

bool isConstDim(const ExprPtr &e, int64_t v) {
  auto c = constIntValue(e);
  return c && *c == v;
}

std::string shapeStr(const ExprList &shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i)
      s += ", ";
    if (auto c = constIntValue(shape[i]))
      s += std::to_string(*c);
    else if (auto *v = dynCast<Var>(shape[i]))
      s += v->name();
    else
      s += "?";
  }
  return s + "]";
}

std::optional<int64_t> constNumel(const ExprList &shape) {
  int64_t n = 1;
  for (auto &d : shape) {
    auto c = constIntValue(d);
    if (!c)
      return std::nullopt;
    n *= *c;
  }
  return n;
}

bool checkSameShape(const DeduceCall &c, const ExprList &a, const ExprList &b,
                    const std::string &what) {
  if (a.size() != b.size()) {
    c.fail("T110", "rank mismatch in '" + c.op.name() + "': " + what + " have shapes " +
                       shapeStr(a) + " and " + shapeStr(b) + "; expected equal ranks");
    return false;
  }
  for (size_t i = 0; i < a.size(); ++i) {
    if (compareDims(a[i], b[i]) == DimMatch::Mismatch) {
      c.fail("T109", "shape mismatch in '" + c.op.name() + "': " + what + " have shapes " +
                         shapeStr(a) + " and " + shapeStr(b) + " (dim " + std::to_string(i) +
                         "); expected equal shapes");
      return false;
    }
  }
  return true;
}

std::optional<ExprList> broadcastShapes(const DeduceCall &c, const ExprList &a,
                                        const ExprList &b) {
  if (c.isTileOp() && a.size() != b.size()) {
    c.fail("T110", "rank mismatch in '" + c.op.name() + "': operands have shapes " + shapeStr(a) +
                       " and " + shapeStr(b) + "; expected equal ranks");
    return std::nullopt;
  }
  size_t rank = std::max(a.size(), b.size());
  ExprList out(rank);
  for (size_t k = 0; k < rank; ++k) { // k counts from the innermost dim
    ExprPtr da = k < a.size() ? a[a.size() - 1 - k] : nullptr;
    ExprPtr db = k < b.size() ? b[b.size() - 1 - k] : nullptr;
    ExprPtr &o = out[rank - 1 - k];
    if (!da || !db) {
      o = da ? da : db;
      continue;
    }
    DimMatch m = compareDims(da, db);
    if (m == DimMatch::Equal || isConstDim(db, 1))
      o = da;
    else if (isConstDim(da, 1))
      o = db;
    else if (m == DimMatch::Unknown)
      o = constIntValue(da) ? da : db; // symbolic: assume equal, keep the more precise dim
    else {
      c.fail("T109", "shape mismatch in '" + c.op.name() + "': operands have shapes " +
                         shapeStr(a) + " and " + shapeStr(b) +
                         "; expected equal shapes or a dim of 1 to broadcast");
      return std::nullopt;
    }
  }
  return out;
}

std::optional<size_t> normalizeAxis(const DeduceCall &c, int64_t axis, size_t rank,
                                    const std::string &what) {
  int64_t r = static_cast<int64_t>(rank);
  int64_t a = axis < 0 ? axis + r : axis;
  if (a < 0 || a >= r) {
    c.fail("T113", what + " of '" + c.op.name() + "' is " + std::to_string(axis) +
                       ", out of range for rank " + std::to_string(rank));
    return std::nullopt;
  }
  return static_cast<size_t>(a);
}

// ---- dtypes -----------------------------------------------------------------------------------

std::string dtypeStr(DataType d) { return std::string(dtypeName(d)); }

bool checkSameDType(const DeduceCall &c, DataType a, DataType b, const std::string &what) {
  if (a == b)
    return true;
  c.fail("T108", "dtype mismatch in '" + c.op.name() + "': " + what + " have dtypes '" +
                     dtypeStr(a) + "' and '" + dtypeStr(b) + "'; expected equal dtypes");
  return false;
}

bool isNumeric(DataType d) { return isFloat(d) || isSignedInt(d) || isUnsignedInt(d); }

bool checkDType(const DeduceCall &c, size_t argIndex, DataType d, bool ok, const char *expected) {
  if (ok)
    return true;
  c.fail("T108", c.argLabel(argIndex) + " has dtype '" + dtypeStr(d) + "'; expected " + expected);
  return false;
}

bool checkTargetSpace(const DeduceCall &c, const std::vector<MemorySpace> &allowed) {
  auto s = c.spaceKw("target_memory");
  if (!s || std::find(allowed.begin(), allowed.end(), *s) != allowed.end())
    return true;
  std::string names;
  for (MemorySpace m : allowed)
    names += (names.empty() ? "'" : " or '") + std::string(memorySpaceName(m)) + "'";
  c.fail("T111", "kwarg 'target_memory' of '" + c.op.name() + "' is '" +
                     std::string(memorySpaceName(*s)) + "'; expected " + names);
  return false;
}

bool inDTypeClass(DTypeClass k, DataType d) {
  switch (k) {
  case DTypeClass::Numeric:
    return isNumeric(d);
  case DTypeClass::Float:
    return isFloat(d);
  case DTypeClass::FloatOrSigned:
    return isFloat(d) || isSignedInt(d);
  case DTypeClass::Integer:
    return isSignedInt(d) || isUnsignedInt(d);
  case DTypeClass::IntegerOrBool:
    return isSignedInt(d) || isUnsignedInt(d) || d == DataType::Bool;
  }
  return false;
}

const char *dtypeClassExpected(DTypeClass k) {
  static constexpr const char *kExpected[] = {"a numeric dtype (float or integer)", "a float dtype",
                                              "a float or signed integer dtype", "an integer dtype",
                                              "an integer or bool dtype"};
  return kExpected[static_cast<size_t>(k)];
}

} // namespace pl::ir::ops
