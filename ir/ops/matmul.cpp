// Matrix multiplication ops: tensor.matmul/matmul_acc/batch_matmul and tile
// matmul/matmul_acc/matmul_bias/batch_matmul.
#include "ir/ops/type_inference.h"

namespace pl::ir {

using namespace ops;

namespace {

/// The accumulator dtype of the cube unit for an input dtype: fp32 for float inputs, int32
/// for 8-bit (and 4-bit) integer inputs; nullopt when the cube cannot multiply the dtype.
std::optional<DataType> accumulatorDType(DataType in) {
  switch (in) {
  case DataType::FP16: case DataType::BF16: case DataType::FP32: case DataType::FP8E4M3FN:
  case DataType::FP8E5M2: case DataType::HF8: case DataType::FP4: case DataType::HF4:
    return DataType::FP32;
  case DataType::Int8: case DataType::UInt8: case DataType::Int4:
    return DataType::Int32;
  default:
    return std::nullopt;
  }
}

struct MatmulShape {
  DataType in;
  ExprPtr m, n;
};

/// Checks lhs [M, K] x rhs [K, N] (both 2D tiles, equal dtypes, K matching); with `a_trans`
/// the lhs is [K, M], with `b_trans` the rhs is [N, K].
std::optional<MatmulShape> checkTileOperands(const DeduceCall &c, size_t li, size_t ri) {
  auto *l = c.tile(li);
  auto *r = l ? c.tile(ri) : nullptr;
  if (!r)
    return std::nullopt;
  if (l->rank() != 2 || r->rank() != 2) {
    c.fail("T110", "'" + c.op.name() + "' needs 2D operands, got " + shapeStr(l->shape()) +
                       " and " + shapeStr(r->shape()));
    return std::nullopt;
  }
  if (!checkSameDType(c, l->dtype(), r->dtype(), "the lhs and rhs"))
    return std::nullopt;
  if (!accumulatorDType(l->dtype())) {
    checkDType(c, li, l->dtype(), false, "a float or 8-bit integer dtype");
    return std::nullopt;
  }
  bool at = c.boolKw("a_trans").value_or(false), bt = c.boolKw("b_trans").value_or(false);
  const ExprList &ls = l->shape(), &rs = r->shape();
  if (compareDims(ls[at ? 0 : 1], rs[bt ? 1 : 0]) == DimMatch::Mismatch) {
    c.fail("T109", "inner dims of '" + c.op.name() + "' differ: lhs " + shapeStr(ls) +
                       (at ? " (transposed)" : "") + " and rhs " + shapeStr(rs) +
                       (bt ? " (transposed)" : "") + "; expected [M, K] x [K, N]");
    return std::nullopt;
  }
  return MatmulShape{l->dtype(), ls[at ? 1 : 0], rs[bt ? 0 : 1]};
}

/// The result dtype: `out_dtype` (a float dtype, for float inputs) or the accumulator dtype.
std::optional<DataType> resultDType(const DeduceCall &c, const MatmulShape &s) {
  DataType acc = *accumulatorDType(s.in);
  auto out = c.dtypeKw("out_dtype");
  if (!out || *out == acc)
    return acc;
  if (!isFloat(acc) || !isFloat(*out)) {
    c.fail("T108", "kwarg 'out_dtype' of '" + c.op.name() + "' is '" +
                       std::string(dtypeName(*out)) + "'; expected a float dtype for float "
                       "inputs (the accumulator of integer inputs is 'int32')");
    return std::nullopt;
  }
  return out;
}

TypePtr deduceTileMatmul(const DeduceCall &c) {
  auto s = checkTileOperands(c, 0, 1);
  auto d = s ? resultDType(c, *s) : std::nullopt;
  if (!d)
    return nullptr;
  return TileType::make(*d, {s->m, s->n});
}

/// An accumulator-like argument (acc or bias) must have the accumulator dtype and `shape`.
bool checkAccArg(const DeduceCall &c, size_t i, const MatmulShape &s, const ExprList &shape) {
  auto *a = c.tile(i);
  if (!a)
    return false;
  DataType acc = *accumulatorDType(s.in);
  if (!checkDType(c, i, a->dtype(), a->dtype() == acc,
                  isFloat(acc) ? "'fp32' (the accumulator dtype)" : "'int32' (the accumulator "
                                                                     "dtype)"))
    return false;
  return checkSameShape(c, a->shape(), shape, c.argLabel(i) + " and the product");
}

/// matmul_acc's result is its accumulator: an `out_dtype` (accepted as the DSL's
/// MatmulOptions carry one) must name the accumulator's dtype.
bool checkAccOutDType(const DeduceCall &c, DataType acc) {
  auto out = c.dtypeKw("out_dtype");
  if (!out || *out == acc)
    return true;
  c.fail("T108", "kwarg 'out_dtype' of '" + c.op.name() + "' is '" + std::string(dtypeName(*out)) +
                     "'; the result is the accumulator, of dtype '" +
                     std::string(dtypeName(acc)) + "'");
  return false;
}

/// tile.matmul_acc's accumulator: the accumulator dtype, or for float inputs an fp16 / bf16
/// `out_dtype` product going on (WidenAccDtypes makes the chain fp32, as PTO-ISA's Acc is).
bool checkAccumulator(const DeduceCall &c, const MatmulShape &s) {
  auto *a = c.tile(0);
  const DataType acc = *accumulatorDType(s.in), d = a->dtype();
  const bool narrow = isFloat(acc) && (d == DataType::FP16 || d == DataType::BF16);
  if (!checkDType(c, 0, d, d == acc || narrow,
                  isFloat(acc) ? "'fp32' (the accumulator dtype), or 'fp16' / 'bf16' (an "
                                 "out_dtype product)"
                               : "'int32' (the accumulator dtype)"))
    return false;
  return checkSameShape(c, a->shape(), {s.m, s.n}, c.argLabel(0) + " and the product");
}

TypePtr deduceTileMatmulAcc(const DeduceCall &c) {
  auto s = c.tile(0) ? checkTileOperands(c, 1, 2) : std::nullopt;
  if (!s || !checkAccumulator(c, *s) || !checkAccOutDType(c, c.tile(0)->dtype()))
    return nullptr;
  return TileType::make(c.tile(0)->dtype(), {s->m, s->n});
}

TypePtr deduceTileMatmulBias(const DeduceCall &c) {
  auto s = checkTileOperands(c, 0, 1);
  if (!s || !checkAccArg(c, 2, *s, {ConstInt::make(1), s->n}))
    return nullptr;
  auto d = resultDType(c, *s);
  if (!d)
    return nullptr;
  return TileType::make(*d, {s->m, s->n});
}

/// tensor.matmul: [..., M, K] x [..., K, N] with NumPy broadcasting of the batch dims;
/// a_trans / b_trans transpose the last two dims of an operand first; the result dtype is
/// out_dtype or the accumulator dtype.
TypePtr deduceTensorMatmul(const DeduceCall &c, size_t li) {
  auto *l = c.tensor(li);
  auto *r = l ? c.tensor(li + 1) : nullptr;
  if (!r || !checkSameDType(c, l->dtype(), r->dtype(), "the lhs and rhs"))
    return nullptr;
  if (l->rank() < 2 || r->rank() < 2)
    return c.fail("T110", "'" + c.op.name() + "' needs operands of rank 2 or more, got " +
                              shapeStr(l->shape()) + " and " + shapeStr(r->shape()));
  bool at = c.boolKw("a_trans").value_or(false), bt = c.boolKw("b_trans").value_or(false);
  size_t lr = l->rank(), rr = r->rank();
  ExprPtr m = l->shape()[at ? lr - 1 : lr - 2], kl = l->shape()[at ? lr - 2 : lr - 1];
  ExprPtr kr = r->shape()[bt ? rr - 1 : rr - 2], n = r->shape()[bt ? rr - 2 : rr - 1];
  if (compareDims(kl, kr) == DimMatch::Mismatch)
    return c.fail("T109", "inner dims of '" + c.op.name() + "' differ: lhs " +
                              shapeStr(l->shape()) + (at ? " (transposed)" : "") + " and rhs " +
                              shapeStr(r->shape()) + (bt ? " (transposed)" : "") +
                              "; expected [M, K] x [K, N]");
  ExprList lb(l->shape().begin(), l->shape().end() - 2), rb(r->shape().begin(),
                                                             r->shape().end() - 2);
  auto batch = broadcastShapes(c, lb, rb);
  if (!batch)
    return nullptr;
  batch->push_back(m);
  batch->push_back(n);
  // Without out_dtype the result has the accumulator dtype, as the tile form (and the DSL's
  // MatmulOptions default, fp32 for float inputs).
  DataType out = c.dtypeKw("out_dtype").value_or(accumulatorDType(l->dtype()).value_or(l->dtype()));
  return TensorType::make(out, *batch);
}

TypePtr deduceTensorMatmulAcc(const DeduceCall &c) {
  auto *acc = c.tensor(0);
  if (!acc || !checkAccOutDType(c, acc->dtype()))
    return nullptr;
  TypePtr prod = deduceTensorMatmul(c, 1);
  if (!prod)
    return nullptr;
  auto *p = dynCast<TensorType>(prod);
  if (!checkSameShape(c, acc->shape(), p->shape(), "the accumulator and the product"))
    return nullptr;
  return c.args[0]->type();
}

/// The batch matmul operands (tensors, both forms): [B, M, K] x [B, K, N], rank exactly 3 and
/// equal batch dims, as the eager pl::batch_matmul (no broadcasting); with `a_trans` / `b_trans`
/// (tensor form only) the last two dims of an operand are transposed.
bool checkBatchOperands(const DeduceCall &c) {
  auto *l = c.tensor(0);
  auto *r = l ? c.tensor(1) : nullptr;
  if (!r)
    return false;
  if (l->rank() != 3 || r->rank() != 3) {
    c.fail("T110", "'" + c.op.name() + "' needs [B, M, K] and [B, K, N] operands (rank 3), got " +
                       shapeStr(l->shape()) + " and " + shapeStr(r->shape()));
    return false;
  }
  if (compareDims(l->shape()[0], r->shape()[0]) == DimMatch::Mismatch) {
    c.fail("T109", "batch dims of '" + c.op.name() + "' differ: lhs " + shapeStr(l->shape()) +
                       " and rhs " + shapeStr(r->shape()) +
                       "; expected [B, M, K] x [B, K, N] (the batch dim does not broadcast)");
    return false;
  }
  return true;
}

TypePtr deduceTensorBatchMatmul(const DeduceCall &c) {
  return checkBatchOperands(c) ? deduceTensorMatmul(c, 0) : nullptr;
}

/// tile.batch_matmul: the kernel form, reading its [B, M, K] / [B, K, N] operand tensors
/// itself (FlattenTileNdTo2D expands it into per-batch Mat loads, moves and tile.matmul); the
/// result is the Acc tile [B, M, N] of the accumulator dtype or `out_dtype`.
TypePtr deduceTileBatchMatmul(const DeduceCall &c) {
  if (!checkBatchOperands(c))
    return nullptr;
  auto *l = c.tensor(0);
  auto *r = c.tensor(1);
  if (!checkSameDType(c, l->dtype(), r->dtype(), "the lhs and rhs"))
    return nullptr;
  if (!accumulatorDType(l->dtype())) {
    checkDType(c, 0, l->dtype(), false, "a float or 8-bit integer dtype");
    return nullptr;
  }
  const ExprList &ls = l->shape(), &rs = r->shape();
  if (compareDims(ls[2], rs[1]) == DimMatch::Mismatch)
    return c.fail("T109", "inner dims of '" + c.op.name() + "' differ: lhs " + shapeStr(ls) +
                              " and rhs " + shapeStr(rs) + "; expected [B, M, K] x [B, K, N]");
  auto d = resultDType(c, MatmulShape{l->dtype(), ls[1], rs[2]});
  if (!d)
    return nullptr;
  return TileType::make(*d, {ls[0], ls[1], rs[2]});
}

/// A matmul-family op with its operands and the kwargs every form takes (out_dtype, a_trans,
/// b_trans).
OpDef matmulOp(OpRegistry &r, std::string name, std::string summary,
               std::initializer_list<const char *> operands) {
  OpDef d(r, std::move(name));
  d.category("matmul")
      .describe(std::move(summary))
      .args(operands)
      .kwarg("out_dtype", AttrKind::DType)
      .kwarg("a_trans", AttrKind::Bool)
      .kwarg("b_trans", AttrKind::Bool);
  return d;
}

} // namespace

void registerMatmulOps(OpRegistry &r) {
  matmulOp(r, "tensor.matmul", "matrix product with optional operand transposes and output dtype",
           {"lhs", "rhs"})
      .notInPlaceSafe()
      .deduce([](const DeduceCall &c) { return deduceTensorMatmul(c, 0); });
  matmulOp(r, "tensor.matmul_acc", "acc + lhs x rhs; returns the updated accumulator",
           {"acc", "lhs", "rhs"})
      .effect(0, ArgEffect::ReadWrite)
      .aliasesArg(0)
      .deduce(deduceTensorMatmulAcc);
  matmulOp(r, "tensor.batch_matmul",
           "[B, M, K] x [B, K, N] -> [B, M, N]: one matmul per batch index (equal batch dims)",
           {"lhs", "rhs"})
      .notInPlaceSafe()
      .deduce(deduceTensorBatchMatmul);
  // Tile forms: `a_trans` / `b_trans` take the lhs as [K, M] / the rhs as [N, K];
  // ConvertTensorToTileOps turns them into transposing operand moves (tile.move transpose).
  matmulOp(r, "tile.matmul",
           "Left [M, K] x Right [K, N] -> Acc [M, N] (fp32 accumulation for float inputs)",
           {"lhs", "rhs"})
      .argSpace(0, {MemorySpace::Left})
      .argSpace(1, {MemorySpace::Right})
      .resultSpace(MemorySpace::Acc)
      .notInPlaceSafe()
      .validShape(ValidShapeRule::Kind::Matmul, 0, 1)
      .deduce(deduceTileMatmul);
  matmulOp(r, "tile.matmul_acc",
           "Acc [M, N] + Left [M, K] x Right [K, N]; returns the updated accumulator",
           {"acc", "lhs", "rhs"})
      .argSpace(0, {MemorySpace::Acc})
      .argSpace(1, {MemorySpace::Left})
      .argSpace(2, {MemorySpace::Right})
      .resultSpace(MemorySpace::Acc)
      .effect(0, ArgEffect::ReadWrite)
      .aliasesArg(0)
      .validShape(ValidShapeRule::Kind::Matmul, 1, 2)
      .deduce(deduceTileMatmulAcc);
  matmulOp(r, "tile.matmul_bias", "Left [M, K] x Right [K, N] + Bias [1, N] -> Acc [M, N]",
           {"lhs", "rhs", "bias"})
      .argSpace(0, {MemorySpace::Left})
      .argSpace(1, {MemorySpace::Right})
      .argSpace(2, {MemorySpace::Bias})
      .resultSpace(MemorySpace::Acc)
      .notInPlaceSafe()
      .validShape(ValidShapeRule::Kind::Matmul, 0, 1)
      .deduce(deduceTileMatmulBias);
  // The kernel form of tensor.batch_matmul (ConvertTensorToTileOps): it reads its operand
  // tensors itself; FlattenTileNdTo2D expands it into per-batch Mat loads, Left / Right moves
  // and tile.matmul, and its stores into per-batch stores.
  OpDef(r, "tile.batch_matmul")
      .category("matmul")
      .describe("tensors [B, M, K] x [B, K, N] -> Acc [B, M, N] (per batch: Mat loads, moves, "
                "TMATMUL; expanded by FlattenTileNdTo2D)")
      .args({"lhs", "rhs"})
      .kwarg("out_dtype", AttrKind::DType)
      .resultSpace(MemorySpace::Acc)
      .notInPlaceSafe()
      .deduce(deduceTileBatchMatmul);
}

} // namespace pl::ir
