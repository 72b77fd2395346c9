// PackCompareMasks: kernel masks take PTO-ISA's packed form (see pack_compare_masks.h).
#include "passes/pack_compare_masks.h"

#include "ir/op_registry.h"
#include "ir/visitor.h"
#include "passes/utils/kernel_rewrite.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace pl::passes {

namespace {
using namespace ir;

bool isOp(const Call &c, std::string_view a, std::string_view b) {
  return c.target().isOp() && (c.target().op->name() == a || c.target().op->name() == b);
}
bool isSelect(const Call &c) { return isOp(c, "tile.sel", "tile.sels"); }
bool isCompare(const Call &c) { return isOp(c, "tile.cmp", "tile.cmps"); }
/// A mask combination: and / or / xor of two tiles, not of one.
bool isCombine(const Call &c) {
  return isOp(c, "tile.and", "tile.or") || isOp(c, "tile.xor", "tile.not");
}
bool isStore(const Call &c) { return isOp(c, "tile.store", "tile.store"); }
bool isCast(const Call &c) { return isOp(c, "tile.cast", "tile.cast"); }
bool isLoad(const Call &c) { return isOp(c, "tile.load", "tile.load"); }

/// A bool 2-D tile with constant columns: a mask PTO-ISA's packed form can hold.
bool packable(const TypePtr &t) {
  auto *tt = dynCast<TileType>(t);
  return tt && tt->dtype() == DataType::Bool && tt->rank() == 2 && tt->constDim(1) &&
         tt->memorySpace() == MemorySpace::Vec;
}

bool isBoolTile(const TypePtr &t) {
  auto *tt = dynCast<TileType>(t);
  return tt && tt->dtype() == DataType::Bool;
}

DataType tileDType(const TypePtr &t) {
  auto *tt = dynCast<TileType>(t);
  return tt ? tt->dtype() : DataType::Bool;
}

/// The dtype a cast to bool compares with 0 (a2a3's TCMPS takes int32, fp32, fp16, uint16 and
/// int16; int8 / uint8 widen to fp16 and bf16 to fp32 exactly), or nullopt: the cast stays.
std::optional<DataType> compareDTypeForBool(DataType d) {
  switch (d) {
  case DataType::Int32:
  case DataType::FP32:
  case DataType::FP16:
  case DataType::UInt16:
  case DataType::Int16:
    return d;
  case DataType::Int8:
  case DataType::UInt8:
    return DataType::FP16;
  case DataType::BF16:
    return DataType::FP32;
  default:
    return std::nullopt;
  }
}

/// The dtype a cast from a packed mask selects 1 and 0 in (a2a3's TSELS takes 2- and 4-byte
/// dtypes; int8 / uint8 select in fp16 and convert exactly), or nullopt: the cast stays.
std::optional<DataType> selectDTypeForMask(DataType d) {
  if (d == DataType::Int8 || d == DataType::UInt8)
    return DataType::FP16;
  if (d != DataType::Bool && (isFloat(d) || isSignedInt(d) || isUnsignedInt(d)) &&
      (dtypeBits(d) == 16 || dtypeBits(d) == 32))
    return d;
  return std::nullopt;
}

/// A cast of a non-bool tile to a packable mask the packed form can replace.
bool castToMask(const Call &c) {
  return isCast(c) && !c.args().empty() && packable(c.type()) &&
         compareDTypeForBool(tileDType(c.args()[0]->type()));
}
/// A cast of a packable mask to a dtype the packed form can be expanded to.
bool castFromMask(const Call &c) {
  return isCast(c) && !c.args().empty() && packable(c.args()[0]->type()) &&
         selectDTypeForMask(tileDType(c.type()));
}

/// Two tile types of the same constant dims.
bool sameDims(const TypePtr &a, const TypePtr &b) {
  auto *x = dynCast<TileType>(a);
  auto *y = dynCast<TileType>(b);
  if (!x || !y || x->rank() != y->rank())
    return false;
  for (size_t k = 0; k < x->rank(); ++k) {
    auto m = x->constDim(k), n = y->constDim(k);
    if (!m || !n || *m != *n)
      return false;
  }
  return true;
}

/// The mask operands of a combination (its tile operands; not the scratch tile of xor).
size_t maskOperands(const Call &c) { return isOp(c, "tile.not", "tile.not") ? 1 : 2; }

/// 1. Which bool masks get a packed form, and which keep their bool form. The candidates are
///    the packable compares, loads of bool tensors, combinations of candidates and loop carries;
///    a candidate read as a mask (by a select, a store, a packed combination or a packed carry)
///    is packed, and so are the candidates it is made of. A mask read by anything else keeps
///    its bool form, and so do the bool operands of a mask that keeps it (or is not packed).
///    In program order (SSA: a definition precedes its uses, a carry's yield comes last).
class MaskPlan : public IRVisitor {
public:
  explicit MaskPlan(const Function &f) {
    visitTypes_ = false;
    visitFunction(f);
    std::vector<const Var *> work(bool_.begin(), bool_.end());
    while (!work.empty()) {
      const Var *v = work.back();
      work.pop_back();
      auto it = boolDeps_.find(v);
      if (it == boolDeps_.end())
        continue;
      for (const Var *o : it->second)
        if (o && bool_.insert(o).second)
          work.push_back(o);
    }
  }
  bool packed(const Var *v) const { return packed_.count(v) != 0; }
  /// v is a mask this plan decides on (a candidate or a reshape of one).
  bool tracked(const Var *v) const { return boolDeps_.count(v) != 0; }
  /// A tracked mask keeps its bool definition only when a bool form of it is read.
  bool keepBool(const Var *v) const { return !tracked(v) || bool_.count(v) != 0; }
  /// The compare, load, combination or carry a reshape of a mask reads the bytes of.
  const Var *rootOf(const Var *v) const {
    auto it = root_.find(v);
    return it == root_.end() ? v : it->second;
  }

private:
  /// A loop's or an if's packable carries / results (positions), or a While whose yields pass
  /// through.
  struct Frame {
    const For *loop = nullptr;
    const If *branch = nullptr;
    std::vector<size_t> carries;
  };

  bool candidate(const Var *v) const { return v && deps_.count(v) != 0; }
  /// v is read as a mask: packed when it is a candidate, with the candidates it is made of.
  void demand(const Var *v) {
    std::vector<const Var *> work;
    if (candidate(v) && packed_.insert(v).second)
      work.push_back(v);
    while (!work.empty()) {
      const Var *w = work.back();
      work.pop_back();
      for (const Var *o : deps_.at(w))
        if (candidate(o) && packed_.insert(o).second)
          work.push_back(o);
    }
  }
  /// `e` read as a mask: a candidate is demanded; anything else is a bool use.
  void maskUse(const ExprPtr &e) {
    auto *v = dynCast<Var>(e);
    if (candidate(v))
      return demand(v);
    visitExpr(e);
  }

  void visitFor(const For &f) override {
    visitExpr(f.start());
    visitExpr(f.stop());
    visitExpr(f.step());
    Frame fr{&f, nullptr, {}};
    for (size_t k = 0; k < f.iterArgs().size(); ++k) {
      const IterArg &ia = f.iterArgs()[k];
      auto *init = dynCast<Var>(ia.init);
      if (!packable(ia.var->type()) || k >= f.returnVars().size() || !init) {
        visitExpr(ia.init);
        continue;
      }
      const Var *v = ia.var.get(), *r = f.returnVars()[k].get();
      deps_[v] = boolDeps_[v] = {init, r};
      deps_[r] = boolDeps_[r] = {init, v};
      fr.carries.push_back(k);
    }
    frames_.push_back(std::move(fr));
    visitStmt(f.body());
    frames_.pop_back();
  }
  /// An if's packable results are candidates made of what its branches yield.
  void visitIf(const If &s) override {
    visitExpr(s.cond());
    Frame fr{nullptr, &s, {}};
    for (size_t k = 0; k < s.returnVars().size(); ++k) {
      const Var *r = s.returnVars()[k].get();
      if (!packable(r->type()) || !s.elseBody())
        continue;
      deps_[r] = boolDeps_[r] = {};
      fr.carries.push_back(k);
    }
    frames_.push_back(std::move(fr));
    visitStmt(s.thenBody());
    if (s.elseBody())
      visitStmt(s.elseBody());
    frames_.pop_back();
  }
  void visitWhile(const While &s) override {
    frames_.emplace_back();
    IRVisitor::visitWhile(s);
    frames_.pop_back();
  }
  /// A carry's (an if result's) yielded value is one of what the carry (result) is made of.
  void visitYield(const Yield &y) override {
    if (frames_.empty() || (!frames_.back().loop && !frames_.back().branch))
      return IRVisitor::visitYield(y);
    const Frame &fr = frames_.back();
    size_t next = 0;
    for (size_t k = 0; k < y.values().size(); ++k) {
      auto *val = dynCast<Var>(y.values()[k]);
      if (next >= fr.carries.size() || fr.carries[next] != k) {
        visitExpr(y.values()[k]);
        continue;
      }
      ++next;
      const Var *r = fr.loop ? fr.loop->returnVars()[k].get() : fr.branch->returnVars()[k].get();
      const Var *v = fr.loop ? fr.loop->iterArgs()[k].var.get() : r;
      deps_[r].push_back(val);
      boolDeps_[r].push_back(val);
      if (v != r) { // a loop's carry beside its result
        deps_[v].push_back(val);
        boolDeps_[v].push_back(val);
      }
      if (!val)
        bool_.insert(v); // not a variable: the carry stays bool
      else if (!candidate(val))
        visitExpr(y.values()[k]);
      else if (packed(v))
        demand(val);
    }
  }

  void visitAssign(const Assign &a) override {
    auto *c = dynCast<Call>(a.value());
    if (!c || !c->target().isOp())
      return IRVisitor::visitAssign(a);
    const Var *v = a.var().get();
    const bool store = isStore(*c) && !c->args().empty() && packable(c->args()[0]->type());
    if ((isSelect(*c) || store || castFromMask(*c)) && !c->args().empty()) {
      maskUse(c->args()[0]);
      for (size_t i = 1; i < c->args().size(); ++i)
        visitExpr(c->args()[i]);
      return;
    }
    if (isCombine(*c) && packable(c->type()) && c->args().size() >= maskOperands(*c)) {
      const size_t n = maskOperands(*c);
      std::vector<const Var *> ops(n);
      for (size_t i = 0; i < n; ++i)
        ops[i] = dynCast<Var>(c->args()[i]);
      if (std::all_of(ops.begin(), ops.end(), [&](const Var *o) { return candidate(o); })) {
        boolDeps_[v] = ops;
        deps_[v] = std::move(ops);
        for (size_t i = n; i < c->args().size(); ++i)
          visitExpr(c->args()[i]);
        return;
      }
    }
    if (isOp(*c, "tile.reshape", "tile.reshape") && !c->args().empty() && isBoolTile(c->type())) {
      auto *x = dynCast<Var>(c->args()[0]);
      if (x && (candidate(x) || root_.count(x))) {
        // A reshape of a mask (ResolveBackendOpLayouts' [1, R] <-> [R, 1] views): the same
        // bytes, so a reshape back to its root's shape is that root's packed mask.
        const Var *root = rootOf(x);
        root_[v] = root;
        boolDeps_[v] = {x};
        if (packable(c->type()) && sameDims(c->type(), root->type()))
          deps_[v] = {root};
        for (size_t i = 1; i < c->args().size(); ++i)
          visitExpr(c->args()[i]);
        return;
      }
    }
    if ((isCompare(*c) || isLoad(*c) || castToMask(*c)) && packable(c->type())) {
      deps_[v] = {};
      boolDeps_[v] = {};
    }
    IRVisitor::visitAssign(a);
  }
  void visitVarUse(const VarPtr &v) override { bool_.insert(v.get()); }

  std::unordered_set<const Var *> packed_, bool_;
  /// candidate -> the candidates it is made of (a carry: its init, its yield and its twin).
  std::unordered_map<const Var *, std::vector<const Var *>> deps_;
  /// tracked mask -> the masks its bool definition reads.
  std::unordered_map<const Var *, std::vector<const Var *>> boolDeps_;
  std::unordered_map<const Var *, const Var *> root_; ///< reshape of a mask -> its root
  std::vector<Frame> frames_;
};

/// 2. Packed masks replace the bool ones: compares write the packed form, loads read a bool
///    tensor's bytes and pack them, combinations run on the packed bytes, selects read them and
///    stores expand them back to 0 / 1 bytes.
class MaskPacker : public KernelRewriter {
public:
  MaskPacker(const Function &f, const MaskPlan &plan)
      : KernelRewriter(f, "PackCompareMasks"), plan_(plan) {}

  StmtPtr rewriteOpCall(const Assign &a, const Call &c, const StmtPtr &out) override {
    if (isSelect(c))
      return select(a, c, out);
    if (isStore(c))
      return store(a, c, out);
    if (castFromMask(c))
      return fromMask(a, c, out);
    const Var *v = a.var().get();
    if (!plan_.tracked(v))
      return out;
    std::vector<StmtPtr> stmts;
    if (plan_.keepBool(v))
      stmts.push_back(out);
    if (!plan_.packed(v)) {
      // nothing reads it: dropped
    } else if (isOp(c, "tile.reshape", "tile.reshape")) {
      packed_[v] = packed_.at(plan_.rootOf(v));
    } else if (isCompare(c)) {
      AttrList kw = c.kwargs();
      kw.emplace_back("packed", true);
      packed_[a.var().get()] =
          bind(a.var()->name() + "_packed", opCall(c.target().op->name(), c.args(), kw, c.span()),
               stmts, a.span());
    } else if (isLoad(c)) {
      load(a, c, stmts);
    } else if (isCast(c)) {
      toMask(a, c, stmts);
    } else {
      // The result has its operands' tile type (valid shape included): TAND / TOR take one
      // tile type for dst and both sources.
      ExprList args = c.args();
      for (size_t i = 0; i < maskOperands(c); ++i)
        args[i] = packed_.at(dynCast<Var>(args[i]));
      TypePtr t = args[0]->type();
      packed_[a.var().get()] = bind(
          a.var()->name() + "_packed",
          opCall(c.target().op->name(), std::move(args), c.kwargs(), c.span()), stmts, a.span(), t);
    }
    return Seq::flatten(std::move(stmts), a.span());
  }

private:
  /// A bool tensor's window read as its uint8 0 / 1 bytes, widened to fp16 (PTO-ISA's TCMPS
  /// compares no 1-byte type; its TCVT widens uint8 to half exactly) and packed with `ne 0`.
  void load(const Assign &a, const Call &c, std::vector<StmtPtr> &stmts) {
    const Span &s = c.span();
    AttrList kw = c.kwargs();
    kw.emplace_back("bytes", true);
    const std::string stem = a.var()->name();
    VarPtr b = bind(stem + "_bytes", opCall("tile.load", c.args(), kw, s), stmts, a.span());
    bytes_[a.var().get()] = b;
    VarPtr h = bind(stem + "_h", opCall("tile.cast", {b}, {{"target_type", DataType::FP16}}, s),
                    stmts, a.span());
    packed_[a.var().get()] = bind(stem + "_packed",
                                  opCall("tile.cmps", {h, ConstFloat::make(0.0, DataType::FP16, s)},
                                         {{"mode", std::string("ne")}, {"packed", true}}, s),
                                  stmts, a.span());
  }

  /// The call (unbound) giving the bool mask `m` as a whole tile of `dt` ones and zeros from its
  /// packed form `packed`: TSELS between a tile of ones and 0. The select runs over the whole
  /// tile, the mask read as its whole [R, ceil(C / 8)] bytes (a ragged mask's bits past its valid
  /// columns select values outside its valid region, which its readers do not read).
  ExprPtr expand(const Var &m, const VarPtr &packed, DataType dt, std::vector<StmtPtr> &stmts,
                 const Span &s) {
    auto *tt = dynCast<TileType>(m.type());
    auto *pt = dynCast<TileType>(packed->type());
    const std::string &stem = m.name();
    auto constant = [&](int v) -> ExprPtr {
      if (isFloat(dt))
        return ConstFloat::make(v, dt, s);
      return ConstInt::make(v, dt, s);
    };
    VarPtr one = bind(
        stem + "_one",
        opCall("tile.full", {MakeTuple::make(tt->shape(), s), constant(1)}, {{"dtype", dt}}, s),
        stmts, s);
    VarPtr whole = bind(
        stem + "_whole",
        opCall("tile.set_validshape", {packed, pt->shape()[0], pt->view()->validShape[1]}, {}, s),
        stmts, s);
    return opCall("tile.sels", {whole, one, constant(0)}, {}, s);
  }

  /// A cast of a packed mask to a number: 1 and 0 selected in a dtype TSELS takes, converted to
  /// the cast's dtype when that is another, in the mask's valid shape.
  StmtPtr fromMask(const Assign &a, const Call &c, const StmtPtr &out) {
    auto *m = dynCast<Var>(c.args()[0]);
    auto it = m ? packed_.find(m) : packed_.end();
    if (it == packed_.end())
      return out; // a mask of other origin: the cast stays (CheckTileConstraints reports it)
    const Span &s = c.span();
    const DataType to = tileDType(c.type()), sel = *selectDTypeForMask(to);
    std::vector<StmtPtr> stmts;
    ExprPtr x = expand(*m, it->second, sel, stmts, s);
    if (sel != to)
      x = opCall("tile.cast", {bind(m->name() + "_" + std::string(dtypeName(sel)), x, stmts, s)},
                 {{"target_type", to}}, s);
    auto *rt = dynCast<TileType>(a.var()->type());
    if (rt && rt->view() && rt->view()->validShape.size() == 2) {
      x = bind(m->name() + "_" + std::string(dtypeName(to)), x, stmts, s);
      x = opCall("tile.set_validshape", {x, rt->view()->validShape[0], rt->view()->validShape[1]},
                 {}, s);
    }
    auto *last = dynCast<Call>(x);
    stmts.push_back(Assign::make(a.var(),
                                 Call::make(last->target(), last->args(), last->kwargs(),
                                            last->attrs(), a.var()->type(), last->span()),
                                 a.span()));
    return Seq::flatten(std::move(stmts), a.span());
  }

  /// A cast to bool: its operand compared with 0 (`ne`) into the packed form, widened first to
  /// a dtype TCMPS takes (compareDTypeForBool).
  void toMask(const Assign &a, const Call &c, std::vector<StmtPtr> &stmts) {
    const Span &s = c.span();
    ExprPtr x = c.args()[0];
    const DataType from = tileDType(x->type()), cmp = *compareDTypeForBool(from);
    if (cmp != from)
      x = bind(a.var()->name() + "_" + std::string(dtypeName(cmp)),
               opCall("tile.cast", {x}, {{"target_type", cmp}}, s), stmts, a.span());
    ExprPtr zero =
        isFloat(cmp) ? ExprPtr(ConstFloat::make(0.0, cmp, s)) : ExprPtr(ConstInt::make(0, cmp, s));
    packed_[a.var().get()] =
        bind(a.var()->name() + "_packed",
             opCall("tile.cmps", {x, zero}, {{"mode", std::string("ne")}, {"packed", true}}, s),
             stmts, a.span());
  }

  /// The packed form of `mask` (packable): its own, or for a bool mask the plan left bool (a
  /// constant yielded as a carry, a mask read as bools) packed here from a TCVT to fp32, which
  /// PTO-ISA has no form of (CheckTileConstraints reports the bool tile).
  VarPtr packOf(const ExprPtr &mask, std::vector<StmtPtr> &stmts, const Span &s) {
    auto *m = dynCast<Var>(mask);
    if (auto it = m ? packed_.find(m) : packed_.end(); it != packed_.end())
      return it->second;
    VarPtr f = bind(stemOf(mask, "mask") + "_f",
                    opCall("tile.cast", {mask}, {{"target_type", DataType::FP32}}, s), stmts, s);
    return bind(stemOf(mask, "mask") + "_packed",
                opCall("tile.cmps", {f, ConstFloat::make(0.0, DataType::FP32, s)},
                       {{"mode", std::string("ne")}, {"packed", true}}, s),
                stmts, s);
  }

  /// One slot of a rewritten loop: the original carry at `k`, its bool form kept or not, its
  /// packed form added or not.
  struct Slot {
    size_t k;
    bool keepBool, packed;
  };
  struct Frame {
    bool loop = false, branch = false;
    std::vector<Slot> slots;
    std::unordered_map<size_t, TypePtr> packedTypes; ///< an if result's packed type, by slot
  };

  /// A packed carry carries its packed form (beside its bool form when that is kept).
  StmtPtr mutateFor(const std::shared_ptr<const For> &f) override {
    std::vector<StmtPtr> pre;
    std::vector<IterArg> args;
    std::vector<VarPtr> rets;
    Frame fr{true, false, {}, {}};
    for (size_t k = 0; k < f->iterArgs().size(); ++k) {
      const IterArg &ia = f->iterArgs()[k];
      ExprPtr init = mutateExpr(ia.init);
      const Var *v = ia.var.get();
      const bool packed = plan_.packed(v), keep = plan_.keepBool(v);
      if (keep) {
        args.push_back({ia.var, init});
        rets.push_back(f->returnVars()[k]);
      }
      if (packed) {
        VarPtr pinit = packOf(init, pre, f->span());
        VarPtr pv =
            Var::make(names_.fresh(ia.var->name() + "_packed"), pinit->type(), ia.var->span());
        const VarPtr &r = f->returnVars()[k];
        VarPtr pr = Var::make(names_.fresh(r->name() + "_packed"), pinit->type(), r->span());
        packed_[v] = pv;
        packed_[r.get()] = pr;
        args.push_back({pv, pinit});
        rets.push_back(pr);
      }
      fr.slots.push_back({k, keep, packed});
    }
    frames_.push_back(std::move(fr));
    bool changed = false;
    StmtPtr body = mutateBody(f->body(), changed);
    frames_.pop_back();
    pre.push_back(For::make(f->loopVar(), mutateExpr(f->start()), mutateExpr(f->stop()),
                            mutateExpr(f->step()), std::move(args), body, std::move(rets),
                            f->forKind(), f->attrs(), f->span()));
    return Seq::flatten(std::move(pre), f->span());
  }
  /// A packed if result is returned in its packed form (beside its bool form when that is kept).
  StmtPtr mutateIf(const std::shared_ptr<const If> &s) override {
    Frame fr{false, true, {}, {}};
    bool rewritten = false;
    for (size_t k = 0; k < s->returnVars().size(); ++k) {
      const Var *r = s->returnVars()[k].get();
      const bool packed = plan_.packed(r), keep = plan_.keepBool(r);
      fr.slots.push_back({k, keep, packed});
      rewritten |= packed || !keep;
    }
    if (!rewritten) {
      frames_.emplace_back();
      StmtPtr out = KernelRewriter::mutateIf(s);
      frames_.pop_back();
      return out;
    }
    ExprPtr cond = mutateExpr(s->cond());
    frames_.push_back(std::move(fr));
    bool changed = false;
    StmtPtr thenB = mutateBody(s->thenBody(), changed);
    StmtPtr elseB = mutateBody(s->elseBody(), changed);
    Frame done = std::move(frames_.back());
    frames_.pop_back();
    std::vector<VarPtr> rets;
    for (const Slot &sl : done.slots) {
      const VarPtr &r = s->returnVars()[sl.k];
      if (sl.keepBool)
        rets.push_back(r);
      if (sl.packed) {
        VarPtr pr =
            Var::make(names_.fresh(r->name() + "_packed"), done.packedTypes.at(sl.k), r->span());
        packed_[r.get()] = pr;
        rets.push_back(pr);
      }
    }
    return If::make(cond, thenB, elseB, std::move(rets), s->span());
  }
  StmtPtr mutateWhile(const std::shared_ptr<const While> &s) override {
    frames_.emplace_back();
    StmtPtr out = KernelRewriter::mutateWhile(s);
    frames_.pop_back();
    return out;
  }
  /// A loop body's (an if branch's) yield passes each carry's (result's) kept bool form and its
  /// packed form.
  StmtPtr mutateYield(const std::shared_ptr<const Yield> &y) override {
    if (frames_.empty() || (!frames_.back().loop && !frames_.back().branch))
      return KernelRewriter::mutateYield(y);
    Frame &fr = frames_.back();
    std::vector<StmtPtr> stmts;
    ExprList values;
    for (const Slot &sl : fr.slots) {
      ExprPtr v = mutateExpr(y->values().at(sl.k));
      if (sl.keepBool)
        values.push_back(v);
      if (sl.packed) {
        values.push_back(packOf(v, stmts, y->span()));
        fr.packedTypes.emplace(sl.k, values.back()->type());
      }
    }
    stmts.push_back(Yield::make(std::move(values), y->span()));
    return Seq::flatten(std::move(stmts), y->span());
  }

  /// The select reading the packed mask (packOf).
  StmtPtr select(const Assign &a, const Call &c, const StmtPtr &out) {
    const ExprPtr &mask = c.args()[0];
    if (!packable(mask->type()))
      return out;
    std::vector<StmtPtr> stmts;
    VarPtr p = packOf(mask, stmts, c.span());
    ExprList args = c.args();
    args[0] = p;
    stmts.push_back(Assign::make(
        a.var(), Call::make(c.target(), std::move(args), c.kwargs(), c.attrs(), c.type(), c.span()),
        a.span()));
    return Seq::flatten(std::move(stmts), a.span());
  }

  /// A packed mask stored into a bool tensor: its bytes when it was loaded, else expanded to
  /// 0 / 1 bytes (TSELS between a tile of fp16 ones and 0, then TCVT half -> uint8).
  StmtPtr store(const Assign &a, const Call &c, const StmtPtr &out) {
    auto *m = dynCast<Var>(c.args()[0]);
    auto it = m ? packed_.find(m) : packed_.end();
    if (it == packed_.end())
      return out;
    std::vector<StmtPtr> stmts;
    VarPtr bytes;
    if (auto b = bytes_.find(m); b != bytes_.end()) {
      bytes = b->second;
    } else {
      const Span &s = c.span();
      VarPtr h = bind(m->name() + "_h", expand(*m, it->second, DataType::FP16, stmts, s), stmts, s);
      bytes = bind(m->name() + "_bytes",
                   opCall("tile.cast", {h}, {{"target_type", DataType::UInt8}}, s), stmts, s);
      bytes_[m] = bytes;
    }
    ExprList args = c.args();
    args[0] = bytes;
    stmts.push_back(Assign::make(
        a.var(), Call::make(c.target(), std::move(args), c.kwargs(), c.attrs(), c.type(), c.span()),
        a.span()));
    return Seq::flatten(std::move(stmts), a.span());
  }

  const MaskPlan &plan_;
  std::vector<Frame> frames_;
  std::unordered_map<const Var *, VarPtr> packed_; ///< bool mask -> its packed form
  std::unordered_map<const Var *, VarPtr> bytes_;  ///< bool mask -> its 0 / 1 bytes
};

} // namespace

FunctionPtr packCompareMasks(const FunctionPtr &f) {
  if (!isKernel(f->type()))
    return f;
  MaskPlan plan(*f);
  MaskPacker p(*f, plan);
  return p.mutateFunction(f);
}

PL_DEFINE_FUNCTION_PASS(PackCompareMasks, packCompareMasks)

} // namespace pl::passes
