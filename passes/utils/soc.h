// Backend / SoC descriptions (DESIGN.md §6): core kinds, on-chip memory spaces with physical and
// safe capacities, alignment; each platform's SoC is in the platform table (passes/platform.h).
//
// The numbers are the same as the simulator's (`dsl/include/pl/sim/platform.hpp`); keep both in
// sync (tests/passes/soc_test.cpp pins them).
#pragma once

#include "ir/diagnostics.h"
#include "ir/type.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pl::passes {

enum class CoreKind : uint8_t { AIC, AIV };
std::string_view coreKindName(CoreKind k); ///< "AIC", "AIV"

/// One on-chip memory space of a SoC.
struct MemorySpaceDesc {
  ir::MemorySpace space;
  CoreKind core;         ///< the core kind that owns it (one arena per core)
  int64_t physicalBytes; ///< what the hardware has
  int64_t safeBytes;     ///< what the memory planner may use
  /// The layout of a tile in this space (PTO-ISA's BLayout / SLayout / fractal size): Mat NZ
  /// (ColMajor / RowMajor, 512), Left (RowMajor / RowMajor on a2a3, ColMajor / RowMajor on
  /// a5), Right (RowMajor / ColMajor), Acc (ColMajor / RowMajor, 1024), Vec and Bias plain
  /// row-major. InferTileLayouts gives every tile its space's layout.
  ir::BLayout blayout = ir::BLayout::RowMajor;
  ir::SLayout slayout = ir::SLayout::NoneBox;
  int64_t fractal = 512;
};

/// One SoC (a backend's machine model).
struct SocDesc {
  std::string name;                    ///< "a2a3", "a5"
  std::vector<MemorySpaceDesc> spaces; ///< only the spaces the SoC has
  int aicCores = 0;                    ///< per die
  int aivCores = 0;                    ///< per die
  int64_t alignment = 32;              ///< byte alignment of every on-chip buffer
  /// Cross-core pipes go through global memory (a2a3: no direct Acc/Vec path between the cores
  /// of a cluster); InjectGMPipeBuffer gives the kernels the buffer.
  bool gmPipes = false;
  /// The conversions one TCVT does, as (from, to) pairs; empty: every conversion between the
  /// dtypes the SoC's vector unit holds (no table). LegalizeTileCast chains the others.
  std::vector<std::pair<ir::DataType, ir::DataType>> nativeCasts;

  /// nullptr when the SoC has no such space (e.g. LeftScale on a2a3, DDR anywhere).
  const MemorySpaceDesc *space(ir::MemorySpace s) const;
  /// Safe capacity of a space; 0 when the SoC does not have it.
  int64_t safeCapacity(ir::MemorySpace s) const;
  /// Whether one TCVT converts `from` to `to` (an unlisted pair: no instruction does it).
  bool nativeCast(ir::DataType from, ir::DataType to) const;
};

/// Ascend 910B-class: 24 AIC (Mat 512 KiB, Left 64, Right 64, Acc 128, Bias 1) + 48 AIV
/// (Vec 192 KiB physical, 184 safe).
const SocDesc &a2a3Soc();
/// Ascend 950-class: 18 clusters of 1 AIC (Mat 512, Left 64, Right 64, Acc 256, Bias 4,
/// LeftScale / RightScale 4) + 2 AIV (Vec 248 KiB physical, 240 safe).
const SocDesc &a5Soc();

/// `n` rounded up to a multiple of `align` (> 0).
int64_t alignUp(int64_t n, int64_t align);
/// Bytes of a tile buffer: product of the constant dims × element bits / 8 (sub-byte dtypes
/// packed), rounded up to `align`; nullopt when a dim is not a constant.
std::optional<int64_t> tileBufferBytes(const ir::TileType &t, int64_t align);
/// R when t is a column vector [R, 1] with a constant R > 1 (a row reduction's result: stored
/// column-major, DN, in Vec); nullopt otherwise.
std::optional<int64_t> columnVectorRows(const ir::TileType &t);
/// `v`, or nullopt when it is the implicit view (row-major, unboxed, 512-byte fractals, no
/// valid shape, strides, offset or pad): a type without a view prints and compares as that.
std::optional<ir::TileView> explicitView(ir::TileView v);

} // namespace pl::passes
