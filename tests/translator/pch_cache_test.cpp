// The cached PCH's two assumptions (translator/pch_cache.h): which files it applies to, and that
// the pl headers mark no function (so the marked-function walk may skip what the PCH holds).
#include "translator/marked_functions.h"
#include "translator/pch_cache.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

namespace {

using pl::translator::firstPlHeader;

TEST(PchCache, AppliesWhenThePlHeaderIsTheFirstToken) {
  EXPECT_EQ(firstPlHeader("#include <pl/dsl.hpp>\nint x;\n"), "pl/dsl.hpp");
  EXPECT_EQ(firstPlHeader("// banner\n/* more */\n\n  #  include <pl/dsl.hpp> // the DSL\n"),
            "pl/dsl.hpp");
  EXPECT_EQ(firstPlHeader("\xEF\xBB\xBF#include <pl/sim/host_bridge.hpp>\n"),
            "pl/sim/host_bridge.hpp");
  EXPECT_EQ(firstPlHeader("#include <pl/dsl.hpp>"), "pl/dsl.hpp"); // no final newline
}

TEST(PchCache, DoesNotApplyOtherwise) {
  // Anything before the include could change what the header means.
  EXPECT_EQ(firstPlHeader("#define PL_X 1\n#include <pl/dsl.hpp>\n"), std::nullopt);
  EXPECT_EQ(firstPlHeader("#include <vector>\n#include <pl/dsl.hpp>\n"), std::nullopt);
  EXPECT_EQ(firstPlHeader("int x;\n#include <pl/dsl.hpp>\n"), std::nullopt);
  // The quoted form searches the includer's directory first: another file may be found.
  EXPECT_EQ(firstPlHeader("#include \"pl/dsl.hpp\"\n"), std::nullopt);
  EXPECT_EQ(firstPlHeader("#include <pl/dsl.hpp> /* c */\n"), std::nullopt);
  EXPECT_EQ(firstPlHeader("#include <pl/dsl.hpp\n"), std::nullopt);
  EXPECT_EQ(firstPlHeader("#include <pl/>\n"), std::nullopt);
  EXPECT_EQ(firstPlHeader("#include_next <pl/dsl.hpp>\n"), std::nullopt);
  EXPECT_EQ(firstPlHeader("#import <pl/dsl.hpp>\n"), std::nullopt);
  EXPECT_EQ(firstPlHeader(""), std::nullopt);
}

TEST(PchCache, DirectoryFollowsTheCacheDir) {
  EXPECT_EQ(pl::translator::defaultPchDir("/tmp/c"), "/tmp/c/pch");
}

/// Marked functions of a translation unit that includes every pl header a file can start with.
class MarkedAction : public clang::ASTFrontendAction {
public:
  explicit MarkedAction(size_t &count) : count_(count) {}
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &,
                                                        llvm::StringRef) override {
    struct Consumer : clang::ASTConsumer {
      explicit Consumer(size_t &c) : count(c) {}
      void HandleTranslationUnit(clang::ASTContext &ctx) override {
        pl::ir::DiagnosticEngine diags;
        count = pl::translator::collectMarkedFunctions(ctx, diags).size();
      }
      size_t &count;
    };
    return std::make_unique<Consumer>(count_);
  }

private:
  size_t &count_;
};

TEST(PchCache, PlHeadersMarkNoFunction) {
  size_t count = 99;
  std::vector<std::string> args = {"-std=c++20", "-fsyntax-only", "-I" PL_DSL_INCLUDE_DIR,
                                   "-resource-dir=" PL_CLANG_RESOURCE_DIR,
                                   "-Wno-unknown-attributes"};
  bool ok = clang::tooling::runToolOnCodeWithArgs(
      std::make_unique<MarkedAction>(count),
      "#include <pl/dsl.hpp>\n#include <pl/sim/host_bridge.hpp>\n", args, "headers.cpp");
  ASSERT_TRUE(ok) << "the pl headers do not parse";
  EXPECT_EQ(count, 0u) << "a pl header marks a function: the marked-function walk skips "
                          "declarations from the PCH (translator/marked_functions.cpp)";
}

} // namespace
