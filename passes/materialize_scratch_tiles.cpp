// MaterializeScratchTiles: explicit scratch tiles for PTO-ISA's reductions (see
// materialize_scratch_tiles.h).
#include "passes/materialize_scratch_tiles.h"

#include "ir/internal_error.h"
#include "ir/op_registry.h"
#include "passes/utils/kernel_rewrite.h"
#include "passes/utils/soc.h"

#include <algorithm>
#include <array>

namespace pl::passes {

namespace {
using namespace ir;

/// The tile ops whose PTO-ISA instruction has no form without a scratch tile, and whose IR
/// form makes it optional (the scratch tile is the op's last argument).
enum class Scratch : uint8_t {
  Operand,   ///< row reductions, column arg reductions: the operand's shape, dtype and layout
  Transpose, ///< TTRANS: [W, H rounded up to the row stride] (transposeScratchShape)
  Rem,       ///< TREM: [1, C + 2 * ceil(C / 64)] of the dtype, whole 32-byte rows
  Dest,      ///< TREMS, TXOR, TXORS: the destination's tile type (the vendor's CPU TREMS takes
             ///< no other; TXOR / TXORS hold an intermediate of dst's shape)
  Prelu,     ///< TPRELU: uint8 [R + 1, ceil(C / 8)] (a packed compare mask and a spare row)
  Sel,       ///< TSEL: uint32 [1, 8] (the mask row's address, copied for set_cmpmask)
  Sels,      ///< TSELS: [1, 32 bytes] of the dtype (the scalar, for set_cmpmask)
};

struct ScratchRule {
  std::string_view op;
  Scratch kind;
  size_t data; ///< the argument whose shape and name the scratch tile derives from
};

constexpr std::array<ScratchRule, 14> kScratchRules = {{
    {"tile.row_sum", Scratch::Operand, 0},
    {"tile.row_max", Scratch::Operand, 0},
    {"tile.row_min", Scratch::Operand, 0},
    {"tile.row_prod", Scratch::Operand, 0},
    {"tile.col_argmax", Scratch::Operand, 0},
    {"tile.col_argmin", Scratch::Operand, 0},
    {"tile.transpose", Scratch::Transpose, 0},
    {"tile.rem", Scratch::Rem, 0},
    {"tile.rems", Scratch::Dest, 0},
    {"tile.xor", Scratch::Dest, 0},
    {"tile.xors", Scratch::Dest, 0},
    {"tile.prelu", Scratch::Prelu, 0},
    {"tile.sel", Scratch::Sel, 1},
    {"tile.sels", Scratch::Sels, 1},
}};

/// The rule for a call that lacks its scratch tile, or nullptr.
const ScratchRule *missingScratch(const Call &c) {
  if (!c.target().isOp() || c.args().size() >= c.target().op->maxArgs())
    return nullptr;
  for (const ScratchRule &r : kScratchRules)
    if (r.op == c.target().op->name())
      return c.args().size() > r.data ? &r : nullptr;
  return nullptr;
}

int64_t roundUp(int64_t n, int64_t m) { return (n + m - 1) / m * m; }

/// TTRANS's scratch tile for an [H, W] input: [W, H rounded up to the transpose's row stride]
/// (32 elements of 1 byte, 16 of wider types), PTO-ISA's `W * ceil(H / stride) * stride`
/// elements. A non-constant H stays as it is.
ExprList transposeScratchShape(const TileType &x, const Span &span) {
  const int64_t stride = dtypeBits(x.dtype()) <= 8 ? 32 : 16;
  ExprPtr h = x.shape()[0];
  if (auto n = constIntValue(h))
    h = ConstInt::make(roundUp(*n, stride), DataType::Index, span);
  return {x.shape()[1], h};
}

/// The scratch tile's type for `kind` on the data operand x of the call c; nullptr when its
/// size depends on a dim that is not constant (the printer then reports the missing scratch).
std::shared_ptr<const TileType> scratchType(Scratch kind, const TileType &x, const Call &c) {
  const Span &span = c.span();
  auto idx = [&](int64_t n) -> ExprPtr { return ConstInt::make(n, DataType::Index, span); };
  auto make = [&](DataType d, ExprList shape, const TileView &v = {}) {
    return TileType::make(d, std::move(shape), MemorySpace::Vec, explicitView(v), nullptr);
  };
  const size_t r = x.rank();
  // The rows and columns when constant, else -1 (a rank-1 tile is one row).
  const int64_t rows = r == 2 ? x.constDim(0).value_or(-1) : 1;
  const int64_t cols = r ? x.constDim(r - 1).value_or(-1) : -1;
  const int64_t block = 32 / std::max<int64_t>(1, dtypeBits(x.dtype()) / 8); // elements in 32 B
  TileView layout; // the operand's layout, not its valid region or padding
  switch (kind) {
  case Scratch::Operand:
    if (x.view()) {
      layout.blayout = x.view()->blayout;
      layout.slayout = x.view()->slayout;
      layout.fractal = x.view()->fractal;
    }
    return make(x.dtype(), x.shape(), layout);
  case Scratch::Transpose:
    return r == 2 ? make(x.dtype(), transposeScratchShape(x, span)) : nullptr;
  case Scratch::Rem:
    if (cols < 0)
      return nullptr;
    return make(x.dtype(), {idx(1), idx(roundUp(cols + 2 * ((cols + 63) / 64), block))});
  case Scratch::Dest: {
    auto *d = dynCast<TileType>(c.type());
    if (!d)
      return nullptr;
    if (d->view()) {
      layout.blayout = d->view()->blayout;
      layout.slayout = d->view()->slayout;
      layout.fractal = d->view()->fractal;
      layout.pad = d->view()->pad;
    }
    return make(d->dtype(), d->shape(), layout);
  }
  case Scratch::Prelu:
    if (rows < 0 || cols < 0)
      return nullptr;
    return make(DataType::UInt8, {idx(rows + 1), idx(roundUp((cols + 7) / 8, 32))});
  case Scratch::Sel:
    return make(DataType::UInt32, {idx(1), idx(8)});
  case Scratch::Sels:
    return make(x.dtype(), {idx(1), idx(block)});
  }
  return nullptr;
}

class ScratchMaterializer : public KernelRewriter {
public:
  explicit ScratchMaterializer(const Function &f) : KernelRewriter(f, "MaterializeScratchTiles") {}

  StmtPtr rewriteOpCall(const Assign &a, const Call &c, const StmtPtr &out) override {
    const ScratchRule *rule = missingScratch(c);
    if (!rule || (rule->kind == Scratch::Transpose && c.args().size() != 3))
      return out;
    const ExprPtr &data = c.args()[rule->data];
    auto *x = dynCast<TileType>(data->type());
    PL_CHECK_AT(x, "MaterializeScratchTiles", c.span(), "a scratch tile for a non-tile operand");
    auto t = scratchType(rule->kind, *x, c);
    if (!t)
      return out;
    std::vector<StmtPtr> stmts;
    ExprList args = c.args();
    const char *fallback = rule->kind == Scratch::Transpose ? "trans"
                           : rule->kind == Scratch::Operand ? "red"
                                                            : "op";
    args.push_back(
        bind(stemOf(data, fallback) + "_tmp",
             opCall("tile.create", {MakeTuple::make(t->shape(), c.span())},
                    {{"dtype", t->dtype()}, {"target_memory", MemorySpace::Vec}}, c.span()),
             stmts, a.span(), t));
    stmts.push_back(Assign::make(
        a.var(), Call::make(c.target(), std::move(args), c.kwargs(), c.attrs(), c.type(), c.span()),
        a.span()));
    return Seq::flatten(std::move(stmts), a.span());
  }
};

} // namespace

FunctionPtr materializeScratchTiles(const FunctionPtr &f) {
  return rewriteKernel<ScratchMaterializer>(f);
}

PL_DEFINE_FUNCTION_PASS(MaterializeScratchTiles, materializeScratchTiles)

} // namespace pl::passes
