// LowerOrchestrationAssembles: orchestration-level tensor copies → copy loops in InCore scopes
// (see lower_orchestration_assembles.h).
#include "passes/lower_orchestration_assembles.h"

#include "ir/mutator.h"
#include "ir/op_registry.h"
#include "passes/utils/fresh_names.h"

#include <algorithm>

namespace pl::passes {

namespace {
using namespace ir;

/// The bytes of one copy tile, and of one of its rows at most; rows are whole 32-byte units.
constexpr int64_t kTileBytes = int64_t{16} * 1024;
constexpr int64_t kMaxRowBytes = int64_t{4} * 1024;
constexpr int64_t kRowAlignBytes = 32;

/// The copy tile's [rows, cols] for a source of dims `rows` x `cols` (nullopt: dynamic).
std::pair<int64_t, int64_t> copyTileShape(DataType dt, std::optional<int64_t> rows,
                                          std::optional<int64_t> cols) {
  const int64_t bits = std::max<int64_t>(1, dtypeBits(dt));
  const int64_t align = std::max<int64_t>(1, kRowAlignBytes * 8 / bits);
  const int64_t maxCols = std::max<int64_t>(align, kMaxRowBytes * 8 / bits);
  int64_t tc = maxCols;
  if (cols)
    tc = std::min(maxCols, (std::max<int64_t>(*cols, 1) + align - 1) / align * align);
  int64_t tr = std::max<int64_t>(1, kTileBytes * 8 / (tc * bits));
  if (rows)
    tr = std::max<int64_t>(1, std::min(tr, *rows));
  return {tr, tc};
}

bool isOrchestrationLevel(FunctionType t) {
  return t == FunctionType::Orchestration || t == FunctionType::Opaque || t == FunctionType::Graph;
}

class AssembleLowerer final : public IRMutator {
public:
  AssembleLowerer(const Function &f, DiagnosticEngine &diags) : names_(f), diags_(diags) {}
  bool failed = false;

  /// Kernel scopes (and the other outlined kinds) are not orchestration code.
  StmtPtr mutateScope(const std::shared_ptr<const Scope> &s) override {
    if (s->scopeKind() != ScopeKind::Runtime)
      return s;
    return IRMutator::mutateScope(s);
  }

  StmtPtr mutateAssign(const std::shared_ptr<const Assign> &a) override {
    auto *c = dynCast<Call>(a->value());
    if (!c || !c->target().isOp() || c->target().name() != "tensor.assemble" ||
        c->args().size() != 3)
      return a;
    auto dst = as<Var>(c->args()[0]);
    auto src = as<Var>(c->args()[1]);
    auto *offsets = dynCast<MakeTuple>(c->args()[2]);
    auto *st = src ? dynCast<TensorType>(src->type()) : nullptr;
    if (!dst || !st || !offsets || !isa<TensorType>(dst->type()))
      return a;
    std::vector<StmtPtr> out;
    VarPtr from = src, into = dst;
    ExprList offs = offsets->elements();
    if (st->rank() == 1 && offs.size() == 1) { // copied as [1, n] row views of both
      from = rowView(src, out, a->span());
      into = from ? rowView(dst, out, a->span()) : nullptr;
      if (!into)
        return fail(*a);
      offs = {ConstInt::make(int64_t(0)), offs[0]};
    } else if (st->rank() != 2 || offs.size() != 2) {
      failed = true;
      diags_.error("OA001", a->span(),
                   "copying '" + src->name() + "' (rank " + std::to_string(st->rank()) +
                       ") into '" + dst->name() +
                       "' at orchestration level: the generated copy kernel copies rank-1 and "
                       "rank-2 tensors only; expected one of those (or write the copy in a "
                       "pl::at scope)");
      return a;
    }
    return lower(*a, dst, into, from, offs, std::move(out));
  }

private:
  /// `v`'s dim k: the constant, else `<v>_d<k> = tensor.dim(v, k)` appended to `out`.
  ExprPtr dimOf(const VarPtr &v, size_t k, std::vector<StmtPtr> &out, const Span &span) {
    auto *tt = dynCast<TensorType>(v->type());
    if (tt->constDim(k))
      return tt->shape()[k];
    ExprPtr dim = makeOpCall("tensor.dim", {v, ConstInt::make(int64_t(k))}, {}, span, diags_);
    if (!dim)
      return nullptr;
    auto d = Var::make(names_.fresh(v->name() + "_d" + std::to_string(k)), dim->type(), span);
    out.push_back(Assign::make(d, dim, span));
    return d;
  }

  /// A rank-1 tensor as a [1, n] row: `<v>_row = tensor.reshape(v, {1, n})` appended to `out`
  /// (a view of the same elements; a rank-1 tensor is contiguous).
  VarPtr rowView(const VarPtr &v, std::vector<StmtPtr> &out, const Span &span) {
    ExprPtr n = dimOf(v, 0, out, span);
    ExprPtr r =
        n ? makeOpCall("tensor.reshape", {v, MakeTuple::make({ConstInt::make(int64_t(1)), n})}, {},
                       span, diags_)
          : nullptr;
    if (!r)
      return nullptr;
    auto rv = Var::make(names_.fresh(v->name() + "_row"), r->type(), span);
    out.push_back(Assign::make(rv, r, span));
    return rv;
  }

  /// The statements of the copy of `from` into `into` at `offs` after `out` (see the header);
  /// `a` binds the assemble's result, `dst`.
  StmtPtr lower(const Assign &a, const VarPtr &dst, const VarPtr &into, const VarPtr &from,
                const ExprList &offs, std::vector<StmtPtr> out) {
    const Span &span = a.span();
    auto &st = *dynCast<TensorType>(from->type());
    ExprList dims;
    for (size_t k = 0; k < 2; ++k) {
      ExprPtr d = dimOf(from, k, out, span);
      if (!d)
        return fail(a);
      dims.push_back(d);
    }
    auto [tr, tc] = copyTileShape(st.dtype(), st.constDim(0), st.constDim(1));
    auto i = Var::make(names_.fresh("copy_r"), ScalarType::get(DataType::Index), span);
    auto j = Var::make(names_.fresh("copy_c"), ScalarType::get(DataType::Index), span);
    ExprPtr window = MakeTuple::make({ConstInt::make(tr), ConstInt::make(tc)});
    ExprPtr load =
        makeOpCall("tile.load", {from, MakeTuple::make({i, j}), window}, {}, span, diags_);
    if (!load)
      return fail(a);
    auto t = Var::make(names_.fresh("copy_" + from->name()), load->type(), span);
    ExprPtr at = MakeTuple::make({Binary::make(BinaryOp::Add, offs[0], i, span),
                                  Binary::make(BinaryOp::Add, offs[1], j, span)});
    ExprPtr store = makeOpCall("tile.store", {t, at, into}, {}, span, diags_);
    if (!store)
      return fail(a);
    StmtPtr body = Seq::make({Assign::make(t, load, span), Assign::make(into, store, span)}, span);
    StmtPtr inner = For::make(j, ConstInt::make(int64_t(0)), dims[1], ConstInt::make(tc), {}, body,
                              {}, ForKind::Sequential, {}, span);
    StmtPtr outer = For::make(i, ConstInt::make(int64_t(0)), dims[0], ConstInt::make(tr), {}, inner,
                              {}, ForKind::Sequential, {}, span);
    out.push_back(Scope::make(ScopeKind::InCore, "copy_" + dst->name(), outer, {}, nullptr, span));
    if (a.var() != dst)
      out.push_back(Assign::make(a.var(), dst, span));
    return out.size() == 1 ? out[0] : Seq::make(std::move(out), span);
  }

  StmtPtr fail(const Assign &a) {
    failed = true;
    return Assign::make(a.var(), a.value(), a.span());
  }

  FreshNames names_;
  DiagnosticEngine &diags_;
};
} // namespace

FunctionPtr lowerOrchestrationAssembles(const FunctionPtr &f, DiagnosticEngine &diags) {
  if (!isOrchestrationLevel(f->type()))
    return f;
  AssembleLowerer lowerer(*f, diags);
  FunctionPtr nf = lowerer.mutateFunction(f);
  return lowerer.failed ? nullptr : nf;
}

PL_DEFINE_FUNCTION_PASS(LowerOrchestrationAssembles, lowerOrchestrationAssembles)

} // namespace pl::passes
