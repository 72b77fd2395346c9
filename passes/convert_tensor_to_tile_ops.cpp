// ConvertTensorToTileOps: tensor ops → tile ops in kernels (see convert_tensor_to_tile_ops.h).
#include "passes/convert_tensor_to_tile_ops.h"

#include "ir/mutator.h"
#include "ir/op_registry.h"
#include "ir/printer.h"
#include "ir/visitor.h"
#include "passes/utils/buffer_aliases.h"

#include <cstring>
#include <map>
#include <unordered_map>
#include <unordered_set>

namespace pl::passes {

namespace {
using namespace ir;

/// How a tensor op converts.
enum class Conv {
  Same,        ///< tile op of the same name, operands as tiles
  Slice,       ///< of a parameter → tile.load; of a tile → tile.slice
  Assemble,    ///< into a parameter → tile.store; into a tile → tile.assemble
  Matmul,      ///< operands to Left / Right (via Mat loads), result in Acc
  MatmulAcc,   ///< same, with an Acc accumulator
  BatchMatmul, ///< tile.batch_matmul on the operand tensors (FlattenTileNdTo2D expands it)
  GmAccess,    ///< read / write: stays a tensor op on a parameter, tile op on a tile
  Scratch,     ///< as Same, plus the scratch tile the tile op requires (a fresh tile.create)
};

struct ConvEntry {
  std::string_view tensorOp;
  Conv kind;
};

/// The conversion table: one entry per tensor op.
// clang-format off
constexpr ConvEntry kTable[] = {
#define SAME(n) {"tensor." n, Conv::Same},
    SAME("abs") SAME("add") SAME("adds") SAME("and") SAME("ands") SAME("cast") SAME("ci") SAME("cmp")
    SAME("cmps") SAME("col_argmax") SAME("col_argmin") SAME("col_expand") SAME("col_expand_add")
    SAME("col_expand_div") SAME("col_expand_expdif") SAME("col_expand_max")
    SAME("col_expand_min") SAME("col_expand_mul") SAME("col_expand_sub") SAME("col_max")
    SAME("col_min") SAME("col_prod") SAME("col_sum") SAME("concat") SAME("cos") SAME("create")
    SAME("div") SAME("divs") SAME("exp") SAME("expands") SAME("fillpad") SAME("fmod")
    SAME("fmods") SAME("full") SAME("get_block_idx") SAME("get_block_num")
    SAME("get_subblock_idx") SAME("log") SAME("lrelu") SAME("maximum") SAME("maximums")
    SAME("minimum") SAME("minimums") SAME("mul") SAME("muls") SAME("neg") SAME("not") SAME("or")
    SAME("ors") SAME("part_add") SAME("part_max") SAME("part_min") SAME("part_mul") SAME("prelu") SAME("recip") SAME("relu") SAME("rem") SAME("rems") SAME("reshape")
    SAME("row_expand") SAME("row_expand_add") SAME("row_expand_div") SAME("row_expand_expdif")
    SAME("row_expand_max") SAME("row_expand_min") SAME("row_expand_mul") SAME("row_expand_sub")
    SAME("row_max") SAME("row_min") SAME("row_prod") SAME("row_sum") SAME("rsqrt") SAME("sel")
    SAME("sels") SAME("shl") SAME("shls") SAME("shr") SAME("shrs") SAME("sin") SAME("sqrt")
    SAME("sub") SAME("subs") SAME("transpose") SAME("xor") SAME("xors")
#undef SAME
    {"tensor.slice", Conv::Slice},
    {"tensor.assemble", Conv::Assemble},
    {"tensor.matmul", Conv::Matmul},
    {"tensor.matmul_acc", Conv::MatmulAcc},
    {"tensor.batch_matmul", Conv::BatchMatmul},
    {"tensor.dim", Conv::GmAccess}, // a shape query of a GM tensor stays one
    {"tensor.read", Conv::GmAccess},
    {"tensor.write", Conv::GmAccess},
    {"tensor.row_argmax", Conv::Scratch},
    {"tensor.row_argmin", Conv::Scratch},
};
// clang-format on

const ConvEntry *findConv(std::string_view op) {
  for (auto &e : kTable)
    if (e.tensorOp == op)
      return &e;
  return nullptr;
}

bool isTensorOp(const Call &c) { return c.target().isOp() && c.target().op->family() == "tensor"; }

bool isTrue(const AttrList &kwargs, std::string_view key) {
  const AttrValue *v = findAttr(kwargs, key);
  return v && std::holds_alternative<bool>(*v) && std::get<bool>(*v);
}

/// tile.matmul / matmul_acc / matmul_bias with a_trans or b_trans set (written as tile ops).
bool isTransposedTileMatmul(const Call &c) {
  if (!c.target().isOp())
    return false;
  const std::string &n = c.target().op->name();
  return (n == "tile.matmul" || n == "tile.matmul_acc" || n == "tile.matmul_bias") &&
         (isTrue(c.kwargs(), "a_trans") || isTrue(c.kwargs(), "b_trans"));
}

/// Operand positions whose op accesses global memory itself (no entry load needed).
bool selfLoadingArg(Conv k, size_t i) {
  switch (k) {
  case Conv::Slice: case Conv::Assemble: case Conv::GmAccess: return i == 0;
  case Conv::Matmul:
  case Conv::BatchMatmul:
    return i <= 1;
  case Conv::MatmulAcc: return i <= 2;
  case Conv::Same:
  case Conv::Scratch: return false;
  }
  return false;
}

/// Before conversion: which parameters need an entry load, which values stay in global memory,
/// which slices feed a matmul.
class PreScan : public IRVisitor {
public:
  explicit PreScan(const Function &f) {
    visitTypes_ = false;
    for (auto &p : f.params())
      if (isa<TensorType>(p.var->type()))
        params.insert(p.var.get());
    visitStmt(f.body());
    closeGmOverFlows();
    for (auto &[x, move] : l0Moves)
      if (onlyTransposed(x))
        if (auto *src = dynCast<Var>(move.first); src && transposedLoads.count(src))
          ++transposedLoads[src];
    for (auto &[param, iter] : carries_)
      if (!gm.count(iter))
        direct.insert(param);
  }
  std::unordered_set<const Var *> params, direct, gm, matSlices;
  /// `x = tile.move(src, target_memory = Left | Right)`: x → (src, space).
  std::unordered_map<const Var *, std::pair<ExprPtr, MemorySpace>> l0Moves;
  /// `x = tile.load(.., target_memory = Mat)` (not transposing).
  std::unordered_set<const Var *> matLoads;
  /// Uses of each variable, and how many of them are transposed operands of a tile matmul
  /// (an L0 move used only transposed is dropped: its Mat tile is loaded transposed instead).
  std::unordered_map<const Var *, int> uses, transposedUses;
  /// Mat loads that feed a transposed operand (through an L0 move), and how many of their uses
  /// are dropped L0 moves (a load used only so is replaced by its transposing load).
  std::unordered_map<const Var *, int> transposedLoads;

  void visitVarUse(const VarPtr &v) override { ++uses[v.get()]; }

  /// The move `x = tile.move(..)` is dropped: every use of x is a transposed matmul operand.
  bool onlyTransposed(const Var *x) const {
    auto u = uses.find(x), t = transposedUses.find(x);
    return l0Moves.count(x) && t != transposedUses.end() && u != uses.end() &&
           u->second == t->second;
  }
  /// The Mat load `x = tile.load(..)` is dropped: every use of x is a dropped L0 move.
  bool onlyTransposedLoad(const Var *x) const {
    auto u = uses.find(x), t = transposedLoads.find(x);
    return t != transposedLoads.end() && u != uses.end() && u->second == t->second;
  }

  void visitAssign(const Assign &s) override {
    IRVisitor::visitAssign(s);
    auto *c = dynCast<Call>(s.value());
    if (!c || !c->target().isOp() || c->args().empty())
      return;
    const AttrValue *m = findAttr(c->kwargs(), "target_memory");
    auto *space = m ? std::get_if<MemorySpace>(m) : nullptr;
    const std::string &op = c->target().op->name();
    if (op == "tile.move" && space && (*space == MemorySpace::Left || *space == MemorySpace::Right))
      l0Moves[s.var().get()] = {c->args()[0], *space};
    if (op == "tile.load" && space && *space == MemorySpace::Mat &&
        !isTrue(c->kwargs(), "transpose"))
      matLoads.insert(s.var().get());
  }

  void visitCall(const Call &c) override {
    IRVisitor::visitCall(c);
    if (isTransposedTileMatmul(c)) {
      size_t first = c.target().op->name() == "tile.matmul_acc" ? 1 : 0;
      for (auto [i, key] : {std::pair{first, "a_trans"}, std::pair{first + 1, "b_trans"}})
        if (i < c.args().size() && isTrue(c.kwargs(), key))
          if (auto *v = dynCast<Var>(c.args()[i])) {
            ++transposedUses[v];
            if (auto it = l0Moves.find(v); it != l0Moves.end())
              if (auto *src = dynCast<Var>(it->second.first); src && matLoads.count(src))
                transposedLoads.emplace(src, 0);
          }
    }
    // A tensor handed to a tile op (tile.load's source, tile.store's target) stays in global
    // memory: the op moves the data itself.
    if (c.target().isOp() && c.target().op->family() == "tile")
      for (auto &a : c.args())
        if (auto *v = dynCast<Var>(a); v && isa<TensorType>(v->type()))
          gm.insert(v);
    const ConvEntry *e = c.target().isOp() ? findConv(c.target().op->name()) : nullptr;
    if (!e)
      return;
    for (size_t i = 0; i < c.args().size(); ++i) {
      auto *v = dynCast<Var>(c.args()[i]);
      if (!v)
        continue;
      if (selfLoadingArg(e->kind, i)) {
        gm.insert(v);
        if (e->kind == Conv::Matmul || e->kind == Conv::MatmulAcc)
          matSlices.insert(v);
      } else if (params.count(v)) {
        direct.insert(v);
      }
    }
  }
  void visitFor(const For &s) override {
    noteCarries(s.iterArgs(), s.returnVars(), s.body());
    IRVisitor::visitFor(s);
  }
  void visitWhile(const While &s) override {
    noteCarries(s.iterArgs(), s.returnVars(), s.body());
    IRVisitor::visitWhile(s);
  }
  void visitIf(const If &s) override {
    for (const StmtPtr &b : {s.thenBody(), s.elseBody()})
      if (const Yield *y = b ? trailingYield(b) : nullptr)
        for (size_t i = 0; i < y->values().size() && i < s.returnVars().size(); ++i)
          noteFlow(y->values()[i], s.returnVars()[i].get());
    IRVisitor::visitIf(s);
  }

private:
  void noteCarries(const std::vector<IterArg> &args, const std::vector<VarPtr> &rets,
                   const StmtPtr &body) {
    for (auto &a : args)
      if (auto *v = dynCast<Var>(a.init); v && params.count(v))
        carries_.emplace_back(v, a.var.get());
    const Yield *y = trailingYield(body);
    for (size_t i = 0; i < args.size(); ++i) {
      noteFlow(args[i].init, args[i].var.get());
      if (i < rets.size()) {
        noteFlow(args[i].init, rets[i].get());
        if (y && i < y->values().size())
          noteFlow(y->values()[i], rets[i].get());
      }
    }
  }
  /// `to` takes the value of `from` (a carry's init, a yield into a phi): one buffer.
  void noteFlow(const ExprPtr &from, const Var *to) {
    if (auto *v = dynCast<Var>(from); v && isa<TensorType>(v->type()))
      flows_[v].push_back(to), flows_[to].push_back(v);
  }
  /// A tensor flowing through carries and phis into a value that stays in global memory stays
  /// there too: a store in a nested loop (or a loop in a branch) keeps the whole chain, out to
  /// the parameter, a tensor.
  void closeGmOverFlows() {
    std::vector<const Var *> work(gm.begin(), gm.end());
    while (!work.empty()) {
      const Var *v = work.back();
      work.pop_back();
      if (auto it = flows_.find(v); it != flows_.end())
        for (const Var *w : it->second)
          if (gm.insert(w).second)
            work.push_back(w);
    }
  }
  std::vector<std::pair<const Var *, const Var *>> carries_;
  std::unordered_map<const Var *, std::vector<const Var *>> flows_;
};

ExprPtr zeros(size_t n) {
  ExprList z(n, ConstInt::make(0));
  return MakeTuple::make(z);
}

ExprPtr shapeOf(const TypePtr &t) {
  auto *s = dynCast<ShapedType>(t);
  return MakeTuple::make(s ? s->shape() : ExprList{});
}

std::optional<MemorySpace> spaceOf(const ExprPtr &e) {
  auto *t = dynCast<TileType>(e->type());
  return t ? t->memorySpace() : std::nullopt;
}

/// Rewrites one kernel body: tensor ops → tile ops, new types through carries and phis.
class TileConverter : public IRMutator {
public:
  TileConverter(const PreScan &pre, DiagnosticEngine &diags) : pre_(pre), diags_(diags) {}
  bool failed = false;
  std::unordered_map<const Var *, VarPtr> entryLoads; ///< parameter → its entry tile

  StmtPtr mutateAssign(const std::shared_ptr<const Assign> &s) override {
    auto *c = dynCast<Call>(s->value());
    if (pre_.onlyTransposed(s->var().get()))
      return Seq::flatten({}, s->span()); // replaced by a move of the transposed load at each use
    if (pre_.transposedLoads.count(s->var().get()))
      return withTransposedLoad(s);
    if (c && isTransposedTileMatmul(*c)) {
      std::vector<StmtPtr> out;
      ExprPtr value = lowerTileMatmulTranspose(*c, out);
      return value ? bindConverted(*s, value, std::move(out)) : s;
    }
    if (!c || !isTensorOp(*c))
      return IRMutator::mutateAssign(s);
    std::vector<StmtPtr> out;
    ExprPtr value = convertCall(*c, s->var(), out);
    return value ? bindConverted(*s, value, std::move(out)) : s;
  }

  /// `out` then `var = value`, where var is s's variable retyped (and remapped for its uses)
  /// when the converted value is of another kind (a tile for a tensor).
  StmtPtr bindConverted(const Assign &s, const ExprPtr &value, std::vector<StmtPtr> out) {
    VarPtr var = s.var();
    if (!sameKind(var->type(), value->type())) {
      var = Var::make(var->name(), value->type(), var->span());
      remap(s.var(), var);
    }
    out.push_back(Assign::make(var, value, s.span()));
    return Seq::flatten(std::move(out), s.span());
  }

  StmtPtr mutateEval(const std::shared_ptr<const Eval> &s) override {
    auto *c = dynCast<Call>(s->expr());
    if (!c || !isTensorOp(*c))
      return IRMutator::mutateEval(s);
    std::vector<StmtPtr> out;
    ExprPtr value = convertCall(*c, nullptr, out);
    if (!value)
      return s;
    out.push_back(Eval::make(value, s->span()));
    return Seq::flatten(std::move(out), s->span());
  }

  StmtPtr mutateFor(const std::shared_ptr<const For> &s) override {
    bool changed = false;
    ExprPtr start = mutateExpr(s->start()), stop = mutateExpr(s->stop()),
            step = mutateExpr(s->step());
    std::vector<IterArg> args = retypeCarries(s->iterArgs(), changed);
    StmtPtr body = mutateStmt(s->body());
    std::vector<VarPtr> rets = retypeResults(s->returnVars(), args, changed);
    if (!changed && body == s->body() && start == s->start() && stop == s->stop() &&
        step == s->step())
      return s;
    return For::make(s->loopVar(), start, stop, step, std::move(args), body, std::move(rets),
                     s->forKind(), s->attrs(), s->span());
  }

  StmtPtr mutateWhile(const std::shared_ptr<const While> &s) override {
    bool changed = false;
    std::vector<IterArg> args = retypeCarries(s->iterArgs(), changed);
    ExprPtr cond = mutateExpr(s->cond());
    StmtPtr body = mutateStmt(s->body());
    std::vector<VarPtr> rets = retypeResults(s->returnVars(), args, changed);
    if (!changed && body == s->body() && cond == s->cond())
      return s;
    return While::make(cond, std::move(args), body, std::move(rets), s->span());
  }

  StmtPtr mutateIf(const std::shared_ptr<const If> &s) override {
    ExprPtr cond = mutateExpr(s->cond());
    StmtPtr thenB = mutateStmt(s->thenBody());
    StmtPtr elseB = s->elseBody() ? mutateStmt(s->elseBody()) : nullptr;
    // A slot one branch yields as a tile (a parameter stored whole, carried as its entry tile)
    // and the other as that parameter itself: the parameter's entry tile in both.
    for (size_t i = 0; elseB && i < s->returnVars().size(); ++i) {
      thenB = yieldEntryTile(thenB, elseB, i);
      elseB = yieldEntryTile(elseB, thenB, i);
    }
    const Yield *y = trailingYield(thenB);
    std::vector<VarPtr> rets;
    bool changed = cond != s->cond() || thenB != s->thenBody() || elseB != s->elseBody();
    for (size_t i = 0; i < s->returnVars().size(); ++i) {
      const VarPtr &r = s->returnVars()[i];
      TypePtr t = y && i < y->values().size() ? y->values()[i]->type() : r->type();
      rets.push_back(retype(r, t, changed));
    }
    if (!changed)
      return s;
    return If::make(cond, thenB, elseB, std::move(rets), s->span());
  }

private:
  static bool sameKind(const TypePtr &a, const TypePtr &b) { return a->kind() == b->kind(); }

  /// `body` with slot i of its trailing yield replaced by the entry tile of the parameter it
  /// yields, when `other` yields a tile there (else `body` itself).
  StmtPtr yieldEntryTile(const StmtPtr &body, const StmtPtr &other, size_t i) {
    const Yield *y = trailingYield(body), *o = trailingYield(other);
    if (!y || !o || i >= y->values().size() || i >= o->values().size() ||
        !isa<TileType>(o->values()[i]->type()))
      return body;
    auto *p = dynCast<Var>(y->values()[i]);
    if (!p || !isa<TensorType>(p->type()) || !entryLoads.count(p))
      return body;
    ExprList vals = y->values();
    vals[i] = entryLoads.at(p);
    std::vector<StmtPtr> stmts;
    if (auto *seq = dynCast<Seq>(body))
      stmts = seq->stmts();
    if (stmts.empty())
      return Yield::make(std::move(vals), y->span());
    stmts.back() = Yield::make(std::move(vals), y->span());
    return Seq::make(std::move(stmts), body->span());
  }

  /// `v` itself when its type kind matches `t`, else a fresh Var of type t (remapped).
  VarPtr retype(const VarPtr &v, const TypePtr &t, bool &changed) {
    if (sameKind(v->type(), t))
      return v;
    VarPtr nv = Var::make(v->name(), t, v->span());
    remap(v, nv);
    changed = true;
    return nv;
  }

  std::vector<IterArg> retypeCarries(const std::vector<IterArg> &in, bool &changed) {
    std::vector<IterArg> out;
    for (auto &a : in) {
      ExprPtr init = mutateExpr(a.init);
      if (auto *p = dynCast<Var>(init); p && !pre_.gm.count(a.var.get()) && entryLoads.count(p))
        init = entryLoads.at(p);
      changed |= init != a.init;
      out.push_back({retype(a.var, init->type(), changed), init});
    }
    return out;
  }

  std::vector<VarPtr> retypeResults(const std::vector<VarPtr> &rets,
                                    const std::vector<IterArg> &args, bool &changed) {
    std::vector<VarPtr> out;
    out.reserve(rets.size());
    for (size_t i = 0; i < rets.size(); ++i)
      out.push_back(i < args.size() ? retype(rets[i], args[i].var->type(), changed) : rets[i]);
    return out;
  }

  ExprPtr makeOp(std::string_view name, ExprList args, AttrList kwargs, const Span &span) {
    ExprPtr e = makeOpCall(name, std::move(args), std::move(kwargs), span, diags_);
    failed |= !e;
    return e;
  }

  /// Binds `value` to a fresh temporary appended to `out`.
  VarPtr bind(const std::string &name, const ExprPtr &value, std::vector<StmtPtr> &out) {
    VarPtr v = Var::make(name, value->type(), value->span());
    out.push_back(Assign::make(v, value, value->span()));
    return v;
  }

  /// The operand as a tile: a converted value, a parameter's entry tile, or a fresh load.
  ExprPtr tileOperand(const ExprPtr &arg, std::vector<StmtPtr> &out) {
    ExprPtr m = mutateExpr(arg);
    auto *v = dynCast<Var>(m);
    if (!v || !isa<TensorType>(m->type()))
      return m;
    if (entryLoads.count(v))
      return entryLoads.at(v);
    return loadWhole(m, MemorySpace::Vec, out);
  }

  /// The whole tensor `t` loaded into `space`; `transposeAt`: loaded transposed, located at
  /// that matmul (the cube's transposed operand).
  ExprPtr loadWhole(const ExprPtr &t, MemorySpace space, std::vector<StmtPtr> &out,
                    const Call *transposeAt = nullptr) {
    auto *tt = dynCast<TensorType>(t->type());
    AttrList kwargs{{"target_memory", space}};
    if (transposeAt)
      kwargs.emplace_back("transpose", true);
    ExprPtr load = makeOp("tile.load", {t, zeros(tt->rank()), shapeOf(t->type())},
                          std::move(kwargs), transposeAt ? transposeAt->span() : t->span());
    if (!load)
      return t;
    auto *v = dynCast<Var>(t);
    return bind((v ? v->name() : std::string("t")) + (transposeAt ? "_T" : "_tile"), load, out);
  }

  ExprPtr moveTo(const ExprPtr &tile, MemorySpace space, std::vector<StmtPtr> &out) {
    if (spaceOf(tile) == space || !isa<TileType>(tile->type()))
      return tile;
    ExprPtr mv = makeOp("tile.move", {tile}, {{"target_memory", space}}, tile->span());
    if (!mv)
      return tile;
    auto *v = dynCast<Var>(tile);
    return bind((v ? v->name() : std::string("t")) + "_" + std::string(memorySpaceName(space)),
                mv, out);
  }

  /// A matmul operand in `space` (Left / Right / Acc): parameters load straight to Mat; a
  /// transposed operand is loaded transposed (a tensor only: the cube has no transposing move).
  ExprPtr cubeOperand(const ExprPtr &arg, MemorySpace space, std::vector<StmtPtr> &out,
                      const Call &mm, bool transpose = false) {
    ExprPtr m = mutateExpr(arg);
    if (transpose && !isa<TensorType>(m->type()))
      return notLoaded(arg, mm);
    if (isa<TensorType>(m->type()))
      m = loadWhole(m, MemorySpace::Mat, out, transpose ? &mm : nullptr);
    return moveTo(m, space, out);
  }

  /// `x = tile.load(.., Mat)` feeding a transposed operand: `x_T = tile.load(.., Mat,
  /// transpose)` after it (in its place when every use of x was a dropped L0 move).
  StmtPtr withTransposedLoad(const std::shared_ptr<const Assign> &s) {
    StmtPtr kept = IRMutator::mutateAssign(s);
    auto *a = dynCast<Assign>(kept);
    auto *c = a ? dynCast<Call>(a->value()) : nullptr;
    if (!c)
      return kept;
    AttrList kwargs = c->kwargs();
    kwargs.emplace_back("transpose", true);
    ExprPtr load = makeOp("tile.load", c->args(), std::move(kwargs), c->span());
    if (!load)
      return kept;
    std::vector<StmtPtr> out;
    if (!pre_.onlyTransposedLoad(s->var().get()))
      out.push_back(kept);
    transposed_[s->var().get()] = bind(s->var()->name() + "_T", load, out);
    return Seq::flatten(std::move(out), s->span());
  }

  /// TT005: a transposed operand that is not loaded from global memory into Mat.
  ExprPtr notLoaded(const ExprPtr &arg, const Call &mm) {
    diags_.error("TT005", mm.span(),
                 "the transposed operand '" + printExpr(arg) + "' of '" + mm.target().op->name() +
                     "' is not loaded from global memory into Mat: the cube reads a transposed "
                     "operand through a transposing load (PTO-ISA: a DN GlobalTensor into a ZN "
                     "Mat tile), it has no transposing move; load the operand with "
                     "target_memory = Mat and move it to Left / Right");
    failed = true;
    return nullptr;
  }

  /// A transposed operand of a tile matmul: the Mat tile the operand was moved out of, loaded
  /// transposed (`x = tile.move(m, Left)`, `m = tile.load(..)` → `tile.move(m_T, Left)`).
  ExprPtr transposedTileOperand(const ExprPtr &arg, MemorySpace space, std::vector<StmtPtr> &out,
                                const Call &mm) {
    if (auto *v = dynCast<Var>(arg))
      if (auto it = pre_.l0Moves.find(v); it != pre_.l0Moves.end() && it->second.second == space)
        if (auto *src = dynCast<Var>(it->second.first))
          if (auto t = transposed_.find(src); t != transposed_.end())
            return moveTo(t->second, space, out);
    return notLoaded(arg, mm);
  }

  ExprPtr lowerTileMatmulTranspose(const Call &c, std::vector<StmtPtr> &out) {
    const std::string &name = c.target().op->name();
    size_t first = name == "tile.matmul_acc" ? 1 : 0;
    if (c.args().size() < first + 2)
      return nullptr; // the op's arity check already reported it
    ExprList args;
    for (size_t i = 0; i < c.args().size(); ++i) {
      bool lhs = i == first, rhs = i == first + 1;
      if ((lhs && isTrue(c.kwargs(), "a_trans")) || (rhs && isTrue(c.kwargs(), "b_trans")))
        args.push_back(transposedTileOperand(c.args()[i],
                                             lhs ? MemorySpace::Left : MemorySpace::Right, out, c));
      else
        args.push_back(mutateExpr(c.args()[i]));
      if (!args.back())
        return nullptr;
    }
    AttrList kwargs;
    for (auto &kv : c.kwargs())
      if (kv.first != "a_trans" && kv.first != "b_trans")
        kwargs.push_back(kv);
    return makeOp(name, std::move(args), std::move(kwargs), c.span());
  }

  ExprPtr convertCall(const Call &c, const VarPtr &result, std::vector<StmtPtr> &out);
  ExprList vecOperands(const Call &c, const std::string &name, std::vector<StmtPtr> &out);
  ExprPtr convertSame(const Call &c, std::vector<StmtPtr> &out);
  ExprPtr convertScratch(const Call &c, std::vector<StmtPtr> &out);
  ExprPtr convertSlice(const Call &c, const VarPtr &result);
  ExprPtr convertAssemble(const Call &c, std::vector<StmtPtr> &out);
  ExprPtr convertMatmul(const Call &c, bool acc, std::vector<StmtPtr> &out);
  ExprPtr convertBatchMatmul(const Call &c);
  ExprPtr convertGmAccess(const Call &c, std::vector<StmtPtr> &out);

  const PreScan &pre_;
  DiagnosticEngine &diags_;
  /// A Mat load feeding a transposed operand → its transposing load.
  std::unordered_map<const Var *, VarPtr> transposed_;
};

ExprPtr TileConverter::convertCall(const Call &c, const VarPtr &result,
                                   std::vector<StmtPtr> &out) {
  const ConvEntry *e = findConv(c.target().op->name());
  if (!e) {
    diags_.error("TT001", c.span(),
                 "no tile conversion for '" + c.target().op->name() +
                     "' in a kernel; expected an op with an entry in the conversion table");
    failed = true;
    return nullptr;
  }
  switch (e->kind) {
  case Conv::Same: return convertSame(c, out);
  case Conv::Scratch: return convertScratch(c, out);
  case Conv::Slice: return convertSlice(c, result);
  case Conv::Assemble: return convertAssemble(c, out);
  case Conv::Matmul: return convertMatmul(c, false, out);
  case Conv::MatmulAcc: return convertMatmul(c, true, out);
  case Conv::BatchMatmul:
    return convertBatchMatmul(c);
  case Conv::GmAccess: return convertGmAccess(c, out);
  }
  return nullptr;
}

/// The tile operands of tile op `name`: an operand in Acc (a matmul's result) that the op does
/// not read there moves to Vec first (`pl::exp(pl::matmul(a, b))`: the vector op reads the
/// cube's result, as a user writes tile.move; ExpandMixedKernel splits the kernel there).
ExprList TileConverter::vecOperands(const Call &c, const std::string &name,
                                    std::vector<StmtPtr> &out) {
  const Op *op = lookupOp(name);
  ExprList args;
  for (size_t i = 0; i < c.args().size(); ++i) {
    ExprPtr a = tileOperand(c.args()[i], out);
    if (op && spaceOf(a) == MemorySpace::Acc && !argSpaceAllowed(*op, i, MemorySpace::Acc) &&
        argSpaceAllowed(*op, i, MemorySpace::Vec))
      a = moveTo(a, MemorySpace::Vec, out);
    args.push_back(a);
  }
  return args;
}

ExprPtr TileConverter::convertSame(const Call &c, std::vector<StmtPtr> &out) {
  std::string name = "tile." + c.target().op->name().substr(strlen("tensor."));
  return makeOp(name, vecOperands(c, name, out), c.kwargs(), c.span());
}

/// tensor.row_argmax(x) -> tile.row_argmax(x, tile.create(shape(x), dtype(x))).
ExprPtr TileConverter::convertScratch(const Call &c, std::vector<StmtPtr> &out) {
  std::string name = "tile." + c.target().op->name().substr(strlen("tensor."));
  ExprList args = vecOperands(c, name, out);
  if (auto *x = args.empty() ? nullptr : dynCast<TileType>(args[0]->type()))
    if (ExprPtr tmp = makeOp("tile.create", {MakeTuple::make(x->shape(), c.span())},
                             {{"dtype", x->dtype()}}, c.span()))
      args.push_back(bind("tmp", tmp, out));
  return makeOp(name, std::move(args), c.kwargs(), c.span());
}

ExprPtr TileConverter::convertSlice(const Call &c, const VarPtr &result) {
  ExprPtr input = mutateExpr(c.args()[0]);
  ExprPtr shape = mutateExpr(c.args()[1]), offset = mutateExpr(c.args()[2]);
  if (isa<TensorType>(input->type())) {
    bool mat = result && pre_.matSlices.count(result.get());
    return makeOp("tile.load", {input, offset, shape},
                  {{"target_memory", mat ? MemorySpace::Mat : MemorySpace::Vec}}, c.span());
  }
  return makeOp("tile.slice", {input, shape, offset}, c.kwargs(), c.span());
}

ExprPtr TileConverter::convertAssemble(const Call &c, std::vector<StmtPtr> &out) {
  ExprPtr target = mutateExpr(c.args()[0]);
  ExprPtr source = tileOperand(c.args()[1], out);
  ExprPtr offset = mutateExpr(c.args()[2]);
  if (isa<TensorType>(target->type()))
    return makeOp("tile.store", {source, offset, target}, {}, c.span());
  return makeOp("tile.assemble", {target, source, offset}, c.kwargs(), c.span());
}

ExprPtr TileConverter::convertMatmul(const Call &c, bool acc, std::vector<StmtPtr> &out) {
  for (size_t i = 0; i < c.args().size(); ++i)
    if (auto *t = dynCast<TensorType>(c.args()[i]->type()); t && t->rank() != 2) {
      diags_.error("TT002", c.span(),
                   "'" + c.target().op->name() + "' on an operand of rank " +
                       std::to_string(t->rank()) +
                       " is not supported in kernels yet; expected 2D operands");
      failed = true;
      return nullptr;
    }
  size_t first = acc ? 1 : 0;
  ExprList args;
  if (acc) {
    // Only a matmul writes an Acc tile: an accumulator that is not one already (a parameter, a
    // vector result) would need a Mat -> Acc move, which the hardware does not have.
    ExprPtr accArg = mutateExpr(c.args()[0]);
    if (spaceOf(accArg) != MemorySpace::Acc) {
      diags_.error("TT004", c.span(),
                   "'tensor.matmul_acc' in a kernel needs an accumulator produced by a matmul "
                   "in this kernel (an Acc tile); this one is " +
                       std::string(isa<TensorType>(accArg->type()) ? "a tensor" : "not in Acc") +
                       ", and only a matmul writes Acc (start with pl::matmul, or add the "
                       "product with pl::add)");
      failed = true;
      return nullptr;
    }
    args.push_back(accArg);
  }
  args.push_back(
      cubeOperand(c.args()[first], MemorySpace::Left, out, c, isTrue(c.kwargs(), "a_trans")));
  args.push_back(
      cubeOperand(c.args()[first + 1], MemorySpace::Right, out, c, isTrue(c.kwargs(), "b_trans")));
  for (auto &a : args)
    if (!a)
      return nullptr;
  ExprPtr mm = makeOp(acc ? "tile.matmul_acc" : "tile.matmul", std::move(args), {}, c.span());
  auto *want = dynCast<ShapedType>(c.type());
  auto *got = mm ? dynCast<ShapedType>(mm->type()) : nullptr;
  if (!got || !want || got->dtype() == want->dtype() || acc)
    return mm;
  VarPtr accTile = bind("acc", mm, out);
  ExprPtr vec = moveTo(accTile, MemorySpace::Vec, out);
  return makeOp("tile.cast", {vec}, {{"target_type", want->dtype()}}, c.span());
}

/// tensor.batch_matmul(a, b) → tile.batch_matmul(a, b): its operands stay the tensors in global
/// memory (a [B, M, K] window is no 2-D tile), FlattenTileNdTo2D loads each batch's [1, M, K] /
/// [1, K, N] window into Mat.
ExprPtr TileConverter::convertBatchMatmul(const Call &c) {
  std::string why;
  if (isTrue(c.kwargs(), "a_trans") || isTrue(c.kwargs(), "b_trans"))
    why = "with a transposed operand (a_trans / b_trans: the cube's transposing load takes a "
          "window of a 2-D tensor)";
  ExprList args;
  for (size_t i = 0; i < 2 && i < c.args().size(); ++i) {
    args.push_back(mutateExpr(c.args()[i]));
    if (why.empty() && !isa<TensorType>(args.back()->type()))
      why = "on '" + printExpr(c.args()[i]) +
            "', a value computed in the kernel (its operands must be tensors in global memory: "
            "parameters of the kernel)";
  }
  if (!why.empty()) {
    diags_.error("TT002", c.span(),
                 "'tensor.batch_matmul' " + why +
                     " is not supported in kernels yet; write it per batch with pl::matmul on "
                     "[1, M, K] / [1, K, N] windows loaded into Mat");
    failed = true;
    return nullptr;
  }
  AttrList kwargs;
  for (auto &kv : c.kwargs())
    if (kv.first == "out_dtype")
      kwargs.push_back(kv);
  return makeOp("tile.batch_matmul", std::move(args), std::move(kwargs), c.span());
}

ExprPtr TileConverter::convertGmAccess(const Call &c, std::vector<StmtPtr> &out) {
  ExprPtr container = mutateExpr(c.args()[0]);
  ExprList args{container};
  for (size_t i = 1; i < c.args().size(); ++i)
    args.push_back(mutateExpr(c.args()[i]));
  if (isa<TensorType>(container->type()))
    return makeOp(c.target().op->name(), std::move(args), c.kwargs(), c.span());
  (void)out;
  std::string name = "tile." + c.target().op->name().substr(strlen("tensor."));
  return makeOp(name, std::move(args), c.kwargs(), c.span());
}

/// Splits a body into its statements and its final Return (nullptr when there is none).
std::shared_ptr<const Return> splitReturn(const StmtPtr &body, std::vector<StmtPtr> &stmts) {
  if (auto *seq = dynCast<Seq>(body))
    stmts = seq->stmts();
  else if (body)
    stmts = {body};
  if (stmts.empty() || !isa<Return>(stmts.back()))
    return nullptr;
  auto ret = as<Return>(stmts.back());
  stmts.pop_back();
  return ret;
}

struct KernelResult {
  FunctionPtr function;
  std::vector<TypePtr> addedOuts; ///< types of the appended Out parameters
};

/// Appends an Out parameter and a store for each returned tile.
ExprList storeTileReturns(const Function &f, const Return &ret, std::vector<Param> &params,
                          std::vector<StmtPtr> &stmts, KernelResult &res,
                          DiagnosticEngine &diags) {
  ExprList values;
  for (size_t i = 0; i < ret.values().size(); ++i) {
    ExprPtr v = ret.values()[i];
    if (!isa<TileType>(v->type()) || i >= f.returnTypes().size()) {
      values.push_back(v);
      continue;
    }
    TypePtr t = f.returnTypes()[i];
    auto *tt = dynCast<TensorType>(t);
    if (!tt) { // the Out parameter that carries the tile out must be a tensor
      diags.error("TT003", ret.span(),
                  "kernel '" + f.name() + "' returns a tile as result " + std::to_string(i) +
                      " of declared type '" + printType(t) +
                      "'; a kernel returns tiles through tensors (declare a Tensor result)");
      return {};
    }
    auto *vv = dynCast<Var>(v);
    std::string base = vv ? vv->name() : "ret" + std::to_string(i);
    VarPtr out = Var::make(base + "_out", t, ret.span());
    params.push_back({out, ParamDirection::Out});
    res.addedOuts.push_back(t);
    ExprPtr st = makeOpCall("tile.store", {v, zeros(tt->rank()), out}, {}, ret.span(), diags);
    if (!st)
      return {};
    stmts.push_back(Assign::make(Var::make(base + "_stored", st->type(), ret.span()), st,
                                 ret.span()));
    values.push_back(out);
  }
  return values;
}

std::optional<KernelResult> convertKernel(const FunctionPtr &f, const Program &p,
                                          DiagnosticEngine &diags) {
  PreScan pre(*f);
  TileConverter conv(pre, diags);
  std::vector<StmtPtr> stmts;
  for (auto &param : f->params()) {
    const Var *v = param.var.get();
    if (!pre.direct.count(v))
      continue;
    auto *tt = dynCast<TensorType>(v->type());
    ExprPtr load = makeOpCall("tile.load", {param.var, zeros(tt->rank()), shapeOf(param.var->type())},
                              {{"target_memory", MemorySpace::Vec}}, f->span(), diags);
    if (!load)
      return std::nullopt;
    VarPtr tile = Var::make(v->name() + "_tile", load->type(), f->span());
    stmts.push_back(Assign::make(tile, load, f->span()));
    conv.entryLoads[v] = tile;
  }
  StmtPtr body = conv.mutateStmt(f->body());
  if (conv.failed || diags.hasErrors())
    return std::nullopt;
  KernelResult res{f, {}};
  std::vector<StmtPtr> rest;
  auto ret = splitReturn(body, rest);
  stmts.insert(stmts.end(), rest.begin(), rest.end());
  std::vector<Param> params = f->params();
  if (ret) {
    unsigned errorsBefore = diags.errorCount();
    ExprList values = storeTileReturns(*f, *ret, params, stmts, res, diags);
    if (diags.errorCount() != errorsBefore)
      return std::nullopt;
    stmts.push_back(Return::make(values, ret->span()));
  }
  if (body == f->body() && conv.entryLoads.empty() && res.addedOuts.empty())
    return res;
  StmtPtr newBody = Seq::flatten(std::move(stmts), f->body()->span());
  std::vector<VarPtr> vars;
  vars.reserve(params.size());
  for (auto &prm : params)
    vars.push_back(prm.var);
  std::vector<ParamDirection> dirs = inferParamDirections(newBody, vars, &p);
  for (size_t i = 0; i < params.size(); ++i)
    if (params[i].direction == ParamDirection::In)
      params[i].direction = dirs[i];
  res.function = f->withSignature(std::move(params), f->returnTypes(), newBody);
  return res;
}

/// Callers allocate the Out parameters a kernel gained and pass them as trailing arguments.
class CallSiteUpdater : public IRMutator {
public:
  CallSiteUpdater(const std::map<std::string, std::vector<TypePtr>> &added,
                  DiagnosticEngine &diags)
      : added_(added), diags_(diags) {}

  StmtPtr mutateAssign(const std::shared_ptr<const Assign> &s) override {
    std::vector<StmtPtr> out;
    ExprPtr v = rewrite(s->value(), out);
    if (!v)
      return IRMutator::mutateAssign(s);
    out.push_back(Assign::make(s->var(), v, s->span()));
    return Seq::flatten(std::move(out), s->span());
  }
  StmtPtr mutateEval(const std::shared_ptr<const Eval> &s) override {
    std::vector<StmtPtr> out;
    ExprPtr v = rewrite(s->expr(), out);
    if (!v)
      return IRMutator::mutateEval(s);
    out.push_back(Eval::make(v, s->span()));
    return Seq::flatten(std::move(out), s->span());
  }

private:
  /// The call with the created buffers appended (creations go to `out`), or nullptr.
  ExprPtr rewrite(const ExprPtr &e, std::vector<StmtPtr> &out) {
    const CallTarget *t = nullptr;
    if (auto *c = dynCast<Call>(e))
      t = &c->target();
    else if (auto *sb = dynCast<Submit>(e))
      t = &sb->target();
    auto it = t && !t->isOp() ? added_.find(t->function) : added_.end();
    if (it == added_.end())
      return nullptr;
    ExprList extra;
    for (auto &ty : it->second) {
      auto *tt = dynCast<TensorType>(ty);
      ExprPtr create = makeOpCall("tensor.create", {shapeOf(ty)}, {{"dtype", tt->dtype()}},
                                  e->span(), diags_);
      if (!create)
        return nullptr;
      VarPtr buf = Var::make(t->function + "_out", ty, e->span());
      out.push_back(Assign::make(buf, create, e->span()));
      extra.push_back(buf);
    }
    if (auto *c = dynCast<Call>(e)) {
      ExprList args = c->args();
      args.insert(args.end(), extra.begin(), extra.end());
      return Call::make(c->target(), args, c->kwargs(), c->attrs(), c->type(), c->span());
    }
    auto *sb = dynCast<Submit>(e);
    ExprList args = sb->args();
    args.insert(args.end(), extra.begin(), extra.end());
    return sb->with(sb->target(), std::move(args), sb->attrs(), sb->type());
  }

  const std::map<std::string, std::vector<TypePtr>> &added_;
  DiagnosticEngine &diags_;
};
} // namespace

ProgramPtr convertTensorToTileOps(const ProgramPtr &p, DiagnosticEngine &diags) {
  std::vector<FunctionPtr> fs;
  std::map<std::string, std::vector<TypePtr>> added;
  bool changed = false;
  for (auto &f : p->functions()) {
    if (!isKernel(f->type())) {
      fs.push_back(f);
      continue;
    }
    auto res = convertKernel(f, *p, diags);
    if (!res)
      return nullptr;
    if (!res->addedOuts.empty())
      added[f->name()] = res->addedOuts;
    changed |= res->function != f;
    fs.push_back(res->function);
  }
  if (!added.empty()) {
    for (auto &f : fs) {
      if (isKernel(f->type()))
        continue;
      CallSiteUpdater updater(added, diags);
      f = updater.mutateFunction(f);
    }
  }
  if (diags.hasErrors())
    return nullptr;
  return changed ? p->withFunctions(std::move(fs)) : p;
}

PL_DEFINE_PROGRAM_PASS(ConvertTensorToTileOps, convertTensorToTileOps)

} // namespace pl::passes
