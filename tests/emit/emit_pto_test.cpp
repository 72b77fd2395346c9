// emit/sim unit tests: the op table covers every registered tile/system op, and names only real
// ops.
#include "emit/pto/emit_pto.h"
#include "emit/pto/pto_ops.h"
#include "ir/op_registry.h"
#include "ir/ops/comm.h"
#include "ir/parser.h"

#include <gtest/gtest.h>

#include <set>

using namespace pl;

TEST(EmitPtoOps, EveryKernelSideOpHasAnInstruction) {
  ir::registerAllOps();
  for (const ir::Op *op : ir::allOps()) {
    if (op->family() == "tensor")
      continue; // tensor ops are gone from kernels (ConvertTensorToTileOps); orchestration prints
                // its own
    if (op->category == "task")
      continue; // orchestration only (system.task_dummy): the orchestration printer submits it
                // (rt_submit_dummy_task, tests/lit/translator/runtime_scopes.cpp)
    if (op->category == "array")
      continue; // orchestration only (arrays of task ids): the orchestration printer prints
                // std::array operations (tests/lit/translator/task_arrays.cpp)
    if (op->composite)
      continue; // expanded by LowerCompositeOps; the emitters report ES001
                // (tests/lit/emit/composite_ops.test)
    if (op->name() == "tile.batch_matmul")
      continue; // FlattenTileNdTo2D unrolls it into per-batch tile.matmul (the emitters report
                // ES001 for one left over)
    if (ir::isCommunicationOp(*op))
      continue; // IR-only (ir/ops/comm.h): FlattenControlFlow stubs them out, the emitters report
                // ES001 (tests/lit/emit/comm_ops.test)
    EXPECT_NE(emit::pto::lookupPtoOp(op->name()), nullptr)
        << "op '" << op->name() << "' has no entry in emit/pto/sim_ops.cpp";
  }
}

/// pto::detail::kRowMajorOnly (sim_row_major_only.cpp: pl/sim's headers and the IR's macros
/// cannot share a translation unit).
std::vector<std::string_view> simRowMajorOnlyInstructions();

// The simulator rejects (at compile time) a column-major tile in exactly the instructions of the
// tile ops ResolveBackendOpLayouts moves onto row-major reshapes.
TEST(EmitPtoOps, RowMajorOnlyInstructionsAreTheElementwiseOps) {
  ir::registerAllOps();
  std::set<std::string_view> elementwise;
  for (const ir::Op *op : ir::allOps()) {
    if (op->family() != "tile" ||
        (op->category != "elementwise" && op->category != "unary" && op->category != "compare" &&
         op->category != "select") ||
        op->composite)
      continue;
    const emit::pto::PtoOpEntry *e = emit::pto::lookupPtoOp(op->name());
    ASSERT_NE(e, nullptr) << op->name();
    elementwise.insert(e->instr);
  }
  std::vector<std::string_view> sim = simRowMajorOnlyInstructions();
  EXPECT_EQ(std::set<std::string_view>(sim.begin(), sim.end()), elementwise);
}

/// pto::detail::validRule (sim_row_major_only.cpp), as a name.
std::string_view simValidRule(std::string_view instr);

// pl/sim checks a destination's valid shape against its sources by one rule per instruction,
// the IR types each result by one rule per op (ValidShapeRule): they must say the same thing,
// and every elementwise / unary instruction whose result takes its sources' valid shape (not
// fillpad's own) must be checked.
TEST(EmitPtoOps, SimValidShapeChecksMatchTheIrRules) {
  ir::registerAllOps();
  using K = ir::ValidShapeRule::Kind;
  for (const ir::Op *op : ir::allOps()) {
    if (op->family() != "tile" || op->composite)
      continue;
    const emit::pto::PtoOpEntry *e = emit::pto::lookupPtoOp(op->name());
    if (!e || e->instr.empty())
      continue;
    const std::string_view sim = simValidRule(e->instr);
    const K ir = op->validShape.kind;
    SCOPED_TRACE(op->name() + " -> " + std::string(e->instr) + " (pl/sim: '" + std::string(sim) +
                 "')");
    if (sim == "same" || sim == "row_expand_op" || sim == "col_expand_op" || sim == "row_expand" ||
        sim == "col_expand") {
      EXPECT_EQ(ir, K::Same);
    } else if (sim == "concat") {
      EXPECT_EQ(ir, K::Concat);
    }
    if ((op->category == "elementwise" || op->category == "unary") && ir != K::Own) {
      EXPECT_NE(sim, "") << "pl/sim does not check the valid shapes of this instruction";
    }
  }
}

TEST(EmitPtoOps, TableNamesRegisteredOpsInOrder) {
  ir::registerAllOps();
  const auto &table = emit::pto::ptoOpTable();
  for (size_t i = 0; i < table.size(); ++i) {
    EXPECT_NE(ir::lookupOp(table[i].op), nullptr) << "stale table entry '" << table[i].op << "'";
    if (i) {
      EXPECT_LT(table[i - 1].op, table[i].op) << "table not sorted at '" << table[i].op << "'";
    }
  }
}

TEST(EmitPto, EmptyNamespaceAndDeterministicOutput) {
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
  emit::EmitPtoOptions opts;
  opts.namespaceName = "";
  opts.includeHeader = false;
  std::string a = emit::emitPtoProgram(*p, opts, diags), b = emit::emitPtoProgram(*p, opts, diags);
  EXPECT_FALSE(diags.hasErrors()) << diags.formatAll();
  EXPECT_EQ(a, b);
  EXPECT_EQ(a.find("#include"), std::string::npos);
  EXPECT_EQ(a.find("namespace pl_gen"), std::string::npos);
  EXPECT_NE(a.find("TSTORE(b_gm, t);"), std::string::npos) << a;
  EXPECT_NE(a.find("__aicore__ void kernel_entry(__gm__ int64_t* args) {"), std::string::npos) << a;
}
