// CheckTileConstraints: PTO-ISA's tile shape rules (see check_tile_constraints.h).
#include "passes/check_tile_constraints.h"

#include "ir/printer.h"
#include "ir/visitor.h"
#include "passes/legalize_tile_cast.h"
#include "passes/platform.h"

#include <numeric>
#include <unordered_map>

namespace pl::passes {

namespace {
using namespace ir;

std::string_view layoutName(BLayout b) { return b == BLayout::ColMajor ? "column" : "row"; }

class TileChecker : public IRVisitor {
public:
  TileChecker(const SocDesc &soc, bool error, DiagnosticEngine &diags)
      : soc_(soc), error_(error), diags_(diags) {
    visitTypes_ = false;
  }
  bool failed = false;

  void visitAssign(const Assign &s) override {
    auto *t = dynCast<TileType>(s.var()->type());
    if (t && t->dtype() == DataType::Bool) {
      boolIndex_.emplace(s.var().get(), boolTiles_.size());
      boolTiles_.push_back({s.var().get(), s.span(), *t, nullptr});
    } else if (t)
      check(*t, s.var()->name(), s.span());
    if (auto *c = dynCast<Call>(s.value()); c && c->target().isOp()) {
      noteBoolReaders(*c);
      const std::string &op = c->target().name();
      if (op == "tile.cast" && !c->args().empty())
        checkCast(*c);
      else if (op == "tile.transpose" && !c->args().empty())
        checkTransposeType(*c);
      else if (op == "tile.matmul" || op == "tile.matmul_acc" || op == "tile.matmul_bias")
        checkMatmulTypes(*c, op == "tile.matmul_acc" ? 1 : 0);
    }
    IRVisitor::visitAssign(s);
  }

  /// PTO-ISA has no bool tile (TC006, an error on every platform: pl/sim rejects bool tiles
  /// as the vendor's headers do): each bool tile PackCompareMasks left, at its definition,
  /// with why it could not be packed.
  void reportBoolTiles() {
    for (const BoolTile &b : boolTiles_) {
      std::string why;
      if (b.type.rank() != 2 || b.type.memorySpace() != MemorySpace::Vec)
        why = "it is not a 2-D Vec tile";
      else if (!b.type.constDim(1))
        why = "its column count is not a constant";
      else if (b.reader)
        why = "'" + b.reader->target().name() + "' at line " +
              std::to_string(b.reader->span().line) + " reads it as bools (only selects, " +
              "stores, and / or / xor / not, casts to 8-, 16- and 32-bit dtypes, loop carries " +
              "and if results read the packed form)";
      else
        why = "it is not read as a mask";
      failed = true;
      diags_.error("TC006", b.span,
                   "bool tile '" + b.var->name() +
                       "': PTO-ISA has no bool tiles, and pl packs a mask (one bit per element) "
                       "only when it is a 2-D Vec tile with constant columns read as a mask; " +
                       why);
    }
  }

private:
  /// A bool tile a kernel defines, and the first op call that reads it.
  struct BoolTile {
    const Var *var;
    Span span;
    TileType type;
    const Call *reader;
  };
  void noteBoolReaders(const Call &c) {
    for (const ExprPtr &a : c.args())
      if (auto it = boolIndex_.find(dynCast<Var>(a)); it != boolIndex_.end()) {
        BoolTile &b = boolTiles_[it->second];
        if (!b.reader)
          b.reader = &c;
      }
  }
  std::vector<BoolTile> boolTiles_;
  std::unordered_map<const Var *, size_t> boolIndex_;

  /// PTO-ISA's TTRANS takes 1-, 2- and 4-byte integers, fp16, bf16 and fp32.
  void checkTransposeType(const Call &c) {
    auto *x = dynCast<TileType>(c.args()[0]->type());
    if (!x)
      return;
    const DataType d = x->dtype();
    const bool ok = isFloat(d)
                        ? d == DataType::FP16 || d == DataType::BF16 || d == DataType::FP32
                        : (isSignedInt(d) || isUnsignedInt(d)) &&
                              (dtypeBits(d) == 8 || dtypeBits(d) == 16 || dtypeBits(d) == 32);
    if (ok)
      return;
    failed = true;
    diags_.error("TC004", c.span(),
                 "transpose of a " + std::string(dtypeName(d)) +
                     " tile: PTO-ISA's TTRANS takes 8-, 16- and 32-bit integers, fp16, bf16 and "
                     "fp32");
  }

  /// PTO-ISA's TMATMUL family: int8 x int8 -> int32, fp16 x fp16 / bf16 x bf16 / fp32 x fp32 ->
  /// fp32. An fp16 / bf16 `out_dtype` Acc cannot reach here from user code (WidenAccDtypes made
  /// it fp32, converted where it leaves Acc); a hand-written IR one is rejected as the vendor's
  /// TMATMUL would.
  void checkMatmulTypes(const Call &c, size_t lhs) {
    if (c.args().size() < lhs + 2)
      return;
    auto *l = dynCast<TileType>(c.args()[lhs]->type());
    auto *r = dynCast<TileType>(c.args()[lhs + 1]->type());
    auto *acc = dynCast<TileType>(c.type());
    if (!l || !r || !acc)
      return;
    const DataType a = l->dtype(), o = acc->dtype();
    const bool floatIn = a == DataType::FP16 || a == DataType::BF16 || a == DataType::FP32;
    const bool ok = a == r->dtype() &&
                    (a == DataType::Int8 ? o == DataType::Int32 : floatIn && o == DataType::FP32);
    if (ok)
      return;
    failed = true;
    diags_.error("TC004", c.span(),
                 "'" + c.target().name() + "' of " + std::string(dtypeName(a)) + " x " +
                     std::string(dtypeName(r->dtype())) + " into " + std::string(dtypeName(o)) +
                     ": PTO-ISA's TMATMUL takes int8 x int8 into int32 and fp16 x fp16, bf16 x "
                     "bf16, fp32 x fp32 into fp32");
  }

  /// PTO-ISA's TCVT applies a rounding mode only to float -> integer conversions (every other
  /// conversion rounds to nearest even), and has no round-to-odd for those: any other mode
  /// would give other bits than the eager run. An error on every platform (pl/sim's TCVT is
  /// the vendor's).
  void checkCast(const Call &c) {
    auto *src = dynCast<TileType>(c.args()[0]->type());
    auto *dst = dynCast<TileType>(c.type());
    if (src && dst && !soc_.nativeCast(src->dtype(), dst->dtype())) // LegalizeTileCast left it
      return report("TC005", c.span(),
                    "cast from " + std::string(dtypeName(src->dtype())) + " to " +
                        std::string(dtypeName(dst->dtype())) + ": " + soc_.name +
                        "'s TCVT has no conversion for it and no chain of its conversions gives "
                        "the same result (" +
                        castRefusal(soc_, src->dtype(), dst->dtype()) + ")");
    const auto *mode = findAttrAs<std::string>(c.kwargs(), "mode");
    if (!src || !dst || !mode || *mode == "none" || *mode == "rint")
      return;
    const bool floatToInt = isFloat(src->dtype()) && isIntLike(dst->dtype());
    if (floatToInt && *mode != "odd")
      return;
    failed = true;
    diags_.error("TC003", c.span(),
                 "cast from " + std::string(dtypeName(src->dtype())) + " to " +
                     std::string(dtypeName(dst->dtype())) + " with mode '" + *mode +
                     "': PTO-ISA's TCVT " +
                     (floatToInt ? "has no round-to-odd conversion to an integer"
                                 : "rounds every conversion but float -> integer to nearest "
                                   "even, whatever the mode") +
                     "; use mode 'rint'" +
                     (floatToInt ? " or one of 'round', 'floor', 'ceil', 'trunc'" : ""));
  }

  void report(const char *code, const Span &span, const std::string &msg) {
    if (error_) {
      failed = true;
      diags_.error(code, span, msg);
    } else {
      diags_.warning(code, span, msg + " (the simulator runs it; hardware would not)");
    }
  }

  void check(const TileType &t, const std::string &name, const Span &span) {
    if (!t.memorySpace() || t.rank() == 0 || t.rank() > 2)
      return;
    auto c = t.constDim(t.rank() - 1);
    auto r = t.rank() == 2 ? t.constDim(0) : std::optional<int64_t>(1);
    if (!r || !c)
      return;
    const int64_t bits = t.dtype() == DataType::Bool ? 8 : dtypeBits(t.dtype());
    const TileView v = t.view().value_or(TileView{});
    const std::string dt(dtypeName(t.dtype())),
        shape = std::to_string(*r) + " x " + std::to_string(*c);
    if (v.slayout == SLayout::NoneBox) {
      int64_t n = v.blayout == BLayout::RowMajor ? *c : *r;
      if (n * bits % 256 == 0)
        return;
      const bool row = v.blayout == BLayout::RowMajor;
      return report("TC001", span,
                    "tile '" + name + "' (" + shape + " " + dt + ") is " +
                        std::string(layoutName(v.blayout)) + "-major with " +
                        (row ? "rows" : "columns") + " of " + std::to_string(n * bits / 8) +
                        " bytes; PTO-ISA needs whole 32-byte " + (row ? "rows" : "columns") +
                        ": make the " + (row ? "column" : "row") + " count a multiple of " +
                        std::to_string(256 / std::gcd(bits, int64_t{256})) +
                        " and limit the valid region with valid_shape");
    }
    const int64_t inner = v.fractal * 8 / (16 * bits);
    const int64_t boxR = v.slayout == SLayout::RowMajor ? 16 : inner;
    const int64_t boxC = v.slayout == SLayout::RowMajor ? inner : 16;
    if (inner > 0 && *r % boxR == 0 && *c % boxC == 0)
      return;
    report("TC002", span,
           "tile '" + name + "' (" + shape + " " + dt + ") in " +
               std::string(memorySpaceName(*t.memorySpace())) + " is boxed in " +
               std::to_string(boxR) + " x " + std::to_string(boxC) + " fractals of " +
               std::to_string(v.fractal) +
               " bytes; PTO-ISA needs whole boxes: make the shape a multiple of " +
               std::to_string(boxR) + " x " + std::to_string(boxC) +
               " and limit the valid region with valid_shape");
  }

  const SocDesc &soc_;
  bool error_;
  DiagnosticEngine &diags_;
};

} // namespace

bool checkTileConstraints(const Function &f, const SocDesc &soc, bool error,
                          DiagnosticEngine &diags) {
  if (!isKernel(f.type()))
    return true;
  TileChecker c(soc, error, diags);
  c.visitFunction(f);
  c.reportBoolTiles();
  return !c.failed;
}

Pass createCheckTileConstraintsPass(PassOptions &opts) {
  std::optional<Platform> platform = opts.takePlatform();
  return createProgramPass(
      PassClass::CheckTileConstraints, [platform](const ProgramPtr &p, PassContext &ctx) {
        const PlatformDesc &desc = platformDesc(platform.value_or(ctx.platform()));
        bool ok = true;
        for (const FunctionPtr &f : p->functions())
          ok &= checkTileConstraints(*f, desc.soc(), !desc.simulated, ctx.diags());
        return ok ? p : ProgramPtr();
      });
}

} // namespace pl::passes
