// NormalizeStmtStructure on blocks the text form cannot express as input (nested and
// single-statement Seqs built directly in C++).
#include "ir/structural_equal.h"
#include "passes/normalize_stmt_structure.h"

#include <gtest/gtest.h>

using namespace pl::ir;
using pl::passes::normalizeStmtStructure;

namespace {

VarPtr idx(const char *name) { return Var::make(name, ScalarType::get(DataType::Index)); }

StmtPtr assign(const VarPtr &v, int64_t c) { return Assign::make(v, ConstInt::make(c)); }

/// Normalizes `in`, checks that the result is an N and runs `check` on it.
template <class N, class Check> void expectNormalized(const StmtPtr &in, Check check) {
  StmtPtr out = normalizeStmtStructure(in);
  auto *n = dynCast<N>(out);
  ASSERT_NE(n, nullptr);
  check(*n);
}

TEST(NormalizeStmtStructure, FlattensNestedBlocks) {
  auto a = idx("a"), b = idx("b"), c = idx("c");
  StmtPtr sa = assign(a, 1), sb = assign(b, 2), sc = assign(c, 3);
  StmtPtr in = Seq::make({sa, Seq::make({sb, Seq::make({sc})})});
  expectNormalized<Seq>(
      in, [&](const Seq &seq) { EXPECT_EQ(seq.stmts(), (std::vector<StmtPtr>{sa, sb, sc})); });
}

TEST(NormalizeStmtStructure, UnwrapsSingleStatementBlocks) {
  auto a = idx("a");
  StmtPtr sa = assign(a, 1);
  EXPECT_EQ(normalizeStmtStructure(Seq::make({Seq::make({sa})})), sa);
  auto i = idx("i");
  StmtPtr loop = For::make(i, ConstInt::make(0), ConstInt::make(4), ConstInt::make(1), {},
                           Seq::make({sa}), {});
  expectNormalized<For>(loop, [&](const For &f) { EXPECT_EQ(f.body(), sa); });
}

TEST(NormalizeStmtStructure, DropsEmptyBlocksAndElse) {
  auto a = idx("a"), b = idx("b");
  StmtPtr sa = assign(a, 1), sb = assign(b, 2);
  StmtPtr in = Seq::make({sa, Seq::make({}), sb});
  expectNormalized<Seq>(
      in, [&](const Seq &seq) { EXPECT_EQ(seq.stmts(), (std::vector<StmtPtr>{sa, sb})); });
  StmtPtr cond = If::make(ConstBool::make(true), sa, Seq::make({Seq::make({})}));
  expectNormalized<If>(cond, [](const If &i) { EXPECT_EQ(i.elseBody(), nullptr); });
}

TEST(NormalizeStmtStructure, NormalFormIsUnchanged) {
  auto a = idx("a"), b = idx("b");
  StmtPtr in = Seq::make({assign(a, 1), If::make(ConstBool::make(true), assign(b, 2), nullptr)});
  EXPECT_EQ(normalizeStmtStructure(in), in);
}

} // namespace
