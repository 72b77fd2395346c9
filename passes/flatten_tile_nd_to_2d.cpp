// FlattenTileNdTo2D: every kernel tile is 2-D (see flatten_tile_nd_to_2d.h).
#include "passes/flatten_tile_nd_to_2d.h"

#include "ir/internal_error.h"
#include "ir/mutator.h"
#include "ir/op_registry.h"
#include "ir/ops/tile_window.h"
#include "ir/printer.h"

#include <unordered_map>
#include <unordered_set>

namespace pl::passes {

namespace {
using namespace ir;

constexpr const char *kPass = "FlattenTileNdTo2D";

const TileType *ndTile(const TypePtr &t) {
  auto *tt = dynCast<TileType>(t);
  return tt && tt->rank() != 2 ? tt : nullptr;
}

bool sameDim(const ExprPtr &a, const ExprPtr &b) {
  if (a == b)
    return true;
  auto x = constIntValue(a), y = constIntValue(b);
  return x && y && *x == *y;
}

std::string shapeText(const ExprList &dims) {
  std::string s = "[";
  for (size_t k = 0; k < dims.size(); ++k)
    s += (k ? ", " : "") + printExpr(dims[k]);
  return s + "]";
}

/// Why a tile of rank != 2 has no 2-D form, or "" when it has one.
std::string whyNotFlat(const TileType &t) {
  if (!t.view())
    return "";
  if (!t.view()->stride.empty())
    return "it has explicit strides";
  const ExprList &valid = t.view()->validShape;
  if (valid.empty() || valid.size() != t.rank())
    return "";
  // The valid rows are the first ones of the merged rows when, below the innermost row dim k
  // whose valid extent is not the whole dim, every dim's valid extent is 1.
  size_t k = t.rank() - 1;
  while (k > 0 && sameDim(valid[k - 1], t.shape()[k - 1]))
    --k;
  if (k == 0)
    return "";
  for (size_t j = 0; j + 1 < k; ++j)
    if (constIntValue(valid[j]) != 1)
      return "its valid shape " + shapeText(valid) + " covers part of dim " +
             std::to_string(k - 1) + " of its shape " + shapeText(t.shape()) + " for " +
             printExpr(valid[j]) + " indices of dim " + std::to_string(j) +
             ", so its valid rows are not contiguous once merged";
  return "";
}

/// Ops whose rows are independent: the flattened call computes the same elements.
bool rowwise(const Op &op) {
  return op.category == "elementwise" || op.category == "compare" || op.category == "select" ||
         op.category == "unary" || op.name() == "tile.move";
}

class Flattener : public IRMutator {
public:
  explicit Flattener(DiagnosticEngine &diags) : diags_(diags) {}
  bool failed = false;

  TypePtr mutateType(const TypePtr &t) override {
    const TileType *tt = ndTile(t);
    if (!tt || !whyNotFlat(*tt).empty())
      return IRMutator::mutateType(t);
    TypePtr inner = IRMutator::mutateType(t);
    auto *it = dynCast<TileType>(inner);
    std::optional<TileView> view = it->view();
    if (view && !view->validShape.empty())
      view->validShape = windowTileDims(view->validShape);
    return TileType::make(it->dtype(), windowTileDims(it->shape()), it->memorySpace(),
                          std::move(view), it->memref());
  }

  VarPtr mutateVarDef(const VarPtr &v) override {
    if (const TileType *tt = ndTile(v->type()))
      if (std::string why = whyNotFlat(*tt); !why.empty())
        fail("FT002", v->span(),
             "tile '" + v->name() + "' of shape " + shapeText(tt->shape()) +
                 " has no 2-D form: " + why);
    return IRMutator::mutateVarDef(v);
  }

  StmtPtr mutateAssign(const std::shared_ptr<const Assign> &s) override {
    if (auto *c = dynCast<Call>(s->value()); c && c->target().isOp()) {
      const std::string &name = c->target().op->name();
      if (name == "tile.batch_matmul")
        return expandBatchMatmul(s, *c);
      if (name == "tile.store" && !c->args().empty())
        if (auto *v = dynCast<Var>(c->args()[0]); v && batches_.count(v))
          return storePerBatch(s, *c, *v);
    }
    return IRMutator::mutateAssign(s);
  }

  ExprPtr mutateVarUse(const VarPtr &v) override {
    if (auto it = batches_.find(v.get()); it != batches_.end())
      failOtherUse(*v, it->second.span);
    return IRMutator::mutateVarUse(v);
  }

  ExprPtr mutateCall(const std::shared_ptr<const Call> &c) override {
    for (const ExprPtr &a : c->args())
      if (auto *v = dynCast<Var>(a))
        if (auto it = batches_.find(v); it != batches_.end()) {
          failOtherUse(*v, it->second.span);
          return c;
        }
    if (c->target().isOp() && c->target().op->name() == "tile.batch_matmul") {
      fail("FT001", c->span(),
           "'tile.batch_matmul' outside an assignment has no per-batch form; bind its result "
           "and store it");
      return c;
    }
    if (!c->target().isOp() || c->target().op->family() != "tile" || !touchesNd(*c))
      return IRMutator::mutateCall(c);
    for (const ExprPtr &a : c->args())
      if (const TileType *t = ndTile(a->type()); t && !whyNotFlat(*t).empty())
        return c; // FT002 at the tile's definition
    const Op &op = *c->target().op;
    const std::string &name = op.name();
    std::string why = whyNoFlatForm(*c, op);
    if (!why.empty()) {
      fail("FT001", c->span(), "'" + name + "' " + why);
      return c;
    }
    ExprPtr m = IRMutator::mutateCall(c);
    auto *mc = dynCast<Call>(m);
    ExprList args = mc->args();
    if (name == "tile.create" || name == "tile.full") {
      const ExprList *shape = MakeTuple::elementsOf(args[0]);
      args[0] = MakeTuple::make(windowTileDims(*shape, c->span()), args[0]->span());
    } else if (name == "tile.read" || name == "tile.write") {
      args[1] = flatIndex(*ndTile(c->args()[0]->type()), *MakeTuple::elementsOf(args[1]),
                          args[1]->span());
    }
    DiagnosticEngine local;
    ExprPtr e = makeOpCall(op, args, mc->kwargs(), c->span(), local);
    PL_CHECK_AT(e, kPass, c->span(), "'" + name + "' rejects its flattened operands");
    TypePtr type = mc->type();
    if (isa<TileType>(e->type()) && isa<TileType>(type)) {
      auto *want = dynCast<TileType>(type);
      auto *got = dynCast<TileType>(e->type());
      PL_CHECK_AT(got->rank() == 2 && sameDim(got->shape()[0], want->shape()[0]) &&
                      sameDim(got->shape()[1], want->shape()[1]),
                  kPass, c->span(), "'" + name + "' flattened to another shape");
    }
    return Call::make(mc->target(), std::move(args), mc->kwargs(), mc->attrs(), type, c->span());
  }

private:
  /// The per-batch [M, N] Acc tiles a tile.batch_matmul result became.
  struct Batches {
    std::vector<VarPtr> tiles;
    Span span;           ///< the batch_matmul's
    bool failed = false; ///< FT003 reported: its stores and uses stay, without more errors
  };

  ExprPtr index(int64_t v, const Span &span) { return ConstInt::make(v, DataType::Index, span); }

  ExprPtr call(std::string_view op, ExprList args, AttrList kwargs, const Span &span) {
    DiagnosticEngine local;
    ExprPtr e = makeOpCall(op, std::move(args), std::move(kwargs), span, local);
    PL_CHECK_AT(e, kPass, span,
                "'" + std::string(op) + "' of a batch_matmul's expansion rejects its operands");
    return e;
  }

  VarPtr bind(const std::string &name, const ExprPtr &value, const Span &span,
              std::vector<StmtPtr> &out) {
    VarPtr v = Var::make(name, value->type(), span);
    out.push_back(Assign::make(v, value, span));
    return v;
  }

  /// `c = tile.batch_matmul(a, b)` ([B, M, K] x [B, K, N], B constant) → for each batch i:
  /// `c_a<i> = tile.load(a, {i, 0, 0}, {1, M, K}, Mat)`, `c_l<i> = tile.move(c_a<i>, Left)`,
  /// likewise b into Right, `c_<i> = tile.matmul(c_l<i>, c_r<i>)` (out_dtype when it is not the
  /// accumulator's dtype; PyPTO: batch_matmul →
  /// per-batch matmuls). c itself is gone: its stores become per-batch stores.
  StmtPtr expandBatchMatmul(const std::shared_ptr<const Assign> &s, const Call &c) {
    const Span &span = c.span();
    auto *lt = dynCast<TensorType>(c.args()[0]->type());
    auto *rt = dynCast<TensorType>(c.args()[1]->type());
    PL_CHECK_AT(lt && rt && lt->rank() == 3 && rt->rank() == 3, kPass, span,
                "'tile.batch_matmul' without [B, M, K] / [B, K, N] tensor operands");
    const char *what[] = {"B (the batch count)", "M", "K", "N"};
    const ExprPtr dims[] = {lt->shape()[0], lt->shape()[1], lt->shape()[2], rt->shape()[2]};
    int64_t d[4];
    for (int k = 0; k < 4; ++k) {
      auto v = constIntValue(dims[k]);
      if (!v || *v < 1) {
        fail("FT003", span,
             "'tile.batch_matmul' of " + shapeText(lt->shape()) + " x " + shapeText(rt->shape()) +
                 " needs a constant " + what[k] + " >= 1, got '" + printExpr(dims[k]) +
                 "': FlattenTileNdTo2D unrolls it into one [M, K] x [K, N] matmul per batch "
                 "with static tiles; give the tensor a static shape, or loop over the batches "
                 "with pl::matmul on [1, M, K] / [1, K, N] windows");
        batches_[s->var().get()] = Batches{{}, span, true};
        return s;
      }
      d[k] = *v;
    }
    const std::string base = s->var()->name() + "_";
    std::vector<StmtPtr> out;
    Batches b{{}, span};
    for (int64_t i = 0; i < d[0]; ++i) {
      const std::string n = std::to_string(i);
      auto operand = [&](const ExprPtr &t, int64_t rows, int64_t cols, MemorySpace l0,
                         const std::string &tag) {
        ExprPtr off = MakeTuple::make({index(i, span), index(0, span), index(0, span)}, span);
        ExprPtr ext = MakeTuple::make({index(1, span), index(rows, span), index(cols, span)}, span);
        std::string name = base;
        name += tag;
        std::string matName = name;
        matName += "m";
        VarPtr m =
            bind(matName + n,
                 call("tile.load", {t, off, ext}, {{"target_memory", MemorySpace::Mat}}, span),
                 span, out);
        return bind(name + n, call("tile.move", {m}, {{"target_memory", l0}}, span), span, out);
      };
      VarPtr l = operand(c.args()[0], d[1], d[2], MemorySpace::Left, "l");
      VarPtr r = operand(c.args()[1], d[2], d[3], MemorySpace::Right, "r");
      // out_dtype only where it differs from the accumulator's (tile.matmul's own result).
      ExprPtr mm = call("tile.matmul", {l, r}, {}, span);
      if (dynCast<TileType>(mm->type())->dtype() != dynCast<TileType>(c.type())->dtype())
        mm = call("tile.matmul", {l, r}, c.kwargs(), span);
      b.tiles.push_back(bind(base + n, mm, span, out));
    }
    batches_[s->var().get()] = std::move(b);
    return Seq::flatten(std::move(out), s->span());
  }

  /// `t2 = tile.store(c, {o0, o1, o2}, t)` of a batch_matmul result → `t2_<i> =
  /// tile.store(c_<i>, {o0 + i, o1, o2}, t2_<i-1>)`, the last one bound to t2.
  StmtPtr storePerBatch(const std::shared_ptr<const Assign> &s, const Call &c, const Var &v) {
    const Batches &b = batches_.at(&v);
    if (b.failed)
      return s;
    const ExprList *offs = MakeTuple::elementsOf(c.args()[1]);
    if (!offs || offs->size() != 3) {
      fail("FT001", c.span(),
           "'tile.store' of the batch_matmul result '" + v.name() +
               "' needs one offset per dim of its rank-3 target tensor");
      return s;
    }
    ExprList o;
    for (const ExprPtr &e : *offs)
      o.push_back(mutateExpr(e));
    ExprPtr target = mutateExpr(c.args()[2]);
    std::vector<StmtPtr> out;
    for (size_t i = 0; i < b.tiles.size(); ++i) {
      ExprPtr row = o[0];
      if (i > 0) {
        auto k = constIntValue(o[0]);
        row = k ? index(*k + static_cast<int64_t>(i), c.span())
                : Binary::make(BinaryOp::Add, o[0], index(static_cast<int64_t>(i), c.span()),
                               c.span());
      }
      ExprPtr st =
          call("tile.store", {b.tiles[i], MakeTuple::make({row, o[1], o[2]}, c.span()), target},
               c.kwargs(), c.span());
      if (i + 1 == b.tiles.size()) {
        out.push_back(Assign::make(mutateVarDef(s->var()), st, s->span()));
      } else {
        target = bind(s->var()->name() + "_" + std::to_string(i), st, s->span(), out);
      }
    }
    return Seq::flatten(std::move(out), s->span());
  }

  void failOtherUse(const Var &v, const Span &span) {
    if (batches_.at(&v).failed || !reported_.insert(&v).second)
      return;
    fail("FT001", span,
         "the result '" + v.name() +
             "' of 'tile.batch_matmul' is used other than by a tile.store: FlattenTileNdTo2D "
             "makes it one [M, N] Acc tile per batch, which only a store into a rank-3 tensor "
             "(one [1, M, N] window per batch) can take; store it, then load what you need");
  }

  std::unordered_map<const Var *, Batches> batches_;
  std::unordered_set<const Var *> reported_;

  static bool touchesNd(const Call &c) {
    if (ndTile(c.type()))
      return true;
    for (const ExprPtr &a : c.args())
      if (ndTile(a->type()))
        return true;
    return false;
  }

  /// "" when the call has a 2-D form, else the reason (the rest of FT001's message).
  static std::string whyNoFlatForm(const Call &c, const Op &op) {
    const std::string &name = op.name();
    if (name == "tile.create" || name == "tile.full")
      return MakeTuple::elementsOf(c.args()[0]) ? "" : "has no constant shape tuple";
    if (name == "tile.read" || name == "tile.write")
      return MakeTuple::elementsOf(c.args()[1]) ? "" : "has no index tuple";
    if (name == "tile.store") {
      const TileType *t = ndTile(c.args()[0]->type());
      for (size_t k = 0; t && k + 2 < t->rank(); ++k)
        if (constIntValue(t->shape()[k]) != 1)
          return "of a tile of shape " + shapeText(t->shape()) +
                 ": its rows come from more than one index of the leading dims, which a 2-D "
                 "tile's window cannot express; store one [R, C] tile per leading index";
      return "";
    }
    if (!rowwise(op))
      return "on a tile of rank != 2 has no 2-D form (FlattenTileNdTo2D flattens elementwise, "
             "compare, select, unary, create, full, move, read, write and store); use 2-D tiles";
    const TileType *r = dynCast<TileType>(c.type());
    for (const ExprPtr &a : c.args()) {
      auto *t = dynCast<TileType>(a->type());
      if (!t || !r)
        continue;
      if (t->rank() != r->rank())
        return "mixes tiles of ranks " + std::to_string(t->rank()) + " and " +
               std::to_string(r->rank());
      for (size_t k = 0; k + 1 < t->rank(); ++k)
        if (!sameDim(t->shape()[k], r->shape()[k]))
          return "broadcasts " + shapeText(t->shape()) + " to " + shapeText(r->shape()) +
                 " along dim " + std::to_string(k) +
                 ", which FlattenTileNdTo2D merges into the rows: that has no 2-D form";
    }
    return "";
  }

  /// [i0, .., in-2, j] of a tile of shape [d0, .., dn-2, C] → [((i0·d1 + i1)·d2 + …), j];
  /// [j] → [0, j].
  static ExprPtr flatIndex(const TileType &t, const ExprList &idx, const Span &span) {
    if (idx.size() == 1)
      return MakeTuple::make({ConstInt::make(0, DataType::Index, span), idx[0]}, span);
    ExprPtr row = idx[0];
    for (size_t k = 1; k + 1 < idx.size(); ++k) {
      auto r = constIntValue(row), d = constIntValue(t.shape()[k]), i = constIntValue(idx[k]);
      row = r && d && i
                ? ConstInt::make(*r * *d + *i, DataType::Index, span)
                : Binary::make(BinaryOp::Add, Binary::make(BinaryOp::Mul, row, t.shape()[k], span),
                               idx[k], span);
    }
    return MakeTuple::make({row, idx.back()}, span);
  }

  void fail(const char *code, const Span &span, const std::string &msg) {
    failed = true;
    diags_.error(code, span, msg);
  }

  DiagnosticEngine &diags_;
};

} // namespace

FunctionPtr flattenTileNdTo2D(const FunctionPtr &f, DiagnosticEngine &diags) {
  if (!isKernel(f->type()))
    return f;
  Flattener fl(diags);
  FunctionPtr g = fl.mutateFunction(f);
  return fl.failed ? nullptr : g;
}

Pass createFlattenTileNdTo2DPass(PassOptions &) {
  return createProgramPass(PassClass::FlattenTileNdTo2D,
                           [](const ProgramPtr &p, PassContext &ctx) -> ProgramPtr {
                             std::vector<FunctionPtr> fns;
                             bool changed = false, failed = false;
                             for (const FunctionPtr &f : p->functions()) {
                               FunctionPtr g = flattenTileNdTo2D(f, ctx.diags());
                               failed |= !g;
                               changed |= g && g != f;
                               fns.push_back(g ? g : f);
                             }
                             if (failed)
                               return nullptr;
                             return changed ? p->withFunctions(std::move(fns)) : p;
                           });
}

} // namespace pl::passes
