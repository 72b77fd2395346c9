// Mixed kernels (issue 15), the user-facing forms: the explicit cross-core pipe ops of hand-written
// AIC / AIV kernels lower to the IR ops of the same names (option structs → kwargs; a pop's shape,
// dtype and a stated memory space from its tile type), a Group function calls its kernels with
// its own parameters and is not an entry point when only an orchestration calls it, pl::cluster is
// a Cluster scope (a Group function after OutlineClusterScopes), and pl::at's `.optimizations`
// become the InCore scope's `split` / `slot_num` attrs, which OutlineIncoreScopes moves to the
// outlined InCore function.
// RUN: %pl-translate --emit=ir %s -- %dsl-flags 2>&1 | FileCheck %s
// RUN: %pl-translate --emit=final-ir --print-after=outline-incore-scopes %s -o %t.outlined -- %dsl-flags 2>&1 | FileCheck %s --check-prefix=OUTLINED
// RUN: %pl-translate --emit=final-ir --print-after=outline-cluster-scopes %s -o %t.cluster -- %dsl-flags 2>&1 | FileCheck %s --check-prefix=CLUSTER
#include <pl/dsl.hpp>

using T = pl::Tensor<pl::fp32, 16, 64>;
using VecTile = pl::Tile<pl::fp32, 16, 64>;
using MatTile = pl::Tile<pl::fp32, 16, 64, pl::Mem::Mat>;

// CHECK-LABEL: AIC cube(In Tensor<fp32, 16, 64> a, Out Tensor<fp32, 16, 64> o) {
// CHECK-NEXT: system.aic_initialize_pipe({.dir_mask = 3, .slot_size = 4096, .slot_num = 2});
// CHECK-NEXT: system.import_peer_buffer({.name = "c2v_ring", .peer_func = "vec"});
// CHECK-NEXT: system.reserve_buffer({.name = "v2c_ring", .size = 8192, .base = 0});
// CHECK-NEXT: Tile<fp32, 16, 64, Mat> t = tile.load(a, {0, 0}, {16, 64}, {.target_memory = Mat});
// CHECK-NEXT: tile.tpush_to_aiv(t);
// CHECK-NEXT: Tile<fp32, 16, 64, Mat> back = tile.tpop_from_aiv({16, 64}, {.dtype = fp32});
// CHECK-NEXT: tile.tfree_to_aiv(back);
// CHECK-NEXT: Tile<fp32, 16, 64, Mat> m = tile.tpop_from_aiv({16, 64}, {.dtype = fp32, .target_memory = Mat});
// CHECK-NEXT: tile.tfree_to_aiv(m);
// CHECK-NEXT: o = tile.store(m, {0, 0}, o);
// CHECK-NEXT: }
PL_FUNCTION(pl::FunctionType::AIC) void cube(T a, pl::Out<T> o) {
  pl::aic_initialize_pipe({.dir_mask = 3, .slot_size = 4096, .slot_num = 2});
  pl::import_peer_buffer({.name = "c2v_ring", .peer_func = "vec"});
  pl::reserve_buffer({.name = "v2c_ring", .size = 8192, .base = 0});
  MatTile t = pl::load(a, {0, 0}, {16, 64}, {.target_memory = pl::Mem::Mat});
  pl::tpush_to_aiv(t);
  auto back = pl::tpop_from_aiv<pl::Tile<pl::fp32, 16, 64>>();
  pl::tfree_to_aiv(back);
  auto m = pl::tpop_from_aiv<MatTile>();
  pl::tfree_to_aiv(m);
  pl::store(m, {0, 0}, o);
}

// CHECK-LABEL: AIV vec(In Tensor<fp32, 16, 64> a, Out Tensor<fp32, 16, 64> o) {
// CHECK-NEXT: system.aiv_initialize_pipe({.dir_mask = 3, .slot_size = 4096, .slot_num = 2});
// CHECK-NEXT: system.reserve_buffer({.name = "c2v_ring", .size = 8192});
// CHECK-NEXT: system.import_peer_buffer({.name = "v2c_ring", .peer_func = "cube"});
// CHECK-NEXT: Tile<fp32, 16, 64, Vec> t = tile.tpop_from_aic({16, 64}, {.dtype = fp32});
// CHECK-NEXT: Tile<fp32, 16, 64, Vec> twice = tile.add(t, t);
// CHECK-NEXT: tile.tfree_to_aic(t);
// CHECK-NEXT: tile.tpush_to_aic(twice);
// CHECK-NEXT: tile.tpush_to_aic(twice);
// CHECK-NEXT: o = tile.store(twice, {0, 0}, o);
PL_FUNCTION(pl::FunctionType::AIV) void vec(T a, pl::Out<T> o) {
  pl::aiv_initialize_pipe({.dir_mask = 3, .slot_size = 4096, .slot_num = 2});
  pl::reserve_buffer({.name = "c2v_ring", .size = 8192});
  pl::import_peer_buffer({.name = "v2c_ring", .peer_func = "cube"});
  VecTile t = pl::tpop_from_aic<VecTile>();
  VecTile twice = t + t;
  pl::tfree_to_aic(t);
  pl::tpush_to_aic(twice);
  pl::tpush_to_aic(twice);
  pl::store(twice, {0, 0}, o);
  (void)a;
}

// A Group calls its kernels with its own parameters; only an orchestration calls it, so it is no
// entry point (no host_entry attr).
// CHECK-NOT: host_entry = "grp"
// CHECK-LABEL: Group grp(In Tensor<fp32, 16, 64> a, Out Tensor<fp32, 16, 64> o) {
// CHECK-NEXT: cube(a, o);
// CHECK-NEXT: vec(a, o);
// CHECK-NEXT: }
PL_FUNCTION(pl::FunctionType::Group) void grp(T a, pl::Out<T> o) {
  cube(a, o);
  vec(a, o);
}

// CHECK-LABEL: Orchestration run(
// CHECK-NEXT: grp(x, y);
PL_FUNCTION(pl::FunctionType::Orchestration) void run(T x, pl::Out<T> y) { grp(x, y); }

// CHECK-LABEL: Opaque clustered(
// CHECK-NEXT: scope cluster {
// CHECK-NEXT: cube(x, y);
// CHECK-NEXT: vec(x, y);
// CHECK-NEXT: }
// CLUSTER-LABEL: Group clustered_cluster_0(In Tensor<fp32, 16, 64> x, Out Tensor<fp32, 16, 64> y) {
// CLUSTER-NEXT: cube(x, y)
// CLUSTER-NEXT: vec(x, y)
// CLUSTER-LABEL: Orchestration clustered(
// CLUSTER: clustered_cluster_0(x, y)
PL_FUNCTION(pl::FunctionType::Opaque) void clustered(T x, pl::Out<T> y) {
  pl::cluster([&] {
    cube(x, y);
    vec(x, y);
  });
}

// `.optimizations`: split 0 none / 1 up-down / 2 left-right (pl::SplitMode's order), slot_num from
// pl::cross_core_slot; either alone, and the empty list (no attrs).
// CHECK-LABEL: Opaque optimized(
// CHECK: scope incore "updown" {{\[\[}}split = 1, slot_num = 2]] {
// CHECK: scope incore "leftright" {{\[\[}}split = 2]] {
// CHECK: scope incore "slots" {{\[\[}}slot_num = 4]] {
// CHECK: scope incore "nosplit" {{\[\[}}split = 0]] {
// CHECK: scope incore "plain" {
// OUTLINED: {{\[\[}}split = 1, slot_num = 2]]
// OUTLINED-NEXT: InCore updown(
// OUTLINED: {{\[\[}}split = 2]]
// OUTLINED-NEXT: InCore leftright(
// OUTLINED: {{\[\[}}slot_num = 4]]
// OUTLINED-NEXT: InCore slots(
// OUTLINED: {{\[\[}}split = 0]]
// OUTLINED-NEXT: InCore nosplit(
// OUTLINED-NOT: {{\[\[}}
// OUTLINED: InCore plain(
PL_FUNCTION(pl::FunctionType::Opaque) void optimized(T x, pl::Out<T> y) {
  constexpr int kSlots = 2;
  pl::at({.level = pl::Level::CORE_GROUP,
          .name_hint = "updown",
          .optimizations = {pl::split(pl::SplitMode::UpDown), pl::cross_core_slot(kSlots)}},
         [&] { y = pl::add(x, x); });
  pl::at({.name_hint = "leftright", .optimizations = {pl::split(pl::SplitMode::LeftRight)}},
         [&] { y = pl::add(y, x); });
  pl::at({.name_hint = "slots", .optimizations = {pl::cross_core_slot(2 * kSlots)}},
         [&] { y = pl::add(y, x); });
  pl::at({.name_hint = "nosplit", .optimizations = {pl::split(pl::SplitMode::None)}},
         [&] { y = pl::add(y, x); });
  pl::at({.name_hint = "plain", .optimizations = {}}, [&] { y = pl::add(y, x); });
}
