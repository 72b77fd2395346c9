// ExpandTileBroadcasts: explicit PTO-ISA broadcasts for binary tile ops (see
// expand_tile_broadcasts.h).
#include "passes/expand_tile_broadcasts.h"

#include "ir/op_registry.h"
#include "passes/utils/kernel_rewrite.h"

#include <map>

namespace pl::passes {

namespace {
using namespace ir;

/// The fused broadcast form of a binary op ("sub" → "sub", "maximum" → "max"); commutative ops
/// may take the vector first.
struct Fused {
  const char *suffix;
  bool commutative;
};
const std::map<std::string, Fused, std::less<>> kFused = {
    {"tile.add", {"add", true}},  {"tile.sub", {"sub", false}},    {"tile.mul", {"mul", true}},
    {"tile.div", {"div", false}}, {"tile.maximum", {"max", true}}, {"tile.minimum", {"min", true}}};

/// Static 2-D dims of a tile expression, or nullopt.
std::optional<std::pair<int64_t, int64_t>> dims2(const ExprPtr &e) {
  auto *t = dynCast<TileType>(e->type());
  if (!t || t->rank() != 2)
    return std::nullopt;
  auto r = t->constDim(0), c = t->constDim(1);
  if (!r || !c)
    return std::nullopt;
  return std::make_pair(*r, *c);
}

bool broadcasting(const Op &op) {
  return op.family() == "tile" && (op.category == "elementwise" || op.name() == "tile.cmp");
}

class BroadcastExpander : public KernelRewriter {
public:
  explicit BroadcastExpander(const Function &f) : KernelRewriter(f, "ExpandTileBroadcasts") {}

  StmtPtr rewriteOpCall(const Assign &a, const Call &c, const StmtPtr &out) override {
    if (!broadcasting(*c.target().op) || c.args().size() < 2)
      return out;
    auto da = dims2(c.args()[0]), db = dims2(c.args()[1]);
    auto dv = dims2(a.var());
    if (!da || !db || !dv || (*da == *dv && *db == *dv))
      return out;
    const auto [rows, cols] = *dv;
    const Span &span = c.span();
    std::vector<StmtPtr> stmts;

    if (auto f = kFused.find(c.target().op->name()); f != kFused.end()) {
      for (int full : {0, 1}) {
        if (full == 1 && !f->second.commutative)
          break;
        auto dfull = full == 0 ? *da : *db, dvec = full == 0 ? *db : *da;
        if (dfull != *dv)
          continue;
        const char *dir = dvec == std::make_pair(rows, int64_t(1)) && cols > 1   ? "row"
                          : dvec == std::make_pair(int64_t(1), cols) && rows > 1 ? "col"
                                                                                 : nullptr;
        if (!dir)
          continue;
        ExprPtr call = opCall(std::string("tile.") + dir + "_expand_" + f->second.suffix,
                              {c.args()[full], c.args()[1 - full]}, {}, span);
        return Assign::make(a.var(), withAttrs(call, c), a.span());
      }
    }

    ExprList args = c.args();
    for (int k : {0, 1}) {
      auto d = k == 0 ? *da : *db;
      if (d == *dv)
        continue;
      const ExprPtr &other = args[1 - k];
      std::optional<ExprPtr> full;
      if ((k == 0 ? *db : *da) == *dv)
        full = other;
      args[k] = broadcastTo(args[k], d, rows, cols, full, stmts, a.span());
    }
    ExprPtr call = opCall(c.target().op->name(), std::move(args), c.kwargs(), span);
    stmts.push_back(Assign::make(a.var(), withAttrs(call, c), a.span()));
    return Seq::flatten(std::move(stmts), a.span());
  }

private:
  static ExprPtr withAttrs(const ExprPtr &e, const Call &from) {
    auto *c = dynCast<Call>(e);
    if (from.attrs().empty())
      return e;
    return Call::make(c->target(), c->args(), c->kwargs(), from.attrs(), c->type(), c->span());
  }

  /// A tile of shape [r, c] and x's dtype whose only use is its shape (a broadcast's target).
  VarPtr shapeTile(const TileType &x, int64_t r, int64_t c, std::vector<StmtPtr> &stmts,
                   const Span &span) {
    ExprPtr create =
        opCall("tile.create", {MakeTuple::make({ConstInt::make(r), ConstInt::make(c)}, span)},
               {{"dtype", x.dtype()}, {"target_memory", MemorySpace::Vec}}, span);
    return bind("bc_shape", create, stmts, span);
  }

  /// x (dims d) broadcast to [rows, cols]; `full` is an operand of that shape, when there is one.
  ExprPtr broadcastTo(ExprPtr x, std::pair<int64_t, int64_t> d, int64_t rows, int64_t cols,
                      const std::optional<ExprPtr> &full, std::vector<StmtPtr> &stmts,
                      const Span &span) {
    const TileType &xt = *dynCast<TileType>(x->type());
    std::string hint = stemOf(x, "x") + "_bc";
    if (d.first != rows) { // [1, c] down the columns to [rows, c]
      ExprPtr target =
          d.second == cols && full ? *full : shapeTile(xt, rows, d.second, stmts, span);
      x = bind(hint, opCall("tile.col_expand", {target, x}, {}, span), stmts, span);
    }
    if (d.second != cols) { // [rows, 1] along the rows to [rows, cols]
      ExprPtr target = full ? *full : shapeTile(xt, rows, cols, stmts, span);
      x = bind(hint, opCall("tile.row_expand", {target, x}, {}, span), stmts, span);
    }
    return x;
  }
};

} // namespace

FunctionPtr expandTileBroadcasts(const FunctionPtr &f) {
  return rewriteKernel<BroadcastExpander>(f);
}

PL_DEFINE_FUNCTION_PASS(ExpandTileBroadcasts, expandTileBroadcasts)

} // namespace pl::passes
