// Misuse of the mixed-kernel forms: located diagnostics. F368 pl::at `.optimizations` that are not
// constant pl::split / pl::cross_core_slot calls (or on a scope that is not a kernel); F369 a
// cross-core pipe op outside a kernel of its side; F372 a Group kernel called with anything but
// the Group's parameters in order; F373 a misplaced pl::cluster. A Group function named by host
// code is an entry point that host code cannot call (F501, WrapEntryPoints).
// RUN: not %pl-translate --emit=ir %s -- %dsl-flags -ferror-limit=0 -Xclang -verify 2>&1 | FileCheck --allow-empty --check-prefix=VERIFY %s
// RUN: not %pl-translate %s -o %t.cpp -- %dsl-flags -DHOST_CALL -Xclang -verify 2>&1 | FileCheck --allow-empty --check-prefix=VERIFY %s
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cp %s %t.dir/k.cpp
// RUN: not %pl-translate --emit=ir --export-fixes=%t.dir/fixes.yaml %t.dir/k.cpp -- %dsl-flags -DFIXIT 2>&1 | FileCheck --check-prefix=FIXIT %s
// RUN: FileCheck --check-prefix=YAML %s --input-file=%t.dir/fixes.yaml
// YAML: DiagnosticName: pl-explicit-forms
// YAML: ReplacementText: a, o
// RUN: %clang-apply-replacements %t.dir
// RUN: FileCheck --check-prefix=FIXED %s --input-file=%t.dir/k.cpp
// RUN: %pl-translate --emit=ir %t.dir/k.cpp -- %dsl-flags -DFIXIT 2>&1 | FileCheck --check-prefix=AFTER %s
// AFTER: Group fixable(
// VERIFY-NOT: {{expected|error}}
#include <pl/dsl.hpp>

using T = pl::Tensor<pl::fp32, 16, 64>;
using VecTile = pl::Tile<pl::fp32, 16, 64>;

// A kernel that uses the pipes is one kernel of a Group and takes the Group's parameters: an
// output it does not write (the AIV kernel does) is no F370.
PL_FUNCTION(pl::FunctionType::AIC) void cube(T a, pl::Out<T> o) {
  pl::Tile<pl::fp32, 16, 64, pl::Mem::Mat> t = pl::load(a, {0, 0}, {16, 64}, {.target_memory = pl::Mem::Mat});
  pl::tpush_to_aiv(t);
}

PL_FUNCTION(pl::FunctionType::AIV) void vec(T a, pl::Out<T> o) {
  VecTile t = pl::tpop_from_aic<VecTile>();
  pl::tfree_to_aic(t);
  pl::store(t, {0, 0}, o);
  (void)a;
}

#if !defined(HOST_CALL) && !defined(FIXIT)
// F369: each op on its own side; the slot-ring ops in a kernel of either side.
PL_FUNCTION(pl::FunctionType::AIC) void wrong_cube(T a, pl::Out<T> o) {
  VecTile t = pl::load(a, {0, 0}, {16, 64});
  pl::tpush_to_aic(t); // expected-error {{pl::tpush_to_aic runs on the vector core: call it in a PL_FUNCTION(pl::FunctionType::AIV) kernel of a Group, not in 'wrong_cube', an AIC function [F369]}}
  pl::aiv_initialize_pipe({.dir_mask = 1, .slot_size = 4096, .slot_num = 2}); // expected-error {{pl::aiv_initialize_pipe runs on the vector core}}
  auto p = pl::tpop_from_aic<VecTile>(); // expected-error {{pl::tpop_from_aic runs on the vector core}}
  pl::tfree_to_aic(p); // expected-error {{pl::tfree_to_aic runs on the vector core}}
  pl::store(t, {0, 0}, o);
}

PL_FUNCTION(pl::FunctionType::AIV) void wrong_vec(T a, pl::Out<T> o) {
  VecTile t = pl::load(a, {0, 0}, {16, 64});
  pl::tpush_to_aiv(t); // expected-error {{pl::tpush_to_aiv runs on the cube core: call it in a PL_FUNCTION(pl::FunctionType::AIC) kernel of a Group, not in 'wrong_vec', an AIV function [F369]}}
  pl::tfree_to_aiv(t); // expected-error {{pl::tfree_to_aiv runs on the cube core}}
  pl::aic_initialize_pipe({.dir_mask = 1, .slot_size = 4096, .slot_num = 2}); // expected-error {{pl::aic_initialize_pipe runs on the cube core}}
  pl::store(t, {0, 0}, o);
}

// T111: the cube core has no Vec memory; a vector core pops into Vec only.
PL_FUNCTION(pl::FunctionType::AIC) void vec_on_cube(T a, pl::Out<T> o) {
  auto v = pl::tpop_from_aiv<pl::Tile<pl::fp32, 16, 64, pl::Mem::Vec>>(); // expected-error {{'tile.tpop_from_aiv'}}
  pl::tfree_to_aiv(v);
  (void)a;
  (void)o;
}

PL_FUNCTION(pl::FunctionType::InCore) void incore(T a, pl::Out<T> o) {
  pl::reserve_buffer({.name = "ring", .size = 4096}); // expected-error {{pl::reserve_buffer sets up a cross-core pipe: call it in an AIC or AIV kernel of a Group, not in 'incore', an InCore function [F369]}}
  pl::Tile<pl::fp32, 16, 64, pl::Mem::Mat> m = pl::tpop_from_aiv<pl::Tile<pl::fp32, 16, 64, pl::Mem::Mat>>(); // expected-error {{pl::tpop_from_aiv runs on the cube core: call it in a PL_FUNCTION(pl::FunctionType::AIC) kernel of a Group, not in 'incore', an InCore function [F369]}}
  pl::store(m, {0, 0}, o);
  (void)a;
}

PL_FUNCTION(pl::FunctionType::Opaque) void in_task(T x, pl::Out<T> o) {
  pl::at(pl::Level::CORE_GROUP, [&] {
    pl::import_peer_buffer({.name = "ring", .peer_func = "vec"}); // expected-error {{pl::import_peer_buffer sets up a cross-core pipe: call it in an AIC or AIV kernel of a Group, not in 'in_task', an Opaque function (in a pl::at / pl::spmd body) [F369]}}
    o = pl::add(x, x);
  });
}

// F372: every kernel of a Group takes the Group's parameters, in the same order.
PL_FUNCTION(pl::FunctionType::Group) void swapped(T a, T b, pl::Out<T> o) {
  cube(b, o); // expected-error {{the kernels of Group 'swapped' take the Group's parameters in the same order (the runtime passes one argument list to every kernel of a mixed task): 'cube' takes 2 parameter(s), the Group 3 [F372]}}
  vec(a, o); // expected-error {{'vec' takes 2 parameter(s), the Group 3 [F372]}}
  (void)b;
}
PL_FUNCTION(pl::FunctionType::Group) void reordered(T a, pl::Out<T> o) {
  cube(a, o);
  vec(o, o); // expected-error {{the kernels of Group 'reordered' take the Group's parameters in the same order (the runtime passes one argument list to every kernel of a mixed task): call it as vec(a, o) [F372]}}
}

// F368: `.optimizations` are pl::split(mode) / pl::cross_core_slot(n) with constant operands,
// each at most once, on a kernel scope.
PL_FUNCTION(pl::FunctionType::Opaque) void optimizations(T x, pl::Out<T> o, int n) {
  pl::at({.optimizations = {pl::split(pl::SplitMode::UpDown), pl::cross_core_slot(n)}}, // expected-error {{the operand of pl::cross_core_slot must be a compile-time constant [F368]}}
         [&] { o = pl::add(x, x); });
  pl::at({.optimizations = {pl::cross_core_slot(0)}}, // expected-error {{pl::cross_core_slot needs at least 1 slot per pipe, got 0 [F368]}}
         [&] { o = pl::add(x, x); });
  pl::at({.optimizations = {pl::split(pl::SplitMode::UpDown), pl::split(pl::SplitMode::LeftRight)}}, // expected-error {{pl::split is given twice in '.optimizations' [F368]}}
         [&] { o = pl::add(x, x); });
  const pl::Optimization opt = pl::split(pl::SplitMode::UpDown); // expected-error {{'pl::split' is not a DSL operation}}
  pl::at({.optimizations = {opt}}, // expected-error {{an optimization of pl::at is pl::split(pl::SplitMode::...) or pl::cross_core_slot(n) [F368]}}
         [&] { o = pl::add(x, x); });
  pl::at({.level = pl::Level::CHIP, .optimizations = {pl::split(pl::SplitMode::UpDown)}}, // expected-error {{'.optimizations' apply to a kernel scope (pl::Level::CORE_GROUP), not to a pl::at at level CHIP [F368]}}
         [&] { o = pl::add(x, x); });
}

// F373: pl::cluster groups the kernel calls of an orchestration.
PL_FUNCTION(pl::FunctionType::Opaque) void clusters(T x, pl::Out<T> o) {
  pl::cluster([&] {
    pl::cluster([&] { cube(x, o); }); // expected-error {{pl::cluster groups kernel calls of an orchestration into one task; it cannot be inside a kernel, a pl::at / pl::spmd body or another pl::cluster [F373]}}
  });
  pl::at(pl::Level::CORE_GROUP, [&] {
    pl::cluster([&] { o = pl::add(x, x); }); // expected-error {{pl::cluster groups kernel calls of an orchestration into one task}}
  });
  auto body = [&] { cube(x, o); };
  pl::cluster(body);
  pl::cluster([&] {
    return; // expected-error {{'return' inside a pl::at, pl::spmd, pl::scope, pl::manual_scope or pl::cluster body is not supported [F209]}}
  });
}

PL_FUNCTION(pl::FunctionType::AIV) void cluster_in_kernel(T x, pl::Out<T> o) {
  pl::cluster([&] { pl::store(pl::load(x, {0, 0}, {16, 64}), {0, 0}, o); }); // expected-error {{pl::cluster groups kernel calls of an orchestration into one task}}
}
#endif

#ifdef HOST_CALL
// A Group that host code names is an entry point, which host code cannot call yet.
PL_FUNCTION(pl::FunctionType::Group) void grp(T a, pl::Out<T> o) { // expected-error {{a Group function cannot be called from host code yet; call it from an Orchestration function [F501]}}
  cube(a, o);
  vec(a, o);
}
inline void host(T a, T o) { grp(a, o); }
#endif

#ifdef FIXIT
// The fix-it gives the kernel the Group's parameter list.
PL_FUNCTION(pl::FunctionType::Group) void fixable(T a, pl::Out<T> o) {
  cube(a, o);
  vec(o, a);
}
// FIXIT: error: the kernels of Group 'fixable' take the Group's parameters in the same order
// FIXIT-NEXT: vec(o, a);
// FIXIT-NEXT: ^   ~~~~
// FIXIT-NEXT: a, o
// FIXED: {{^}}  vec(a, o);
#endif
