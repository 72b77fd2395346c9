// MemoryReuse with its neighbours: InitMemRef -> MemoryReuse -> AllocateMemoryAddr on a kernel
// that only fits a2a3's safe Vec capacity (184 KiB) when a dead buffer is reused.
#include "passes/allocate_memory_addr.h"
#include "passes/init_mem_ref.h"
#include "passes/memory_reuse.h"
#include "passes/pipeline.h"

#include "ir/op_registry.h"
#include "ir/parser.h"

#include <gtest/gtest.h>

namespace pl::passes {
namespace {
using namespace ir;

/// Three 128x128 fp32 Vec tiles: 3 x 64 KiB = 192 KiB without reuse.
const char *kThreeTiles = R"(program {
  InCore k(In Tensor<fp32, 128, 128> a, In Tensor<fp32, 128, 128> b, Out Tensor<fp32, 128, 128> o) -> Tensor<fp32, 128, 128> {
    Tile<fp32, 128, 128, Vec> x = tile.load(a, {0, 0}, {128, 128}, {.target_memory = Vec});
    Tile<fp32, 128, 128, Vec> y = tile.load(b, {0, 0}, {128, 128}, {.target_memory = Vec});
    Tile<fp32, 128, 128, Vec> z = tile.add(x, y);
    Tensor<fp32, 128, 128> s = tile.store(z, {0, 0}, o);
    return s;
  }
})";

FunctionPtr kernelWithMemRefs(DiagnosticEngine &diags) {
  registerAllOps();
  auto prog = parseProgram(kThreeTiles, "memory_reuse_test.pir", diags);
  EXPECT_TRUE(prog) << diags.formatAll();
  return prog ? initMemRef(prog->functions()[0], diags) : nullptr;
}

TEST(MemoryReuse, ThreeVecTilesOverflowWithoutReuse) {
  DiagnosticEngine diags;
  FunctionPtr f = kernelWithMemRefs(diags);
  ASSERT_TRUE(f);
  EXPECT_FALSE(allocateMemoryAddr(f, a2a3Soc(), diags));
  EXPECT_NE(diags.formatAll().find("MA001"), std::string::npos) << diags.formatAll();
}

TEST(MemoryReuse, ThreeVecTilesFitAfterReuse) {
  DiagnosticEngine diags;
  FunctionPtr f = kernelWithMemRefs(diags);
  ASSERT_TRUE(f);
  FunctionPtr reused = reuseMemory(f);
  EXPECT_NE(reused, f);
  EXPECT_TRUE(allocateMemoryAddr(reused, a2a3Soc(), diags)) << diags.formatAll();
}

bool defaultPipelineHasMemoryReuse(MemoryPlanner planner) {
  PassContext ctx;
  ctx.setMemoryPlanner(planner);
  Pipeline p = buildDefaultPipeline(ctx);
  for (auto &pass : p.passes())
    if (pass.id() == "memory-reuse")
      return true;
  return false;
}

TEST(MemoryReuse, DefaultPipelineRunsItOnlyUnderThePyPTOPlanner) {
  EXPECT_TRUE(defaultPipelineHasMemoryReuse(MemoryPlanner::PyPTO));
  EXPECT_FALSE(defaultPipelineHasMemoryReuse(MemoryPlanner::DsaRP));
  EXPECT_FALSE(defaultPipelineHasMemoryReuse(MemoryPlanner::PtoAS));
}

} // namespace
} // namespace pl::passes
