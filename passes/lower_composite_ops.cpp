// LowerCompositeOps: sin / cos as chains of PTO-ISA instructions (see lower_composite_ops.h).
#include "passes/lower_composite_ops.h"

#include "ir/internal_error.h"
#include "ir/op_registry.h"
#include "passes/utils/kernel_rewrite.h"

namespace pl::passes {

namespace {
using namespace ir;
using K = SinChainConstants;

enum class Trig { Sin, Cos };

std::optional<Trig> trigOf(const Op &op) {
  if (op.name() == "tile.sin")
    return Trig::Sin;
  if (op.name() == "tile.cos")
    return Trig::Cos;
  return std::nullopt;
}

class CompositeLowerer : public KernelRewriter {
public:
  explicit CompositeLowerer(const Function &f) : KernelRewriter(f, "LowerCompositeOps") {}

  StmtPtr rewriteOpCall(const Assign &a, const Call &c, const StmtPtr &out) override {
    const Op &op = *c.target().op;
    if (!op.composite)
      return out;
    auto trig = trigOf(op);
    PL_CHECK_AT(trig, "LowerCompositeOps", c.span(),
                "composite op '" + op.name() + "' has no lowering");
    auto *xt = dynCast<TileType>(c.args()[0]->type());
    if (!xt)
      return out;
    span_ = &c.span();
    stem_ = stemOf(a.var(), "trig");
    stmts_.clear();
    ExprPtr x = c.args()[0];
    const bool widen = xt->dtype() != DataType::FP32;
    if (widen) // computed in fp32: the cast is exact for every narrower float
      x = step("f32", "tile.cast", {x}, {{"target_type", DataType::FP32}, {"mode", rint()}});
    ExprPtr y = lower(x, *trig);
    ExprPtr last =
        widen ? opCall("tile.cast", {y}, {{"target_type", xt->dtype()}, {"mode", rint()}}, *span_)
              : popLast();
    stmts_.push_back(Assign::make(a.var(), last, a.span()));
    return Seq::flatten(std::move(stmts_), a.span());
  }

private:
  static std::string rint() { return "rint"; }
  ExprPtr f32(double v) const { return ConstFloat::make(v, DataType::FP32, *span_); }

  /// Appends `stem_hint = op(args)`; returns the new variable.
  VarPtr step(const std::string &hint, std::string_view op, ExprList args, AttrList kwargs = {}) {
    return bind(stem_ + "_" + hint, opCall(op, std::move(args), std::move(kwargs), *span_), stmts_,
                *span_);
  }
  /// The value of the last appended statement, which is removed (the caller binds it to y).
  ExprPtr popLast() {
    auto *last = dynCast<Assign>(stmts_.back());
    ExprPtr v = last->value();
    stmts_.pop_back();
    return v;
  }

  /// Steps 1-4 of the header on an fp32 tile x; returns the result variable.
  ExprPtr lower(const ExprPtr &x, Trig trig) {
    // 1. k = rint(x / π) (cos: rint(x / π - 0.5)); m = k (cos: k + 0.5).
    ExprPtr q = step("q", "tile.muls", {x, f32(K::kInvPi)});
    if (trig == Trig::Cos)
      q = step("q", "tile.adds", {q, f32(-0.5)});
    ExprPtr k = step("k", "tile.cast", {q}, {{"target_type", DataType::Int32}, {"mode", rint()}});
    ExprPtr m = step("m", "tile.cast", {k}, {{"target_type", DataType::FP32}, {"mode", rint()}});
    if (trig == Trig::Cos)
      m = step("m", "tile.adds", {m, f32(0.5)});
    // 2. r = x - m·P1 - m·P2 - m·P3.
    ExprPtr r = x;
    for (float part : {K::kPi1, K::kPi2, K::kPi3}) {
      ExprPtr mp = step("mp", "tile.muls", {m, f32(part)});
      r = step("r", "tile.sub", {r, mp});
    }
    // 3. s = r + r·r²·poly(r²), Horner from c4 down to c0.
    ExprPtr r2 = step("r2", "tile.mul", {r, r});
    ExprPtr p = step("p", "tile.muls", {r2, f32(K::kPoly[4])});
    for (int i = 3; i >= 0; --i) {
      p = step("p", "tile.adds", {p, f32(K::kPoly[i])});
      if (i > 0)
        p = step("p", "tile.mul", {p, r2});
    }
    ExprPtr s = step("s", "tile.mul", {p, r2});
    s = step("s", "tile.mul", {s, r});
    s = step("s", "tile.add", {s, r});
    // 4. The sign from k's parity: sin (-1)^k, cos (-1)^(k+1).
    ExprPtr odd = step("odd", "tile.ands", {k, ConstInt::make(1, DataType::Int32, *span_)});
    ExprPtr sg =
        step("sg", "tile.cast", {odd}, {{"target_type", DataType::FP32}, {"mode", rint()}});
    const bool isSin = trig == Trig::Sin;
    sg = step("sg", "tile.muls", {sg, f32(isSin ? -2.0 : 2.0)});
    sg = step("sg", "tile.adds", {sg, f32(isSin ? 1.0 : -1.0)});
    return step("y", "tile.mul", {s, sg});
  }

  const Span *span_ = nullptr;
  std::string stem_;
  std::vector<StmtPtr> stmts_;
};

} // namespace

FunctionPtr lowerCompositeOps(const FunctionPtr &f) { return rewriteKernel<CompositeLowerer>(f); }

PL_DEFINE_FUNCTION_PASS(LowerCompositeOps, lowerCompositeOps)

} // namespace pl::passes
