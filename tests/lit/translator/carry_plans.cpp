// ClassifyIterArgCarry on a translated orchestration: tasks with dependencies (pl::at + .deps)
// that store into tensors declared before the loop carry those tensors, and every yield passes
// the submit's own result back — the loop's carries are Trivial, so the generated orchestration
// copies nothing at the end of an iteration (before the plan, `out = out_1;` and `s_1 = s_2;`
// re-assigned each handle from a copy of itself after the tasks' scope).
// RUN: %pl-translate --print-after=classify-iter-arg-carry %s -o %t.cpp -- %dsl-flags 2>&1 | FileCheck %s --check-prefix=IR
// RUN: FileCheck %s --check-prefix=ORCH < %t.cpp
#include <pl/dsl.hpp>

using X = pl::Tensor<pl::fp32, 32, 64>;
using T = pl::Tile<pl::fp32, 16, 64>;

// IR-LABEL: Orchestration blocks(
// IR:       for (index blk : range(0, 2, 1)) {{\[\[}}iter_arg_carry = ["Trivial", "Trivial"]{{\]\]}} carry (Tensor<fp32, 32, 64> out_1 = out, Tensor<fp32, 32, 64> s_1 = s)
// ORCH-LABEL: // orchestration 'blocks'
// ORCH:       for (std::int64_t blk = 0; blk < 2; blk += 1) {
// ORCH:         copy_task = rt_submit_aiv_task(1, params_t1);
// ORCH-NEXT:    out_1 = out;
// ORCH-NEXT:  }
// ORCH-NEXT: }
// ORCH-NEXT: }
// ORCH-NEXT: }
// ORCH-NEXT: }  // namespace blocks
PL_JIT void blocks(X a, pl::Out<X> out) {
  X s = pl::create_tensor({32, 64}, pl::fp32);
  for (auto blk : pl::range(2)) {
    const pl::Index r = blk * 16;
    auto t = pl::at({.name_hint = "fill"}, [&] {
      T x = pl::load(a, {r, 0}, {16, 64});
      pl::store(pl::adds(x, 1.0f), {r, 0}, s);
    });
    pl::at({.name_hint = "copy", .deps = {t}}, [&] {
      T y = pl::load(s, {r, 0}, {16, 64});
      pl::store(y, {r, 0}, out);
    });
  }
}
