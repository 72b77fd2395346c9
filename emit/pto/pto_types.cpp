// emit/pto type printing: IR dtypes and tile types as PTO-ISA C++ spellings.
#include "emit/pto/pto_types.h"

#include "emit/pto/pto_ops.h"
#include "ir/expr.h"

#include "llvm/Support/Casting.h"

namespace pl::emit::pto {

using ir::constIntValue;
using ir::DataType;
using ir::MemRefPtr;
using ir::TileType;
using ir::TileView;
using ir::TypePtr;

std::optional<std::string> elemCppType(DataType d) {
  switch (d) {
  case DataType::Bool:
    return "bool";
  case DataType::Int8:
    return "std::int8_t";
  case DataType::Int16:
    return "std::int16_t";
  case DataType::Int32:
    return "std::int32_t";
  case DataType::Int64:
    return "std::int64_t";
  case DataType::UInt8:
    return "std::uint8_t";
  case DataType::UInt16:
    return "std::uint16_t";
  case DataType::UInt32:
    return "std::uint32_t";
  case DataType::UInt64:
    return "std::uint64_t";
  case DataType::FP4:
    return "pl::Float4E2M1";
  case DataType::FP8E4M3FN:
    return "pl::Float8E4M3";
  case DataType::FP8E5M2:
    return "pl::Float8E5M2";
  case DataType::FP8E8M0:
    return "pl::Float8E8M0";
  case DataType::FP16: // the vendor's names (pl/sim's pto-inst.hpp defines them)
    return "half";
  case DataType::BF16:
    return "bfloat16_t";
  case DataType::FP32:
    return "float";
  case DataType::HF4:
    return "pl::HiFloat4";
  case DataType::HF8:
    return "pl::HiFloat8";
  case DataType::Int4:
  case DataType::UInt4:
  case DataType::Index:
  case DataType::TaskId:
    return std::nullopt;
  }
  return std::nullopt;
}

std::optional<std::string> scalarCppType(DataType d) {
  if (d == DataType::Index)
    return "std::int64_t";
  if (d == DataType::FP32)
    return "float";
  if (ir::isFloat(d))
    return "double";
  if (d == DataType::Int4)
    return "std::int8_t";
  if (d == DataType::UInt4)
    return "std::uint8_t";
  if (d == DataType::TaskId)
    return std::nullopt;
  return elemCppType(d);
}

std::string dataTypeConst(DataType d) {
  // The runtime's DataType enumerators; dtypes it has none for travel as pl::DType.
  static constexpr std::pair<DataType, std::string_view> kRuntime[] = {
      {DataType::FP32, "FLOAT32"},       {DataType::FP16, "FLOAT16"},
      {DataType::BF16, "BFLOAT16"},      {DataType::FP8E4M3FN, "FLOAT8E4M3"},
      {DataType::FP8E5M2, "FLOAT8E5M2"}, {DataType::HF8, "HIFLOAT8"},
      {DataType::Int8, "INT8"},          {DataType::Int16, "INT16"},
      {DataType::Int32, "INT32"},        {DataType::Int64, "INT64"},
      {DataType::UInt8, "UINT8"},        {DataType::UInt16, "UINT16"},
      {DataType::UInt32, "UINT32"},      {DataType::UInt64, "UINT64"},
      {DataType::Bool, "BOOL"}};
  for (const auto &[dt, name] : kRuntime)
    if (dt == d)
      return "DataType::" + std::string(name);
  return plDTypeConst(d).substr(2); // "pl::DType::Int4", as the orchestration spells it
}

std::optional<TileDims> tileDims(const ir::TileType &t) {
  if (t.rank() == 1) {
    if (auto c = t.constDim(0))
      return TileDims{1, *c};
    return std::nullopt;
  }
  if (t.rank() != 2)
    return std::nullopt;
  auto r = t.constDim(0), c = t.constDim(1);
  if (!r || !c)
    return std::nullopt;
  return TileDims{*r, *c};
}

std::string plDTypeConst(DataType d) {
  switch (d) {
#define X(name, str, bits)                                                                         \
  case DataType::name:                                                                             \
    return "::pl::DType::" #name;
    PL_DTYPES(X)
#undef X
  }
  return "::pl::DType::Any";
}

std::string_view tileTypeName(ir::MemorySpace m) {
  switch (m) {
  case ir::MemorySpace::DDR:
  case ir::MemorySpace::ScalarLocal:
    return "";
  case ir::MemorySpace::LeftScale:
    return "ScaleLeft";
  case ir::MemorySpace::RightScale:
    return "ScaleRight";
  default: // Vec, Mat, Left, Right, Acc, Bias: PTO-ISA spells them as the IR does
    return ir::memorySpaceName(m);
  }
}

const TileType *tileOf(const TypePtr &t) { return llvm::dyn_cast<TileType>(t.get()); }

std::optional<StoreOperands> storeOperands(const ir::Call &c) {
  const ir::ExprList &a = c.args();
  if (a.size() != 3)
    return std::nullopt;
  auto *tt = llvm::dyn_cast<ir::TensorType>(a[2]->type().get());
  auto *offs = llvm::dyn_cast<ir::MakeTuple>(a[1].get());
  const ir::TileType *tile = tileOf(a[0]->type());
  auto dims = tile ? tileDims(*tile) : std::nullopt;
  if (!tt || !offs || !dims || offs->elements().size() != tt->rank() || tt->rank() == 0)
    return std::nullopt;
  return StoreOperands{tile, *dims, &offs->elements(), tt};
}

bool sameTileBytes(const TileType &a, const TileType &b) {
  const MemRefPtr &x = a.memref(), &y = b.memref();
  if (!x || !y || a.memorySpace() != b.memorySpace())
    return false;
  if (x != y) {
    auto ox = constIntValue(x->byteOffset()), oy = constIntValue(y->byteOffset());
    if (x->base() != y->base() || !ox || !oy || *ox != *oy)
      return false;
  }
  const TileView va = a.view().value_or(TileView{}), vb = b.view().value_or(TileView{});
  auto da = tileDims(a), db = tileDims(b);
  return a.dtype() == b.dtype() && da && db && da->rows == db->rows && da->cols == db->cols &&
         va.blayout == vb.blayout && va.slayout == vb.slayout && va.fractal == vb.fractal;
}

std::optional<std::string> tileCppType(const ir::TileType &t, std::string &why) {
  auto elem = elemCppType(t.dtype());
  if (!elem) {
    why = "dtype '" + std::string(ir::dtypeName(t.dtype())) + "' has no PTO-ISA element type";
    return std::nullopt;
  }
  auto dims = tileDims(t);
  if (t.rank() == 0 || t.rank() > 2) {
    why = "a PTO-ISA tile has 1 or 2 dims, this one " + std::to_string(t.rank()) +
          (t.rank() > 2 ? " (run pass FlattenTileNdTo2D)" : "");
    return std::nullopt;
  }
  if (!dims) {
    why = "a PTO-ISA tile needs a static shape (constant dims)";
    return std::nullopt;
  }
  if (dims->rows <= 0 || dims->cols <= 0) {
    why = "a PTO-ISA tile needs dims >= 1, this one has shape [" + std::to_string(dims->rows) +
          ", " + std::to_string(dims->cols) + "]";
    return std::nullopt;
  }
  if (!t.memorySpace()) {
    why = "emitter needs the tile's memory space (run pass InferTileMemorySpace)";
    return std::nullopt;
  }
  std::string_view loc = tileTypeName(*t.memorySpace());
  if (loc.empty()) {
    why = "memory space '" + std::string(ir::memorySpaceName(*t.memorySpace())) +
          "' holds no PTO-ISA tile";
    return std::nullopt;
  }
  // The layout, fractal size and pad value are the type's TileView (the implicit view: row
  // major, no boxes, 512-byte fractals, no pad); valid dims are dynamic (-1) and set at run time.
  const ir::TileView view = t.view().value_or(ir::TileView{});
  return "pto::Tile<pto::TileType::" + std::string(loc) + ", " + *elem + ", " +
         std::to_string(dims->rows) + ", " + std::to_string(dims->cols) +
         ", pto::BLayout::" + pascalCase(enumName(view.blayout)) +
         ", -1, -1, pto::SLayout::" + pascalCase(enumName(view.slayout)) + ", " +
         std::to_string(view.fractal) + ", pto::PadValue::" + pascalCase(enumName(view.pad)) + ">";
}

} // namespace pl::emit::pto
