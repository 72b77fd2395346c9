// DCE: dead assignment elimination (see dce.h).
#include "passes/dce.h"

#include "passes/utils/dead_assigns.h"

#include "ir/op_registry.h"

#include "llvm/ADT/StringRef.h"

namespace pl::passes {

namespace {
using namespace ir;

/// Ops with effects beyond their arguments (queues, barriers) even though they write none.
bool hasHiddenEffect(const Op &op) {
  llvm::StringRef name = op.name();
  if (op.family() != "tile" && op.family() != "tensor")
    return true;
  for (llvm::StringRef k : {"tpush", "tpop", "tfree", "sync", "barrier", "fence", "pipe"})
    if (name.contains(k))
      return true;
  return false;
}

bool isPure(const ExprPtr &e);

bool allPure(const ExprList &es) {
  for (auto &e : es)
    if (!isPure(e))
      return false;
  return true;
}

bool isPureCall(const Call &c) {
  if (!c.target().isOp())
    return false; // a function call may write its Out parameters
  const Op &op = *c.target().op;
  if (hasHiddenEffect(op))
    return false;
  for (size_t i = 0; i < c.args().size(); ++i)
    if (writesArg(op, i, c.kwargs()))
      return false;
  return allPure(c.args());
}

bool isPure(const ExprPtr &e) {
  if (!e)
    return true;
  switch (e->kind()) {
  case ExprKind::Binary:
    return isPure(static_cast<const Binary &>(*e).lhs()) &&
           isPure(static_cast<const Binary &>(*e).rhs());
  case ExprKind::Unary: return isPure(static_cast<const Unary &>(*e).operand());
  case ExprKind::MakeTuple: return allPure(static_cast<const MakeTuple &>(*e).elements());
  case ExprKind::TupleGetItem: return isPure(static_cast<const TupleGetItem &>(*e).tuple());
  case ExprKind::Call: return isPureCall(static_cast<const Call &>(*e));
  case ExprKind::Submit: return false;
  default: return true; // variables and constants
  }
}

} // namespace

FunctionPtr eliminateDeadCode(const FunctionPtr &f) {
  return removeDeadAssigns(f, [](const Assign &s) { return isPure(s.value()); });
}

PL_DEFINE_FUNCTION_PASS(DCE, eliminateDeadCode)

} // namespace pl::passes
