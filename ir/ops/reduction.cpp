// Row/column reductions and row/column expand (broadcast) ops (tensor and tile).
#include "ir/ops/type_inference.h"

namespace pl::ir {

using namespace ops;

namespace {

/// Operand of a row/col op: tiles are 2D; tensors have rank >= 2 (the last two dims are the
/// rows and columns, leading dims are batch dims).
const ShapedType *matrixOperand(const DeduceCall &c, size_t i) {
  auto *a = c.operand(i);
  if (!a)
    return nullptr;
  bool ok = c.isTileOp() ? a->rank() == 2 : a->rank() >= 2;
  if (ok)
    return a;
  c.fail("T110", c.argLabel(i) + " has shape " + shapeStr(a->shape()) + "; expected " +
                     (c.isTileOp() ? "a 2D tile" : "a tensor of rank 2 or more"));
  return nullptr;
}

/// The scratch tile (argument i) when present: same dtype as the input.
bool checkTmp(const DeduceCall &c, size_t i, const ShapedType *in) {
  if (!c.hasArg(i))
    return true;
  auto *t = c.tile(i);
  return t && checkDType(c, i, t->dtype(), t->dtype() == in->dtype(), "the input dtype");
}

/// row_*: reduce the last dim to 1 ([R, C] -> [R, 1]); col_*: the second-last ([1, C]).
TypePtr deduceReduce(const DeduceCall &c, bool row, bool arg) {
  auto *a = matrixOperand(c, 0);
  if (!a || !checkDType(c, 0, a->dtype(), isNumeric(a->dtype()), "a numeric dtype"))
    return nullptr;
  if (!checkTmp(c, 1, a))
    return nullptr;
  ExprList shape = a->shape();
  shape[shape.size() - (row ? 1 : 2)] = ConstInt::make(1);
  return c.makeShaped(arg ? DataType::Int32 : a->dtype(), shape);
}

/// row_expand_*: [R, C] op [R, 1]; col_expand_*: [R, C] op [1, C]; bare row/col_expand
/// broadcasts the vector to the target's shape.
TypePtr deduceExpand(const DeduceCall &c, bool row) {
  auto *a = matrixOperand(c, 0);
  auto *v = a ? matrixOperand(c, 1) : nullptr;
  if (!v || !checkSameDType(c, a->dtype(), v->dtype(), "the operand and the vector"))
    return nullptr;
  if (!checkTmp(c, 2, a))
    return nullptr;
  ExprList expected = a->shape();
  expected[expected.size() - (row ? 1 : 2)] = ConstInt::make(1);
  const char *form = row ? "[R, 1]" : "[1, C]";
  if (v->rank() != a->rank())
    return c.fail("T110", c.argLabel(1) + " has shape " + shapeStr(v->shape()) +
                              "; expected a " + form + " vector " + shapeStr(expected));
  for (size_t i = 0; i < expected.size(); ++i)
    if (compareDims(expected[i], v->shape()[i]) == DimMatch::Mismatch)
      return c.fail("T109", c.argLabel(1) + " has shape " + shapeStr(v->shape()) +
                                "; expected a " + form + " vector " + shapeStr(expected));
  return c.makeShaped(a->dtype(), a->shape());
}

TypePtr deduceExpands(const DeduceCall &c) {
  auto *a = c.operand(0);
  auto d = a ? c.scalar(1) : std::nullopt;
  if (!d)
    return nullptr;
  return c.makeShaped(a->dtype(), a->shape());
}

/// Registers tensor.<name> and tile.<name>; `tileTmp`: 0 none, 1 optional, 2 required scratch.
void registerPair(OpRegistry &r, const std::string &name, const std::string &what,
                  const char *category, std::initializer_list<const char *> args, int tileTmp,
                  const Deducer &fn, ValidShapeRule::Kind valid) {
  for (const OpFamily &fam : kOpFamilies) {
    OpDef d(r, fam.op(name));
    d.category(category).describe(what).deduce(fn).validShape(valid);
    std::vector<std::string> names(args.begin(), args.end());
    if (fam.tile && tileTmp) {
      names.push_back("tmp");
      d.argList(names, tileTmp == 1 ? 1 : 0).effect(names.size() - 1, ArgEffect::Write);
    } else {
      d.argList(names);
    }
    if (!fam.tile)
      continue;
    for (size_t i = 0; i < names.size(); ++i)
      d.argSpace(i, kVecOnly);
    d.resultSpace(MemorySpace::Vec);
    if (category == std::string_view("reduction"))
      d.notInPlaceSafe();
  }
}

void registerReductions(OpRegistry &r) {
  for (const char *k : {"sum", "max", "min", "prod"}) {
    registerPair(
        r, std::string("row_") + k, std::string("row-wise ") + k + ": [R, C] -> [R, 1]",
        "reduction", {"x"}, 1, [](const DeduceCall &c) { return deduceReduce(c, true, false); },
        ValidShapeRule::Kind::Rows);
    bool colTmp = std::string_view(k) == "sum";
    registerPair(
        r, std::string("col_") + k, std::string("column-wise ") + k + ": [R, C] -> [1, C]",
        "reduction", {"x"}, colTmp ? 1 : 0,
        [](const DeduceCall &c) { return deduceReduce(c, false, false); },
        ValidShapeRule::Kind::Cols);
  }
  for (const char *k : {"argmax", "argmin"}) {
    registerPair(
        r, std::string("row_") + k,
        std::string("row-wise ") + k + " index (int32): [R, C] -> [R, 1]", "reduction", {"x"}, 2,
        [](const DeduceCall &c) { return deduceReduce(c, true, true); },
        ValidShapeRule::Kind::Rows);
    registerPair(
        r, std::string("col_") + k,
        std::string("column-wise ") + k + " index (int32): [R, C] -> [1, C]", "reduction", {"x"}, 1,
        [](const DeduceCall &c) { return deduceReduce(c, false, true); },
        ValidShapeRule::Kind::Cols);
  }
}

void registerExpands(OpRegistry &r) {
  for (bool row : {true, false}) {
    std::string dir = row ? "row" : "col";
    std::string vec = row ? "[R, 1]" : "[1, C]";
    registerPair(
        r, dir + "_expand", "broadcasts a " + vec + " vector to the target's shape", "broadcast",
        {"target", "vec"}, 0, [row](const DeduceCall &c) { return deduceExpand(c, row); },
        ValidShapeRule::Kind::Same);
    for (const char *k : {"add", "sub", "mul", "div", "max", "min", "expdif"}) {
      bool tmp = row && std::string_view(k) == "add";
      registerPair(
          r, dir + "_expand_" + k,
          std::string("elementwise ") + k + " of [R, C] with a broadcast " + vec + " vector",
          "broadcast", {"x", "vec"}, tmp ? 1 : 0,
          [row](const DeduceCall &c) { return deduceExpand(c, row); }, ValidShapeRule::Kind::Same);
    }
  }
  registerPair(r, "expands", "a value of the target's shape and dtype filled with a scalar",
               "broadcast", {"target", "scalar"}, 0, deduceExpands, ValidShapeRule::Kind::Same);
}

} // namespace

void registerReductionOps(OpRegistry &r) {
  registerReductions(r);
  registerExpands(r);
}

} // namespace pl::ir
