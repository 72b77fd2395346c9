// The walking part shared by the property verifiers: an IRVisitor that knows the program, the
// diagnostics and the function being walked, and a variant with one hook per call or submit.
#pragma once

#include "passes/verifiers/registry.h"

#include "ir/visitor.h"

namespace pl::passes {

/// Base of a verifier that walks the program with an IRVisitor: reports to `diags_`, looks
/// callees up in `program_`, and sets `func_` to the function being walked. Types are not
/// visited (a verifier that checks types reads them from the nodes it checks).
class VerifierVisitor : public ir::IRVisitor {
public:
  VerifierVisitor(const ir::Program &p, ir::DiagnosticEngine &diags) : program_(p), diags_(diags) {
    visitTypes_ = false;
  }

  void visitFunction(const ir::Function &f) override {
    func_ = &f;
    IRVisitor::visitFunction(f);
  }

protected:
  const ir::Program &program_;
  ir::DiagnosticEngine &diags_;
  const ir::Function *func_ = nullptr;
};

/// A VerifierVisitor that walks only the kernel functions (InCore, AIC, AIV).
class KernelVerifierVisitor : public VerifierVisitor {
public:
  using VerifierVisitor::VerifierVisitor;

  void visitFunction(const ir::Function &f) override {
    if (ir::isKernel(f.type()))
      VerifierVisitor::visitFunction(f);
  }
};

/// A VerifierVisitor that checks the target of every call and submit, before the operands of
/// the call (so a call's diagnostic comes before those of the calls nested in it).
class CallTargetVerifier : public VerifierVisitor {
public:
  using VerifierVisitor::VerifierVisitor;

  void visitCall(const ir::Call &c) override {
    checkTarget(c.target(), c.span(), /*isSubmit=*/false);
    IRVisitor::visitCall(c);
  }
  void visitSubmit(const ir::Submit &s) override {
    checkTarget(s.target(), s.span(), /*isSubmit=*/true);
    IRVisitor::visitSubmit(s);
  }

protected:
  virtual void checkTarget(const ir::CallTarget &t, const ir::Span &span, bool isSubmit) = 0;
};

/// Runs the verifier visitor `V` (constructed from the program and the diagnostics) over every
/// function of `p`.
template <typename V> void runVerifier(const ir::Program &p, ir::DiagnosticEngine &diags) {
  V checker(p, diags);
  checker.visitProgram(p);
}

} // namespace pl::passes
