// PTO-ISA's irregular tile instructions with a pl op: the index sequence (ci: TCI) and the
// partial elementwise ops (part_add / part_mul / part_max / part_min: TPARTADD ...), tensor and
// tile forms.
#include "ir/ops/type_inference.h"

namespace pl::ir {

using namespace ops;

namespace {

/// The element types TCI takes (its dst and its start are one of them).
bool ciDType(DataType d) {
  return d == DataType::Int32 || d == DataType::Int16 || d == DataType::UInt32 ||
         d == DataType::UInt16;
}

/// `ci(start, shape)`: a [1, N] row of `dtype` (int32 when absent) holding start + k, or start -
/// k with `descending`, at column k. TCI fills only the first row of its destination (the vendor's
/// CPU TCI asserts Rows == 1) and needs Cols != 1 (its a2a3 form).
TypePtr deduceCi(const DeduceCall &c) {
  auto start = c.scalar(0);
  auto shape = start ? c.tuple(1) : std::nullopt;
  if (!shape)
    return nullptr;
  const DataType d = c.dtypeKw("dtype").value_or(DataType::Int32);
  if (!ciDType(d))
    return c.fail("T108", "'" + c.op.name() +
                              "' makes int32, int16, uint32 or uint16 values, got " + dtypeStr(d) +
                              " (PTO-ISA's TCI)");
  if (!checkDType(c, 0, *start,
                  isSignedInt(*start) || isUnsignedInt(*start) || *start == DataType::Index,
                  "an integer scalar"))
    return nullptr;
  const auto cols = shape->size() == 2 ? constIntValue((*shape)[1]) : std::nullopt;
  if (shape->size() != 2 || !isConstDim((*shape)[0], 1) || !cols || *cols < 2)
    return c.fail("T106", "'" + c.op.name() + "' makes a [1, N] row with a constant N >= 2, got " +
                              shapeStr(*shape) + " (PTO-ISA's TCI fills one row of at least 2)");
  if (c.isTileOp() && !checkTargetSpace(c, kVecOnly))
    return nullptr;
  return c.makeShaped(d, *shape);
}

/// The element types of the partial ops (PTO-ISA's a2a3 TPARTADD / TPARTMUL / TPARTMAX /
/// TPARTMIN accept these four).
bool partDType(DataType d) {
  return d == DataType::Int32 || d == DataType::Int16 || d == DataType::FP16 || d == DataType::FP32;
}

/// `part_<op>(lhs, rhs)`: the shape is per dim the larger of the operands' (equal ranks), and
/// one operand's shape must hold the other's (PTO-ISA: one source's valid region is the
/// destination's, the other's lies inside it). Symbolic dims must be the same expression.
TypePtr deducePart(const DeduceCall &c) {
  auto *a = c.operand(0);
  auto *b = a ? c.operand(1) : nullptr;
  if (!b || !checkSameDType(c, a->dtype(), b->dtype(), "the operands"))
    return nullptr;
  if (!checkDType(c, 0, a->dtype(), partDType(a->dtype()), "int32, int16, fp16 or fp32"))
    return nullptr;
  if (a->rank() != b->rank())
    return c.fail("T110", "the operands of '" + c.op.name() + "' have ranks " +
                              std::to_string(a->rank()) + " and " + std::to_string(b->rank()));
  bool aHolds = true, bHolds = true;
  ExprList shape;
  for (size_t k = 0; k < a->rank(); ++k) {
    const ExprPtr &x = a->shape()[k], &y = b->shape()[k];
    auto cx = constIntValue(x), cy = constIntValue(y);
    if (compareDims(x, y) == DimMatch::Equal) {
      shape.push_back(x);
    } else if (cx && cy) {
      aHolds = aHolds && *cx > *cy;
      bHolds = bHolds && *cy > *cx;
      shape.push_back(*cx > *cy ? x : y);
    } else {
      return c.fail("T109", "the operands of '" + c.op.name() + "' have shapes " +
                                shapeStr(a->shape()) + " and " + shapeStr(b->shape()) +
                                "; a symbolic dim must be the same on both");
    }
  }
  if (!aHolds && !bHolds)
    return c.fail("T109", "the operands of '" + c.op.name() + "' have shapes " +
                              shapeStr(a->shape()) + " and " + shapeStr(b->shape()) +
                              "; one must hold the other (PTO-ISA's partial ops: one source "
                              "covers the destination)");
  return c.makeShaped(a->dtype(), shape);
}

struct PartSpec {
  const char *name;
  const char *what;
};
const PartSpec kPart[] = {
    {"part_add", "sum"},
    {"part_mul", "product"},
    {"part_max", "maximum"},
    {"part_min", "minimum"},
};

} // namespace

void registerIrregularOps(OpRegistry &r) {
  for (const OpFamily &fam : kOpFamilies) {
    OpDef ci(r, fam.op("ci"));
    ci.category("creation")
        .describe("a [1, N] row of start + k (start - k when descending) at column k")
        .args({"start", "shape"})
        .kwarg("dtype", AttrKind::DType)
        .kwarg("descending", AttrKind::Bool)
        .deduce(deduceCi);
    if (fam.tile)
      ci.kwarg("target_memory", AttrKind::MemSpace).resultSpace(MemorySpace::Vec);
    for (const PartSpec &s : kPart) {
      OpDef d(r, fam.op(s.name));
      d.category("partial")
          .describe(std::string("elementwise ") + s.what +
                    " where both operands are valid, the valid one's value elsewhere")
          .args({"lhs", "rhs"})
          .deduce(deducePart)
          .validShape(ValidShapeRule::Kind::Union, 0, 1);
      if (fam.tile) // a2a3 copies one source into dst before reading the other: not in place
        d.argSpace(0, kVecOnly)
            .argSpace(1, kVecOnly)
            .resultSpace(MemorySpace::Vec)
            .notInPlaceSafe();
    }
  }
}

} // namespace pl::ir
