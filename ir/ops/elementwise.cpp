// Elementwise binary ops (tile-tile and tile-scalar forms), compare and select, tensor and tile.
#include "ir/ops/type_inference.h"

namespace pl::ir {

using namespace ops;

namespace {

struct BinarySpec {
  const char *name;   ///< tile/tensor form, e.g. "add"
  const char *scalar; ///< scalar-operand form, e.g. "adds"
  DTypeClass kind;
  const char *what;
  bool tileScratch = false; ///< the tile forms take an optional scratch tile (rem, xor)
  bool broadcast = true;    ///< tile form broadcasts [R,1]/[1,C] (div does not)
};

const BinarySpec kBinary[] = {
    {"add", "adds", DTypeClass::Numeric, "addition"},
    {"sub", "subs", DTypeClass::Numeric, "subtraction"},
    {"mul", "muls", DTypeClass::Numeric, "multiplication"},
    {"div", "divs", DTypeClass::Numeric, "division", false, false},
    {"rem", "rems", DTypeClass::Numeric, "remainder (floor modulo)", true},
    {"fmod", "fmods", DTypeClass::Numeric, "floating-point remainder (truncated)"},
    {"maximum", "maximums", DTypeClass::Numeric, "maximum"},
    {"minimum", "minimums", DTypeClass::Numeric, "minimum"},
    {"and", "ands", DTypeClass::IntegerOrBool, "bitwise and"},
    {"or", "ors", DTypeClass::IntegerOrBool, "bitwise or"},
    {"xor", "xors", DTypeClass::IntegerOrBool, "bitwise xor", true},
    {"shl", "shls", DTypeClass::Integer, "left shift"},
    {"shr", "shrs", DTypeClass::Integer, "right shift"},
};

/// Checks the scratch tile (argument i) when present: a tile of the operand's dtype.
bool checkScratch(const DeduceCall &c, size_t i, DataType d) {
  if (!c.hasArg(i))
    return true;
  auto *t = c.tile(i);
  return t && checkDType(c, i, t->dtype(), t->dtype() == d, "the operand dtype");
}

TypePtr deduceBinary(const DeduceCall &c, const BinarySpec &s) {
  auto *a = c.operand(0);
  auto *b = a ? c.operand(1) : nullptr;
  if (!b || !checkSameDType(c, a->dtype(), b->dtype(), "the operands"))
    return nullptr;
  if (!checkDType(c, 0, a->dtype(), inDTypeClass(s.kind, a->dtype()), dtypeClassExpected(s.kind)))
    return nullptr;
  if (!checkScratch(c, 2, a->dtype()))
    return nullptr;
  if (c.isTileOp() && !s.broadcast) {
    if (!checkSameShape(c, a->shape(), b->shape(), "the operands"))
      return nullptr;
    return c.makeShaped(a->dtype(), a->shape());
  }
  auto shape = broadcastShapes(c, a->shape(), b->shape());
  return shape ? c.makeShaped(a->dtype(), *shape) : nullptr;
}

/// The scalar operand of a scalar form: numeric for numeric ops (an integer scalar for an
/// integer operand), integer for integer ops.
bool checkScalarOperand(const DeduceCall &c, size_t i, DataType operand, DTypeClass k) {
  auto d = c.scalar(i);
  if (!d)
    return false;
  bool ok = isNumeric(*d) || *d == DataType::Index || *d == DataType::Bool;
  if (isSignedInt(operand) || isUnsignedInt(operand) || k != DTypeClass::Numeric)
    ok = ok && !isFloat(*d);
  const char *expected = isFloat(operand) ? "a numeric scalar" : "an integer scalar";
  return checkDType(c, i, *d, ok, expected);
}

TypePtr deduceBinaryScalar(const DeduceCall &c, const BinarySpec &s) {
  auto *a = c.operand(0);
  if (!a ||
      !checkDType(c, 0, a->dtype(), inDTypeClass(s.kind, a->dtype()), dtypeClassExpected(s.kind)))
    return nullptr;
  if (!checkScalarOperand(c, 1, a->dtype(), s.kind) || !checkScratch(c, 2, a->dtype()))
    return nullptr;
  return c.makeShaped(a->dtype(), a->shape());
}

bool checkCmpMode(const DeduceCall &c) {
  auto mode = c.stringKw("mode");
  for (const char *m : {"eq", "ne", "lt", "le", "gt", "ge"})
    if (mode == m)
      return true;
  c.fail("T106", "kwarg 'mode' of '" + c.op.name() + "' is '" + *mode +
                     "'; expected one of 'eq', 'ne', 'lt', 'le', 'gt', 'ge'");
  return false;
}

TypePtr deduceCmp(const DeduceCall &c) {
  auto *a = c.operand(0);
  auto *b = a ? c.operand(1) : nullptr;
  if (!b || !checkSameDType(c, a->dtype(), b->dtype(), "the operands") || !checkCmpMode(c))
    return nullptr;
  auto shape = broadcastShapes(c, a->shape(), b->shape());
  return shape ? c.makeShaped(DataType::Bool, *shape) : nullptr;
}

TypePtr deduceCmps(const DeduceCall &c) {
  auto *a = c.operand(0);
  if (!a || !checkScalarOperand(c, 1, a->dtype(), DTypeClass::Numeric) || !checkCmpMode(c))
    return nullptr;
  return c.makeShaped(DataType::Bool, a->shape());
}

bool checkMask(const DeduceCall &c, const ShapedType *m) {
  return m && checkDType(c, 0, m->dtype(), m->dtype() == DataType::Bool, "'bool' (a mask)");
}

TypePtr deduceSel(const DeduceCall &c) {
  auto *m = c.operand(0);
  if (!checkMask(c, m))
    return nullptr;
  auto *a = c.operand(1);
  auto *b = a ? c.operand(2) : nullptr;
  if (!b || !checkSameDType(c, a->dtype(), b->dtype(), "the selected operands"))
    return nullptr;
  if (!checkSameShape(c, a->shape(), b->shape(), "the selected operands") ||
      !checkSameShape(c, m->shape(), a->shape(), "the mask and the operands"))
    return nullptr;
  return c.makeShaped(a->dtype(), a->shape());
}

TypePtr deduceSels(const DeduceCall &c) {
  auto *m = c.operand(0);
  if (!checkMask(c, m))
    return nullptr;
  auto *a = c.operand(1);
  if (!a || !checkScalarOperand(c, 2, a->dtype(), DTypeClass::Numeric))
    return nullptr;
  if (!checkSameShape(c, m->shape(), a->shape(), "the mask and the operand"))
    return nullptr;
  return c.makeShaped(a->dtype(), a->shape());
}

/// Common attributes of vector (Vec-resident) tile ops with `n` tile arguments.
void vecTileRules(OpDef &d, size_t tileArgs) {
  for (size_t i = 0; i < tileArgs; ++i)
    d.argSpace(i, kVecOnly);
  d.resultSpace(MemorySpace::Vec);
}

void registerBinary(OpRegistry &r, const BinarySpec &s) {
  for (const OpFamily &fam : kOpFamilies) {
    bool scratch = fam.tile && s.tileScratch;
    OpDef d(r, fam.op(s.name));
    d.category("elementwise").describe(std::string("elementwise ") + s.what);
    if (scratch)
      d.args({"lhs", "rhs", "tmp"}, 1).effect(2, ArgEffect::Write);
    else
      d.args({"lhs", "rhs"});
    d.deduce([&s](const DeduceCall &c) { return deduceBinary(c, s); });
    OpDef ds(r, fam.op(s.scalar));
    ds.category("elementwise").describe(std::string("elementwise ") + s.what + " with a scalar");
    if (scratch)
      ds.args({"lhs", "rhs", "tmp"}, 1).effect(2, ArgEffect::Write);
    else
      ds.args({"lhs", "rhs"});
    ds.deduce([&s](const DeduceCall &c) { return deduceBinaryScalar(c, s); });
    if (fam.tile) {
      vecTileRules(d, scratch ? 3 : 2);
      vecTileRules(ds, 1);
      if (scratch)
        ds.argSpace(2, kVecOnly);
      if (std::string_view(s.name) == "fmod") { // PyPTO's not-in-place list
        d.notInPlaceSafe();
        ds.notInPlaceSafe();
      }
    }
  }
}

void registerCompareSelect(OpRegistry &r) {
  for (const OpFamily &fam : kOpFamilies) {
    OpDef cmp(r, fam.op("cmp"));
    cmp.category("compare").describe("elementwise comparison giving a bool mask");
    cmp.args({"lhs", "rhs"}).kwarg("mode", AttrKind::String, true).deduce(deduceCmp);
    OpDef cmps(r, fam.op("cmps"));
    cmps.category("compare").describe("elementwise comparison with a scalar giving a bool mask");
    cmps.args({"lhs", "rhs"}).kwarg("mode", AttrKind::String, true).deduce(deduceCmps);
    OpDef sel(r, fam.op("sel"));
    sel.category("select").describe("elementwise select: lhs where mask, else rhs");
    sel.args({"mask", "lhs", "rhs"}).deduce(deduceSel);
    OpDef sels(r, fam.op("sels"));
    sels.category("select").describe("elementwise select: lhs where mask, else a scalar");
    sels.args({"mask", "lhs", "rhs"}).deduce(deduceSels);
    if (fam.tile) {
      vecTileRules(cmp, 2);
      vecTileRules(cmps, 1);
      vecTileRules(sel, 3);
      vecTileRules(sels, 2);
    }
  }
}

} // namespace

void registerElementwiseOps(OpRegistry &r) {
  for (const BinarySpec &s : kBinary)
    registerBinary(r, s);
  registerCompareSelect(r);
}

} // namespace pl::ir
