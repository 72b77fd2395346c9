// Unary elementwise ops, cast and fillpad (tensor and tile).
#include "ir/ops/type_inference.h"

namespace pl::ir {

using namespace ops;

namespace {

struct UnarySpec {
  const char *name;
  DTypeClass kind;
  const char *what;
  bool tileScratch = false;   ///< tile form takes an optional scratch tile (rsqrt)
  bool highPrecision = false; ///< takes the `high_precision` bool kwarg
  bool composite = false;     ///< tile form: no instruction, LowerCompositeOps expands it
};

const UnarySpec kUnary[] = {
    {"neg", DTypeClass::FloatOrSigned, "negation"},
    {"abs", DTypeClass::FloatOrSigned, "absolute value"},
    {"relu", DTypeClass::FloatOrSigned, "max(x, 0)"},
    {"not", DTypeClass::IntegerOrBool, "bitwise not"},
    {"exp", DTypeClass::Float, "natural exponential"},
    {"log", DTypeClass::Float, "natural logarithm", false, true},
    {"sqrt", DTypeClass::Float, "square root"},
    {"rsqrt", DTypeClass::Float, "reciprocal square root", true},
    {"recip", DTypeClass::Float, "reciprocal", false, true},
    {"sin", DTypeClass::Float, "sine", false, false, true},
    {"cos", DTypeClass::Float, "cosine", false, false, true},
};

TypePtr deduceUnary(const DeduceCall &c, const UnarySpec &s) {
  auto *a = c.operand(0);
  if (!a ||
      !checkDType(c, 0, a->dtype(), inDTypeClass(s.kind, a->dtype()), dtypeClassExpected(s.kind)))
    return nullptr;
  if (c.hasArg(1)) {
    auto *tmp = c.tile(1);
    if (!tmp || !checkDType(c, 1, tmp->dtype(), tmp->dtype() == a->dtype(), "the operand dtype"))
      return nullptr;
  }
  return c.makeShaped(a->dtype(), a->shape());
}

TypePtr deduceLrelu(const DeduceCall &c) {
  auto *a = c.operand(0);
  if (!a || !checkDType(c, 0, a->dtype(), isFloat(a->dtype()), "a float dtype"))
    return nullptr;
  return c.makeShaped(a->dtype(), a->shape());
}

/// prelu(x, slope[, tmp]): a float operand and a slope of the same dtype and shape.
TypePtr deducePrelu(const DeduceCall &c) {
  auto *a = c.operand(0);
  auto *s = a ? c.operand(1) : nullptr;
  if (!s || !checkDType(c, 0, a->dtype(), isFloat(a->dtype()), "a float dtype") ||
      !checkSameDType(c, a->dtype(), s->dtype(), "x and slope") ||
      !checkSameShape(c, a->shape(), s->shape(), "x and slope"))
    return nullptr;
  if (c.hasArg(2)) { // PTO-ISA's TPRELU scratch tile: a uint8 compare mask
    auto *t = c.tile(2);
    if (!t || !checkDType(c, 2, t->dtype(), t->dtype() == DataType::UInt8,
                          "'uint8' (TPRELU's scratch tile)"))
      return nullptr;
  }
  return c.makeShaped(a->dtype(), a->shape());
}

constexpr const char *kRoundModes[] = {"none", "rint", "round", "floor", "ceil", "trunc", "odd"};

TypePtr deduceCast(const DeduceCall &c) {
  auto *a = c.operand(0);
  if (!a)
    return nullptr;
  if (auto mode = c.stringKw("mode")) {
    bool known = false;
    for (const char *m : kRoundModes)
      known = known || *mode == m;
    if (!known)
      return c.fail("T106", "kwarg 'mode' of '" + c.op.name() + "' is '" + *mode +
                                "'; expected one of 'none', 'rint', 'round', 'floor', 'ceil', "
                                "'trunc', 'odd'");
  }
  DataType to = *c.dtypeKw("target_type");
  if (to == DataType::Index || to == DataType::TaskId)
    return c.fail("T108", "kwarg 'target_type' of '" + c.op.name() + "' is '" + dtypeStr(to) +
                              "'; expected an element dtype");
  return c.makeShaped(to, a->shape());
}

TypePtr deduceFillpad(const DeduceCall &c) {
  auto *a = c.operand(0);
  if (!a)
    return nullptr;
  std::string pad = *c.stringKw("pad_value");
  auto pv = parsePadValue(pad);
  if (!pv || *pv == PadValue::Null)
    return c.fail("T106", "kwarg 'pad_value' of '" + c.op.name() + "' is '" + pad +
                              "'; expected one of 'zero', 'max', 'min'");
  if (c.isTileOp()) { // the pad value is a fact of the result tile's layout (PTO's PadVal)
    TileView view;
    view.pad = *pv;
    return TileType::make(a->dtype(), a->shape(), std::nullopt, view);
  }
  return c.makeShaped(a->dtype(), a->shape());
}

/// The unary op `name` of a family, of one operand x; a tile op reads and writes Vec tiles.
OpDef unaryOp(OpRegistry &r, const OpFamily &fam, const char *name, const std::string &what) {
  OpDef d(r, fam.op(name));
  d.category("unary").describe(what).args({"x"}).validShape(ValidShapeRule::Kind::Same);
  if (fam.tile)
    d.argSpace(0, kVecOnly).resultSpace(MemorySpace::Vec);
  return d;
}

void registerOne(OpRegistry &r, const UnarySpec &s) {
  for (const OpFamily &fam : kOpFamilies) {
    OpDef d = unaryOp(r, fam, s.name, std::string("elementwise ") + s.what);
    if (fam.tile && s.tileScratch)
      d.args({"x", "tmp"}, 1).effect(1, ArgEffect::Write).argSpace(1, kVecOnly);
    if (s.highPrecision)
      d.kwarg("high_precision", AttrKind::Bool);
    if (fam.tile && s.composite)
      d.composite();
    d.deduce([&s](const DeduceCall &c) { return deduceUnary(c, s); });
    // PyPTO's not-in-place list: the hardware reads its input while writing the result.
    if (fam.tile && (std::string_view(s.name) == "recip" || std::string_view(s.name) == "rsqrt"))
      d.notInPlaceSafe();
  }
}

void registerCastLike(OpRegistry &r) {
  for (const OpFamily &fam : kOpFamilies) {
    OpDef cast =
        unaryOp(r, fam, "cast", "elementwise conversion to another dtype with a rounding mode");
    cast.kwarg("target_type", AttrKind::DType, true)
        .kwarg("mode", AttrKind::String)
        .deduce(deduceCast);
    OpDef pad =
        unaryOp(r, fam, "fillpad", "fills the elements outside the valid region with a pad value");
    pad.kwarg("pad_value", AttrKind::String, true).deduce(deduceFillpad);
    pad.validShape(ValidShapeRule::Kind::Own); // TFILLPAD: the whole destination is valid
    if (fam.tile) {
      cast.notInPlaceSafe(); // TCVT converts element by element between layouts of different widths
      pad.notInPlaceSafe();
    }
    unaryOp(r, fam, "lrelu", "leaky relu: x where x > 0, else slope * x")
        .kwarg("slope", AttrKind::Float, true)
        .deduce(deduceLrelu);
    OpDef prelu = unaryOp(r, fam, "prelu",
                          "parametric relu: x where x > 0, else slope * x (slope elementwise)");
    if (fam.tile) // PTO-ISA's TPRELU scratch tile (MaterializeScratchTiles plans it)
      prelu.args({"x", "slope", "tmp"}, 1).effect(2, ArgEffect::Write).argSpace(2, kVecOnly);
    else
      prelu.args({"x", "slope"});
    prelu.deduce(deducePrelu);
    if (fam.tile)
      prelu.argSpace(1, kVecOnly);
  }
}

} // namespace

void registerUnaryOps(OpRegistry &r) {
  for (const UnarySpec &s : kUnary)
    registerOne(r, s);
  registerCastLike(r);
}

} // namespace pl::ir
