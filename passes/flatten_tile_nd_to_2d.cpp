// FlattenTileNdTo2D: every kernel tile is 2-D (see flatten_tile_nd_to_2d.h).
#include "passes/flatten_tile_nd_to_2d.h"

#include "ir/internal_error.h"
#include "ir/mutator.h"
#include "ir/op_registry.h"
#include "ir/ops/tile_window.h"
#include "ir/printer.h"

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

  ExprPtr mutateCall(const std::shared_ptr<const Call> &c) override {
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
