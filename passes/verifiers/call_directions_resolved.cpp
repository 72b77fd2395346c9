// CallDirectionsResolved verifier: every function call and submit carries consistent
// `arg_directions`.
//
// Holds when each Call or Submit to a function of the program that has arguments carries the call
// attr `arg_directions`, a string list with one entry per argument, each one of Input / Output /
// InOut / OutputExisting / NoDep / Scalar, Scalar exactly for the non-tensor arguments, and
// each tensor entry compatible with the callee's parameter direction (In: Input, NoDep; Out:
// Output, OutputExisting, InOut, NoDep; InOut: InOut, OutputExisting, NoDep); and when every
// Group / Spmd wrapper parameter is at least as strong (In < Out < InOut) as what its inner
// calls do with it.
//
// Codes: V601 missing or malformed attr · V602 entry count differs from the argument count ·
// V603 unknown direction · V604 Scalar on a tensor / a tensor direction on a scalar ·
// V605 direction incompatible with the callee parameter · V606 stale wrapper signature.
#include "passes/verifiers/verifier_visitor.h"

#include "ir/arg_direction.h"
#include "passes/utils/buffer_aliases.h"

#include <set>

namespace pl::passes {

namespace {
using namespace ir;

const std::set<ArgDirection> &allowed(ParamDirection d) {
  using A = ArgDirection;
  static const std::set<A> in{A::Input, A::NoDep}, out{A::Output, A::OutputExisting, A::InOut, A::NoDep},
      inout{A::InOut, A::OutputExisting, A::NoDep};
  return d == ParamDirection::In ? in : d == ParamDirection::Out ? out : inout;
}

/// What the checks read of a Call or a Submit.
struct Site {
  const char *kind; ///< "call" / "submit"
  const CallTarget &target;
  const ExprList &args;
  const AttrList &attrs;
  const Span &span;
};

class DirectionChecker : public VerifierVisitor {
public:
  using VerifierVisitor::VerifierVisitor;

  void visitCall(const Call &c) override {
    IRVisitor::visitCall(c);
    site({"call", c.target(), c.args(), c.attrs(), c.span()});
  }
  void visitSubmit(const Submit &s) override {
    IRVisitor::visitSubmit(s);
    site({"submit", s.target(), s.args(), s.attrs(), s.span()});
  }

private:
  void site(const Site &c) {
    FunctionPtr callee = c.target.isOp() ? nullptr : program_.lookup(c.target.function);
    if (!callee || c.args.empty())
      return;
    check(c, *callee);
    checkWrapper(c, *callee);
  }

  void check(const Site &c, const Function &callee) {
    const std::vector<std::string> *dirs = argDirectionNames(c.attrs);
    std::string who = std::string(c.kind) + " of '" + callee.name() + "'";
    if (!dirs)
      return diags_.error("V601", c.span,
                          who + " has no string-list attr 'arg_directions' (run "
                                "derive-call-directions)");
    if (dirs->size() != c.args.size())
      return diags_.error("V602", c.span,
                          who + " has " + std::to_string(dirs->size()) + " arg_directions for " +
                              std::to_string(c.args.size()) + " argument(s)");
    for (size_t i = 0; i < dirs->size(); ++i)
      checkOne(c, callee, i, (*dirs)[i], who);
  }

  void checkOne(const Site &c, const Function &callee, size_t i, const std::string &d,
                const std::string &who) {
    std::string at = who + ", argument " + std::to_string(i);
    std::optional<ArgDirection> dir = parseArgDirection(d);
    if (!dir)
      return diags_.error("V603", c.span,
                          at + ": unknown direction '" + d + "'; expected " +
                              argDirectionChoices());
    const TypePtr &t = c.args[i]->type();
    bool tensor = t && (dynCast<TensorType>(t) || dynCast<TupleType>(t));
    if (tensor == (*dir == ArgDirection::Scalar))
      return diags_.error("V604", c.span,
                          at + ": '" + d + "' on a " + (tensor ? "tensor" : "non-tensor") +
                              " argument; expected " + (tensor ? "a tensor direction" : "Scalar"));
    if (!tensor || i >= callee.params().size())
      return;
    ParamDirection pd = callee.params()[i].direction;
    if (!allowed(pd).count(*dir))
      diags_.error("V605", c.span,
                   at + ": '" + d + "' does not match the callee's " +
                       std::string(directionName(pd)) + " parameter");
  }

  /// Inside a Group / Spmd wrapper, a forwarded parameter is at least what the callee needs.
  void checkWrapper(const Site &c, const Function &callee) {
    if (func_->type() != FunctionType::Group && func_->type() != FunctionType::Spmd)
      return;
    for (size_t i = 0; i < c.args.size() && i < callee.params().size(); ++i)
      for (auto &prm : func_->params()) {
        if (c.args[i] != prm.var)
          continue;
        ParamDirection need = callee.params()[i].direction;
        if (mergeDirection(prm.direction, need) != prm.direction)
          diags_.error("V606", c.span,
                       "wrapper '" + func_->name() + "' declares parameter '" + prm.var->name() +
                           "' " + std::string(directionName(prm.direction)) + " but passes it to " +
                           std::string(directionName(need)) + " parameter " + std::to_string(i) +
                           " of '" + callee.name() + "'");
      }
  }
};
} // namespace

void verifyCallDirectionsResolved(const Program &p, DiagnosticEngine &diags) {
  runVerifier<DirectionChecker>(p, diags);
}

} // namespace pl::passes
