// Binding-site, call and loop-jump queries (ir/find.h), each one IRVisitor walk without types.
#include "ir/find.h"
#include "ir/visitor.h"

namespace pl::ir {

namespace {

class BindingWalker final : public IRVisitor {
public:
  explicit BindingWalker(const std::function<void(const VarPtr &)> &fn) : fn_(fn) {
    visitTypes_ = false; // types hold uses only
  }
  void visitVarDef(const VarPtr &v) override { fn_(v); }

private:
  const std::function<void(const VarPtr &)> &fn_;
};

class CallWalker final : public IRVisitor {
public:
  explicit CallWalker(const std::function<void(const CallTarget &, const Span &)> &fn) : fn_(fn) {
    visitTypes_ = false;
  }
  void visitCallTarget(const CallTarget &target, const Expr &site) override {
    fn_(target, site.span());
  }

private:
  const std::function<void(const CallTarget &, const Span &)> &fn_;
};

class JumpFinder final : public IRVisitor {
public:
  explicit JumpFinder(bool intoLoops) : intoLoops_(intoLoops) { visitTypes_ = false; }
  void visitBreak(const Break &) override { found = true; }
  void visitContinue(const Continue &) override { found = true; }
  void visitFor(const For &s) override {
    if (intoLoops_)
      IRVisitor::visitFor(s);
  }
  void visitWhile(const While &s) override {
    if (intoLoops_)
      IRVisitor::visitWhile(s);
  }
  bool found = false;

private:
  bool intoLoops_;
};

} // namespace

void forEachBinding(const Function &f, const std::function<void(const VarPtr &)> &fn) {
  BindingWalker(fn).visitFunction(f);
}

void forEachBinding(const StmtPtr &s, const std::function<void(const VarPtr &)> &fn) {
  BindingWalker(fn).visitStmt(s);
}

std::unordered_set<const Var *> collectBindings(const Function &f) {
  std::unordered_set<const Var *> out;
  forEachBinding(f, [&](const VarPtr &v) { out.insert(v.get()); });
  return out;
}

std::unordered_set<const Var *> collectBindings(const StmtPtr &s) {
  std::unordered_set<const Var *> out;
  forEachBinding(s, [&](const VarPtr &v) { out.insert(v.get()); });
  return out;
}

std::unordered_map<const Var *, unsigned> countBindings(const Function &f) {
  std::unordered_map<const Var *, unsigned> out;
  forEachBinding(f, [&](const VarPtr &v) { ++out[v.get()]; });
  return out;
}

std::vector<VarPtr> iterVars(const std::vector<IterArg> &iters) {
  std::vector<VarPtr> out;
  out.reserve(iters.size());
  for (auto &ia : iters)
    out.push_back(ia.var);
  return out;
}

void forEachCall(const Function &f,
                 const std::function<void(const CallTarget &, const Span &)> &fn) {
  CallWalker(fn).visitFunction(f);
}

void collectCallees(const Function &f, std::set<std::string, std::less<>> &names) {
  forEachCall(f, [&](const CallTarget &t, const Span &) {
    if (!t.isOp())
      names.insert(t.function);
  });
}

bool hasLoopJump(const StmtPtr &s) {
  JumpFinder f(/*intoLoops=*/true);
  f.visitStmt(s);
  return f.found;
}

bool hasOwnLoopJump(const StmtPtr &body) {
  JumpFinder f(/*intoLoops=*/false);
  f.visitStmt(body);
  return f.found;
}

} // namespace pl::ir
