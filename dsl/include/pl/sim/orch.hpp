// pl/sim/orch.hpp — the PTO2 orchestration API as free functions on the calling thread's runtime: submit, alloc, scopes, run.
#pragma once

#include <exception>
#include <type_traits>
#include <utility>

#include "pl/sim/runtime.hpp"
#include "pl/sim/tensor.hpp"

namespace pl::sim {

namespace detail {
inline Runtime*& currentRuntimePtr() {
  thread_local Runtime* r = nullptr;
  return r;
}
}  // namespace detail

/// The runtime the orchestration code on this thread submits to.
inline Runtime& currentRuntime() {
  Runtime* r = detail::currentRuntimePtr();
  if (!r) simFail("runtime", "no runtime is active on this thread; use pl::sim::run or a pl::sim::RuntimeBinding");
  return *r;
}

/// Makes `rt` the calling thread's runtime for the guard's lifetime.
class RuntimeBinding {
 public:
  explicit RuntimeBinding(Runtime& rt) : prev_(std::exchange(detail::currentRuntimePtr(), &rt)) {}
  ~RuntimeBinding() { detail::currentRuntimePtr() = prev_; }
  RuntimeBinding(const RuntimeBinding&) = delete;
  RuntimeBinding& operator=(const RuntimeBinding&) = delete;

 private:
  Runtime* prev_;
};

inline TaskOutputTensors rt_submit_aiv_task(int funcId, const CoreTaskArgs& args) {
  return currentRuntime().submit(CoreKind::AIV, MixedKernels{funcId, INVALID_KERNEL_ID, INVALID_KERNEL_ID}, args);
}
inline TaskOutputTensors rt_submit_aic_task(int funcId, const CoreTaskArgs& args) {
  return currentRuntime().submit(CoreKind::AIC, MixedKernels{funcId, INVALID_KERNEL_ID, INVALID_KERNEL_ID}, args);
}
/// A mixed (Group) task: AIC kernel plus one or two AIV lanes, run at once as a cluster (each
/// kernel on its own thread and core memory, exchanging tiles through cross-core pipes).
inline TaskOutputTensors rt_submit_task(const MixedKernels& mk, const CoreTaskArgs& args) {
  return currentRuntime().submit(CoreKind::Mixed, mk, args);
}
/// A task with no kernel: a join point for its dependencies and tensor accesses.
inline TaskOutputTensors rt_submit_dummy_task(const CoreTaskArgs& args = {}) {
  return currentRuntime().submit(CoreKind::Dummy, MixedKernels{}, args);
}

/// One call of a Graph function (its printed body): recorded on the first call with these
/// argument shapes, replayed afterwards (Runtime::submitGraph). Nothing may depend on a result:
/// the graph's results are its Out / InOut arguments.
inline void submit_graph(GraphBody body, const CoreTaskArgs &args) {
  currentRuntime().submitGraph(body, args);
}

/// Allocates internal tensors (zero-filled). The returned task id is invalid: allocation is
/// immediate in the simulator, so nothing has to wait for it. Inside a graph body being
/// recorded, the tensors are the graph's internal buffers (allocated afresh on each replay).
template <class... CI>
TaskOutputTensors alloc_tensors(const CI&... cis) {
  static_assert(sizeof...(cis) > 0, "alloc_tensors requires at least one TensorCreateInfo");
  static_assert((std::is_same_v<CI, TensorCreateInfo> && ...),
                "alloc_tensors only accepts TensorCreateInfo arguments");
  std::vector<ChipTensor> outs;
  (outs.push_back(ChipTensor::allocate(cis.dtype, cis.shapes.data(), cis.ndims)), ...);
  if (Runtime *rt = detail::currentRuntimePtr())
    for (const ChipTensor &t : outs)
      rt->noteAllocation(t);
  return TaskOutputTensors(PTO2TaskId{}, std::move(outs));
}

/// Waits for every task submitted to the calling thread's runtime.
inline void wait_all() { currentRuntime().wait_all(); }

/// RAII scope (PTO2_SCOPE): MANUAL scopes turn automatic RAW/WAW edges into hazard checks; the
/// outermost scope end joins (wait_all), unless an exception is unwinding.
class ScopeGuard {
 public:
  explicit ScopeGuard(PTO2ScopeMode m = PTO2ScopeMode::AUTO) : rt_(&currentRuntime()), unwinding_(std::uncaught_exceptions()) {
    rt_->beginScope(m);
  }
  ~ScopeGuard() noexcept(false) {
    if (std::uncaught_exceptions() > unwinding_) {
      try {
        rt_->endScope();
      } catch (...) {
      }
      return;
    }
    rt_->endScope();
  }
  ScopeGuard(const ScopeGuard&) = delete;
  ScopeGuard& operator=(const ScopeGuard&) = delete;
  explicit operator bool() const { return true; }

 private:
  Runtime* rt_;
  int unwinding_;
};

/// `PTO2_SCOPE() { … }` and `PTO2_SCOPE(PTO2ScopeMode::MANUAL) { … }`.
#define PTO2_SCOPE(...) if (::pl::sim::ScopeGuard pl_sim_scope_guard_{__VA_ARGS__}; true)

using OrchestrationEntry = void (*)(const ChipTaskArgs&);

/// Runs an orchestration entry to completion on a fresh runtime with `kernels`: binds it to the
/// calling thread, opens the top-level scope, and joins (rethrowing a kernel failure).
/// Returns the hazards found.
inline std::vector<Hazard> run(const KernelTable& kernels, OrchestrationEntry entry, const ChipTaskArgs& args,
                               RuntimeOptions opts = RuntimeOptions::fromEnv()) {
  Runtime rt(kernels, opts);
  RuntimeBinding bind(rt);
  PTO2_SCOPE() { entry(args); }
  rt.wait_all();
  return rt.hazards();
}

}  // namespace pl::sim
