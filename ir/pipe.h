// The hardware pipes of an AI core (PTO's pipe_t): what an instruction runs on, and what a
// flag or barrier orders. Read by InsertPipeSyncs and printed by the PTO backend.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace pl::ir {

/// S scalar, V vector, M cube, MTE1 Mat -> L0, MTE2 GM -> Vec/Mat, MTE3 Vec -> GM, FIX Acc -> GM
/// or Vec; All (barriers only).
enum class Pipe : uint8_t { S, V, M, MTE1, MTE2, MTE3, Fix, All };

/// The IR spelling (`v`, `mte2`, `fix`, ...), as the kwargs of system.sync_src / sync_dst.
std::string_view pipeName(Pipe p);
std::optional<Pipe> parsePipe(std::string_view s);
/// The PTO-ISA spelling: `PIPE_V`, `PIPE_MTE2`, `PIPE_FIX`, ...
std::string_view ptoPipeName(Pipe p);

} // namespace pl::ir
