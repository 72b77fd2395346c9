// CheckTileConstraints: PTO-ISA's tile shape rules (see check_tile_constraints.h).
#include "passes/check_tile_constraints.h"

#include "ir/printer.h"
#include "ir/visitor.h"
#include "passes/platform.h"

#include <numeric>

namespace pl::passes {

namespace {
using namespace ir;

std::string_view layoutName(BLayout b) { return b == BLayout::ColMajor ? "column" : "row"; }

class TileChecker : public IRVisitor {
public:
  TileChecker(bool error, DiagnosticEngine &diags) : error_(error), diags_(diags) {
    visitTypes_ = false;
  }
  bool failed = false;

  void visitAssign(const Assign &s) override {
    if (auto *t = dynCast<TileType>(s.var()->type()))
      check(*t, s.var()->name(), s.span());
    IRVisitor::visitAssign(s);
  }

private:
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

  bool error_;
  DiagnosticEngine &diags_;
};

} // namespace

bool checkTileConstraints(const Function &f, bool error, DiagnosticEngine &diags) {
  if (!isKernel(f.type()))
    return true;
  TileChecker c(error, diags);
  c.visitFunction(f);
  return !c.failed;
}

Pass createCheckTileConstraintsPass(PassOptions &opts) {
  std::optional<Platform> platform = opts.takePlatform();
  return createProgramPass(
      PassClass::CheckTileConstraints, [platform](const ProgramPtr &p, PassContext &ctx) {
        bool error = !platformDesc(platform.value_or(ctx.platform())).simulated;
        bool ok = true;
        for (const FunctionPtr &f : p->functions())
          ok &= checkTileConstraints(*f, error, ctx.diags());
        return ok ? p : ProgramPtr();
      });
}

} // namespace pl::passes
