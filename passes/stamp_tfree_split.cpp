// StampTfreeSplit: each tfree carries its tpop's split mode (see stamp_tfree_split.h).
#include "passes/stamp_tfree_split.h"

#include "ir/mutator.h"

#include <unordered_map>

namespace pl::passes {

namespace {
using namespace ir;

class Stamper : public IRMutator {
public:
  explicit Stamper(DiagnosticEngine &diags) : diags_(diags) {}
  bool failed = false;

  StmtPtr mutateAssign(const std::shared_ptr<const Assign> &s) override {
    if (auto *c = dynCast<Call>(s->value()); c && c->target().isOp()) {
      const std::string &op = c->target().name();
      if (op == "tile.tpop_from_aic" || op == "tile.tpop_from_aiv") {
        const int64_t *split = findAttrAs<int64_t>(c->kwargs(), "split");
        popped_[s->var().get()] = {op == "tile.tpop_from_aic", split ? *split : 0};
      }
    } else if (auto *src = dynCast<Var>(s->value())) {
      if (auto it = popped_.find(src); it != popped_.end())
        popped_[s->var().get()] = it->second; // a copy names the same slot
    }
    return IRMutator::mutateAssign(s);
  }

  StmtPtr mutateEval(const std::shared_ptr<const Eval> &s) override {
    auto *c = dynCast<Call>(s->expr());
    if (!c || !c->target().isOp() || c->args().empty())
      return IRMutator::mutateEval(s);
    const std::string &op = c->target().name();
    bool fromCube = op == "tile.tfree_to_aic";
    if (!fromCube && op != "tile.tfree_to_aiv")
      return IRMutator::mutateEval(s);
    auto *t = dynCast<Var>(c->args()[0]);
    auto it = t ? popped_.find(t) : popped_.end();
    if (it == popped_.end() || it->second.fromCube != fromCube) {
      diags_.error("TF001", s->span(),
                   "'" + op + "' frees the slot of a tile popped " +
                       (fromCube ? "from the cube core (tile.tpop_from_aic)"
                                 : "from the vector core (tile.tpop_from_aiv)") +
                       ", but its argument is not such a tile");
      failed = true;
      return s;
    }
    AttrList kw = withAttr(c->kwargs(), "split", it->second.split);
    if (kw == c->kwargs())
      return s;
    return Eval::make(
        Call::make(c->target(), c->args(), std::move(kw), c->attrs(), c->type(), c->span()),
        s->span());
  }

private:
  struct Pop {
    bool fromCube;
    int64_t split;
  };
  DiagnosticEngine &diags_;
  std::unordered_map<const Var *, Pop> popped_;
};
} // namespace

FunctionPtr stampTfreeSplit(const FunctionPtr &f, DiagnosticEngine &diags) {
  if (f->type() != FunctionType::AIC && f->type() != FunctionType::AIV)
    return f;
  Stamper s(diags);
  FunctionPtr out = s.mutateFunction(f);
  return s.failed ? nullptr : out;
}

PL_DEFINE_FUNCTION_PASS(StampTfreeSplit, stampTfreeSplit)

} // namespace pl::passes
