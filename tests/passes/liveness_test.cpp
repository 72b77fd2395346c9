// Liveness helper (passes/utils/liveness): loop bodies, zero-trip loops, branches, break/continue.
#include "passes/utils/liveness.h"

#include "ir/op_registry.h"
#include "ir/parser.h"

#include <gtest/gtest.h>

#include <set>

namespace pl::passes {
namespace {
using namespace ir;

/// Parses a one-function program whose body is `body` (parameters: index n, m).
FunctionPtr parseBody(const std::string &body) {
  registerAllOps();
  DiagnosticEngine diags;
  std::string text = "program p {\n  Opaque f(In index n, In index m) -> index {\n" + body +
                     "\n  }\n}\n";
  auto prog = parseProgram(text, "liveness_test.pir", diags);
  EXPECT_TRUE(prog) << diags.formatAll();
  return prog ? prog->functions()[0] : nullptr;
}

/// The names in `s`, sorted and separated by spaces.
std::string names(const VarSet &s) {
  std::set<std::string> sorted;
  for (auto *v : s)
    sorted.insert(v->name());
  std::string out;
  for (auto &n : sorted)
    out += (out.empty() ? "" : " ") + n;
  return out;
}

const StmtPtr &stmtAt(const FunctionPtr &f, size_t i) {
  return static_cast<const Seq &>(*f->body()).stmts()[i];
}

/// What is live after the loop of a body "<two inits>; <loop>; return ...;": the return's reads.
VarSet liveAfterLoop(const FunctionPtr &f) { return liveIn(stmtAt(f, 3), {}); }

TEST(Liveness, LoopLocalTemporaryIsNotLiveAtBodyEnd) {
  auto f = parseBody("index t = 0; index acc = 0;\n"
                     "for (index i : range(0, n, 1)) { t = i * 2; acc = acc + t; }\n"
                     "return acc;");
  VarSet after = liveAfterLoop(f);
  EXPECT_EQ(names(after), "acc");
  // acc is read by the next iteration and after the loop; t is written before it is read.
  // (the bounds are read once, before the first iteration)
  EXPECT_EQ(names(liveAtBodyEnd(*stmtAt(f, 2), after)), "acc");
  // A for loop may run zero times: acc flows through it; t does not.
  EXPECT_EQ(names(liveIn(stmtAt(f, 2), after)), "acc n");
}

TEST(Liveness, WhileConditionAndBranches) {
  auto f = parseBody("index i = 0; index x = m;\n"
                     "while (i < n) { if (i > 2) { x = x + i; } i = i + 1; }\n"
                     "return x;");
  VarSet ret = liveAfterLoop(f);
  EXPECT_EQ(names(liveAtBodyEnd(*stmtAt(f, 2), ret)), "i n x");
  auto each = liveAfterEach(static_cast<const Seq &>(*f->body()).stmts(), {});
  EXPECT_EQ(names(each[0]), "i m n");
  EXPECT_EQ(names(each[1]), "i n x");
}

TEST(Liveness, BreakLeadsToTheLoopExitContinueToTheNextIteration) {
  auto f = parseBody("index x = 0; index y = 0;\n"
                     "for (index i : range(0, n, 1)) {\n"
                     "  if (i > 2) { break; }\n"
                     "  if (i > 1) { continue; }\n"
                     "  y = x; x = i;\n"
                     "}\n"
                     "return y;");
  VarSet ret = liveAfterLoop(f);
  // x is read in the body before being written (next iteration); y only after the loop.
  EXPECT_EQ(names(liveAtBodyEnd(*stmtAt(f, 2), ret)), "x y");
  EXPECT_EQ(names(collectAssigned(stmtAt(f, 2))), "x y");
}

TEST(Liveness, UsesInsideTypesAndAttrsCount) {
  auto f = parseBody("index v = n + 1;\n"
                     "Tensor<fp32, v, 4> t = tensor.create({v, 4}, {.dtype = fp32});\n"
                     "return m;");
  VarSet in = liveIn(stmtAt(f, 1), {});
  EXPECT_EQ(names(in), "v");
}

} // namespace
} // namespace pl::passes
