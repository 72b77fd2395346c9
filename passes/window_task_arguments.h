// WindowTaskArguments: every kernel task receives the windows of its tensor arguments it
// touches, not whole tensors (pl's own pass, issue 14).
//
// Why: the runtime orders tasks by the tensor records they are given (its TensorMap tracks
//   byte intervals). A task given a whole tensor conflicts with every other task on that
//   tensor, so tasks on disjoint windows of one tensor are serialised, and where the runtime
//   does not track write-after-read (PTO2, PyPTO #2058) they race. A task given exactly the
//   window it reads and writes is independent of tasks on other windows.
// Properties: passes/passes.def. Runs after DeriveCallDirections (the directions stay those of
//   the whole tensors) and before BoundTileWindows (which then sees the rebased windows).
// Rules: for each kernel (AIV / AIC / InCore) tensor parameter `p` whose every use is the tensor
//   of a tile.load, tile.store, tensor.read or tensor.write (also through the results of the
//   stores and writes), or a returned value, and whose type has no explicit view:
//   - per dim, every access offset is `b + c` with one common `b` (an expression of the
//     kernel's scalar parameters only, or nothing) and a constant `c`, and every extent is a
//     constant (load: its shapes; store: the tile's dims, right-aligned; read/write: 1). The
//     window is origin `b + min(c)`, extent `max(c + extent) - min(c)`;
//   - every call of the kernel is in an Orchestration function (a submit or a call from another
//     function keeps the whole tensor) and passes a plain tensor with constant dims;
//   - no access on a conditional path (an if branch, a while body, a for body that may not run)
//     has an offset with a base `b` or a negative `c`: the call makes the window whether or not
//     the access runs, and such a window may be invalid exactly when it does not.
//   Then `p` becomes a parameter of the window's type, each access offset `c - min(c)`, the
//   returns of `p` return the window, and each call passes
//     `a_w = tensor.slice(a, {extents}, {origins})`
//   assigned just before it, the origins with the call's arguments for the scalar parameters.
//   A dim whose window is not proven inside the argument at that call (origin >= 0 and
//   origin + extent <= the dim, from interval bounds: constants, constant-step for loops,
//   scalar assignments) is clipped at run time: origin `min(o, dim)`, extent
//   `max(0, min(e, dim - o))` — what the kernel's own clipping of a ragged window would have
//   touched (host-entry wrappers pass unbounded scalars, so this is their case). A call result that
//   returned a windowed parameter is replaced in every later use by the argument's tensor (the same
//   buffer). A window equal to the whole tensor is left alone. Parameters that keep the whole
//   tensor, and why, are listed in the kernel's attr `whole_tensor_args` (["p: reason", ...]).
// Options: none. Diagnostics: none.
// Example: `AIV k(In Tensor<fp32, 64, 32> x, In index r)` loading `x` at `{r, 0}` size
//   `{16, 32}`, called as `k(x, i * 16)` for `i` in range(0, 4), becomes
//   `AIV k(In Tensor<fp32, 16, 32> x, In index r)` loading at `{0, 0}`, called as
//   `x_w = tensor.slice(x, {16, 32}, {i * 16, 0}); k(x_w, i * 16)`.
// Test: tests/passes/window_task_arguments.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm (p itself when nothing changes).
ir::ProgramPtr windowTaskArguments(const ir::ProgramPtr &p);

Pass createWindowTaskArgumentsPass(PassOptions &opts);

} // namespace pl::passes
