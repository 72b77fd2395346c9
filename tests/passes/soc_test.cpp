// SoC descriptions (DESIGN.md §6; same numbers as dsl/include/pl/sim/platform.hpp) and the
// planner on a5 capacities that a2a3 does not have.
#include "passes/allocate_memory_addr.h"
#include "passes/utils/soc.h"

#include "ir/op_registry.h"
#include "ir/parser.h"
#include "ir/printer.h"

#include <gtest/gtest.h>

namespace pl::passes {
namespace {
using ir::MemorySpace;
constexpr int64_t KiB = 1024;

std::string kib(int64_t bytes) {
  return bytes % KiB == 0 ? std::to_string(bytes / KiB) : std::to_string(bytes) + "B";
}

/// "<name>: <aic> AIC + <aiv> AIV, align <n>; <space> <physical KiB>/<safe KiB> <core>, ..." (the
/// spaces in the SoC's order).
std::string describe(const SocDesc &s) {
  std::string out = s.name + ": " + std::to_string(s.aicCores) + " AIC + " +
                    std::to_string(s.aivCores) + " AIV, align " + std::to_string(s.alignment);
  const char *sep = "; ";
  for (auto &d : s.spaces) {
    out += sep + std::string(ir::memorySpaceName(d.space)) + " " + kib(d.physicalBytes) + "/" +
           kib(d.safeBytes) + " " + std::string(coreKindName(d.core));
    sep = ", ";
  }
  return out;
}

TEST(Soc, Descriptions) {
  EXPECT_EQ(describe(a2a3Soc()),
            "a2a3: 24 AIC + 48 AIV, align 32; Mat 512/512 AIC, Left 64/64 AIC, "
            "Right 64/64 AIC, Acc 128/128 AIC, Bias 1/1 AIC, Vec 192/184 AIV");
  EXPECT_EQ(describe(a5Soc()), "a5: 18 AIC + 36 AIV, align 32; Mat 512/512 AIC, Left 64/64 AIC, "
                               "Right 64/64 AIC, Acc 256/256 AIC, Bias 4/4 AIC, LeftScale 4/4 AIC, "
                               "RightScale 4/4 AIC, Vec 248/240 AIV");
}

TEST(Soc, Lookups) {
  const SocDesc &s = a2a3Soc();
  EXPECT_EQ(s.safeCapacity(MemorySpace::Vec), 184 * KiB);
  EXPECT_EQ(s.space(MemorySpace::Vec)->physicalBytes, 192 * KiB);
  EXPECT_EQ(s.space(MemorySpace::Acc)->core, CoreKind::AIC);
  EXPECT_EQ(s.space(MemorySpace::LeftScale), nullptr);
  EXPECT_EQ(s.safeCapacity(MemorySpace::LeftScale), 0);
  EXPECT_EQ(s.space(MemorySpace::DDR), nullptr);
  EXPECT_EQ(a5Soc().safeCapacity(MemorySpace::RightScale), 4 * KiB);
}

TEST(Soc, TileBufferBytes) {
  auto tile = [](ir::DataType d, int64_t r, int64_t c) {
    return ir::TileType(d, {ir::ConstInt::make(r), ir::ConstInt::make(c)});
  };
  EXPECT_EQ(tileBufferBytes(tile(ir::DataType::FP32, 16, 16), 32), 1024);
  EXPECT_EQ(tileBufferBytes(tile(ir::DataType::FP32, 3, 5), 32), 64);
  EXPECT_EQ(tileBufferBytes(tile(ir::DataType::FP16, 1, 1), 32), 32);
  EXPECT_EQ(tileBufferBytes(tile(ir::DataType::Int4, 16, 16), 32), 128);
  // bool: one byte per element (regression: 16x16 took 32 bytes, and cmp results overlapped)
  EXPECT_EQ(tileBufferBytes(tile(ir::DataType::Bool, 16, 16), 32), 256);
  auto n = ir::Var::make("n", ir::ScalarType::get(ir::DataType::Index));
  EXPECT_EQ(tileBufferBytes(ir::TileType(ir::DataType::FP32, {n, ir::ConstInt::make(4)}), 32),
            std::nullopt);
}

/// 200 KiB of Acc fits a5 (256 KiB) but not a2a3 (128 KiB).
TEST(Soc, PlannerUsesTheSocCapacities) {
  ir::registerAllOps();
  const char *text = R"(program {
  InCore k(Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Acc> mem_acc_0 = tile.alloc({.target_memory = Acc, .size = 204800});
    Ptr<Acc> mem_acc_1 = tile.alloc({.target_memory = Acc, .size = 1024});
    return o;
  }
})";
  ir::DiagnosticEngine diags;
  auto p = ir::parseProgram(text, "soc_test", diags);
  ASSERT_TRUE(p) << diags.formatAll();
  auto a5 = allocateMemoryAddr(p->functions()[0], a5Soc(), diags);
  ASSERT_TRUE(a5) << diags.formatAll();
  std::string printed = ir::printFunction(*a5);
  EXPECT_NE(printed.find(".size = 1024, .addr = 204800"), std::string::npos) << printed;
  EXPECT_EQ(allocateMemoryAddr(p->functions()[0], a2a3Soc(), diags), nullptr);
  ASSERT_EQ(diags.errorCount(), 1u);
  EXPECT_NE(diags.diagnostics()[0].message.find("needs 205824 bytes of Acc but a2a3 has 131072"),
            std::string::npos)
      << diags.formatAll();
}

} // namespace
} // namespace pl::passes
