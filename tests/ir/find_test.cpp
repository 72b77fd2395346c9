// Unit tests of the IR queries of ir/find.h: binding sites, call targets, loop jumps.
#include "ir/find.h"
#include "ir/parser.h"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

using namespace pl::ir;

namespace {

ProgramPtr parse(const std::string &text) {
  DiagnosticEngine d;
  ProgramPtr p = parseProgram(text, "find_test.pir", d);
  EXPECT_TRUE(p) << "the test program does not parse";
  return p;
}

const char *kLoops = R"(program p {
  Opaque h(In index x) -> index {
    return x;
  }

  Opaque f(In index n) -> index {
    index m = h(n);
    for (index i : range(0, n, 1)) {
      for (index j : range(0, n, 1)) {
        if (j > m) {
          break;
        }
      }
    }
    for (index k : range(0, n, 1)) {
      if (k > m) {
        continue;
      }
      index m = k + h(k);
    }
    return m;
  }
}
)";

/// The body of the index-th top-level statement of f (a loop).
StmtPtr loopBody(const Function &f, size_t index) {
  auto &stmts = static_cast<const Seq &>(*f.body()).stmts();
  return static_cast<const For &>(*stmts.at(index)).body();
}

TEST(Find, OwnLoopJumpIgnoresTheJumpsOfNestedLoops) {
  auto p = parse(kLoops);
  ASSERT_TRUE(p);
  const Function &f = *p->functions()[1];
  StmtPtr outer = loopBody(f, 1), second = loopBody(f, 2);
  EXPECT_TRUE(hasLoopJump(outer));     // the inner loop's break
  EXPECT_FALSE(hasOwnLoopJump(outer)); // ... is not the outer loop's
  EXPECT_TRUE(hasOwnLoopJump(second)); // a continue under an if is the loop's own
  EXPECT_TRUE(hasLoopJump(f.body()));
}

TEST(Find, BindingsCountEverySiteOfAVariable) {
  auto p = parse(kLoops);
  ASSERT_TRUE(p);
  const Function &f = *p->functions()[1];
  auto counts = countBindings(f);
  std::map<std::string, unsigned> byName;
  for (auto &[v, n] : counts)
    byName[v->name()] += n;
  EXPECT_EQ(byName["n"], 1u); // the param
  EXPECT_EQ(byName["m"], 2u); // assigned before the loops and in the second loop (not SSA)
  EXPECT_EQ(byName["i"], 1u);
  EXPECT_EQ(byName["k"], 1u);
  auto bound = collectBindings(f);
  EXPECT_EQ(bound.size(), counts.size());
  EXPECT_EQ(collectBindings(loopBody(f, 1)).size(), 1u); // only j: i is bound by the loop itself
}

TEST(Find, CalleesAreTheFunctionsCalled) {
  auto p = parse(kLoops);
  ASSERT_TRUE(p);
  std::set<std::string, std::less<>> names;
  collectCallees(*p->functions()[1], names);
  EXPECT_EQ(names, (std::set<std::string, std::less<>>{"h"}));
  unsigned calls = 0;
  forEachCall(*p->functions()[1], [&](const CallTarget &t, const Span &) {
    EXPECT_FALSE(t.isOp());
    ++calls;
  });
  EXPECT_EQ(calls, 2u);
  collectCallees(*p->functions()[0], names);
  EXPECT_EQ(names.size(), 1u); // h calls nothing
}

TEST(Find, IterVarsAreTheCarriedVariablesInSlotOrder) {
  auto p = parse(R"(program p {
  Opaque f(In index x) -> (index, index) {
    while (i < 10) carry (index i = 0, index a = x) -> (index ri, index ra) {
      yield(i + 1, a + i);
    }
    return ri, ra;
  }
}
)");
  ASSERT_TRUE(p);
  auto &w =
      static_cast<const While &>(*static_cast<const Seq &>(*p->functions()[0]->body()).stmts()[0]);
  auto vars = iterVars(w.iterArgs());
  ASSERT_EQ(vars.size(), 2u);
  EXPECT_EQ(vars[0], w.iterArgs()[0].var);
  EXPECT_EQ(vars[1]->name(), "a");
}

} // namespace
