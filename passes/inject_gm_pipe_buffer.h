// InjectGMPipeBuffer (pipeline slot 26): on a SoC whose cross-core pipes go through global
// memory (a2a3), every mixed task gets the GM buffer that holds its slot rings.
//
// Why: a 910B-class cluster has no direct path between the cube core's Acc / Mat and the vector
//   cores' Vec; a tpush writes the slot in GM and the tpop reads it back. The buffer belongs to
//   one task instance (two tasks of one Group may run at once on different clusters), so the
//   caller allocates it per call and every kernel of the Group receives it.
// Properties: passes/passes.def.
// On a SoC with `gmPipes` (a2a3, a2a3sim), for every Group whose AIC or AIV kernel (the
//   functions its body calls) sets up pipes (`system.*_initialize_pipe`):
//   - each such kernel and the Group gain a last parameter `InOut Tensor<uint8, B>
//     gm_pipe_buffer`, B = slot_num · slot_size per direction of the set-up's mask (one ring
//     per direction, as pto-isa's TPipe lays it out: a slot holds the AIC's whole tile, lane
//     k's part at its split offset), the largest of the kernels' set-ups; each
//     initialize_pipe takes it as its argument and gains `gm_c2v_offset` / `gm_v2c_offset`,
//     the byte offset of each direction's ring (C2V first: 0, then V2C);
//   - the Group passes it on to its kernels;
//   - each caller (a call or submit of the Group in any function) binds `gm_pipe_buffer =
//     tensor.create({B}, {.dtype = uint8})` right before the call and passes it last.
//   On other SoCs (a5) nothing changes. A Group already taking the buffer is unchanged.
// Options: `platform=<name>` (default: the context's platform).
// Diagnostics: none.
// Example: `AIC k(a) { system.aic_initialize_pipe({.dir_mask = 3, .slot_size = 1024,
//   .slot_num = 2, ..}) }` → `AIC k(a, InOut Tensor<uint8, 4096> gm_pipe_buffer) {
//   system.aic_initialize_pipe(gm_pipe_buffer, {.., .gm_c2v_offset = 0, .gm_v2c_offset =
//   2048}) }`, `g(a)` → `gm_pipe_buffer = tensor.create({4096}, ..); g(a, gm_pipe_buffer)`.
// Test: tests/passes/inject_gm_pipe_buffer.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

Pass createInjectGMPipeBufferPass(PassOptions &opts);

} // namespace pl::passes
