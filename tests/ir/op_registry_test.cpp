// Op registry core: registration, lookup, makeOpCall arity/kwarg checks, effects and memory rules.
#include "op_test_util.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

namespace pl::ir::testing {
namespace {

using Registry = OpTest;

TEST_F(Registry, RegisterAllOpsIsIdempotentAndThreadSafe) {
  size_t before = allOps().size();
  std::vector<std::thread> threads;
  for (int i = 0; i < 4; ++i)
    threads.emplace_back([] { registerAllOps(); });
  for (auto &t : threads)
    t.join();
  registerAllOps();
  EXPECT_EQ(allOps().size(), before);
  EXPECT_GT(before, 100u);
}

TEST_F(Registry, AllOpsSortedAndComplete) {
  auto ops = allOps();
  for (size_t i = 1; i < ops.size(); ++i)
    EXPECT_LT(ops[i - 1]->name(), ops[i]->name());
  for (const Op *op : ops) {
    EXPECT_FALSE(op->category.empty()) << op->name();
    EXPECT_FALSE(op->description.empty()) << op->name();
    EXPECT_TRUE(op->deduce) << op->name();
    EXPECT_TRUE(op->family() == "tensor" || op->family() == "tile" || op->family() == "system" ||
                op->family() == "pld" || op->family() == "array")
        << op->name();
    EXPECT_LE(op->optionalArgs, op->argNames.size()) << op->name();
  }
}

TEST_F(Registry, LookupAndFamily) {
  const Op *add = lookupOp("tile.add");
  ASSERT_TRUE(add);
  EXPECT_EQ(add->name(), "tile.add");
  EXPECT_EQ(add->family(), "tile");
  EXPECT_EQ(lookupOp("tensor.add")->family(), "tensor");
  EXPECT_EQ(lookupOp("tile.nonexistent"), nullptr);
}

TEST_F(Registry, CallCarriesOpTargetKwargsAndSpan) {
  ExprPtr a = tileVar(DataType::FP32, {16, 16}), b = tileVar(DataType::FP32, {16, 16});
  ExprPtr e = call("tile.add", {a, b});
  ASSERT_TRUE(e);
  auto *c = dynCast<Call>(e);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->target().op, lookupOp("tile.add"));
  EXPECT_EQ(c->target().name(), "tile.add");
  EXPECT_EQ(c->args().size(), 2u);
  EXPECT_EQ(c->span().line, testSpan().line);
}

TEST_F(Registry, UnknownOp) {
  bad("T101", "tile.frobnicate", {});
  EXPECT_NE(lastMessage.find("'tile.frobnicate'"), std::string::npos);
}

TEST_F(Registry, WrongArity) {
  ExprPtr a = tileVar(DataType::FP32, {16, 16});
  bad("T102", "tile.add", {a});
  EXPECT_NE(lastMessage.find("expected 2"), std::string::npos) << lastMessage;
  bad("T102", "tile.add", {a, a, a});
  bad("T102", "tensor.create", {});
}

TEST_F(Registry, UnknownKwarg) {
  ExprPtr a = tileVar(DataType::FP32, {16, 16});
  bad("T103", "tile.add", {a, a}, {{"alpha", int64_t{2}}});
  EXPECT_NE(lastMessage.find("'alpha'"), std::string::npos);
  bad("T103", "tensor.create", {tup({4})}, {{"dtype", DataType::FP32}, {"dtyp", DataType::FP32}});
}

TEST_F(Registry, DuplicateKwarg) {
  bad("T103", "tensor.create", {tup({4})},
      {{"dtype", DataType::FP32}, {"dtype", DataType::FP16}});
}

TEST_F(Registry, WrongKwargKind) {
  bad("T104", "tensor.create", {tup({4})}, {{"dtype", std::string("fp32")}});
  EXPECT_NE(lastMessage.find("must be a dtype"), std::string::npos) << lastMessage;
}

TEST_F(Registry, MissingRequiredKwarg) { bad("T105", "tensor.create", {tup({4, 4})}); }

TEST_F(Registry, ArgEffectsAndAliasing) {
  const Op *store = lookupOp("tile.store");
  ASSERT_TRUE(store);
  EXPECT_EQ(argEffect(*store, 0, {}), ArgEffect::Read);
  EXPECT_EQ(argEffect(*store, 1, {}), ArgEffect::Read);
  EXPECT_EQ(argEffect(*store, 2, {}), ArgEffect::Write);
  EXPECT_TRUE(writesArg(*store, 2, {}));
  EXPECT_EQ(store->outputAliasesArg, 2);
  const Op *add = lookupOp("tile.add");
  EXPECT_EQ(argEffect(*add, 0, {}), ArgEffect::Read);
  EXPECT_EQ(argEffect(*add, 5, {}), ArgEffect::Read);
  EXPECT_FALSE(add->outputAliasesArg);
}

TEST_F(Registry, MemorySpaceRules) {
  const Op *add = lookupOp("tile.add");
  EXPECT_TRUE(argSpaceAllowed(*add, 0, MemorySpace::Vec));
  EXPECT_FALSE(argSpaceAllowed(*add, 0, MemorySpace::Mat));
  const Op *load = lookupOp("tile.load");
  EXPECT_EQ(resultMemorySpace(*load, {}, {}), MemorySpace::Vec);
  EXPECT_EQ(resultMemorySpace(*load, {}, {{"target_memory", MemorySpace::Mat}}), MemorySpace::Mat);
  EXPECT_EQ(argEffectName(ArgEffect::ReadWrite), "readwrite");
}

TEST_F(Registry, ArgumentInWrongMemorySpace) {
  ExprPtr a = tileVar(DataType::FP32, {16, 16}, MemorySpace::Mat);
  ExprPtr b = tileVar(DataType::FP32, {16, 16});
  bad("T111", "tile.add", {a, b});
  EXPECT_NE(lastMessage.find("'Mat'"), std::string::npos) << lastMessage;
}

TEST_F(Registry, UnknownSpaceIsFilledFromRule) {
  ExprPtr a = tileVar(DataType::FP32, {16, 16}, std::nullopt);
  TypePtr t = ok("tile.add", {a, a});
  ASSERT_TRUE(asTile(t));
  EXPECT_EQ(asTile(t)->memorySpace(), MemorySpace::Vec);
}

TEST_F(Registry, IntKwargForStringIsAnError) {
  ExprPtr a = tileVar(DataType::FP32, {16, 16});
  bad("T104", "tile.cmp", {a, a}, {{"mode", int64_t{1}}});
}

/// The source tree comes from CMake ($PL_SOURCE_DIR, set on the ctest tests), never from
/// __FILE__ (relative under ccache); a missing path or file fails the test.
TEST_F(Registry, DocsListEveryOp) {
  const char *root = std::getenv("PL_SOURCE_DIR");
  ASSERT_TRUE(root && *root) << "PL_SOURCE_DIR is not set (ctest sets it to the source tree)";
  auto doc = std::filesystem::path(root) / "docs" / "ops.md";
  std::ifstream in(doc);
  ASSERT_TRUE(in) << "cannot read " << doc;
  std::stringstream text;
  text << in.rdbuf();
  for (const Op *op : allOps())
    EXPECT_NE(text.str().find("| `" + op->name() + "("), std::string::npos)
        << op->name() << " is missing from docs/ops.md";
}

} // namespace
} // namespace pl::ir::testing
