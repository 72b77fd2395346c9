// Creation and data-movement ops: tensor/tile create and full, tile load/store/move, read/write.
#include "ir/ops/tile_window.h"
#include "ir/ops/type_inference.h"

namespace pl::ir {

ExprList windowTileDims(const ExprList &window, const Span &span) {
  if (window.size() <= 1)
    return window.empty() ? ExprList{}
                          : ExprList{ConstInt::make(1, DataType::Index, span), window[0]};
  if (window.size() == 2)
    return window;
  ExprPtr rows;
  int64_t constRows = 1;
  for (size_t k = 0; k + 1 < window.size(); ++k) {
    if (auto v = constIntValue(window[k])) {
      constRows *= *v;
      continue;
    }
    rows = rows ? Binary::make(BinaryOp::Mul, rows, window[k], span) : window[k];
  }
  if (!rows)
    rows = ConstInt::make(constRows, DataType::Index, span);
  else if (constRows != 1)
    rows =
        Binary::make(BinaryOp::Mul, ConstInt::make(constRows, DataType::Index, span), rows, span);
  return {rows, window.back()};
}

std::optional<ExprList> tileWindowExtents(size_t rank, const ExprList &tile) {
  if (rank == 1 && tile.size() == 2 && constIntValue(tile[0]) == 1)
    return ExprList{tile[1]};
  if (tile.size() > rank)
    return std::nullopt;
  ExprList extents(rank - tile.size(), ConstInt::make(1, DataType::Index));
  extents.insert(extents.end(), tile.begin(), tile.end());
  return extents;
}

using namespace ops;

namespace {

/// Constant dims must be positive (T106).
bool checkShapeDims(const DeduceCall &c, size_t argIndex, const ExprList &shape) {
  for (size_t i = 0; i < shape.size(); ++i)
    if (auto v = constIntValue(shape[i]); v && *v <= 0) {
      c.fail("T106", "dim " + std::to_string(i) + " of " + c.argLabel(argIndex) + " is " +
                         std::to_string(*v) + "; expected a positive size");
      return false;
    }
  return true;
}

TypePtr deduceCreate(const DeduceCall &c) {
  auto shape = c.tuple(0);
  if (!shape || !checkShapeDims(c, 0, *shape))
    return nullptr;
  if (c.isTileOp() && !checkTargetSpace(c, kOnChip))
    return nullptr;
  return c.makeShaped(*c.dtypeKw("dtype"), *shape);
}

TypePtr deduceFull(const DeduceCall &c) {
  auto shape = c.tuple(0);
  if (!shape || !checkShapeDims(c, 0, *shape) || !c.scalar(1))
    return nullptr;
  if (c.isTileOp() && !checkTargetSpace(c, kOnChip))
    return nullptr;
  return c.makeShaped(*c.dtypeKw("dtype"), *shape);
}

TypePtr deduceLoad(const DeduceCall &c) {
  auto *src = c.tensor(0);
  auto offsets = src ? c.tuple(1) : std::nullopt;
  auto shapes = offsets ? c.tuple(2) : std::nullopt;
  if (!shapes || !checkShapeDims(c, 2, *shapes))
    return nullptr;
  if (offsets->size() != shapes->size() || shapes->empty() || shapes->size() > src->rank())
    return c.fail("T110", "'" + c.op.name() + "' got " + std::to_string(offsets->size()) +
                              " offsets and " + std::to_string(shapes->size()) +
                              " shapes for a tensor of rank " + std::to_string(src->rank()) +
                              "; expected equal counts, at least 1 and at most the rank");
  if (!checkTargetSpace(c, {MemorySpace::Vec, MemorySpace::Mat}))
    return nullptr;
  std::optional<TileView> view;
  if (const AttrValue *v = findAttr(c.kwargs, "valid_shape")) {
    auto &valid = std::get<ExprList>(*v);
    if (valid.size() != shapes->size())
      return c.fail("T110", "kwarg 'valid_shape' of '" + c.op.name() + "' has " +
                                std::to_string(valid.size()) + " dims; expected " +
                                std::to_string(shapes->size()));
    view = TileView{};
    view->validShape = valid;
  }
  // `bytes`: a bool tensor's window as uint8 0 / 1 bytes (PTO-ISA has no bool tile; its TLOAD
  // copies bytes of equal size; PackCompareMasks sets it).
  const bool bytes = c.boolKw("bytes").value_or(false);
  if (bytes && src->dtype() != DataType::Bool)
    return c.fail("T108", "kwarg 'bytes' of '" + c.op.name() + "' loads a bool tensor; got '" +
                              dtypeStr(src->dtype()) + "'");
  const DataType elem = bytes ? DataType::UInt8 : src->dtype();
  if (!c.boolKw("transpose").value_or(false)) {
    if (shapes->size() == 2)
      return TileType::make(elem, *shapes, std::nullopt, view);
    // A window of rank != 2 (FlattenTileNdTo2D's form): a row [D] of a rank-1 tensor is a
    // [1, D] tile; a window whose leading dims are all 1 is the [R, C] tile of its last two
    // dims (the backend's GlobalTensor is 5-D, its leading extents 1), as in the eager run.
    const size_t n = shapes->size();
    for (size_t k = 0; k + 2 < n; ++k)
      if (constIntValue((*shapes)[k]) != 1)
        return c.fail("T110", "'" + c.op.name() + "' of a window " + shapeStr(*shapes) +
                                  " of a rank-" + std::to_string(src->rank()) +
                                  " tensor: a tile is 2-D, so every window dim before the last "
                                  "two must be the constant 1 (dim " +
                                  std::to_string(k) +
                                  " is not); load one [R, C] window per "
                                  "leading index");
    if (view)
      view->validShape = windowTileDims(view->validShape, c.span);
    return TileType::make(elem, windowTileDims(*shapes, c.span), std::nullopt, view);
  }
  // The transposing load (the cube's transposed operand): the tile is the [C, R] transpose of
  // an [R, C] window (valid_shape in the window's terms), read column-major in a ZN Mat tile
  // (PTO-ISA: a DN GlobalTensor loaded into a Mat tile of BLayout RowMajor, SLayout ColMajor).
  const AttrValue *space = findAttr(c.kwargs, "target_memory");
  const bool mat = space && std::get<MemorySpace>(*space) == MemorySpace::Mat;
  if (src->rank() != 2 || !mat)
    return c.fail("T110", "'" + c.op.name() +
                              "' with 'transpose' loads a window of a 2-D tensor "
                              "into Mat; got a tensor of rank " +
                              std::to_string(src->rank()) +
                              (mat ? "" : " and another target_memory"));
  TileView zn = view.value_or(TileView{});
  if (!zn.validShape.empty())
    zn.validShape = {zn.validShape[1], zn.validShape[0]};
  zn.blayout = BLayout::RowMajor;
  zn.slayout = SLayout::ColMajor;
  zn.fractal = 512;
  return TileType::make(src->dtype(), {(*shapes)[1], (*shapes)[0]}, std::nullopt, std::move(zn));
}

TypePtr deduceStore(const DeduceCall &c) {
  auto *src = c.tile(0);
  auto offsets = src ? c.tuple(1) : std::nullopt;
  auto *dst = offsets ? c.tensor(2) : nullptr;
  if (!dst)
    return nullptr;
  // A [1, D] tile stores into a rank-1 tensor as its row (tileWindowExtents).
  if (offsets->size() > dst->rank() || !tileWindowExtents(dst->rank(), src->shape()))
    return c.fail("T110", "'" + c.op.name() + "' stores a tile of rank " +
                              std::to_string(src->rank()) + " at " +
                              std::to_string(offsets->size()) + " offsets into a tensor of rank " +
                              std::to_string(dst->rank()) +
                              "; expected at most the tensor rank (a [1, D] tile into a rank-1 "
                              "tensor)");
  const DataType from = src->dtype(), to = dst->dtype();
  if (src->memorySpace() == MemorySpace::Acc && from != to) {
    // The FIX pipe converts on the way out (PTO-ISA's TSTORE from Acc without quantisation);
    // the eager pl::store and pl/sim's TSTORE take the same pairs.
    if (from == DataType::FP32 && (to == DataType::FP16 || to == DataType::BF16))
      return c.args[2]->type();
    return c.fail("T108", "'" + c.op.name() + "' of an Acc tile of '" + dtypeStr(from) +
                              "' into a tensor of '" + dtypeStr(to) +
                              "': an Acc tile converts on store from fp32 into fp16 or bf16 only; "
                              "expected equal dtypes otherwise");
  }
  // A uint8 0 / 1 byte tile stores into a bool tensor (the bytes of a mask: PackCompareMasks).
  if (from == DataType::UInt8 && to == DataType::Bool && src->memorySpace() == MemorySpace::Vec)
    return c.args[2]->type();
  if (!checkSameDType(c, from, to, "the tile and the tensor"))
    return nullptr;
  return c.args[2]->type();
}

/// tile.move; with `transpose`, the cube's transposing operand move (Mat -> Left / Right with
/// the transposed fractal layout, as TEXTRACT / TMOV from a ZN Mat tile): [R, C] -> [C, R].
TypePtr deduceMove(const DeduceCall &c) {
  auto *src = c.tile(0);
  if (!src || !checkTargetSpace(c, kOnChip))
    return nullptr;
  return TileType::make(src->dtype(), src->shape());
}

/// tensor.read / tile.read: one element at scalar indices.
TypePtr deduceRead(const DeduceCall &c) {
  auto *src = c.operand(0);
  auto idx = src ? c.tuple(1) : std::nullopt;
  if (!idx)
    return nullptr;
  if (idx->size() != src->rank())
    return c.fail("T110", "'" + c.op.name() + "' got " + std::to_string(idx->size()) +
                              " indices for rank " + std::to_string(src->rank()) +
                              "; expected one index per dim");
  return ScalarType::get(src->dtype());
}

/// tensor.write / tile.write: returns the updated container.
TypePtr deduceWrite(const DeduceCall &c) {
  auto *dst = c.operand(0);
  auto idx = dst ? c.tuple(1) : std::nullopt;
  if (!idx || !c.scalar(2))
    return nullptr;
  if (idx->size() != dst->rank())
    return c.fail("T110", "'" + c.op.name() + "' got " + std::to_string(idx->size()) +
                              " indices for rank " + std::to_string(dst->rank()) +
                              "; expected one index per dim");
  return c.args[0]->type();
}

/// tile.alloc: a base pointer into the arena of one on-chip space (InitMemRef roots).
TypePtr deduceAlloc(const DeduceCall &c) {
  if (!checkTargetSpace(c, kOnChip))
    return nullptr;
  for (const char *key : {"size", "addr"})
    if (auto v = c.intKw(key); v && *v < 0)
      return c.fail("T106", "kwarg '" + std::string(key) + "' of 'tile.alloc' is " +
                                std::to_string(*v) + "; expected a non-negative byte count");
  return PtrType::make(*c.spaceKw("target_memory"));
}

void registerCreation(OpRegistry &r) {
  OpDef(r, "tensor.create")
      .category("creation")
      .describe("a new tensor of the given shape and dtype (contents undefined)")
      .args({"shape"})
      .kwarg("dtype", AttrKind::DType, true)
      .deduce(deduceCreate);
  OpDef(r, "tile.create")
      .category("creation")
      .describe("a new on-chip tile of the given shape and dtype (contents undefined)")
      .args({"shape"})
      .kwarg("dtype", AttrKind::DType, true)
      .kwarg("target_memory", AttrKind::MemSpace)
      .resultSpaceKwarg("target_memory", MemorySpace::Vec)
      .deduce(deduceCreate);
  OpDef(r, "tensor.full")
      .category("creation")
      .describe("a new tensor filled with a scalar value")
      .args({"shape", "value"})
      .kwarg("dtype", AttrKind::DType, true)
      .deduce(deduceFull);
  OpDef(r, "tile.full")
      .category("creation")
      .describe("a new tile filled with a scalar value")
      .args({"shape", "value"})
      .kwarg("dtype", AttrKind::DType, true)
      .kwarg("target_memory", AttrKind::MemSpace)
      .resultSpaceKwarg("target_memory", MemorySpace::Vec)
      .deduce(deduceFull);
}

void registerMovement(OpRegistry &r) {
  OpDef(r, "tile.alloc")
      .category("memory")
      .describe("reserves `size` bytes of an on-chip space (a MemRef base); `addr` once planned")
      .kwarg("target_memory", AttrKind::MemSpace, true)
      .kwarg("size", AttrKind::Int, true)
      .kwarg("addr", AttrKind::Int)
      .deduce(deduceAlloc);
  OpDef(r, "tile.load")
      .category("memory")
      .describe("copies a window of a tensor into a tile (out-of-bounds reads are zero-padded); "
                "`transpose`: a 2-D window into Mat as its transpose (the cube's transposed "
                "operand)")
      .args({"tensor", "offsets", "shapes"})
      .kwarg("target_memory", AttrKind::MemSpace)
      .kwarg("valid_shape", AttrKind::ExprList)
      .kwarg("transpose", AttrKind::Bool)
      .kwarg("bytes", AttrKind::Bool) // a bool window as uint8 0 / 1 bytes (PackCompareMasks)
      .resultSpaceKwarg("target_memory", MemorySpace::Vec)
      .deduce(deduceLoad);
  OpDef(r, "tile.store")
      .category("memory")
      .describe("writes a tile into a tensor window; returns the updated tensor")
      .args({"tile", "offsets", "tensor"})
      .argSpace(0, {MemorySpace::Vec, MemorySpace::Mat, MemorySpace::Acc})
      .effect(2, ArgEffect::Write)
      .aliasesArg(2)
      .deduce(deduceStore);
  OpDef(r, "tile.move")
      .category("memory")
      .describe("copies a tile into another on-chip memory space")
      .args({"tile"})
      .kwarg("target_memory", AttrKind::MemSpace, true)
      .resultSpaceKwarg("target_memory", std::nullopt)
      .notInPlaceSafe()
      .validShape(ValidShapeRule::Kind::Same) // transposed by a transposing move
      .deduce(deduceMove);
  for (const OpFamily &fam : kOpFamilies) {
    OpDef rd(r, fam.op("read"));
    rd.category("memory").describe("reads one element as a scalar").args({fam.name, "indices"});
    rd.deduce(deduceRead);
    if (fam.tile)
      rd.argSpace(0, kVecOnly);
    OpDef wr(r, fam.op("write"));
    wr.category("memory")
        .describe("writes one scalar element; returns the updated container")
        .args({fam.name, "indices", "value"})
        .effect(0, ArgEffect::ReadWrite)
        .aliasesArg(0)
        .validShape(ValidShapeRule::Kind::Same)
        .deduce(deduceWrite);
    if (fam.tile)
      wr.argSpace(0, kVecOnly).resultFromArg(0);
  }
}

} // namespace

void registerMemoryOps(OpRegistry &r) {
  registerCreation(r);
  registerMovement(r);
}

} // namespace pl::ir
