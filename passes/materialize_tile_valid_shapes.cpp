// MaterializeTileValidShapes: clipped kernel windows as tile valid shapes (see
// materialize_tile_valid_shapes.h).
#include "passes/materialize_tile_valid_shapes.h"

#include "ir/op_registry.h"
#include "ir/ops/tile_window.h"
#include "ir/structural_equal.h"
#include "ir/visitor.h"

#include "passes/utils/kernel_rewrite.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace pl::passes {

namespace {
using namespace ir;

constexpr const char *kValid = "valid_shape";

bool provenInside(const Call &c) {
  const bool *b = findAttrAs<bool>(c.attrs(), "in_bounds");
  return b && *b;
}

/// `max(0, min(e, d - o))`, the form this pass writes.
bool isClipped(const ExprPtr &e) {
  auto *mx = dynCast<Binary>(e);
  if (!mx || mx->op() != BinaryOp::Max)
    return false;
  auto zero = constIntValue(mx->lhs());
  auto *mn = dynCast<Binary>(mx->rhs());
  return zero && *zero == 0 && mn && mn->op() == BinaryOp::Min;
}

/// A load this pass gives a clipped valid shape (or one the user gave).
bool loadMayClip(const Call &c) {
  return findAttr(c.kwargs(), kValid) || (c.args().size() == 3 && !provenInside(c));
}

/// The tile variables of a kernel whose valid shape may be less than their whole tile at run
/// time: the clipped loads, tiles typed with a valid shape, and what takes its valid shape from
/// them (by the ops' ValidShapeRule, copies, carries and if results). Linear: one walk records
/// the sources and the "takes from" edges, then a worklist marks what they reach.
class MayClip : public IRVisitor {
public:
  explicit MayClip(const Function &f) {
    visitFunction(f);
    std::vector<const Var *> work(marked_.begin(), marked_.end());
    while (!work.empty()) {
      const Var *u = work.back();
      work.pop_back();
      auto it = edges_.find(u);
      if (it == edges_.end())
        continue;
      for (const Var *v : it->second)
        if (marked_.insert(v).second)
          work.push_back(v);
    }
  }
  const std::unordered_set<const Var *> &vars() const { return marked_; }

private:
  void edge(const ExprPtr &from, const Var *to) {
    if (auto *u = dynCast<Var>(from))
      edges_[u].push_back(to);
  }
  void source(const Var *v) { marked_.insert(v); }
  static bool typedValid(const TypePtr &t) {
    auto *tile = dynCast<TileType>(t);
    return tile && tile->view() && !tile->view()->validShape.empty();
  }

  void visitAssign(const Assign &s) override {
    const Var *v = s.var().get();
    if (typedValid(s.var()->type()))
      source(v);
    if (auto *c = dynCast<Call>(s.value()); c && c->target().isOp()) {
      const Op *op = lookupOp(c->target().name());
      if (c->target().name() == "tile.load" && loadMayClip(*c))
        source(v);
      if (op && op->validShape.kind != ValidShapeRule::Kind::Own) {
        const auto &r = op->validShape;
        if (static_cast<size_t>(r.arg) < c->args().size())
          edge(c->args()[static_cast<size_t>(r.arg)], v);
        if ((r.kind == ValidShapeRule::Kind::Matmul || r.kind == ValidShapeRule::Kind::Concat ||
             r.kind == ValidShapeRule::Kind::Union) &&
            static_cast<size_t>(r.arg2) < c->args().size())
          edge(c->args()[static_cast<size_t>(r.arg2)], v);
      }
    } else {
      edge(s.value(), v); // a copy
    }
    IRVisitor::visitAssign(s);
  }
  void carries(const std::vector<IterArg> &iterArgs, const std::vector<VarPtr> &returnVars,
               const StmtPtr &body) {
    std::vector<const Var *> targets;
    for (size_t i = 0; i < iterArgs.size(); ++i) {
      edge(iterArgs[i].init, iterArgs[i].var.get());
      if (i < returnVars.size())
        edge(iterArgs[i].var, returnVars[i].get());
      targets.push_back(iterArgs[i].var.get());
    }
    yieldTo_.push_back(std::move(targets));
    visitStmt(body);
    yieldTo_.pop_back();
  }
  void visitFor(const For &s) override { carries(s.iterArgs(), s.returnVars(), s.body()); }
  void visitWhile(const While &s) override { carries(s.iterArgs(), s.returnVars(), s.body()); }
  void visitIf(const If &s) override {
    std::vector<const Var *> targets;
    for (const VarPtr &v : s.returnVars())
      targets.push_back(v.get());
    yieldTo_.push_back(std::move(targets));
    visitStmt(s.thenBody());
    if (s.elseBody())
      visitStmt(s.elseBody());
    yieldTo_.pop_back();
  }
  void visitYield(const Yield &s) override {
    if (yieldTo_.empty())
      return;
    const auto &targets = yieldTo_.back();
    for (size_t i = 0; i < s.values().size() && i < targets.size(); ++i)
      edge(s.values()[i], targets[i]);
  }

  std::unordered_map<const Var *, std::vector<const Var *>> edges_;
  std::unordered_set<const Var *> marked_;
  std::vector<std::vector<const Var *>> yieldTo_;
};

class ValidShapes : public KernelRewriter {
public:
  explicit ValidShapes(const Function &f)
      : KernelRewriter(f, "MaterializeTileValidShapes"), mayClip_(MayClip(f).vars()) {}

  StmtPtr rewriteOpCall(const Assign &a, const Call &c, const StmtPtr &out) override {
    opResults_.insert(a.var().get());
    const std::string &op = c.target().name();
    if (op == "tile.load" || op == "tile.store") {
      if (c.args().size() != 3 || provenInside(c))
        return out;
      return op == "tile.load" ? load(a, c, out) : store(a, c, out);
    }
    return computed(a, c, out);
  }

  VarPtr mutateVarDef(const VarPtr &v) override {
    VarPtr n = KernelRewriter::mutateVarDef(v);
    if (n != v && mayClip_.count(v.get()))
      mayClip_.insert(n.get());
    return n;
  }

private:
  using Dims = std::pair<ExprPtr, ExprPtr>; ///< valid rows, valid columns

  /// The valid rows and columns of tile operand `e`: an op result's type's valid shape (this
  /// pass typed it), else a run-time read (tile.valid_dim) when it may be clipped — a carry, an
  /// if result or a copy, whose type may still hold the valid shape the program gave before
  /// its window was clipped —, else its type's valid shape or its whole shape; nullopt when `e`
  /// is not a 2-D tile.
  std::optional<Dims> validOf(const ExprPtr &e, std::vector<StmtPtr> &stmts, const Span &span) {
    auto *t = dynCast<TileType>(e->type());
    if (!t || t->rank() != 2)
      return std::nullopt;
    auto *v = dynCast<Var>(e);
    const bool typed = t->view() && t->view()->validShape.size() == 2;
    if (typed && (!v || opResults_.count(v) || !mayClip_.count(v)))
      return Dims{t->view()->validShape[0], t->view()->validShape[1]};
    if (v && mayClip_.count(v)) {
      auto read = [&](int64_t axis, const char *what) -> ExprPtr {
        return bind(
            stemOf(e, "t") + what,
            opCall("tile.valid_dim", {e, ConstInt::make(axis, DataType::Index, span)}, {}, span),
            stmts, span);
      };
      return Dims{read(0, "_vrow"), read(1, "_vcol")};
    }
    return Dims{t->shape()[0], t->shape()[1]};
  }

  /// `max(a, b)` of two valid dims of a result whose dim is `whole`: folded when both are
  /// constant, the same expression, or one is the whole dim (no valid dim exceeds it).
  static ExprPtr larger(const ExprPtr &a, const ExprPtr &b, const ExprPtr &whole,
                        const Span &span) {
    auto x = constIntValue(a), y = constIntValue(b), w = constIntValue(whole);
    if (x && y)
      return ConstInt::make(std::max(*x, *y), DataType::Index, span);
    if (a == b)
      return a;
    if (w && ((x && *x == *w) || (y && *y == *w)))
      return ConstInt::make(*w, DataType::Index, span);
    return Binary::make(BinaryOp::Max, a, b, span);
  }

  static ExprPtr add(const ExprPtr &a, const ExprPtr &b, const Span &span) {
    auto x = constIntValue(a), y = constIntValue(b);
    if (x && y)
      return ConstInt::make(*x + *y, DataType::Index, span);
    return Binary::make(BinaryOp::Add, a, b, span);
  }

  /// The valid shape rule of the op gives result `a.var()` its valid shape (a fresh variable
  /// typed with it) unless that is the whole tile.
  StmtPtr computed(const Assign &a, const Call &c, const StmtPtr &out) {
    auto *tile = dynCast<TileType>(a.var()->type());
    const Op *op = c.target().isOp() ? lookupOp(c.target().name()) : nullptr;
    if (!tile || tile->rank() != 2 || !op || op->validShape.kind == ValidShapeRule::Kind::Own)
      return out;
    const ValidShapeRule &rule = op->validShape;
    // A result typed with a valid shape by an earlier pass (a reshape ResolveBackendOpLayouts
    // made, a packed mask's whole [R, ceil(C / 8)]) is retyped too when its operands may be
    // clipped: that type predates the windows' clips.
    auto arg = [&](int i) -> const ExprPtr * {
      return static_cast<size_t>(i) < c.args().size() ? &c.args()[static_cast<size_t>(i)] : nullptr;
    };
    const ExprPtr *x = arg(rule.arg), *y = arg(rule.arg2);
    auto mayClip = [&](const ExprPtr *e) {
      auto *v = e ? dynCast<Var>(*e) : nullptr;
      auto *t = e ? dynCast<TileType>((*e)->type()) : nullptr;
      return (v && mayClip_.count(v)) || (t && t->view() && !t->view()->validShape.empty());
    };
    using K = ValidShapeRule::Kind;
    bool two = rule.kind == K::Matmul || rule.kind == K::Concat || rule.kind == K::Union;
    if (!x || (!mayClip(x) && !(two && mayClip(y))) || (two && !y))
      return out;
    std::vector<StmtPtr> stmts;
    const Span &span = c.span();
    auto vx = validOf(*x, stmts, span);
    auto vy = two ? validOf(*y, stmts, span) : std::nullopt;
    if (!vx || (two && !vy))
      return out;
    const ExprPtr one = ConstInt::make(1, DataType::Index, span);
    Dims r = *vx;
    auto *xt = dynCast<TileType>((*x)->type());
    switch (rule.kind) {
    case K::Same:
      if (c.target().name() == "tile.move") {
        const AttrValue *tr = findAttr(c.kwargs(), "transpose");
        if (tr && std::holds_alternative<bool>(*tr) && std::get<bool>(*tr))
          r = {vx->second, vx->first};
      }
      break;
    case K::Mask: {
      // A packed mask (one bit per element) keeps whole packed rows: ceil(C / 8) bytes of the
      // compared tile's C columns, whatever its valid columns. PTO-ISA's TCMPS lays each row's
      // bits out in ceil(C / 8) bytes and its CPU simulation places them by the destination's
      // valid columns, so any other width moves rows into each other (TCMP and TSELS read and
      // write by rows; TSEL reads its mask through the view select() makes).
      const AttrValue *p = findAttr(c.kwargs(), "packed");
      if (p && std::holds_alternative<bool>(*p) && std::get<bool>(*p)) {
        auto cols = constIntValue(xt->shape()[1]);
        r.second = cols ? ConstInt::make((*cols + 7) / 8, DataType::Index, span)
                        : ceilDiv8(vx->second, span);
      }
      break;
    }
    case K::Rows:
      r.second = one;
      break;
    case K::Cols:
      r.first = one;
      break;
    case K::Matmul:
      r.second = vy->second;
      break;
    case K::Transposed:
      r = {vx->second, vx->first};
      break;
    case K::Concat:
      r.second = add(vx->second, vy->second, span);
      break;
    case K::Union: // the partial ops: one operand's valid region holds the other's
      r = {larger(vx->first, vy->first, tile->shape()[0], span),
           larger(vx->second, vy->second, tile->shape()[1], span)};
      break;
    case K::Reshape: // the same shape (another pad), or a [R, 1] column as a [1, R] row
      if (sameShape(xt->shape(), tile->shape()))
        break;
      if (!(isOne(xt->shape()[1]) && isOne(tile->shape()[0])) &&
          !(isOne(xt->shape()[0]) && isOne(tile->shape()[1])))
        return out;
      r = {vx->second, vx->first};
      break;
    case K::Own:
      return out;
    }
    TileView view = tile->view().value_or(TileView{});
    view.validShape = {r.first, r.second};
    if (c.target().name() == "tile.sel" && packedMask(c)) {
      auto sel = selectMask(c, r, stmts, span);
      return widenedSelect(a, sel ? *sel : c, *tile, std::move(view), r, std::move(stmts), span,
                           out);
    }
    return retyped(a, c, *tile, std::move(view), c.kwargs(), std::move(stmts));
  }

  /// A TSEL (select() gave it its mask view) of valid shape `r`: the vendor's CPU TSEL reads
  /// 8 x (the mask's valid columns) bits per row, so when the valid columns may not be a
  /// multiple of 8 it runs over [rows, 8 * ceil(cols / 8)] (the extra columns read the
  /// operands' padding; hardware's TSEL writes them too and nothing reads them) and the result
  /// is the view [rows, cols] of its bytes (tile.set_validshape, an in-place TRESHAPE).
  StmtPtr widenedSelect(const Assign &a, const Call &sel, const TileType &tile, TileView view,
                        const Dims &r, std::vector<StmtPtr> stmts, const Span &span,
                        const StmtPtr &out) {
    auto k = constIntValue(r.second);
    if (k && *k % 8 == 0)
      return retyped(a, sel, tile, std::move(view), sel.kwargs(), std::move(stmts));
    ExprPtr eight = ConstInt::make(8, DataType::Index, span);
    ExprPtr bytes = ceilDiv8(r.second, span);
    auto kb = constIntValue(bytes);
    ExprPtr wideCols = kb ? ConstInt::make(*kb * 8, DataType::Index, span)
                          : Binary::make(BinaryOp::Mul, bytes, eight, span);
    if (tile.view() && tile.view()->validShape.size() == 2 &&
        structuralEqual(tile.view()->validShape[0], r.first) &&
        structuralEqual(tile.view()->validShape[1], wideCols))
      return out; // widened already (this pass ran before)
    TileView wideView = view;
    wideView.validShape = {r.first, wideCols};
    TypePtr wideType = TileType::make(tile.dtype(), tile.shape(), tile.memorySpace(),
                                      std::move(wideView), tile.memref());
    VarPtr wide = Var::make(a.var()->name() + "_wide", wideType, a.var()->span());
    ExprPtr made = opCall("tile.set_validshape", {wide, r.first, r.second}, {}, span);
    auto *call = dynCast<Call>(made);
    if (!call)
      return retyped(a, sel, tile, std::move(view), sel.kwargs(), std::move(stmts));
    opResults_.insert(wide.get());
    mayClip_.insert(wide.get());
    stmts.push_back(Assign::make(
        wide, Call::make(sel.target(), sel.args(), sel.kwargs(), sel.attrs(), wideType, sel.span()),
        a.span()));
    return retyped(a, *call, tile, std::move(view), call->kwargs(), std::move(stmts));
  }

  static ExprPtr ceilDiv8(const ExprPtr &e, const Span &span) {
    if (auto k = constIntValue(e))
      return ConstInt::make((*k + 7) / 8, DataType::Index, span);
    return Binary::make(BinaryOp::FloorDiv, add(e, ConstInt::make(7, DataType::Index, span), span),
                        ConstInt::make(8, DataType::Index, span), span);
  }

  /// TSEL of a packed mask (whole packed rows, above) onto `r`, a clipped valid shape: PTO-ISA's
  /// CPU TSEL reads the mask as one stream of bits that starts a new mask row after the mask's
  /// valid columns, so the mask is read through a view of its bytes with valid shape
  /// [rows of r, ceil(cols of r / 8)] (tile.set_validshape, a TRESHAPE that only renames the
  /// bytes). The select with that mask; null when the mask is not packed or already has it.
  /// A select of a packed (uint8) mask: PTO-ISA's TSEL.
  static bool packedMask(const Call &c) {
    auto *mt = c.args().empty() ? nullptr : dynCast<TileType>(c.args()[0]->type());
    return mt && mt->dtype() == DataType::UInt8 && mt->rank() == 2;
  }

  std::shared_ptr<const Call> selectMask(const Call &c, const Dims &r, std::vector<StmtPtr> &stmts,
                                         const Span &span) {
    auto *mt = dynCast<TileType>(c.args()[0]->type());
    if (!mt || mt->dtype() != DataType::UInt8 || mt->rank() != 2)
      return nullptr;
    ExprPtr cols = ceilDiv8(r.second, span);
    const auto &mv = mt->view();
    if (mv && mv->validShape.size() == 2 && structuralEqual(mv->validShape[0], r.first) &&
        structuralEqual(mv->validShape[1], cols))
      return nullptr;
    TileView view = mv.value_or(TileView{});
    view.validShape = {r.first, cols};
    TypePtr type =
        TileType::make(mt->dtype(), mt->shape(), mt->memorySpace(), std::move(view), mt->memref());
    ExprPtr made = opCall("tile.set_validshape", {c.args()[0], r.first, cols}, {}, span);
    auto *call = dynCast<Call>(made);
    if (!call)
      return nullptr;
    VarPtr m = Var::make(stemOf(c.args()[0], "mask") + "_rows", type, span);
    stmts.push_back(Assign::make(
        m, Call::make(call->target(), call->args(), call->kwargs(), call->attrs(), type, span),
        span));
    opResults_.insert(m.get());
    ExprList args = c.args();
    args[0] = m;
    return Call::make(c.target(), std::move(args), c.kwargs(), c.attrs(), c.type(), c.span());
  }

  /// `stmts` then `a` with its result a fresh variable of `tile`'s type under `view` (and the
  /// call's kwargs `kwargs`); later uses follow it.
  StmtPtr retyped(const Assign &a, const Call &c, const TileType &tile, TileView view,
                  AttrList kwargs, std::vector<StmtPtr> stmts) {
    TypePtr type = TileType::make(tile.dtype(), tile.shape(), tile.memorySpace(), std::move(view),
                                  tile.memref());
    VarPtr v = Var::make(a.var()->name(), type, a.var()->span());
    remap(a.var(), v);
    mayClip_.insert(v.get());
    opResults_.insert(v.get());
    stmts.push_back(Assign::make(
        v, Call::make(c.target(), c.args(), std::move(kwargs), c.attrs(), type, c.span()),
        a.span()));
    return Seq::flatten(std::move(stmts), a.span());
  }

  static bool isOne(const ExprPtr &e) {
    auto k = constIntValue(e);
    return k && *k == 1;
  }
  static bool sameShape(const ExprList &a, const ExprList &b) {
    if (a.size() != b.size())
      return false;
    for (size_t i = 0; i < a.size(); ++i) {
      auto x = constIntValue(a[i]), y = constIntValue(b[i]);
      if (a[i] != b[i] && !(x && y && *x == *y))
        return false;
    }
    return true;
  }

  std::unordered_set<const Var *> mayClip_;
  std::unordered_set<const Var *> opResults_; ///< variables an op call defines (not carries)

  /// Per dim k: `max(0, min(extents[k], tensor.dim(tensor, k) - offsets[k]))`, the dims bound
  /// into `stmts`; nullopt when the operands are not one offset and one extent per dim.
  std::optional<ExprList> clip(const ExprPtr &tensor, const ExprList *offsets,
                               const ExprList &extents, std::vector<StmtPtr> &stmts,
                               const Span &span) {
    auto *tt = dynCast<TensorType>(tensor->type());
    if (!tt || !offsets || offsets->size() != tt->rank() || extents.size() != tt->rank())
      return std::nullopt;
    ExprList out;
    for (size_t k = 0; k < tt->rank(); ++k) {
      VarPtr d =
          bind(stemOf(tensor, "t") + "_d" + std::to_string(k),
               opCall("tensor.dim", {tensor, ConstInt::make(static_cast<int64_t>(k))}, {}, span),
               stmts, span);
      auto o = constIntValue((*offsets)[k]);
      ExprPtr room =
          o && *o == 0 ? ExprPtr(d) : Binary::make(BinaryOp::Sub, d, (*offsets)[k], span);
      out.push_back(Binary::make(BinaryOp::Max, ConstInt::make(0, DataType::Index, span),
                                 Binary::make(BinaryOp::Min, extents[k], room, span), span));
    }
    return out;
  }

  StmtPtr load(const Assign &a, const Call &c, const StmtPtr &out) {
    auto *tile = dynCast<TileType>(a.var()->type());
    const ExprList *sizes = MakeTuple::elementsOf(c.args()[2]);
    if (!tile || !sizes)
      return out;
    const ExprList *valid = findAttrAs<ExprList>(c.kwargs(), kValid);
    if (valid && std::all_of(valid->begin(), valid->end(), isClipped))
      return out;
    std::vector<StmtPtr> stmts;
    auto clipped = clip(c.args()[0], MakeTuple::elementsOf(c.args()[1]), valid ? *valid : *sizes,
                        stmts, c.span());
    if (!clipped)
      return out;
    AttrList kwargs;
    for (const auto &kv : c.kwargs())
      if (kv.first != kValid)
        kwargs.push_back(kv);
    kwargs.emplace_back(kValid, *clipped);
    TileView view = tile->view().value_or(TileView{});
    // A window of rank != 2 is a 2-D tile (tile.load's rule): its valid rows are the product of
    // the clipped leading dims (0 when a leading offset is past the tensor's end).
    view.validShape = windowTileDims(*clipped, c.span());
    // A transposing load's tile is the window's transpose (valid_shape in the window's terms).
    const AttrValue *tr = findAttr(c.kwargs(), "transpose");
    if (tr && std::holds_alternative<bool>(*tr) && std::get<bool>(*tr) && clipped->size() == 2)
      view.validShape = {(*clipped)[1], (*clipped)[0]};
    return retyped(a, c, *tile, std::move(view), std::move(kwargs), std::move(stmts));
  }

  StmtPtr store(const Assign &a, const Call &c, const StmtPtr &out) {
    auto *tile = dynCast<TileType>(c.args()[0]->type());
    auto *tt = dynCast<TensorType>(c.args()[2]->type());
    if (!tile || !tt || findAttr(c.attrs(), kValid))
      return out;
    auto extents = tileWindowExtents(tt->rank(), tile->shape());
    if (!extents)
      return out;
    std::vector<StmtPtr> stmts;
    auto clipped = clip(c.args()[2], MakeTuple::elementsOf(c.args()[1]), *extents, stmts, c.span());
    if (!clipped)
      return out;
    AttrList attrs = c.attrs();
    attrs.emplace_back(kValid, *clipped);
    stmts.push_back(Assign::make(
        a.var(), Call::make(c.target(), c.args(), c.kwargs(), std::move(attrs), c.type(), c.span()),
        a.span()));
    return Seq::flatten(std::move(stmts), a.span());
  }
};

} // namespace

FunctionPtr materializeTileValidShapes(const FunctionPtr &f) {
  return rewriteKernel<ValidShapes>(f);
}

PL_DEFINE_FUNCTION_PASS(MaterializeTileValidShapes, materializeTileValidShapes)

} // namespace pl::passes
