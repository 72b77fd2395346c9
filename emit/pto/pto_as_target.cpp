// emit/pto PTO-AS target checks: what ptoas's per-architecture op verifiers
// (hw-native-sys/PTOAS lib/PTO/IR/PTO.cpp) reject among the records pl prints.
#include "emit/pto/pto_as_target.h"

#include "emit/pto/pto_ops.h"
#include "emit/pto/pto_types.h"

#include <map>

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
  if (fromMat && (toOperand || in(dst, MemorySpace::LeftScale) || in(dst, MemorySpace::RightScale)))
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
    const bool ok =
        src.dtype() == DataType::FP32 && (half || (a5 && dst.dtype() == DataType::FP32));
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

/// Element-type classes of ptoas's verifiers: integers by width (signedness aside), floats.
enum Elem : unsigned { I8 = 1, I16 = 2, I32 = 4, I64 = 8, F16 = 16, BF16 = 32, F32 = 64 };

std::optional<Elem> elemOf(DataType d) {
  switch (d) {
  case DataType::Int8:
  case DataType::UInt8:
    return I8;
  case DataType::Int16:
  case DataType::UInt16:
    return I16;
  case DataType::Int32:
  case DataType::UInt32:
    return I32;
  case DataType::Int64:
  case DataType::UInt64:
    return I64;
  case DataType::FP16:
    return F16;
  case DataType::BF16:
    return BF16;
  case DataType::FP32:
    return F32;
  default:
    return std::nullopt;
  }
}

std::string elemNames(unsigned set) {
  static constexpr std::pair<Elem, const char *> kNames[] = {
      {I8, "8-bit"}, {I16, "16-bit"}, {I32, "32-bit"}, {I64, "64-bit"}};
  std::string ints, floats;
  for (auto [e, n] : kNames)
    if (set & e)
      ints += (ints.empty() ? "" : " / ") + std::string(n);
  for (auto [e, n] : {std::pair<Elem, const char *>{F16, "fp16"}, {BF16, "bf16"}, {F32, "fp32"}})
    if (set & e)
      floats += (floats.empty() ? "" : " / ") + std::string(n);
  if (!ints.empty())
    ints += " integers";
  return ints.empty() ? floats : floats.empty() ? ints : ints + ", " + floats;
}

/// The element types ptoas's a3 verifier takes per instruction (of the destination; of the
/// compared input for TCMP / TCMPS), from its "expects A2/A3 <op> element type to be ..." checks.
const std::map<std::string_view, unsigned> &a3ElemTypes() {
  constexpr unsigned kArith = I16 | I32 | F16 | F32;
  static const std::map<std::string_view, unsigned> kTable = {
      {"TADD", kArith},          {"TADDS", kArith},          {"TSUB", kArith},
      {"TSUBS", kArith},         {"TMUL", kArith},           {"TMULS", kArith},
      {"TMAX", kArith},          {"TMAXS", kArith},          {"TMIN", kArith},
      {"TMINS", kArith},         {"TDIVS", kArith},          {"TFMOD", kArith},
      {"TFMODS", kArith},        {"TPARTADD", kArith},       {"TPARTMAX", kArith},
      {"TPARTMIN", kArith},      {"TPARTMUL", kArith},       {"TNEG", kArith},
      {"TCMPS", kArith},         {"TCOLMAX", kArith},        {"TCOLMIN", kArith},
      {"TCOLPROD", kArith},      {"TCOLSUM", kArith},        {"TROWPROD", kArith},
      {"TROWEXPANDADD", kArith}, {"TROWEXPANDMUL", kArith},  {"TROWEXPANDSUB", kArith},
      {"TSEL", kArith},          {"TSELS", kArith},          {"TDIV", F16 | F32},
      {"TLRELU", F16 | F32},     {"TRELU", I32 | F16 | F32}, {"TREM", I32 | F32},
      {"TREMS", I32 | F32},      {"TCMP", I32 | F16 | F32},  {"TAND", I8 | I16},
      {"TANDS", I8 | I16},       {"TOR", I8 | I16},          {"TORS", I8 | I16},
      {"TXOR", I8 | I16},        {"TXORS", I8 | I16},        {"TNOT", I16},
      {"TSHRS", I16 | I32}};
  return kTable;
}

/// a3's element types of `instr`: the compared input's for TCMP / TCMPS, else the destination's.
std::optional<std::string> elemType(std::string_view instr, const TileType *src,
                                    const TileType &dst) {
  auto it = a3ElemTypes().find(instr);
  if (it == a3ElemTypes().end())
    return std::nullopt;
  const bool cmp = instr == "TCMP" || instr == "TCMPS";
  const TileType *t = cmp ? src : &dst;
  if (!t)
    return std::nullopt;
  auto e = elemOf(t->dtype());
  if (e && (it->second & *e))
    return std::nullopt;
  return "its t" + lowerCase(instr.substr(1)) + " takes " + (cmp ? "inputs" : "tiles") + " of " +
         elemNames(it->second) + ", this one " + std::string(dtypeName(t->dtype()));
}

/// TPARTADD / MAX / MIN / MUL: operands and destination of one physical shape.
std::optional<std::string> partialShapes(std::string_view instr, const TileType *a,
                                         const ExprPtr &bExpr, const TileType &dst) {
  const TileType *b = bExpr ? tileOf(bExpr->type()) : nullptr;
  auto ds = tileDims(dst);
  if (!a || !b || !ds)
    return std::nullopt;
  auto as = tileDims(*a), bs = tileDims(*b);
  if (!as || !bs)
    return std::nullopt;
  auto str = [](const TileDims &d) {
    return std::to_string(d.rows) + "x" + std::to_string(d.cols);
  };
  if (str(*as) == str(*ds) && str(*bs) == str(*ds))
    return std::nullopt;
  return "its t" + lowerCase(instr.substr(1)) +
         " takes operands and destination of one shape (their valid shapes may differ), this one " +
         str(*as) + " and " + str(*bs) + " into " + str(*ds);
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
  if (instr.starts_with("TPART") && r.ins.size() == 2) // one physical shape, valid ones differ
    if (auto why = partialShapes(instr, src, r.ins[1].expr, dst))
      return why;
  if (!a5) // a5's tables are not checked against ptoas yet
    return elemType(instr, src, dst);
  return std::nullopt;
}

} // namespace pl::emit::pto
