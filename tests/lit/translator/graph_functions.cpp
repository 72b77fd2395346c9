// Graph functions: a scalar the graph derives from its parameters is computed at the call site
// (LegalizeGraphBoundary), the graph is printed as a body the runtime records once, the kernel
// gets the graph's own slot for it, and each call is a direct call of the body that nothing chains on;
// a pl::submit of the graph passes the body its launch (dependencies, ids for the join) and
// gets the join's id.
// RUN: %pl-translate --emit=final-ir %s -- %dsl-flags | FileCheck --check-prefix=IR %s
// RUN: %pl-translate --emit=orchestration %s -- %dsl-flags | FileCheck --check-prefix=ORCH %s
#include <pl/dsl.hpp>

using X = pl::Tensor<pl::fp32, 16, 64>;
using W = pl::Tensor<pl::fp32, 64, 64>;

// IR-LABEL: Graph layer(InOut Tensor<fp32, 16, 64> h, In Tensor<fp32, 64, 64> w, In index l, In index off_1) {
// IR-NOT: l * 16
// IR: layer_incore_0(h, w, off_1)
// IR-LABEL: Orchestration decoder(
// IR: index off_1 = l * 16;
// IR-NEXT: layer(h{{.*}}, w, l, off_1) {{\[\[}}arg_directions = ["InOut", "Input", "Scalar", "Scalar"]]]
PL_FUNCTION(pl::FunctionType::Graph)
void layer(pl::InOut<X> h, W w, pl::Index l) {
  const pl::Index off = l * 16;
  pl::at(pl::Level::CORE_GROUP, [&] {
    pl::store(pl::add(pl::load(h, {0, 0}, {16, 64}), pl::load(w, {off, 0}, {16, 64})), {0, 0}, h);
  });
}

PL_JIT void decoder(X x, W w, pl::Out<X> y) {
  X h = pl::create_tensor({16, 64}, pl::fp32);
  pl::at(pl::Level::CORE_GROUP, [&] { pl::store(pl::load(x, {0, 0}, {16, 64}), {0, 0}, h); });
  for (auto l : pl::range(4))
    layer(h, w, l);
  pl::at(pl::Level::CORE_GROUP, [&] { pl::store(pl::load(h, {0, 0}, {16, 64}), {0, 0}, y); });
}

// ORCH: // graph 'layer'
// ORCH-NEXT: inline void graph_layer(const CoreTaskArgs& graph_args, ::pl::abi::GraphLaunch<::pl::rt::TaskId>* graph_launch = nullptr) {
// ORCH-NEXT: const ChipTensor& ext_h = graph_args.tensor(0).ref();
// ORCH-NEXT: const ChipTensor& ext_w = graph_args.tensor(1).ref();
// ORCH-NEXT: const std::int64_t l = ::pl::abi::from_u64<std::int64_t>(graph_args.scalar(0));
// ORCH-NEXT: const std::int64_t off_1 = ::pl::abi::from_u64<std::int64_t>(graph_args.scalar(1));
// ORCH: add_inout(ext_h);
// ORCH: add_input(ext_w);
// ORCH: .add_scalar(graph_args.scalar(1));
// ORCH-NEXT: const auto [[D:deps_t[0-9]+]] = ::pl::abi::graph_task_deps<::pl::rt::TaskId>(graph_launch, {});
// ORCH-NEXT: if (![[D]].empty()) params_t{{[0-9]+}}.set_dependencies([[D]].data(), static_cast<std::uint32_t>([[D]].size()));
// ORCH-NEXT: ::pl::abi::graph_task_submitted(graph_launch, rt_submit_aiv_task(
// ORCH-LABEL: // orchestration 'decoder'
// ORCH: off_1 = l * 16;
// ORCH: add_scalar(static_cast<std::int64_t>(off_1));
// ORCH-NEXT: graph_layer(params_t{{[0-9]+}});
// ORCH-LABEL: // orchestration 'launches'
// ORCH: add_scalar(static_cast<std::int64_t>(off_{{[0-9]+}}));
// ORCH-NEXT: ::pl::rt::TaskId [[DA:deps_t[0-9]+]][] = {prev{{(_[0-9]+)?}}};
// ORCH-NEXT: ::pl::abi::GraphLaunch<::pl::rt::TaskId> [[L:graph_t[0-9]+]]{[[DA]], ::pl::abi::valid_task_ids([[DA]]), true};
// ORCH-NEXT: graph_layer(params_t{{[0-9]+}}, &[[L]]);
// ORCH: const auto [[J:deps_graph_t[0-9]+]] = ::pl::abi::graph_join_deps([[L]]);
// ORCH: = rt_submit_dummy_task(params_t{{[0-9]+}}).task_id();

/// Each launch after the whole previous one (pl::submit of a graph: the join's id).
PL_JIT void launches(X x, W w, pl::Out<X> y) {
  X h = pl::create_tensor({16, 64}, pl::fp32);
  pl::at(pl::Level::CORE_GROUP, [&] { pl::store(pl::load(x, {0, 0}, {16, 64}), {0, 0}, h); });
  pl::TaskId prev{};
  for (auto l : pl::range(4))
    prev = pl::submit({.deps = {prev}}, layer, h, w, l);
  pl::at(pl::Level::CORE_GROUP, [&] { pl::store(pl::load(h, {0, 0}, {16, 64}), {0, 0}, y); });
}
