// emit/pto type printing: IR dtypes and tile types as PTO-ISA C++ spellings.
#pragma once

#include "ir/expr.h"
#include "ir/type.h"

#include <optional>
#include <string>
#include <string_view>

namespace pl::emit::pto {

/// Element type of a tile or tensor (`float`, `half`, `bfloat16_t`, `std::int32_t`, ...: fp16 and
/// bf16 under PTO-ISA's names, which pl/sim's pto-inst.hpp defines); nullopt for
/// dtypes the simulator has no element type for (int4, uint4, index, task_id).
std::optional<std::string> elemCppType(ir::DataType d);
/// C++ type of a scalar value: index -> std::int64_t, fp32 -> float, other floats -> double.
std::optional<std::string> scalarCppType(ir::DataType d);
/// `DataType::FLOAT32` (PyPTO's spelling) or `pl::DType::FP4` when PyPTO has none.
std::string dataTypeConst(ir::DataType d);
/// `::pl::DType::FP16` (pl's own dtype enumerator, for pl's helpers such as castScalar).
std::string plDTypeConst(ir::DataType d);
/// The PTO-ISA `TileType` of a memory space (`Vec`, `Mat`, ..., `ScaleLeft`); "" for DDR and
/// ScalarLocal, which hold no tiles.
std::string_view tileTypeName(ir::MemorySpace m);

/// Rows and columns of a 2-D (or 1-D, as [1, N]) tile with constant dims.
struct TileDims {
  int64_t rows = 0;
  int64_t cols = 0;
};
std::optional<TileDims> tileDims(const ir::TileType &t);
/// The tile type of a value's type, or nullptr.
const ir::TileType *tileOf(const ir::TypePtr &t);
/// The operands of `tile.store(tile, offsets, tensor)` as both printers need them: a static 2-D
/// (or 1-D) tile and one offset per dim of a tensor of rank >= 1; nullopt otherwise.
struct StoreOperands {
  const ir::TileType *tile = nullptr;
  TileDims dims;
  const ir::ExprList *offsets = nullptr;
  const ir::TensorType *tensor = nullptr;
};
std::optional<StoreOperands> storeOperands(const ir::Call &c);
/// Two tile values in the same bytes: one MemRef, or the same space, base and constant offset,
/// and the same element type, physical shape and layout (the pad value is only what TFILLPAD
/// fills with: it does not change the bytes). A copy between them prints nothing.
bool sameTileBytes(const ir::TileType &a, const ir::TileType &b);

/// `pto::Tile<pto::TileType::Vec, float, 16, 16, pto::BLayout::RowMajor, -1, -1,
/// pto::SLayout::NoneBox, 512, pto::PadValue::Null>`; nullopt with `why` set when not
/// representable.
std::optional<std::string> tileCppType(const ir::TileType &t, std::string &why);

} // namespace pl::emit::pto
