// InlineFunctionsEliminated verifier: no call or submit targets an Inline function, and no
// Inline function is left (InlineFunctions establishes it).
//
// Codes: V801 call (or submit) of an Inline function that was not inlined — nested in another
// expression, or a submit · V802 an Inline function remains although nothing calls it.
#include "passes/verifiers/registry.h"

#include "ir/visitor.h"

#include <set>

namespace pl::passes {

namespace {
using namespace ir;

class InlineCallChecker final : public IRVisitor {
public:
  InlineCallChecker(const std::set<std::string, std::less<>> &inlines, DiagnosticEngine &diags)
      : inlines_(inlines), diags_(diags) {
    visitTypes_ = false;
  }
  void visitCall(const Call &c) override {
    if (!c.target().isOp() && inlines_.count(c.target().function)) {
      called.insert(c.target().function);
      diags_.error("V801", c.span(),
                   "call to Inline function '" + c.target().function +
                       "' was not inlined; only a call that is a whole statement (x = f(..), "
                       "f(..);, return f(..)) can be, so bind it to a variable first");
    }
    IRVisitor::visitCall(c);
  }
  void visitSubmit(const Submit &s) override {
    if (inlines_.count(s.target().function)) {
      called.insert(s.target().function);
      diags_.error("V801", s.span(),
                   "submit of Inline function '" + s.target().function +
                       "'; an Inline function cannot be launched as a task");
    }
    IRVisitor::visitSubmit(s);
  }
  std::set<std::string, std::less<>> called;

private:
  const std::set<std::string, std::less<>> &inlines_;
  DiagnosticEngine &diags_;
};
} // namespace

void verifyInlineFunctionsEliminated(const Program &p, DiagnosticEngine &diags) {
  std::set<std::string, std::less<>> inlines;
  for (auto &f : p.functions())
    if (f->type() == FunctionType::Inline)
      inlines.insert(f->name());
  if (inlines.empty())
    return;
  InlineCallChecker checker(inlines, diags);
  for (auto &f : p.functions())
    if (f->type() != FunctionType::Inline)
      checker.visitFunction(*f);
  for (auto &f : p.functions())
    if (f->type() == FunctionType::Inline && !checker.called.count(f->name()))
      diags.error("V802", f->span(),
                  "Inline function '" + f->name() + "' remains after inlining; nothing calls it");
}

} // namespace pl::passes
