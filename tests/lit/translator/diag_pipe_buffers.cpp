// reserve_buffer / import_peer_buffer are declarations pto-isa has no call for: AllocateMemoryAddr
// applies the reserve to the consumer's TPipe and checks both, at the user's line. MA003: a reserve
// in a kernel that pops from no pipe, or one that is not whole slots; MA004: an import whose peer
// reserves no buffer of that name. Correct ones translate and print a comment only.
// RUN: not %pl-translate %s -o %t.cpp -- %dsl-flags -DWRONG -Xclang -verify 2>&1 | FileCheck --allow-empty --check-prefix=VERIFY %s
// RUN: %pl-translate %s --platform=a2a3 --out-dir=%t.pkg -o %t2.cpp -- %dsl-flags
// RUN: FileCheck %s --check-prefix=PKG < %t.pkg/kernels/aiv/vec.cpp
// RUN: FileCheck %s --check-prefix=PKGC < %t.pkg/kernels/aic/cube.cpp
// VERIFY-NOT: {{expected|error}}
// PKG: pto::TPipe<0, pto::Direction::DIR_C2V, 4096, 2, 2> pipe_c2v(
// PKG-NEXT: // reserve_buffer "c2v", 8192 bytes: this kernel's consumer buffer, given to its TPipe
// PKG-NOT: reserve_buffer(
// PKGC: // import_peer_buffer "c2v" of 'vec': the pipe's consumer buffer
// PKGC-NOT: import_peer_buffer(
#include <pl/dsl.hpp>

using T = pl::Tensor<pl::fp32, 16, 64>;
using VecTile = pl::Tile<pl::fp32, 16, 64>;
using MatTile = pl::Tile<pl::fp32, 16, 64, pl::Mem::Mat>;

PL_FUNCTION(pl::FunctionType::AIC) void cube(T a, pl::Out<T> o) {
  pl::aic_initialize_pipe({.dir_mask = 1, .slot_size = 4096, .slot_num = 2});
#ifdef WRONG
  pl::reserve_buffer({.name = "c2v", .size = 8192}); // expected-error {{kernel 'cube' reserves buffer 'c2v' but is not the consuming end of a pipe: reserve_buffer declares the buffer TPOP places tiles in, in the AIV kernel of a C2V pipe (dir_mask 1) or the AIC kernel of a V2C pipe (dir_mask 2) [MA003]}}
  pl::import_peer_buffer({.name = "ring", .peer_func = "vec"}); // expected-error {{kernel 'cube' imports buffer 'ring' of 'vec', but kernel 'vec' reserves no buffer of that name (reserve_buffer) [MA004]}}
#else
  pl::import_peer_buffer({.name = "c2v", .peer_func = "vec"});
#endif
  MatTile t = pl::load(a, {0, 0}, {16, 64}, {.target_memory = pl::Mem::Mat});
  pl::tpush_to_aiv(t);
  (void)o;
}

PL_FUNCTION(pl::FunctionType::AIV) void vec(T a, pl::Out<T> o) {
  pl::aiv_initialize_pipe({.dir_mask = 1, .slot_size = 4096, .slot_num = 2});
#ifdef WRONG
  pl::reserve_buffer({.name = "c2v", .size = 6000}); // expected-error {{buffer 'c2v' of 6000 bytes is not a whole number of the pipe's 4096-byte slots (its size is LocalSlotNum * slot_size) [MA003]}}
#else
  pl::reserve_buffer({.name = "c2v", .size = 8192});
#endif
  VecTile t = pl::tpop_from_aic<VecTile>();
  pl::store(t + t, {0, 0}, o);
  pl::tfree_to_aic(t);
  (void)a;
}

PL_FUNCTION(pl::FunctionType::Group) void twice(T a, pl::Out<T> o) {
  cube(a, o);
  vec(a, o);
}

PL_FUNCTION(pl::FunctionType::Orchestration) void run(T a, pl::Out<T> o) { twice(a, o); }
