// emit/sim unit tests: the op table covers every registered tile/system op, and names only real ops.
#include "emit/sim/emit_sim.h"
#include "emit/sim/sim_ops.h"
#include "ir/op_registry.h"
#include "ir/parser.h"

#include <gtest/gtest.h>

using namespace pl;

TEST(EmitSimOps, EveryKernelSideOpHasAnInstruction) {
  ir::registerAllOps();
  for (const ir::Op *op : ir::allOps()) {
    if (op->family() == "tensor")
      continue; // tensor ops are gone from kernels (ConvertTensorToTileOps); orchestration prints its own
    EXPECT_NE(emit::sim::lookupSimOp(op->name()), nullptr)
        << "op '" << op->name() << "' has no entry in emit/sim/sim_ops.cpp";
  }
}

TEST(EmitSimOps, TableNamesRegisteredOpsInOrder) {
  ir::registerAllOps();
  const auto &table = emit::sim::simOpTable();
  for (size_t i = 0; i < table.size(); ++i) {
    EXPECT_NE(ir::lookupOp(table[i].op), nullptr) << "stale table entry '" << table[i].op << "'";
    if (i) {
      EXPECT_LT(table[i - 1].op, table[i].op) << "table not sorted at '" << table[i].op << "'";
    }
  }
}

TEST(EmitSim, EmptyNamespaceAndDeterministicOutput) {
  const char *text = R"(program p {
  AIV k(In Tensor<fp32, 8, 8> a, Out Tensor<fp32, 8, 8> b) -> Tensor<fp32, 8, 8> {
    Tile<fp32, 8, 8, Vec, @m(null, 0, 256)> t = tile.load(a, {0, 0}, {8, 8}, {.target_memory = Vec});
    Tensor<fp32, 8, 8> b2 = tile.store(t, {0, 0}, b);
    return b;
  }
})";
  ir::DiagnosticEngine diags;
  ir::ProgramPtr p = ir::parseProgram(text, "t.pir", diags);
  ASSERT_TRUE(p) << diags.formatAll();
  emit::EmitSimOptions opts;
  opts.namespaceName = "";
  opts.includeHeader = false;
  std::string a = emit::emitSimProgram(*p, opts, diags), b = emit::emitSimProgram(*p, opts, diags);
  EXPECT_FALSE(diags.hasErrors()) << diags.formatAll();
  EXPECT_EQ(a, b);
  EXPECT_EQ(a.find("#include"), std::string::npos);
  EXPECT_EQ(a.find("namespace pl_gen"), std::string::npos);
  EXPECT_NE(a.find("TSTORE(b.partition({0, 0}, {8, 8}), t);"), std::string::npos) << a;
}
