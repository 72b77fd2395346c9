// SplitVectorKernel: split AIV kernels work on their lane's half; Groups name their kernels
// (see split_vector_kernel.h).
#include "passes/split_vector_kernel.h"

#include "ir/find.h"
#include "ir/mutator.h"
#include "ir/op_registry.h"
#include "ir/printer.h"
#include "passes/dce.h"
#include "passes/utils/core_affinity.h"

#include <set>

namespace pl::passes {

namespace {
using namespace ir;

bool isOneOf(std::string_view op, std::initializer_list<std::string_view> names) {
  for (std::string_view n : names)
    if (op == n)
      return true;
  return false;
}

/// Halves the vector work of one split AIV kernel along `axis`.
class Halver : public IRMutator {
public:
  Halver(const Function &f, size_t axis, DiagnosticEngine &diags)
      : f_(f), axis_(axis), diags_(diags) {
    lane_ = Var::make("lane", ScalarType::get(DataType::Index), f.span());
  }
  bool failed = false;
  const VarPtr &lane() const { return lane_; }

  TypePtr mutateType(const TypePtr &t) override {
    auto *tt = dynCast<TileType>(t);
    if (!tt || tt->memorySpace() != MemorySpace::Vec || tt->shape().size() <= axis_)
      return IRMutator::mutateType(t);
    auto half = halfOf(*tt, currentSpan_);
    if (!half)
      return IRMutator::mutateType(t);
    ExprList shape = tt->shape();
    shape[axis_] = ConstInt::make(*half);
    std::optional<TileView> view = tt->view();
    if (view && view->validShape.size() > axis_)
      view->validShape[axis_] = ConstInt::make(*half);
    return TileType::make(tt->dtype(), std::move(shape), tt->memorySpace(), std::move(view),
                          tt->memref());
  }

  StmtPtr mutateAssign(const std::shared_ptr<const Assign> &s) override {
    currentSpan_ = s->span();
    currentStmt_ = s.get();
    return IRMutator::mutateAssign(s);
  }
  StmtPtr mutateEval(const std::shared_ptr<const Eval> &s) override {
    currentSpan_ = s->span();
    currentStmt_ = s.get();
    return IRMutator::mutateEval(s);
  }

  ExprPtr mutateCall(const std::shared_ptr<const Call> &c) override {
    if (!c->target().isOp())
      return IRMutator::mutateCall(c);
    const std::string &op = c->target().name();
    checkOp(*c, op);
    // The operands' original halving decides the offsets (read before the mutation).
    std::optional<int64_t> storedHalf;
    if (op == "tile.store" && !c->args().empty())
      if (auto *tt = dynCast<TileType>(c->args()[0]->type()))
        storedHalf = vecHalf(*tt);
    std::optional<int64_t> resultHalf;
    if (auto *tt = dynCast<TileType>(c->type()))
      resultHalf = vecHalf(*tt);
    ExprPtr m = IRMutator::mutateCall(c);
    auto *mc = dynCast<Call>(m);
    if (!mc)
      return m;
    ExprList args = mc->args();
    AttrList kwargs = mc->kwargs();
    bool changed = false;
    if (op == "tile.load" && resultHalf && args.size() == 3) {
      if (findAttr(kwargs, "valid_shape"))
        validShapeOnAxis(currentSpan_);
      args[1] = shifted(args[1], *resultHalf, c->span());
      args[2] = withDim(args[2], *resultHalf);
      changed = true;
    } else if (op == "tile.store" && storedHalf && args.size() == 3) {
      args[1] = shifted(args[1], *storedHalf, c->span());
      changed = true;
    } else if (resultHalf && isOneOf(op, {"tile.create", "tile.full", "tile.tpop_from_aic"}) &&
               !args.empty()) {
      args[0] = withDim(args[0], *resultHalf);
      changed = true;
    }
    if (!changed)
      return m;
    return Call::make(mc->target(), std::move(args), std::move(kwargs), mc->attrs(), mc->type(),
                      mc->span());
  }

private:
  const Function &f_;
  size_t axis_;
  DiagnosticEngine &diags_;
  VarPtr lane_;
  Span currentSpan_;
  const Stmt *currentStmt_ = nullptr;
  std::set<std::pair<std::string, const Stmt *>> reported_;

  const char *axisName() const { return axis_ == 0 ? "up-down (rows)" : "left-right (columns)"; }

  /// Reports once per statement (a type and its call say the same thing).
  void error(const char *code, const Span &span, std::string msg) {
    failed = true;
    if (reported_.insert({code + msg, currentStmt_}).second)
      diags_.error(code, span, std::move(msg));
  }

  /// The half extent of a Vec tile along the axis, nullopt when it is not halved (extent 1).
  std::optional<int64_t> vecHalf(const TileType &tt) const {
    if (tt.memorySpace() != MemorySpace::Vec || tt.shape().size() <= axis_)
      return std::nullopt;
    auto e = constIntValue(tt.shape()[axis_]);
    if (!e || *e == 1 || *e % 2 != 0)
      return std::nullopt;
    return *e / 2;
  }

  std::optional<int64_t> halfOf(const TileType &tt, const Span &span) {
    auto e = constIntValue(tt.shape()[axis_]);
    if (e && *e == 1)
      return std::nullopt;
    if (!e || *e % 2 != 0) {
      error("SV002", span,
            "split kernel '" + f_.name() + "': the " + axisName() + " split halves every vector " +
                "tile, but tile " + printType(TypePtr(std::make_shared<TileType>(tt))) +
                " has a dim there that is " + (e ? "odd" : "not a constant"));
      return std::nullopt;
    }
    if (tt.view() && tt.view()->validShape.size() > axis_) {
      auto v = constIntValue(tt.view()->validShape[axis_]);
      if (!v || *v != *e)
        validShapeOnAxis(span);
    }
    return *e / 2;
  }

  void validShapeOnAxis(const Span &span) {
    error("SV003", span,
          "split kernel '" + f_.name() + "': a valid shape along the " + axisName() +
              " split axis is not supported (each vector core takes a fixed half)");
  }

  void checkOp(const Call &c, const std::string &op) {
    bool reduction = reducesAlongAxis(op, axis_);
    bool positional = addressesPositions(op);
    if (reduction || positional)
      error("SV001", c.span(),
            "split kernel '" + f_.name() + "': '" + op + "' " +
                (reduction ? "reduces along" : "addresses positions along") + " the " + axisName() +
                " split axis, which each vector core holds only half of; use " +
                (axis_ == 0 ? "pl::SplitMode::LeftRight" : "pl::SplitMode::UpDown") +
                " or no split");
  }

  /// offsets[axis] + lane * half.
  ExprPtr shifted(const ExprPtr &tuple, int64_t half, const Span &span) {
    auto *mt = dynCast<MakeTuple>(tuple);
    if (!mt || mt->elements().size() <= axis_)
      return tuple;
    ExprList es = mt->elements();
    // Offsets address the tensor's trailing dims: the axis counts from the tile's last two.
    size_t k = es.size() - 2 + axis_;
    if (es.size() < 2)
      k = 0;
    es[k] = Binary::make(BinaryOp::Add, es[k],
                         Binary::make(BinaryOp::Mul, lane_, ConstInt::make(half), span), span);
    return MakeTuple::make(std::move(es), tuple->span());
  }

  ExprPtr withDim(const ExprPtr &tuple, int64_t half) {
    auto *mt = dynCast<MakeTuple>(tuple);
    if (!mt || mt->elements().size() <= axis_)
      return tuple;
    ExprList es = mt->elements();
    size_t k = es.size() >= 2 ? es.size() - 2 + axis_ : 0;
    es[k] = ConstInt::make(half);
    return MakeTuple::make(std::move(es), tuple->span());
  }
};

FunctionPtr withAttrs(const Function &f, AttrList attrs, const StmtPtr &body = nullptr) {
  return Function::make(f.name(), f.type(), f.params(), f.returnTypes(), body ? body : f.body(),
                        f.level(), f.role(), std::move(attrs), f.span());
}

FunctionPtr splitKernel(const FunctionPtr &f, int64_t split, DiagnosticEngine &diags,
                        bool &failed) {
  Halver h(*f, static_cast<size_t>(split - 1), diags);
  StmtPtr body = h.mutateStmt(f->body());
  if (h.failed) {
    failed = true;
    return f;
  }
  DiagnosticEngine local;
  ExprPtr lane = makeOpCall("tile.get_subblock_idx", {}, {}, f->span(), local);
  body = Seq::flatten({Assign::make(h.lane(), lane, f->span()), body}, f->body()->span());
  return eliminateDeadCode(withAttrs(*f, f->attrs(), body));
}

/// A Group's kernels: its attrs, else the AIC and AIV functions its body calls.
FunctionPtr stampGroup(const FunctionPtr &g, const Program &p, DiagnosticEngine &diags,
                       bool &failed) {
  const std::string *aicAttr = findAttrAs<std::string>(g->attrs(), "aic_kernel");
  const std::string *aivAttr = findAttrAs<std::string>(g->attrs(), "aiv_kernel");
  std::optional<std::string> aic, aiv;
  if (aicAttr && aivAttr) {
    aic = *aicAttr;
    aiv = *aivAttr;
  } else {
    std::vector<std::string> aics, aivs;
    std::set<std::string, std::less<>> callees;
    collectCallees(*g, callees);
    for (const std::string &n : callees)
      if (FunctionPtr c = p.lookup(n))
        (c->type() == FunctionType::AIC   ? aics
         : c->type() == FunctionType::AIV ? aivs
                                          : aics)
            .push_back(n);
    if (aics.size() != 1 || aivs.size() != 1) {
      diags.error("SV004", g->span(),
                  "Group function '" + g->name() + "' calls " + std::to_string(aics.size()) +
                      " cube-side and " + std::to_string(aivs.size()) +
                      " AIV functions; a mixed task is exactly one AIC and one AIV kernel");
      failed = true;
      return g;
    }
    aic = aics[0];
    aiv = aivs[0];
  }
  FunctionPtr v = p.lookup(*aiv);
  const int64_t *vsplit = v ? findAttrAs<int64_t>(v->attrs(), "split") : nullptr;
  bool dual = vsplit && *vsplit != 0;
  AttrList attrs = withAttr(g->attrs(), "aic_kernel", *aic);
  attrs = withAttr(std::move(attrs), "aiv_kernel", *aiv);
  return withAttrs(*g, withAttr(std::move(attrs), "dual_aiv", dual));
}
} // namespace

ProgramPtr splitVectorKernels(const ProgramPtr &p, DiagnosticEngine &diags) {
  std::vector<FunctionPtr> fns;
  bool failed = false, changed = false;
  for (const FunctionPtr &f : p->functions()) {
    const int64_t *split = findAttrAs<int64_t>(f->attrs(), "split");
    if (f->type() == FunctionType::AIV && split && (*split == 1 || *split == 2)) {
      fns.push_back(splitKernel(f, *split, diags, failed));
      changed = true;
      continue;
    }
    fns.push_back(f);
  }
  ProgramPtr q = changed ? p->withFunctions(fns) : p;
  std::vector<FunctionPtr> out;
  for (const FunctionPtr &f : q->functions()) {
    if (f->type() != FunctionType::Group) {
      out.push_back(f);
      continue;
    }
    FunctionPtr g = stampGroup(f, *q, diags, failed);
    changed = changed || g != f;
    out.push_back(g);
  }
  if (failed)
    return nullptr;
  return changed ? p->withFunctions(std::move(out)) : p;
}

PL_DEFINE_PROGRAM_PASS(SplitVectorKernel, splitVectorKernels)

} // namespace pl::passes
