// Expression nesting depth, computed without recursion (see expr_depth.h).
#include "ir/expr_depth.h"

#include <unordered_map>
#include <vector>

namespace pl::ir {

namespace {
/// The operand expressions of `e` (types and attrs are not expression trees of their own).
void children(const Expr &e, std::vector<const Expr *> &out) {
  auto add = [&](const ExprPtr &c) {
    if (c)
      out.push_back(c.get());
  };
  switch (e.kind()) {
  case ExprKind::Binary:
    add(static_cast<const Binary &>(e).lhs());
    add(static_cast<const Binary &>(e).rhs());
    return;
  case ExprKind::Unary: return add(static_cast<const Unary &>(e).operand());
  case ExprKind::Call:
    for (auto &a : static_cast<const Call &>(e).args())
      add(a);
    return;
  case ExprKind::Submit:
    return static_cast<const Submit &>(e).forEachOperand(add);
  case ExprKind::MakeTuple:
    for (auto &x : static_cast<const MakeTuple &>(e).elements())
      add(x);
    return;
  case ExprKind::TupleGetItem: return add(static_cast<const TupleGetItem &>(e).tuple());
  case ExprKind::Var: // leaves (a MemRef's fields belong to its type)
  case ExprKind::MemRef:
  case ExprKind::ConstInt:
  case ExprKind::ConstFloat:
  case ExprKind::ConstBool: return;
  }
}
} // namespace

const Expr *findExprDeeperThan(const Expr &root, unsigned limit) {
  std::unordered_map<const Expr *, unsigned> depth; // finished nodes
  struct Frame {
    const Expr *e;
    std::vector<const Expr *> kids;
    size_t next = 0;
  };
  std::vector<Frame> stack;
  auto push = [&](const Expr *e) {
    Frame f{e, {}, 0};
    children(*e, f.kids);
    stack.push_back(std::move(f));
  };
  push(&root);
  while (!stack.empty()) {
    Frame &f = stack.back();
    if (f.next < f.kids.size()) {
      const Expr *k = f.kids[f.next++];
      if (!depth.count(k))
        push(k);
      continue;
    }
    unsigned d = 1;
    for (const Expr *k : f.kids)
      d = std::max(d, depth.at(k) + 1);
    if (d > limit)
      return f.e;
    depth.emplace(f.e, d);
    stack.pop_back();
  }
  return nullptr;
}

} // namespace pl::ir
