// emit/pto PTO-AS target checks: the instruction records whose ptoas form the target's verifier
// rejects (ptoas checks each op per architecture, `pto.target_arch` "a3" or "a5"). pl has no
// other spelling of these, so the PTO-AS printer refuses them with a located ES010 instead of
// printing text that ptoas does not assemble (docs/backend.md "PTO-AS text").
#pragma once

#include "emit/pto/pto_instr.h"

#include <optional>
#include <string>

namespace pl::emit::pto {

/// Why ptoas's verifier for `arch` ("a2a3" or "a5") rejects the record `r` writing a tile of
/// type `dst`; nullopt when it takes it.
std::optional<std::string> ptoasRejects(const PtoInstr &r, const ir::TileType &dst,
                                        std::string_view arch);

} // namespace pl::emit::pto
