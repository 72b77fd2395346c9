// Every marker lowers to its function type; program members and template instantiations too.
// RUN: %pl-translate --emit=ir %s -- %dsl-flags | FileCheck %s
#include <pl/dsl.hpp>

using T = pl::Tensor<pl::fp32, 16, 16>;

// CHECK-LABEL: program function_types {
// CHECK: Inline twice(In Tensor<fp32, 16, 16> a) -> Tensor<fp32, 16, 16> {
// CHECK-NEXT: return tensor.add(a, a);
PL_INLINE T twice(T a) { return a + a; }

// CHECK: InCore kern(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> c) {
PL_FUNCTION(pl::FunctionType::InCore)
void kern(T a, pl::Out<T> c) { pl::store(pl::load(a, {0, 0}, {16, 16}), {0, 0}, c); }

// CHECK: AIC cube(
PL_FUNCTION(pl::FunctionType::AIC) void cube(T a, pl::Out<T> c) { kern(a, c); }
// CHECK: AIV vec(
PL_FUNCTION(pl::FunctionType::AIV) void vec(T a, pl::Out<T> c) { kern(a, c); }
// CHECK: Group grp(
PL_FUNCTION(pl::FunctionType::Group) void grp(T a, pl::Out<T> c) { kern(a, c); }
// CHECK: Spmd sp(
PL_FUNCTION(pl::FunctionType::Spmd) void sp(T a, pl::Out<T> c) { kern(a, c); }
// CHECK: Graph gr(
PL_FUNCTION(pl::FunctionType::Graph) void gr(T a, pl::Out<T> c) { kern(a, c); }
// CHECK: Opaque op(
PL_FUNCTION(pl::FunctionType::Opaque) void op(T a, pl::Out<T> c) { kern(a, c); }

// A template: each instantiation is its own function, with the argument substituted.
// CHECK: InCore scaled_2(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> c) {
// CHECK: tile.muls({{.*}}, 2)
// CHECK: InCore scaled_3(
// CHECK: tile.muls({{.*}}, 3)
template <int K>
PL_FUNCTION(pl::FunctionType::InCore)
void scaled(T a, pl::Out<T> c) { pl::store(pl::muls(pl::load(a, {0, 0}, {16, 16}), K), {0, 0}, c); }

// CHECK: Orchestration run(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> c) {
// CHECK-NEXT: scaled_2(a, c);
// CHECK-NEXT: scaled_3(a, c);
// CHECK-NEXT: c = tensor.assemble(c, twice(a), {0, 0});
PL_FUNCTION(pl::FunctionType::Orchestration)
void run(T a, pl::Out<T> c) {
  scaled<2>(a, c);
  scaled<3>(a, c);
  c = twice(a);
}

// Members of a PL_PROGRAM struct.
// CHECK: Orchestration main(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> c) {
// CHECK-NEXT: kern(a, c);
struct PL_PROGRAM Prog {
  PL_FUNCTION(pl::FunctionType::Orchestration) static void main(T a, pl::Out<T> c) { kern(a, c); }
};
// Code outside marked functions is never lowered.
// CHECK-NOT: helper
inline int helper(int x) { return x * 2; }
