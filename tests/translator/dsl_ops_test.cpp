// Every DSL operation in pl/ops_*.hpp names its IR op with PL_DSL_OP, and that op is registered:
// the translator reads the op from the declaration, so a missing or misspelled annotation
// would otherwise surface only when a program calls the operation.
#include "translator/marked_functions.h"

#include "ir/op_registry.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

namespace {

/// One public DSL function: its C++ name and its annotated op (empty: none).
struct DslFunction {
  std::string name, file, op;
};

bool isDirectlyInPl(const clang::FunctionDecl *fd) {
  auto *ns = llvm::dyn_cast<clang::NamespaceDecl>(fd->getDeclContext());
  return ns && ns->getName() == "pl" && ns->getParent()->isTranslationUnit();
}

class Collector : public clang::RecursiveASTVisitor<Collector> {
public:
  explicit Collector(std::vector<DslFunction> &out) : out_(out) {}
  bool VisitFunctionDecl(clang::FunctionDecl *fd) {
    if (!isDirectlyInPl(fd) || fd->isOverloadedOperator() || fd->isTemplateInstantiation())
      return true;
    const clang::SourceManager &sm = fd->getASTContext().getSourceManager();
    std::string file = sm.getFilename(sm.getExpansionLoc(fd->getLocation())).str();
    auto at = file.rfind("/pl/");
    if (at == std::string::npos)
      return true;
    file = file.substr(at + 4);
    bool opsFile = file.rfind("ops_", 0) == 0;
    auto op = pl::translator::dslOp(fd);
    if (opsFile || op)
      out_.push_back({fd->getNameAsString(), file, op.value_or("")});
    return true;
  }

private:
  std::vector<DslFunction> &out_;
};

class Action : public clang::ASTFrontendAction {
public:
  explicit Action(std::vector<DslFunction> &out) : out_(out) {}
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &,
                                                        llvm::StringRef) override {
    struct Consumer : clang::ASTConsumer {
      explicit Consumer(std::vector<DslFunction> &o) : out(o) {}
      void HandleTranslationUnit(clang::ASTContext &ctx) override {
        Collector(out).TraverseDecl(ctx.getTranslationUnitDecl());
      }
      std::vector<DslFunction> &out;
    };
    return std::make_unique<Consumer>(out_);
  }

private:
  std::vector<DslFunction> &out_;
};

std::vector<DslFunction> dslFunctions() {
  std::vector<DslFunction> out;
  std::vector<std::string> args = {"-std=c++20", "-fsyntax-only", "-I" PL_DSL_INCLUDE_DIR,
                                   "-resource-dir=" PL_CLANG_RESOURCE_DIR};
  bool ok = clang::tooling::runToolOnCodeWithArgs(std::make_unique<Action>(out),
                                                  "#include <pl/dsl.hpp>\n", args, "dsl.cpp");
  EXPECT_TRUE(ok) << "pl/dsl.hpp does not parse";
  return out;
}

bool registered(const std::string &op) {
  if (op.find('.') != std::string::npos)
    return pl::ir::lookupOp(op) != nullptr;
  return pl::ir::lookupOp("tile." + op) || pl::ir::lookupOp("tensor." + op);
}

/// DSL operations the IR has no op for yet (they run eagerly; translating a call is T101
/// "unknown op"). Each must really be unregistered, so adding the op shrinks this list.
const std::set<std::string> kEagerOnly = {};

TEST(DslOps, EveryOperationNamesARegisteredOp) {
  pl::ir::registerAllOps();
  std::vector<DslFunction> fns = dslFunctions();
  std::map<std::string, std::string> opOf;
  for (const DslFunction &f : fns) {
    EXPECT_FALSE(f.op.empty()) << "pl::" << f.name << " (pl/" << f.file
                               << ") has no PL_DSL_OP annotation";
    if (!f.op.empty()) {
      EXPECT_EQ(registered(f.op), !kEagerOnly.count(f.op))
          << "pl::" << f.name << " is annotated with '" << f.op << "', which is "
          << (kEagerOnly.count(f.op) ? "registered now: drop it from kEagerOnly"
                                     : "not a registered op");
    }
    opOf[f.name] = f.op;
  }
  // The set is the DSL's operations, not a handful: spot-check spellings that differ from the op.
  EXPECT_GT(opOf.size(), 80u);
  EXPECT_EQ(opOf["load"], "tile.load");
  EXPECT_EQ(opOf["and_"], "and");
  EXPECT_EQ(opOf["gemv_acc"], "matmul_acc");
  EXPECT_EQ(opOf["create_tensor"], "tensor.create");
  EXPECT_EQ(opOf["get_block_idx"], "tile.get_block_idx");
}

} // namespace
