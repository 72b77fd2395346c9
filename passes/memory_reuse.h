// MemoryReuse: tiles whose lifetimes do not overlap share one buffer (PyPTO planner, slot 37).
//
// Why: InitMemRef gives every root tile its own `tile.alloc`; a kernel with three 128x128 fp32
// Vec tiles needs 192 KiB that way, more than a2a3's 184 KiB safe Vec capacity, although
// `c = add(a, b)` could write c over a dead a. Coalescing buffers before AllocateMemoryAddr
// (which places allocations one after the other, no reuse) lets such kernels fit.
// Properties: passes/passes.def. The input is in SSA form, as InitMemRef leaves it; the
//   MemRefs stay valid.
// Algorithm (kernel functions: InCore, AIC, AIV; others are left unchanged):
//   1. Buffers: every `Ptr<S> b = tile.alloc({.target_memory = S, .size = N})`; its members are
//      the tile variables whose MemRef has base b (views and in-place results included, so
//      every rule below is seen through them).
//   2. Conflicts (passes/utils/tile_lifetimes.h): two buffers conflict when a member of one is
//      written while a member of the other is live (touching is allowed), when they hold
//      different slots of one loop carry / if-phi, when one holds a loop carry and the other
//      a tile defined inside that loop that is not on the carry's way to its yield, or when
//      one holds an iter_arg and the other its init while that init is still read in or after
//      the loop. No-alias rules add conflicts between an op's result and operands it reads
//      while writing: every tile operand of a not-in-place-safe op
//      (`Op::inPlaceSafe`: among them cmp / cmps, whose packed mask PTO-ISA's CPU TCMP zeroes
//      first; plus recip, rsqrt, move, fmod, fmods), the broadcast vector of
//      row_expand* / col_expand*, the mask of sel / sels, written scratch (`tmp`) operands,
//      and the input of a widening `tile.cast`.
//   3. Packing per memory space, largest first (ties: allocation order): each buffer joins the
//      first group none of whose buffers it conflicts with; the group's first buffer (the
//      largest) represents it. Pinned buffers (a pinned or multi-slot MemRef, or an alloc that
//      already has an `.addr`) stay alone.
//   4. Rewrite: MemRefs on a merged base are rebased onto the representative (same name, offset
//      and size); the merged `tile.alloc`s are removed.
// Not done (PyPTO does): the 910B split-AIV load+tpop hazard, pipeline-stage separation
// (PH-MR-001). Carried values were already moved into their carry's buffer where safe
// (MaterializeSemanticAliases, slot 36); this pass only coalesces further.
// Options: none. Diagnostics: none.
// Example: `a = load; b = exp(a); c = exp(b)` with three allocs → c's MemRef rebased onto a's
//   base (`@vec_2(mem_vec_0, 0, N)`), `mem_vec_2`'s alloc removed.
// Test: tests/passes/memory_reuse.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm for one function: f with coalesced buffers (f itself when nothing changes).
ir::FunctionPtr reuseMemory(const ir::FunctionPtr &f);

Pass createMemoryReusePass(PassOptions &opts);

} // namespace pl::passes
