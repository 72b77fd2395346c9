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
};

const BinarySpec kBinary[] = {
    {"add", "adds", DTypeClass::Numeric, "addition"},
    {"sub", "subs", DTypeClass::Numeric, "subtraction"},
    {"mul", "muls", DTypeClass::Numeric, "multiplication"},
    {"div", "divs", DTypeClass::Numeric, "division"},
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

/// The columns of PTO-ISA's packed compare mask of an [R, C] compare: one bit per element, a row
/// of ceil(C / 8) bytes rounded up to whole 32-byte rows.
int64_t packedMaskCols(int64_t cols) { return ((cols + 7) / 8 + 31) / 32 * 32; }

/// A compare's mask: bool of the compared shape, or with `packed` PTO-ISA's packed form, a
/// uint8 tile [R, packedMaskCols(C)] whose valid shape is [R, ceil(C / 8)] (a tile compare of a
/// 2-D shape with constant columns). The vendor's CPU TCMPS and TSEL walk the mask by its valid
/// columns, so they must be exactly the bytes of a row.
TypePtr compareMask(const DeduceCall &c, const ExprList &shape) {
  if (!c.boolKw("packed").value_or(false))
    return c.makeShaped(DataType::Bool, shape);
  const int64_t cols = shape.size() == 2 ? constIntValue(shape[1]).value_or(-1) : -1;
  if (!c.isTileOp() || cols < 0) {
    c.fail("T106", "kwarg 'packed' of '" + c.op.name() +
                       "' needs a 2-D tile compare with constant columns, got " + shapeStr(shape));
    return nullptr;
  }
  TileView view; // valid: the bytes that hold bits, ceil(C / 8) of each row
  view.validShape = {shape[0], ConstInt::make((cols + 7) / 8, DataType::Index, {})};
  return TileType::make(DataType::UInt8,
                        {shape[0], ConstInt::make(packedMaskCols(cols), DataType::Index, {})},
                        std::nullopt, view);
}

TypePtr deduceCmp(const DeduceCall &c) {
  auto *a = c.operand(0);
  auto *b = a ? c.operand(1) : nullptr;
  if (!b || !checkSameDType(c, a->dtype(), b->dtype(), "the operands") || !checkCmpMode(c))
    return nullptr;
  auto shape = broadcastShapes(c, a->shape(), b->shape());
  return shape ? compareMask(c, *shape) : nullptr;
}

TypePtr deduceCmps(const DeduceCall &c) {
  auto *a = c.operand(0);
  if (!a || !checkScalarOperand(c, 1, a->dtype(), DTypeClass::Numeric) || !checkCmpMode(c))
    return nullptr;
  return compareMask(c, a->shape());
}

/// The scratch tile (argument i) of a select, when present: a tile of dtype `d` (PTO-ISA's TSEL
/// copies the mask into a uint32 tmp; TSELS keeps its scalar in a tmp of the operand's dtype).
bool checkSelScratch(const DeduceCall &c, size_t i, DataType d, const char *expected) {
  if (!c.hasArg(i))
    return true;
  auto *t = c.tile(i);
  return t && checkDType(c, i, t->dtype(), t->dtype() == d, expected);
}

bool checkMask(const DeduceCall &c, const ShapedType *m) {
  return m &&
         checkDType(c, 0, m->dtype(),
                    m->dtype() == DataType::Bool || (c.isTileOp() && m->dtype() == DataType::UInt8),
                    "'bool' (a mask) or 'uint8' (a packed mask)");
}

/// The mask fits the selected shape: a bool mask has it, a packed (uint8) mask has its rows and
/// the packed columns of a compare of it.
bool checkMaskShape(const DeduceCall &c, const ShapedType &m, const ExprList &shape,
                    const char *what) {
  if (m.dtype() != DataType::UInt8)
    return checkSameShape(c, m.shape(), shape, what);
  const int64_t cols = shape.size() == 2 ? constIntValue(shape[1]).value_or(-1) : -1;
  const int64_t mcols = m.rank() == 2 ? constIntValue(m.shape()[1]).value_or(-1) : -1;
  if (cols >= 0 && mcols == packedMaskCols(cols) &&
      checkSameShape(c, {m.shape()[0]}, {shape[0]}, what))
    return true;
  c.fail("T109", std::string("the packed mask ") + shapeStr(m.shape()) + " does not fit " +
                     shapeStr(shape) + " (" + what + ")");
  return false;
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
      !checkMaskShape(c, *m, a->shape(), "the mask and the operands") ||
      !checkSelScratch(c, 3, DataType::UInt32, "'uint32' (TSEL's scratch tile)"))
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
  if (!checkMaskShape(c, *m, a->shape(), "the mask and the operand") ||
      !checkSelScratch(c, 3, a->dtype(), "the operand dtype"))
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
    d.validShape(ValidShapeRule::Kind::Same);
    OpDef ds(r, fam.op(s.scalar));
    ds.category("elementwise").describe(std::string("elementwise ") + s.what + " with a scalar");
    if (scratch)
      ds.args({"lhs", "rhs", "tmp"}, 1).effect(2, ArgEffect::Write);
    else
      ds.args({"lhs", "rhs"});
    ds.deduce([&s](const DeduceCall &c) { return deduceBinaryScalar(c, s); });
    ds.validShape(ValidShapeRule::Kind::Same);
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
    cmp.kwarg("packed", AttrKind::Bool); // PTO-ISA's packed mask (PackCompareMasks sets it)
    OpDef cmps(r, fam.op("cmps"));
    cmps.category("compare").describe("elementwise comparison with a scalar giving a bool mask");
    cmps.args({"lhs", "rhs"}).kwarg("mode", AttrKind::String, true).deduce(deduceCmps);
    cmps.kwarg("packed", AttrKind::Bool);
    OpDef sel(r, fam.op("sel"));
    sel.category("select").describe("elementwise select: lhs where mask, else rhs");
    OpDef sels(r, fam.op("sels"));
    sels.category("select").describe("elementwise select: lhs where mask, else a scalar");
    if (fam.tile) { // PTO-ISA's TSEL / TSELS scratch tile (MaterializeScratchTiles plans it)
      sel.args({"mask", "lhs", "rhs", "tmp"}, 1).effect(3, ArgEffect::Write);
      sels.args({"mask", "lhs", "rhs", "tmp"}, 1).effect(3, ArgEffect::Write);
    } else {
      sel.args({"mask", "lhs", "rhs"});
      sels.args({"mask", "lhs", "rhs"});
    }
    sel.deduce(deduceSel).validShape(ValidShapeRule::Kind::Same, 1);
    sels.deduce(deduceSels).validShape(ValidShapeRule::Kind::Same, 1);
    cmp.validShape(ValidShapeRule::Kind::Mask);
    cmps.validShape(ValidShapeRule::Kind::Mask);
    if (fam.tile) {
      // PTO-ISA's CPU TCMP zeroes its whole (packed) destination before it reads the sources,
      // and the mask's rows are narrower than theirs: no operand may share its bytes
      // (regress_layouts' broadcast compare, found on the vendor's CPU simulation).
      cmp.notInPlaceSafe();
      cmps.notInPlaceSafe();
      vecTileRules(cmp, 2);
      vecTileRules(cmps, 1);
      vecTileRules(sel, 4);
      vecTileRules(sels, 2);
      sels.argSpace(3, kVecOnly);
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
