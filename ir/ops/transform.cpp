// View and layout ops: slice, assemble, reshape, transpose, concat (tensor and tile), extract.
#include "ir/ops/type_inference.h"

namespace pl::ir {

using namespace ops;

namespace {

std::string count(size_t n, const char *what) { return std::to_string(n) + " " + what; }

/// Checks that a constant window [offset, offset+size) fits in a constant dim (T109).
bool checkWindow(const DeduceCall &c, const ExprList &src, const ExprList &offsets,
                 const ExprList &sizes, const char *what) {
  for (size_t i = 0; i < sizes.size(); ++i) {
    auto d = constIntValue(src[i]), o = constIntValue(offsets[i]), s = constIntValue(sizes[i]);
    if (d && o && s && (*o < 0 || *o + *s > *d)) {
      c.fail("T109", "'" + c.op.name() + "' " + what + " " + shapeStr(sizes) + " at offsets " +
                         shapeStr(offsets) + " does not fit in shape " + shapeStr(src) +
                         " (dim " + std::to_string(i) + ")");
      return false;
    }
  }
  return true;
}

TypePtr deduceSlice(const DeduceCall &c) {
  auto *src = c.operand(0);
  auto shape = src ? c.tuple(1) : std::nullopt;
  auto offsets = shape ? c.tuple(2) : std::nullopt;
  if (!offsets)
    return nullptr;
  if (shape->size() != src->rank() || offsets->size() != src->rank())
    return c.fail("T110", "'" + c.op.name() + "' got " + count(shape->size(), "sizes") + " and " +
                              count(offsets->size(), "offsets") + " for rank " +
                              std::to_string(src->rank()) + "; expected one of each per dim");
  if (!checkWindow(c, src->shape(), *offsets, *shape, "window"))
    return nullptr;
  const AttrValue *valid = findAttr(c.kwargs, "valid_shape");
  if (!valid)
    return c.makeShaped(src->dtype(), *shape);
  if (!c.isTileOp())
    return c.fail("T103", "kwarg 'valid_shape' of '" + c.op.name() +
                              "': a tensor has no valid shape (the eager run rejects it too); "
                              "give the tile its valid shape where it is made: pl::load(x, "
                              "offsets, shape, {.valid_shape = ...}), or slice the tile");
  const auto &dims = std::get<ExprList>(*valid);
  if (dims.size() != 2 || shape->size() != 2)
    return c.fail("T110", "kwarg 'valid_shape' of '" + c.op.name() + "' has " +
                              std::to_string(dims.size()) + " dims for a window of rank " +
                              std::to_string(shape->size()) + "; expected 2 and 2");
  for (size_t k = 0; k < 2; ++k) {
    auto v = constIntValue(dims[k]);
    auto dim = constIntValue((*shape)[k]);
    if (v && (*v < 0 || (dim && *v > *dim)))
      return c.fail("T106", "'" + c.op.name() + "': valid " + (k ? "columns " : "rows ") +
                                std::to_string(*v) + " do not fit the window " + shapeStr(*shape));
  }
  TileView view;
  view.validShape = dims;
  return TileType::make(src->dtype(), *shape, std::nullopt, std::move(view));
}

TypePtr deduceAssemble(const DeduceCall &c) {
  auto *dst = c.operand(0);
  auto *src = dst ? c.operand(1) : nullptr;
  auto offsets = src ? c.tuple(2) : std::nullopt;
  if (!offsets || !checkSameDType(c, dst->dtype(), src->dtype(), "the target and the source"))
    return nullptr;
  if (src->rank() != dst->rank() || offsets->size() != dst->rank())
    return c.fail("T110", "'" + c.op.name() + "' got a source of rank " +
                              std::to_string(src->rank()) + " and " +
                              count(offsets->size(), "offsets") + " for a target of rank " +
                              std::to_string(dst->rank()) + "; expected equal ranks");
  if (!checkWindow(c, dst->shape(), *offsets, src->shape(), "source"))
    return nullptr;
  return c.args[0]->type();
}

TypePtr deduceReshape(const DeduceCall &c) {
  auto *src = c.operand(0);
  auto shape = src ? c.tuple(1) : std::nullopt;
  if (!shape)
    return nullptr;
  auto from = constNumel(src->shape()), to = constNumel(*shape);
  if (from && to && *from != *to)
    return c.fail("T109", "'" + c.op.name() + "' cannot reshape " + shapeStr(src->shape()) +
                              " (" + std::to_string(*from) + " elements) to " + shapeStr(*shape) +
                              " (" + std::to_string(*to) + " elements)");
  return c.makeShaped(src->dtype(), *shape);
}

TypePtr deduceTranspose(const DeduceCall &c) {
  auto *src = c.operand(0);
  auto a1 = src ? c.constInt(1) : std::nullopt;
  auto a2 = a1 ? c.constInt(2) : std::nullopt;
  if (!a2)
    return nullptr;
  auto i = normalizeAxis(c, *a1, src->rank(), "argument 'axis1'");
  auto j = i ? normalizeAxis(c, *a2, src->rank(), "argument 'axis2'") : std::nullopt;
  if (!j)
    return nullptr;
  if (c.hasArg(3)) { // tile.transpose's scratch tile (PTO-ISA's TTRANS tmp): the input's dtype
    auto *t = c.tile(3);
    if (!t || !checkDType(c, 3, t->dtype(), t->dtype() == src->dtype(), "the input dtype"))
      return nullptr;
  }
  ExprList shape = src->shape();
  std::swap(shape[*i], shape[*j]);
  return c.makeShaped(src->dtype(), shape);
}

/// Joins two operands along the last dim; the leading dims must agree.
TypePtr deduceConcat(const DeduceCall &c) {
  auto *a = c.operand(0);
  auto *b = a ? c.operand(1) : nullptr;
  if (!b || !checkSameDType(c, a->dtype(), b->dtype(), "the operands"))
    return nullptr;
  if (a->rank() != b->rank() || a->rank() == 0)
    return c.fail("T110", "rank mismatch in '" + c.op.name() + "': operands have shapes " +
                              shapeStr(a->shape()) + " and " + shapeStr(b->shape()) +
                              "; expected equal non-zero ranks");
  if (auto axis = c.intKw("axis"); axis && *axis != -1 &&
                                     *axis != static_cast<int64_t>(a->rank()) - 1)
    return c.fail("T113", "kwarg 'axis' of '" + c.op.name() + "' is " + std::to_string(*axis) +
                              "; only the last axis (-1 or " + std::to_string(a->rank() - 1) +
                              ") is supported");
  ExprList lead(a->shape().begin(), a->shape().end() - 1);
  ExprList leadB(b->shape().begin(), b->shape().end() - 1);
  if (!checkSameShape(c, lead, leadB, "the leading dims of the operands"))
    return nullptr;
  ExprList shape = a->shape();
  auto ca = constIntValue(a->shape().back()), cb = constIntValue(b->shape().back());
  shape.back() = ca && cb ? ConstInt::make(*ca + *cb)
                          : Binary::make(BinaryOp::Add, a->shape().back(), b->shape().back());
  return c.makeShaped(a->dtype(), shape);
}

/// tile.extract(src, index_row, index_col, shape): a 2D sub-tile copied to another space.
TypePtr deduceExtract(const DeduceCall &c) {
  auto *src = c.tile(0);
  if (!src || !c.scalar(1) || !c.scalar(2) || !checkTargetSpace(c, kOnChip))
    return nullptr;
  auto shape = c.tuple(3);
  if (!shape)
    return nullptr;
  if (src->rank() != 2 || shape->size() != 2)
    return c.fail("T110", "'" + c.op.name() + "' needs a 2D source and a 2D shape, got " +
                              shapeStr(src->shape()) + " and " + shapeStr(*shape));
  if (!checkWindow(c, src->shape(), {c.args[1], c.args[2]}, *shape, "window"))
    return nullptr;
  return TileType::make(src->dtype(), *shape);
}

void registerViews(OpRegistry &r, const std::string &fam) {
  bool tile = fam == "tile";
  std::string base = fam + ".";
  OpDef slice(r, base + "slice");
  slice.category("transform")
      .describe("a window of the input at offsets")
      .args({"input", "shape", "offset"})
      .kwarg("valid_shape", AttrKind::ExprList)
      .deduce(deduceSlice);
  OpDef assemble(r, base + "assemble");
  assemble.category("transform")
      .describe("writes the source into the target at offsets; returns the updated target")
      .args({"target", "source", "offset"})
      .effect(0, ArgEffect::Write)
      .aliasesArg(0)
      .deduce(deduceAssemble);
  OpDef reshape(r, base + "reshape");
  reshape.category("transform")
      .describe("the same elements under a new shape")
      .args({"input", "shape"})
      .deduce(deduceReshape);
  OpDef transpose(r, base + "transpose");
  transpose.category("transform")
      .describe(tile ? "swaps two axes (tmp: PTO-ISA's TTRANS scratch tile, which "
                       "MaterializeScratchTiles plans when absent)"
                     : "swaps two axes")
      .notInPlaceSafe()
      .deduce(deduceTranspose);
  OpDef concat(r, base + "concat");
  concat.category("transform")
      .describe("joins two operands along the last (column) dim")
      .args({"src0", "src1"})
      .kwarg("axis", AttrKind::Int)
      .notInPlaceSafe()
      .deduce(deduceConcat);
  if (tile) {
    slice.resultFromArg(0);
    assemble.resultFromArg(0);
    reshape.resultFromArg(0);
    concat.validShape(ValidShapeRule::Kind::Concat, 0, 1);
    assemble.validShape(ValidShapeRule::Kind::Same);
    reshape.validShape(ValidShapeRule::Kind::Reshape).viewOf(0);
    transpose.validShape(ValidShapeRule::Kind::Transposed);
    transpose.resultFromArg(0)
        .args({"input", "axis1", "axis2", "tmp"}, 1)
        .effect(3, ArgEffect::Write)
        .argSpace(3, kVecOnly);
    concat.argSpace(0, kVecOnly).argSpace(1, kVecOnly).resultSpace(MemorySpace::Vec);
  } else {
    transpose.args({"input", "axis1", "axis2"});
  }
}

/// tensor.view(input, [shape]) {.layout}: the same bytes under another shape or layout tag (pure
/// metadata, PyPTO's tensor.view). A layout flip ND <-> DN swaps the last two dims (row-major
/// [a, b] is the bytes of DN [b, a]); a shape keeps the element count and the layout tag. Same
/// layout and no shape: the input's type (Simplify folds that view away).
TypePtr deduceView(const DeduceCall &c) {
  const TensorType *src = c.tensor(0);
  if (!src)
    return nullptr;
  TensorLayout from = src->view() ? src->view()->layout : TensorLayout::ND, to = from;
  if (auto l = c.stringKw("layout")) {
    auto parsed = parseTensorLayout(*l);
    if (!parsed || (*parsed != TensorLayout::ND && *parsed != TensorLayout::DN) ||
        (from != TensorLayout::ND && from != TensorLayout::DN))
      return c.fail("T106", "kwarg 'layout' of 'tensor.view' reinterprets between 'ND' and 'DN', "
                            "got '" +
                                *l + "' for a tensor in '" + std::string(enumName(from)) + "'");
    to = *parsed;
  }
  std::optional<ExprList> shape;
  if (c.hasArg(1)) {
    shape = c.tuple(1);
    if (!shape)
      return nullptr;
    auto n = constNumel(src->shape()), m = constNumel(*shape);
    if (n && m && *n != *m)
      return c.fail("T109", "'tensor.view' cannot view " + shapeStr(src->shape()) + " (" +
                                std::to_string(*n) + " elements) as " + shapeStr(*shape) + " (" +
                                std::to_string(*m) + " elements)");
  } else if (to == from) {
    return c.args[0]->type();
  } else if (src->rank() < 2) {
    return c.fail("T110", "'tensor.view' flips the layout of the last two dims; got a tensor "
                          "of rank " +
                              std::to_string(src->rank()));
  } else {
    shape = src->shape();
    std::swap((*shape)[shape->size() - 2], (*shape)[shape->size() - 1]);
  }
  std::optional<TensorView> view;
  if (to != TensorLayout::ND) {
    view = TensorView{};
    view->layout = to;
  }
  return TensorType::make(src->dtype(), *shape, view);
}

/// tensor.dim(tensor, axis): the extent of one dimension as an index scalar (a constant axis;
/// negative counts from the end).
TypePtr deduceDim(const DeduceCall &c) {
  const TensorType *t = c.tensor(0);
  auto axis = t ? c.constInt(1) : std::nullopt;
  if (!axis)
    return nullptr;
  int64_t rank = static_cast<int64_t>(t->rank());
  if (*axis < -rank || *axis >= rank)
    return c.fail("T109", "axis " + std::to_string(*axis) + " of '" + c.op.name() +
                              "' is out of range for a tensor of rank " + std::to_string(rank));
  return ScalarType::get(DataType::Index);
}

/// `tile.set_validshape(t, rows, cols)`: t's tile type with valid shape [rows, cols], which must
/// fit its 2-D shape.
TypePtr deduceSetValidShape(const DeduceCall &c) {
  const TileType *t = c.tile(0);
  if (!t || !c.scalar(1) || !c.scalar(2))
    return nullptr;
  if (t->rank() != 2)
    return c.fail("T110",
                  "'" + c.op.name() + "' takes a 2-D tile, got rank " + std::to_string(t->rank()));
  for (size_t k = 0; k < 2; ++k) {
    auto v = constIntValue(c.args[k + 1]);
    auto dim = constIntValue(t->shape()[k]);
    if (v && (*v < 0 || (dim && *v > *dim)))
      return c.fail("T106", "'" + c.op.name() + "': valid " + (k ? "columns " : "rows ") +
                                std::to_string(*v) + " do not fit the tile's " +
                                shapeStr(t->shape()));
  }
  TileView view = t->view().value_or(TileView{});
  view.validShape = {c.args[1], c.args[2]};
  return TileType::make(t->dtype(), t->shape(), t->memorySpace(), std::move(view));
}

/// `tile.valid_dim(t, axis)`: axis 0 (rows) or 1 (columns) of a 2-D tile.
TypePtr deduceValidDim(const DeduceCall &c) {
  const TileType *t = c.tile(0);
  auto axis = t ? c.constInt(1) : std::nullopt;
  if (!axis)
    return nullptr;
  if (t->rank() != 2 || *axis < 0 || *axis > 1)
    return c.fail("T109", "axis " + std::to_string(*axis) + " of '" + c.op.name() +
                              "' must be 0 or 1 of a 2-D tile");
  return ScalarType::get(DataType::Index);
}

} // namespace

void registerTransformOps(OpRegistry &r) {
  OpDef(r, "tensor.dim")
      .category("transform")
      .describe("the extent of one dimension of a tensor, as an index scalar")
      .args({"tensor", "axis"})
      .deduce(deduceDim);
  OpDef(r, "tile.set_validshape")
      .category("transform")
      .describe("the tile with valid shape [rows, cols] (same bytes, nothing copied: TRESHAPE "
                "onto a tile declared with that valid shape)")
      .args({"tile", "rows", "cols"})
      .resultFromArg(0)
      .viewOf(0)
      .deduce(deduceSetValidShape);
  OpDef(r, "tile.valid_dim")
      .category("transform")
      .describe("the run-time valid rows (axis 0) or columns (axis 1) of a 2-D tile, as an index "
                "scalar; IR-only (MaterializeTileValidShapes reads a carried tile's valid shape)")
      .args({"tile", "axis"})
      .deduce(deduceValidDim);
  registerViews(r, "tensor");
  OpDef(r, "tensor.view")
      .category("transform")
      .describe("the same bytes under a new shape or layout tag (ND <-> DN swaps the last two "
                "dims); IR-only")
      .args({"input", "shape"}, 1)
      .kwarg("layout", AttrKind::String)
      .deduce(deduceView);
  registerViews(r, "tile");
  OpDef(r, "tile.extract")
      .category("transform")
      .describe("copies a 2D sub-tile at (index_row, index_col), e.g. Mat to Left/Right")
      .args({"src", "index_row", "index_col", "shape"})
      .kwarg("target_memory", AttrKind::MemSpace)
      .argSpace(0, {MemorySpace::Mat, MemorySpace::Acc, MemorySpace::Vec})
      .resultSpaceKwarg("target_memory", std::nullopt)
      .resultFromArg(0)
      .notInPlaceSafe() // a copy: TEXTRACT cannot write the tile it reads
      .deduce(deduceExtract);
}

} // namespace pl::ir
