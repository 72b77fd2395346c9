// AllocateMemoryAddr: every on-chip buffer of a kernel function gets a byte address in its
// memory space's arena; the SoC's safe capacities are enforced.
//
// Why: codegen binds each tile to an address (PTO's TASSIGN); the planner is the last place
// that can report that a kernel does not fit.
// Properties: passes/passes.def.
// PyPTO planner (sequential, no reuse — MemoryReuse, slot 37, is separate): per kernel
// function and per memory space, the `tile.alloc`s in program order are placed one after the
// other from address 0, each aligned to the SoC alignment (32 bytes). The address is written
// as `.addr` on the `tile.alloc` and into every MemRef on that base: its byte offset becomes
// addr + the offset it had (relative to the base). Allocations that already have an `.addr`
// keep it (and their MemRefs are not touched); new ones are placed after them. Then each
// cross-core pipe set-up's consumer buffer (where pto-isa's TPOP places its tiles: 2 slots of
// slot_size bytes, in Vec for the AIV end of a C2V pipe, in Mat for the AIC end of a V2C pipe)
// goes after the tiles of its space, as `.c2v_consumer_buf` / `.v2c_consumer_buf` on the
// set-up; every set-up gets `.local_slot_num = 2` (TPipe's LocalSlotNum). The buffers count
// against the capacity (MA001). A kernel's `system.reserve_buffer` declares its consumer buffer
// (pto-isa has no such call: the TPipe takes the address): its size makes local_slot_num =
// size / slot_size, its base (unless -1) is the buffer's address, which the tiles skip. Every
// `system.import_peer_buffer` must name a buffer its `peer_func`, of the other core kind,
// reserves.
// Capacities are the SoC's safe ones (a2a3: Vec 184 KiB, Mat 512, Left / Right 64, Acc 128,
// Bias 1; a5: Vec 240, Acc 256, Bias 4, LeftScale / RightScale 4), the SoC coming from the
// PassContext platform.
// Options: `platform=<name>` (a name of the platform table, passes/platform.h) overrides the
//   context's platform; an unknown name is a PM003 option error.
// Diagnostics: MA001 (at the function) a kernel needs more bytes of a space than the SoC has
//   ("kernel 'k' needs 262144 bytes of Vec but a2a3 has 188416 bytes available") · MA002 (at the
//   MemRef) a hand-written MemRef that does not fit the allocation it names · MA003 (at the
//   reserve) a reserve in a kernel that pops from no pipe, a second one, a size that is not
//   whole slots, a base not aligned or past the capacity · MA004 (at the import) an import whose
//   peer is missing, of the same core kind, or reserves no buffer of that name.
// Example: two 16 KiB Vec buffers `tile.alloc({.target_memory = Vec, .size = 16384})` →
//   `.addr = 0` and `.addr = 16384`; `@vec_1(mem_vec_1, 0, 16384)` → `@vec_1(mem_vec_1, 16384,
//   16384)`.
// Test: tests/passes/allocate_memory_addr.pir
#pragma once

#include "passes/pass.h"
#include "passes/utils/soc.h"

namespace pl::passes {

/// The algorithm for one function: addresses for its allocations on `soc` (f itself when
/// nothing changes; nullptr after reporting an error to `diags`).
ir::FunctionPtr allocateMemoryAddr(const ir::FunctionPtr &f, const SocDesc &soc,
                                   ir::DiagnosticEngine &diags);

Pass createAllocateMemoryAddrPass(PassOptions &opts);

} // namespace pl::passes
