// emit/sim type printing: IR dtypes, memory spaces and tile types as pl::sim C++ spellings.
#pragma once

#include "ir/type.h"

#include <optional>
#include <string>

namespace pl::emit::sim {

/// Element type of a tile or tensor (`float`, `pl::Half`, `std::int32_t`, ...); nullopt for
/// dtypes the simulator has no element type for (int4, uint4, index, task_id).
std::optional<std::string> elemCppType(ir::DataType d);
/// C++ type of a scalar value: index -> std::int64_t, fp32 -> float, other floats -> double.
std::optional<std::string> scalarCppType(ir::DataType d);
/// `DataType::FLOAT32` (PyPTO's spelling) or `pl::DType::FP4` when PyPTO has none.
std::string dataTypeConst(ir::DataType d);
/// `pl::Mem::Vec`.
std::string memSpaceCpp(ir::MemorySpace m);

/// Rows and columns of a 2-D (or 1-D, as [1, N]) tile with constant dims.
struct TileDims {
  int64_t rows = 0;
  int64_t cols = 0;
};
std::optional<TileDims> tileDims(const ir::TileType &t);

/// `Tile<float, pl::Mem::Vec, 16, 16>`; nullopt with `why` set when not representable.
std::optional<std::string> tileCppType(const ir::TileType &t, std::string &why);

} // namespace pl::emit::sim
