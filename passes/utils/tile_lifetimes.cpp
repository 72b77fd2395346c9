// Tile lifetime conflicts for memory planning (see tile_lifetimes.h).
#include "passes/utils/tile_lifetimes.h"

#include "passes/utils/liveness.h"

#include "ir/op_registry.h"

namespace pl::passes {

void TileConflicts::add(const ir::Var *a, const ir::Var *b) {
  if (a == b)
    return;
  edges_[a].insert(b);
  edges_[b].insert(a);
}

bool TileConflicts::conflict(const ir::Var *a, const ir::Var *b) const {
  auto it = edges_.find(a);
  return it != edges_.end() && it->second.count(b);
}

const std::unordered_set<const ir::Var *> &TileConflicts::of(const ir::Var *v) const {
  static const std::unordered_set<const ir::Var *> kNone;
  auto it = edges_.find(v);
  return it == edges_.end() ? kNone : it->second;
}

namespace {
using namespace ir;

bool isTile(const Var *v) { return v && isa<TileType>(v->type()); }

/// The members of each carry / phi slot of one statement (tiles only).
using Slots = std::vector<std::vector<const Var *>>;

void addYielded(Slots &slots, const StmtPtr &body) {
  const Yield *y = trailingYield(body);
  if (!y)
    return;
  for (size_t i = 0; i < y->values().size() && i < slots.size(); ++i)
    if (auto *v = dynCast<Var>(y->values()[i]); isTile(v))
      slots[i].push_back(v);
}

bool inSlot(const std::vector<const Var *> &slot, const Var *v) {
  for (auto *m : slot)
    if (m == v)
      return true;
  return false;
}

/// The tile an assignment's value is a view or in-place result of (a copy, a result that
/// reuses an argument, a reshape), or nullptr.
const Var *aliasSource(const Assign &a) {
  if (auto *v = dynCast<Var>(a.value()); isTile(v))
    return v;
  auto *c = dynCast<Call>(a.value());
  if (!c || !c->target().isOp())
    return nullptr;
  const Op &op = *c->target().op;
  std::optional<int> of = op.outputAliasesArg ? op.outputAliasesArg : op.viewOfArg;
  size_t i = of ? size_t(*of) : 0;
  if (of && i < c->args().size())
    if (auto *v = dynCast<Var>(c->args()[i]); isTile(v))
      return v;
  return nullptr;
}

/// How the tiles of a loop body are related: the view / in-place source of an assignment, the
/// views of each tile, the branch yields of each if result (nested ifs and scopes included;
/// nested loops are carries of their own).
struct BodyDefs {
  std::unordered_map<const Var *, const Var *> source;
  std::unordered_map<const Var *, std::vector<const Var *>> views;
  std::unordered_map<const Var *, std::vector<const Var *>> branchYields;

  void block(const StmtPtr &body) {
    for (auto &s : bodyStmts(body)) {
      if (auto *a = dynCast<Assign>(s)) {
        if (const Var *src = aliasSource(*a)) {
          source[a->var().get()] = src;
          views[src].push_back(a->var().get());
        }
      } else if (auto *i = dynCast<If>(s)) {
        for (size_t k = 0; k < i->returnVars().size(); ++k)
          for (const StmtPtr *b : {&i->thenBody(), &i->elseBody()})
            if (const Yield *y = *b ? trailingYield(*b) : nullptr; y && k < y->values().size())
              if (auto *yv = dynCast<Var>(y->values()[k]); isTile(yv))
                branchYields[i->returnVars()[k].get()].push_back(yv);
        block(i->thenBody());
        block(i->elseBody());
      } else if (auto *sc = dynCast<Scope>(s))
        block(sc->body());
    }
  }
};

/// Adds to a loop slot the tiles of the body that hold its value on the way from the iter_arg
/// to the yield: the sources of the yielded value through if results (both branch yields) and
/// views / in-place results, and the views of every member (`old = acc`). They are the slot's
/// bytes, so they are exempt from the rule that the body's tiles avoid the slot (the
/// interference rule still applies to them).
void addFlow(std::vector<const Var *> &slot, const BodyDefs &defs) {
  auto add = [&](const Var *v) {
    if (!inSlot(slot, v))
      slot.push_back(v);
  };
  for (size_t n = 0; n < slot.size(); ++n) {
    const Var *v = slot[n];
    if (auto it = defs.source.find(v); it != defs.source.end())
      add(it->second);
    if (auto it = defs.branchYields.find(v); it != defs.branchYields.end())
      for (const Var *y : it->second)
        add(y);
    if (auto it = defs.views.find(v); it != defs.views.end())
      for (const Var *w : it->second)
        add(w);
  }
}

class ConflictBuilder {
public:
  explicit ConflictBuilder(TileConflicts &out) : out_(out) {}

  void block(const std::vector<StmtPtr> &stmts, const VarSet &after) {
    std::vector<VarSet> liveAfter = liveAfterEach(stmts, after);
    for (size_t i = 0; i < stmts.size(); ++i)
      stmt(stmts[i], liveAfter[i]);
  }

  /// A tile defined at a point where `live` holds: conflicts with those and with the carry
  /// slots of every enclosing loop it is not a member of.
  void def(const Var *d, const VarSet &live) {
    if (!isTile(d))
      return;
    for (auto *u : live)
      if (isTile(u))
        out_.add(d, u);
    for (const Slots *slots : loops_)
      for (auto &slot : *slots)
        if (!inSlot(slot, d))
          for (auto *m : slot)
            out_.add(d, m);
  }

private:
  void stmt(const StmtPtr &s, const VarSet &after) {
    if (auto *a = dynCast<Assign>(s))
      return def(a->var().get(), after);
    if (auto *i = dynCast<If>(s))
      return ifStmt(*i, after);
    if (auto *f = dynCast<For>(s))
      return loop(s, f->iterArgs(), f->body(), f->returnVars(), after);
    if (auto *w = dynCast<While>(s))
      return loop(s, w->iterArgs(), w->body(), w->returnVars(), after);
    if (auto *sc = dynCast<Scope>(s))
      return block(bodyStmts(sc->body()), after);
  }

  void ifStmt(const If &s, const VarSet &after) {
    VarSet branchAfter = after;
    for (auto &r : s.returnVars())
      branchAfter.erase(r.get());
    block(bodyStmts(s.thenBody()), branchAfter);
    block(bodyStmts(s.elseBody()), branchAfter);
    Slots slots(s.returnVars().size());
    for (size_t i = 0; i < slots.size(); ++i) {
      def(s.returnVars()[i].get(), after);
      if (isTile(s.returnVars()[i].get()))
        slots[i].push_back(s.returnVars()[i].get());
    }
    addYielded(slots, s.thenBody());
    addYielded(slots, s.elseBody());
    separateSlots(slots);
  }

  void loop(const StmtPtr &s, const std::vector<IterArg> &iterArgs, const StmtPtr &body,
            const std::vector<VarPtr> &rets, const VarSet &after) {
    Slots slots(iterArgs.size());
    for (size_t i = 0; i < iterArgs.size(); ++i) {
      if (auto *init = dynCast<Var>(iterArgs[i].init); isTile(init))
        slots[i].push_back(init);
      if (isTile(iterArgs[i].var.get()))
        slots[i].push_back(iterArgs[i].var.get());
      if (i < rets.size() && isTile(rets[i].get()))
        slots[i].push_back(rets[i].get());
    }
    addYielded(slots, body);
    BodyDefs defs;
    defs.block(body);
    for (auto &slot : slots)
      addFlow(slot, defs);
    VarSet atLoop = liveIn(s, after);
    VarSet bodyEnd = liveAtBodyEnd(*s, after);
    VarSet stillRead = liveIn(body, bodyEnd); // read in the loop or after it
    for (size_t i = 0; i < iterArgs.size(); ++i) {
      VarSet live = atLoop;
      for (auto *m : slots[i])
        if (!stillRead.count(m)) // an init read later must keep its bytes: the yields write them
          live.erase(m);
      def(iterArgs[i].var.get(), live);
    }
    separateSlots(slots);
    loops_.push_back(&slots);
    block(bodyStmts(body), bodyEnd);
    loops_.pop_back();
    for (auto &r : rets)
      def(r.get(), after);
  }

  void separateSlots(const Slots &slots) {
    for (size_t i = 0; i < slots.size(); ++i)
      for (size_t j = i + 1; j < slots.size(); ++j)
        for (auto *a : slots[i])
          for (auto *b : slots[j])
            out_.add(a, b);
  }

  TileConflicts &out_;
  std::vector<const Slots *> loops_;
};
} // namespace

TileConflicts computeTileLifetimeConflicts(const ir::Function &f) {
  TileConflicts out;
  ConflictBuilder b(out);
  std::vector<StmtPtr> stmts = bodyStmts(f.body());
  VarSet atEntry = liveIn(f.body(), {});
  for (auto &p : f.params())
    b.def(p.var.get(), atEntry);
  b.block(stmts, {});
  return out;
}

} // namespace pl::passes
