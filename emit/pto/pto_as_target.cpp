// emit/pto PTO-AS target checks: what ptoas's per-architecture op verifiers
// (hw-native-sys/PTOAS lib/PTO/IR/PTO.cpp) reject among the records pl prints.
#include "emit/pto/pto_as_target.h"

#include "emit/pto/pto_types.h"

namespace pl::emit::pto {

using namespace ir;

namespace {

std::string spaceOf(const TileType &t) {
  return t.memorySpace() ? std::string(memorySpaceName(*t.memorySpace())) : "?";
}
bool in(const TileType &t, MemorySpace m) { return t.memorySpace() == m; }
TileView viewOf(const TileType &t) { return t.view().value_or(TileView{}); }
/// PTO's NZ layout: column-major blocks of row-major fractals.
bool isNZ(const TileType &t) {
  TileView v = viewOf(t);
  return v.blayout == BLayout::ColMajor && v.slayout == SLayout::RowMajor;
}
bool isRowMajorND(const TileType &t) {
  TileView v = viewOf(t);
  return v.blayout == BLayout::RowMajor && v.slayout == SLayout::NoneBox;
}
std::string typeName(const TileType &t) {
  return std::string(dtypeName(t.dtype())) + " " + spaceOf(t) + " tile (" +
         std::string(enumName(viewOf(t).blayout)) + ", " +
         std::string(enumName(viewOf(t).slayout)) + ")";
}

/// TEXTRACT (tile.extract, tile.slice): a3 takes Mat -> Left / Right only; a5 also Vec -> Vec
/// and Vec -> Mat, Vec -> Vec in the ND layout.
std::optional<std::string> extract(const TileType &src, const TileType &dst, bool a5) {
  const bool fromMat = in(src, MemorySpace::Mat);
  const bool toOperand = in(dst, MemorySpace::Left) || in(dst, MemorySpace::Right);
  if (!a5) {
    if (!fromMat || !toOperand)
      return "its textract copies a Mat tile into a Left or Right tile only, this one " +
             spaceOf(src) + " into " + spaceOf(dst);
    return std::nullopt;
  }
  const bool fromVec = in(src, MemorySpace::Vec);
  if (fromMat && (toOperand || in(dst, MemorySpace::LeftScale) ||
                  in(dst, MemorySpace::RightScale)))
    return std::nullopt;
  if (fromVec && in(dst, MemorySpace::Mat))
    return std::nullopt;
  if (fromVec && in(dst, MemorySpace::Vec)) {
    if (!isRowMajorND(src) || !isRowMajorND(dst))
      return "its Vec-to-Vec textract needs row-major tiles without boxes, this one " +
             typeName(src) + " into " + typeName(dst);
    return std::nullopt;
  }
  return "its textract has no form from " + spaceOf(src) + " into " + spaceOf(dst);
}

/// TINSERT (tile.assemble): a3 takes an fp32 Acc tile into an fp16 / bf16 NZ Mat tile only.
std::optional<std::string> insert(const TileType &src, const TileType &dst, bool a5) {
  if (in(src, MemorySpace::Acc) && in(dst, MemorySpace::Mat)) {
    if (!isNZ(src) || !isNZ(dst))
      return "its Acc-to-Mat tinsert needs NZ tiles (col_major blocks of row_major fractals), "
             "this one " +
             typeName(src) + " into " + typeName(dst);
    const bool half = dst.dtype() == DataType::FP16 || dst.dtype() == DataType::BF16;
    const bool ok = src.dtype() == DataType::FP32 &&
                    (half || (a5 && dst.dtype() == DataType::FP32));
    const bool i32 = a5 && src.dtype() == DataType::Int32 && dst.dtype() == DataType::Int32;
    if (!ok && !i32)
      return std::string("its Acc-to-Mat tinsert converts fp32 into ") +
             (a5 ? "fp16, bf16 or fp32 (or int32 into int32)" : "fp16 or bf16") + ", this one " +
             std::string(dtypeName(src.dtype())) + " into " + std::string(dtypeName(dst.dtype()));
    return std::nullopt;
  }
  if (!a5)
    return "its tinsert copies an Acc tile into a Mat tile only, this one " + spaceOf(src) +
           " into " + spaceOf(dst);
  if (in(src, MemorySpace::Vec) && (in(dst, MemorySpace::Vec) || in(dst, MemorySpace::Mat)))
    return std::nullopt;
  return "its tinsert has no form from " + spaceOf(src) + " into " + spaceOf(dst);
}

/// TEXPANDS (tile.full, tile.expands): a Vec or Mat destination of i16 / i32 / f16 / f32 (a5
/// also i8), a Vec one row-major on a3.
std::optional<std::string> expands(const TileType &dst, bool a5) {
  if (!in(dst, MemorySpace::Vec) && !in(dst, MemorySpace::Mat))
    return "its texpands fills a Vec or Mat tile only, this one " + spaceOf(dst);
  if (!a5 && in(dst, MemorySpace::Vec) && viewOf(dst).blayout != BLayout::RowMajor)
    return "its texpands fills a row-major Vec tile only, this one " + typeName(dst);
  switch (dst.dtype()) {
  case DataType::Int16:
  case DataType::UInt16:
  case DataType::Int32:
  case DataType::UInt32:
  case DataType::FP16:
  case DataType::FP32:
    return std::nullopt;
  case DataType::Int8:
  case DataType::UInt8:
    if (a5)
      return std::nullopt;
    break;
  default:
    break;
  }
  return std::string("its texpands fills tiles of 16- or 32-bit integers, fp16 or fp32") +
         (a5 ? " (or 8-bit integers)" : "") + ", this one " + std::string(dtypeName(dst.dtype()));
}

} // namespace

std::optional<std::string> ptoasRejects(const PtoInstr &r, const TileType &dst,
                                        std::string_view arch) {
  const bool a5 = arch == "a5";
  const std::string_view instr = r.instr();
  const TileType *src = r.ins.empty() || !r.ins[0].expr ? nullptr : tileOf(r.ins[0].expr->type());
  if (instr == "TEXTRACT" && src)
    return extract(*src, dst, a5);
  if (instr == "TINSERT" && src)
    return insert(*src, dst, a5);
  if (instr == "TEXPANDS")
    return expands(dst, a5);
  return std::nullopt;
}

} // namespace pl::emit::pto
