// Every IR node kind, with its fields set, through print → parse → equal, hash and clone.
//
// The kinds come from the PL_EXPR_KINDS / PL_STMT_KINDS X-macros (ir/expr.h, ir/stmt.h): a kind
// added there that neither the field-variant builder (buildAllKinds, which the equality, hash
// and clone tests vary one field at a time) nor the round-trip program below contains fails
// NodeCoverage.EveryKindIsCovered, naming the kind.
#include "ir/clone.h"
#include "ir/parser.h"
#include "ir/printer.h"
#include "ir/structural_equal.h"
#include "ir/visitor.h"
#include "tests/ir/ir_build_util.h"

#include <gtest/gtest.h>

#include <set>

using namespace pl::ir;
using namespace pl::ir::testing;

namespace {

/// Every node kind the default traversal reaches, and every Var object (defs and uses).
/// (A new kind needs its hook here: until it has one, EveryKindIsCovered reports it missing.)
class KindCollector final : public IRVisitor {
public:
#define X(n)                                                                                       \
  void visit##n(const n &s) override {                                                             \
    stmts.insert(StmtKind::n);                                                                     \
    IRVisitor::visit##n(s);                                                                        \
  }
  PL_STMT_KINDS(X)
#undef X
#define X(n)                                                                                       \
  void visit##n(const n &e) override {                                                             \
    exprs.insert(ExprKind::n);                                                                     \
    IRVisitor::visit##n(e);                                                                        \
  }
  X(ConstInt) X(ConstFloat) X(ConstBool) X(Binary) X(Unary) X(Call) X(Submit) X(MakeTuple)
  X(TupleGetItem)
#undef X
  void visitVarUse(const VarPtr &v) override { // Var and MemRef (a null MemRef base arrives too)
    if (v) {
      exprs.insert(v->kind());
      vars.insert(v.get());
    }
    IRVisitor::visitVarUse(v);
  }
  void visitVarDef(const VarPtr &v) override {
    if (v)
      vars.insert(v.get());
    IRVisitor::visitVarDef(v);
  }
  std::set<ExprKind> exprs;
  std::set<StmtKind> stmts;
  std::set<const Var *> vars;
};

constexpr ExprKind kAllExprKinds[] = {
#define X(n) ExprKind::n,
    PL_EXPR_KINDS(X)
#undef X
};
constexpr StmtKind kAllStmtKinds[] = {
#define X(n) StmtKind::n,
    PL_STMT_KINDS(X)
#undef X
};
static_assert(std::size(kAllExprKinds) == kNumExprKinds);
static_assert(std::size(kAllStmtKinds) == kNumStmtKinds);

/// Every expression and statement kind, each non-default field set (attrs, kwargs, carries,
/// return vars, a scope's name hint, deps and task id, a submit's deps, MemRefs in tile types).
constexpr const char *kEveryKind = R"(program every_kind {
  AIV kern(In Tensor<fp32, 32, 16> a, In index r, Out Tensor<fp32, 32, 16> s) -> Tensor<fp32, 32, 16> {
    Tile<fp32, 16, 16, Vec, @m0(null, 0, 1024)> t = tile.load(a, {r, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @m1(null, 1024, 1024)> u = tile.adds(t, 1.5);
    Tensor<fp32, 32, 16> s2 = tile.store(u, {r, 0}, s);
    return s;
  }

  Orchestration main(In Tensor<fp32, 32, 16> a, In index n, Out Tensor<fp32, 32, 16> s) -> index {
    bool f = true;
    index m = -(n + 1);
    index q = floordiv(n, 2) * m;
    Tuple<index, index> p = {n, m};
    index p0 = p[0];
    Tensor<fp32, 32, 16> s1 = kern(a, 0, s) [[arg_directions = ["Input", "Scalar", "OutputExisting"]]];
    Tuple<Tensor<fp32, 32, 16>, task_id> ft = submit kern(a, 1, s) {.deps = {}, .core_num = 4, .sync_start = true, .allow_early_resolve = true, .predicate = f};
    task_id t0 = ft[1];
    kern(a, 2, s);
    for (index i : range(0, n, 1)) [[unroll_hint = 2]] carry (index acc = 0) -> (index acc_out) {
      if (i == 3) {
        break;
      }
      if (i == 4) {
        continue;
      }
      index acc2 = acc + i;
      yield(acc2);
    }
    while (w < n) carry (index w = p0) -> (index w_out) {
      if (f) -> (index y) {
        yield(w + 1);
      } else {
        yield(w + 2);
      }
      yield(y);
    }
    scope incore "blk" [[deps = {t0}]] -> task_id t1 {
      kern(a, q, s) [[arg_directions = ["Input", "Scalar", "OutputExisting"]]];
    }
    scope spmd [[deps = {t1}]] {
      kern(a, 3, s);
    }
    return acc_out + w_out;
  }
}
)";

ProgramPtr parseOrDie(const std::string &text) {
  DiagnosticEngine d;
  ProgramPtr p = parseProgram(text, "every_kind.pir", d);
  EXPECT_TRUE(p) << d.formatAll() << "\n" << text;
  return p;
}

KindCollector collect(const Program &p) {
  KindCollector c;
  c.visitProgram(p);
  return c;
}

std::string missing(const KindCollector &c) {
  std::string out;
  for (ExprKind k : kAllExprKinds)
    if (!c.exprs.count(k))
      out += " " + std::string(exprKindName(k));
  for (StmtKind k : kAllStmtKinds)
    if (!c.stmts.count(k))
      out += " " + std::string(stmtKindName(k));
  return out;
}

TEST(NodeCoverage, EveryKindIsCovered) {
  auto variants = collect(*Program::make("p", {buildAllKinds(0)}));
  EXPECT_EQ(missing(variants), "") << "kinds buildAllKinds (tests/ir/ir_build_util.h) lacks";
  ProgramPtr p = parseOrDie(kEveryKind);
  ASSERT_TRUE(p);
  EXPECT_EQ(missing(collect(*p)), "") << "kinds the round-trip program kEveryKind lacks";
}

TEST(NodeCoverage, EveryKindRoundTripsHashesAndClones) {
  ProgramPtr p = parseOrDie(kEveryKind);
  ASSERT_TRUE(p);
  std::string text = printProgram(*p);
  ProgramPtr q = parseOrDie(text);
  ASSERT_TRUE(q);
  EXPECT_EQ(printProgram(*q), text);
  EXPECT_FALSE(describeMismatch(*p, *q)) << describeMismatch(*p, *q).value_or("") << text;
  EXPECT_EQ(structuralHash(*p), structuralHash(*q));
  for (size_t i = 0; i < p->functions().size(); ++i) {
    const FunctionPtr &f = p->functions()[i];
    EXPECT_EQ(structuralHash(*f), structuralHash(*q->functions()[i])) << f->name();
    FunctionPtr g = deepClone(f);
    EXPECT_FALSE(describeMismatch(*f, *g)) << describeMismatch(*f, *g).value_or("");
    EXPECT_EQ(structuralHash(*f), structuralHash(*g)) << f->name();
    auto before = collect(*Program::make("p", {f})).vars;
    for (const Var *v : collect(*Program::make("p", {g})).vars)
      EXPECT_EQ(before.count(v), 0u) << f->name() << ": clone shares var '" << v->name() << "'";
  }
}

// Each variant changes one compared field: equality and hash both see it; a renamed copy of
// the same variant is equal with the same hash; a clone is equal, hashes the same and shares no
// Var; and the variant still contains every kind.
TEST(NodeCoverage, EveryFieldVariantIsSeenByEqualityHashAndClone) {
  auto base = buildAllKinds(0);
  for (int v = 0; v < kAllKindsVariants; ++v) {
    auto f = buildAllKinds(v), renamed = buildAllKinds(v, "_r");
    EXPECT_TRUE(structuralEqual(*f, *renamed)) << v;
    EXPECT_EQ(structuralHash(*f), structuralHash(*renamed)) << v;
    if (v > 0) {
      EXPECT_FALSE(structuralEqual(*base, *f)) << v;
      EXPECT_NE(structuralHash(*base), structuralHash(*f)) << v;
    }
    auto g = deepClone(f);
    EXPECT_FALSE(describeMismatch(*f, *g)) << v << ": " << describeMismatch(*f, *g).value_or("");
    EXPECT_EQ(structuralHash(*f), structuralHash(*g)) << v;
    auto before = collect(*Program::make("p", {f})).vars;
    for (const Var *x : collect(*Program::make("p", {g})).vars)
      EXPECT_EQ(before.count(x), 0u) << v << ": clone shares var '" << x->name() << "'";
  }
}

} // namespace
