// PackCompareMasks: selects read PTO-ISA's packed compare masks (see pack_compare_masks.h).
#include "passes/pack_compare_masks.h"

#include "ir/op_registry.h"
#include "ir/visitor.h"
#include "passes/utils/kernel_rewrite.h"

#include <unordered_map>

namespace pl::passes {

namespace {
using namespace ir;

bool isOp(const Call &c, std::string_view a, std::string_view b) {
  return c.target().isOp() && (c.target().op->name() == a || c.target().op->name() == b);
}
bool isSelect(const Call &c) { return isOp(c, "tile.sel", "tile.sels"); }
bool isCompare(const Call &c) { return isOp(c, "tile.cmp", "tile.cmps"); }

/// A bool 2-D tile with constant columns: a mask PTO-ISA's packed form can hold.
bool packable(const TypePtr &t) {
  auto *tt = dynCast<TileType>(t);
  return tt && tt->dtype() == DataType::Bool && tt->rank() == 2 && tt->constDim(1);
}

/// 1. How each variable is read: as the mask of a select, or otherwise.
class MaskUses : public IRVisitor {
public:
  explicit MaskUses(const Function &f) {
    visitTypes_ = false;
    visitFunction(f);
  }
  bool readBySelect(const Var *v) const { return select_.count(v) != 0; }
  bool readOtherwise(const Var *v) const { return other_.count(v) != 0; }

private:
  void visitCall(const Call &c) override {
    if (!isSelect(c) || c.args().empty())
      return IRVisitor::visitCall(c);
    if (auto *m = dynCast<Var>(c.args()[0]))
      select_[m]++;
    else
      visitExpr(c.args()[0]);
    for (size_t i = 1; i < c.args().size(); ++i)
      visitExpr(c.args()[i]);
  }
  void visitVarUse(const VarPtr &v) override { other_[v.get()]++; }

  std::unordered_map<const Var *, int> select_, other_;
};

/// 2. Compares read by selects write the packed form; selects read it.
class MaskPacker : public KernelRewriter {
public:
  MaskPacker(const Function &f, const MaskUses &uses)
      : KernelRewriter(f, "PackCompareMasks"), uses_(uses) {}

  StmtPtr rewriteOpCall(const Assign &a, const Call &c, const StmtPtr &out) override {
    if (isCompare(c))
      return packCompare(a, c, out);
    if (isSelect(c))
      return readPacked(a, c, out);
    return out;
  }

private:
  StmtPtr packCompare(const Assign &a, const Call &c, const StmtPtr &out) {
    const Var *m = a.var().get();
    if (!uses_.readBySelect(m) || !packable(c.type()))
      return out;
    std::vector<StmtPtr> stmts;
    if (uses_.readOtherwise(m))
      stmts.push_back(out);
    AttrList kw = c.kwargs();
    kw.emplace_back("packed", true);
    packed_[m] = bind(a.var()->name() + "_packed",
                      opCall(c.target().op->name(), c.args(), kw, c.span()), stmts, a.span());
    return Seq::flatten(std::move(stmts), a.span());
  }

  /// The select reading the packed mask of its compare, or packing a bool mask of other origin.
  StmtPtr readPacked(const Assign &a, const Call &c, const StmtPtr &out) {
    const ExprPtr &mask = c.args()[0];
    auto *m = dynCast<Var>(mask);
    std::vector<StmtPtr> stmts;
    VarPtr p;
    if (auto it = m ? packed_.find(m) : packed_.end(); it != packed_.end()) {
      p = it->second;
    } else {
      if (!packable(mask->type()))
        return out;
      const Span &s = c.span();
      VarPtr f =
          bind(stemOf(mask, "mask") + "_f",
               opCall("tile.cast", {mask}, {{"target_type", DataType::FP32}}, s), stmts, a.span());
      p = bind(stemOf(mask, "mask") + "_packed",
               opCall("tile.cmps", {f, ConstFloat::make(0.0, DataType::FP32, s)},
                      {{"mode", std::string("ne")}, {"packed", true}}, s),
               stmts, a.span());
    }
    ExprList args = c.args();
    args[0] = p;
    stmts.push_back(Assign::make(
        a.var(), Call::make(c.target(), std::move(args), c.kwargs(), c.attrs(), c.type(), c.span()),
        a.span()));
    return Seq::flatten(std::move(stmts), a.span());
  }

  const MaskUses &uses_;
  std::unordered_map<const Var *, VarPtr> packed_; ///< compare result -> its packed mask
};

} // namespace

FunctionPtr packCompareMasks(const FunctionPtr &f) {
  if (!isKernel(f->type()))
    return f;
  MaskUses uses(*f);
  MaskPacker p(*f, uses);
  return p.mutateFunction(f);
}

PL_DEFINE_FUNCTION_PASS(PackCompareMasks, packCompareMasks)

} // namespace pl::passes
