// InitMemRef: every tile variable of a kernel function gets a MemRef (a buffer: base allocation,
// byte offset, size) in its TileType; one `tile.alloc` per buffer opens the function.
//
// Why: memory planning (MemoryReuse, AllocateMemoryAddr) and codegen work on buffers, not on
// SSA values; several values (aliases, in-place updates, loop carries) live in one buffer.
// Properties: passes/passes.def.
// Buffers (a fresh `Ptr<Space> mem_<space>_<n> = tile.alloc({.target_memory = S, .size = B})`
// per root, B = elements × dtype bits / 8 rounded up to 32 bytes; its MemRef `@<space>_<n>(
// mem_<space>_<n>, 0, B)`) — sharing rules (PyPTO's):
//   - an alias `y = x` and a same-size `tile.reshape` share x's MemRef;
//   - an op whose result reuses an argument (`matmul_acc` acc, `write`, `assemble` target)
//     shares that argument's MemRef;
//   - a loop's iter_arg shares its init's MemRef unless a value in that buffer is read in the
//     loop or after it (the yields would overwrite it) or another slot of the loop took it;
//   - a loop's return var shares its iter_arg's MemRef (it holds the iter_arg's final value, so
//     leaving the loop copies nothing, also after zero trips);
//   - an if return var shares the then-branch yield's MemRef (else: the else yield's) unless a
//     value in it is read after the if (the other branch writes it) or another return var of
//     the if took it — the destinations of one statement never share a buffer;
//   - anything else (including `tile.slice`, whose type carries no parent stride) gets a new
//     buffer. Sharing needs the same memory space; otherwise the value gets its own buffer.
// The value a loop body yields (and an if's other branch) gets a buffer of its own here;
// MaterializeSemanticAliases (slot 36, next) moves it into the carry's buffer where that is safe.
// Where it is not, the yield copies into the iter_arg's buffer (an else-yield into the
// then-yield's); SequentializeParallelCopies makes the order of those copies safe.
// A function whose tiles already have MemRefs is left unchanged; tile parameters get none.
// Options: none.
// Diagnostics: MR001 a tile with a non-constant shape (its buffer cannot be sized).
// Example: `Tile<fp32,16,16,Vec> t = tile.exp(a)` → `Ptr<Vec> mem_vec_1 = tile.alloc({
//   .target_memory = Vec, .size = 1024}); ... Tile<fp32,16,16,Vec,@vec_1(mem_vec_1, 0, 1024)> t
//   = tile.exp(a)`.
// Test: tests/passes/init_mem_ref.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm: f with MemRefs on its kernel tiles (f itself when nothing changes; nullptr
/// after reporting an error to `diags`).
ir::FunctionPtr initMemRef(const ir::FunctionPtr &f, ir::DiagnosticEngine &diags);

Pass createInitMemRefPass(PassOptions &opts);

} // namespace pl::passes
