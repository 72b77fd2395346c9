// WidenAccDtypes: fp16 / bf16 accumulators become fp32 Acc tiles (see widen_acc_dtypes.h).
#include "passes/widen_acc_dtypes.h"

#include "ir/op_registry.h"
#include "ir/visitor.h"
#include "passes/utils/kernel_rewrite.h"
#include "passes/utils/tile_classes.h"

#include <unordered_map>
#include <unordered_set>

namespace pl::passes {

namespace {
using namespace ir;

bool isOpNamed(const Call &c, std::string_view name) {
  return c.target().isOp() && c.target().op->name() == name;
}
bool isMatmulFamily(const Call &c) {
  return isOpNamed(c, "tile.matmul") || isOpNamed(c, "tile.matmul_acc") ||
         isOpNamed(c, "tile.matmul_bias");
}
bool narrowFloat(DataType d) { return d == DataType::FP16 || d == DataType::BF16; }

/// Where a value of a widened class may be read: the chain goes on (matmul_acc's accumulator),
/// or the vendor converts (TSTORE from Acc, TMOV to Vec followed by TCVT).
bool convertingUse(const Call &c, size_t i) {
  if (i != 0)
    return false;
  if (isOpNamed(c, "tile.matmul_acc") || isOpNamed(c, "tile.store"))
    return true;
  const auto *to = findAttrAs<MemorySpace>(c.kwargs(), "target_memory");
  return isOpNamed(c, "tile.move") && to && *to == MemorySpace::Vec &&
         !findAttr(c.kwargs(), "transpose");
}

struct Producer {
  const Var *var;
  Span span;
  std::string what; ///< "'tile.load'", "a parameter"
};
struct Use {
  const Var *var;
  Span span;
  std::string op;
  bool ok;
};

/// 1. The classes of values sharing one accumulator, their seeds, producers and readers.
class AccFacts : public TileClasses {
public:
  explicit AccFacts(const Function &f) {
    for (auto &p : f.params())
      if (isa<TileType>(p.var->type())) {
        add(p.var.get());
        producers_.push_back({p.var.get(), p.var->span(), "a parameter"});
      }
    visitFunction(f);
  }

  bool widened(const Var *v) { return known(v) && seeded_.count(find(v)) != 0; }

  std::vector<Producer> producers_;
  std::vector<Use> uses_;
  std::unordered_set<const Var *> seeded_; ///< roots, filled by seal()
  std::vector<const Var *> seeds_;

  void seal() {
    for (const Var *s : seeds_)
      seeded_.insert(find(s));
  }

private:
  void visitAssign(const Assign &s) override {
    TileClasses::visitAssign(s);
    auto *t = dynCast<TileType>(s.var()->type());
    if (!t)
      return;
    const Var *v = s.var().get();
    if (const Var *src = tileVar(s.value()))
      return unite(v, src);
    auto *c = dynCast<Call>(s.value());
    if (c && isMatmulFamily(*c)) {
      if (isOpNamed(*c, "tile.matmul_acc") && !c->args().empty())
        unite(v, tileVar(c->args()[0]));
      if (auto *ct = dynCast<TileType>(c->type()); ct && narrowFloat(ct->dtype()))
        seeds_.push_back(v);
      return;
    }
    producers_.push_back({v, s.span(),
                          c && c->target().isOp() ? "'" + c->target().op->name() + "'"
                                                  : std::string("an expression")});
  }

  void visitCall(const Call &c) override {
    TileClasses::visitCall(c);
    for (size_t i = 0; i < c.args().size(); ++i)
      if (const Var *v = tileVar(c.args()[i]))
        uses_.push_back({v, c.span(), c.target().name(), convertingUse(c, i)});
  }
};

/// The accumulator's dtype name, for messages.
std::string dtypeOf(const Var *v) {
  return std::string(dtypeName(dynCast<TileType>(v->type())->dtype()));
}

/// 2. Reports what no fp32 accumulator can give (WD001 / WD002).
bool check(AccFacts &facts, DiagnosticEngine &diags) {
  const unsigned before = diags.errorCount();
  for (const Producer &p : facts.producers_)
    if (facts.widened(p.var))
      diags.error("WD001", p.span,
                  "'" + p.var->name() + "' joins an " + dtypeOf(p.var) +
                      " matmul accumulator but is produced by " + p.what +
                      ": PTO-ISA accumulates fp16 / bf16 products only in an fp32 Acc tile, "
                      "which has no " +
                      dtypeOf(p.var) +
                      " form; expected the accumulator chain to start at a matmul");
  for (const Use &u : facts.uses_)
    if (!u.ok && facts.widened(u.var))
      diags.error("WD002", u.span,
                  "'" + u.op + "' reads '" + u.var->name() + "', an " + dtypeOf(u.var) +
                      " matmul result: PTO-ISA keeps it in an fp32 Acc tile and converts it only "
                      "where it leaves Acc; expected a 'tile.store' into an " +
                      dtypeOf(u.var) +
                      " tensor, a 'tile.move' to Vec (then cast there) or a 'tile.matmul_acc' "
                      "accumulating into it");
  return diags.errorCount() == before;
}

TypePtr withDType(const TypePtr &t, DataType d) {
  auto *tt = dynCast<TileType>(t);
  return TileType::make(d, tt->shape(), tt->memorySpace(), tt->view(), tt->memref());
}

/// 3. Widens the classes: fp32 variables, matmuls without out_dtype, moves to Vec then casts.
class AccWidener : public KernelRewriter {
public:
  AccWidener(const Function &f, AccFacts &facts)
      : KernelRewriter(f, "WidenAccDtypes"), facts_(facts) {}

  VarPtr mutateVarDef(const VarPtr &v) override {
    if (!facts_.widened(v.get()))
      return IRMutator::mutateVarDef(v);
    auto nv = Var::make(v->name(), withDType(v->type(), DataType::FP32), v->span());
    wide_.insert(nv.get());
    remap(v, nv);
    return nv;
  }

  StmtPtr rewriteOpCall(const Assign &a, const Call &c, const StmtPtr &out) override {
    if (isMatmulFamily(c) && wide_.count(a.var().get())) {
      AttrList kw;
      for (const auto &[k, v] : c.kwargs())
        if (k != "out_dtype")
          kw.emplace_back(k, v);
      return Assign::make(a.var(),
                          Call::make(c.target(), c.args(), std::move(kw), c.attrs(),
                                     withDType(c.type(), DataType::FP32), c.span()),
                          a.span());
    }
    auto *src =
        isOpNamed(c, "tile.move") && !c.args().empty() ? dynCast<Var>(c.args()[0]) : nullptr;
    if (!src || !wide_.count(src))
      return out;
    // TMOV Acc -> Vec keeps fp32; TCVT rounds to the dtype the program asked for.
    std::vector<StmtPtr> stmts;
    VarPtr f32 = bind(a.var()->name() + "_f32",
                      Call::make(c.target(), c.args(), c.kwargs(), c.attrs(),
                                 withDType(c.type(), DataType::FP32), c.span()),
                      stmts, a.span());
    const DataType want = dynCast<TileType>(a.var()->type())->dtype();
    ExprPtr cast = opCall("tile.cast", {f32}, {{"target_type", want}}, c.span());
    auto *cc = dynCast<Call>(cast);
    stmts.push_back(Assign::make(a.var(),
                                 Call::make(cc->target(), cc->args(), cc->kwargs(), cc->attrs(),
                                            a.var()->type(), cc->span()),
                                 a.span()));
    return Seq::flatten(std::move(stmts), a.span());
  }

private:
  AccFacts &facts_;
  std::unordered_set<const Var *> wide_; ///< the fp32 variables this rewrite made
};

} // namespace

FunctionPtr widenAccDtypes(const FunctionPtr &f, DiagnosticEngine &diags) {
  if (!isKernel(f->type()))
    return f;
  AccFacts facts(*f);
  facts.seal();
  if (facts.seeds_.empty())
    return f;
  if (!check(facts, diags))
    return nullptr;
  AccWidener w(*f, facts);
  return w.mutateFunction(f);
}

PL_DEFINE_FUNCTION_PASS(WidenAccDtypes, widenAccDtypes)

} // namespace pl::passes
