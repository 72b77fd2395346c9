// AutoTileMatmulL0: an L0-oversized matmul becomes chunk loops (see auto_tile_matmul_l0.h).
#include "passes/auto_tile_matmul_l0.h"

#include "ir/mutator.h"
#include "ir/op_registry.h"
#include "ir/visitor.h"
#include "passes/platform.h"
#include "passes/utils/fresh_names.h"
#include "passes/utils/soc.h"

#include <unordered_map>
#include <unordered_set>

namespace pl::passes {

namespace {
using namespace ir;

/// How many times each variable is used in the function.
class UseCounter : public IRVisitor {
public:
  std::unordered_map<const Var *, int> uses;
  void visitVarUse(const VarPtr &v) override { ++uses[v.get()]; }
};

const Call *opCall(const ExprPtr &e, std::string_view op) {
  auto *c = dynCast<Call>(e);
  return c && c->target().isOp() && c->target().name() == op ? c : nullptr;
}

/// A constant 2D tile type in `space` without an explicit view; nullptr otherwise.
const TileType *plainTile(const TypePtr &t, MemorySpace space) {
  auto *tt = dynCast<TileType>(t);
  if (!tt || tt->rank() != 2 || tt->memorySpace() != space || !tt->constDim(0) || !tt->constDim(1))
    return nullptr;
  if (tt->view() && explicitView(*tt->view()))
    return nullptr;
  return tt;
}

int64_t dim(const TileType &t, size_t i) { return *t.constDim(i); }

/// Bytes of a [r, c] tile of dtype d.
int64_t bytesOf(DataType d, int64_t r, int64_t c) {
  return r * c * static_cast<int64_t>(dtypeBits(d)) / 8;
}

/// Chunk sizes along the three dimensions; 0 when none fits.
struct Chunks {
  int64_t m = 0, n = 0, k = 0;
};

/// The sizes a dimension of `size` may be cut into: `size` itself and its divisors that are
/// multiples of 16 (the fractal), largest first.
std::vector<int64_t> splits(int64_t size) {
  std::vector<int64_t> out{size};
  for (int64_t s = (size - 1) / 16 * 16; s >= 16; s -= 16)
    if (size % s == 0)
      out.push_back(s);
  return out;
}

bool isMatmulFamily(const std::string &op) {
  return op == "tile.matmul" || op == "tile.matmul_acc" || op == "tile.matmul_bias" ||
         op == "tile.gemv" || op == "tile.gemv_acc" || op == "tile.gemv_bias" ||
         op == "tile.matmul_mx" || op == "tile.matmul_mx_acc" || op == "tile.matmul_mx_bias";
}

ExprPtr ci(int64_t v) { return ConstInt::make(v); }
ExprPtr tuple2(ExprPtr a, ExprPtr b) { return MakeTuple::make({std::move(a), std::move(b)}); }
/// a + b, folding a constant 0.
ExprPtr add(const ExprPtr &a, const ExprPtr &b) {
  if (auto v = constIntValue(a); v && *v == 0)
    return b;
  if (auto v = constIntValue(b); v && *v == 0)
    return a;
  return Binary::make(BinaryOp::Add, a, b);
}

/// One matmul to tile, found in a block.
struct Site {
  size_t matmulAt = 0;
  std::shared_ptr<const Assign> matmul;
  size_t leftMoveAt = 0, rightMoveAt = 0;
  VarPtr lm, rm;                  ///< the Mat operands
  const Call *leftLoad = nullptr; ///< lm's load when the operands stream through Mat
  const Call *rightLoad = nullptr;
  size_t leftLoadAt = 0, rightLoadAt = 0;
  std::optional<size_t> storeAt; ///< the store of c when M or N is split
  DataType dtype{};
  int64_t M = 0, N = 0, K = 0;
  Chunks ch;
};

class Tiler : public IRMutator {
public:
  Tiler(const Function &f, const SocDesc &soc, DiagnosticEngine &diags)
      : soc_(soc), diags_(diags), names_(f) {
    counter_.visitFunction(f);
  }
  bool failed = false;

  StmtPtr mutateSeq(const std::shared_ptr<const Seq> &s) override {
    const auto &st = s->stmts();
    std::unordered_map<const Var *, size_t> defAt;
    std::vector<Site> sites;
    for (size_t i = 0; i < st.size(); ++i) {
      auto *a = dynCast<Assign>(st[i]);
      if (!a)
        continue;
      defAt[a->var().get()] = i;
      if (auto *c = dynCast<Call>(a->value());
          c && c->target().isOp() && isMatmulFamily(c->target().name()))
        if (auto site = plan(st, i, defAt))
          sites.push_back(*site);
    }
    if (sites.empty())
      return IRMutator::mutateSeq(s);
    std::unordered_set<size_t> drop;
    std::unordered_map<size_t, const Site *> emitAt;
    for (const Site &site : sites) {
      drop.insert({site.matmulAt, site.leftMoveAt, site.rightMoveAt});
      if (site.leftLoad)
        drop.insert({site.leftLoadAt, site.rightLoadAt});
      emitAt[site.storeAt.value_or(site.matmulAt)] = &site;
    }
    std::vector<StmtPtr> out;
    for (size_t i = 0; i < st.size(); ++i) {
      if (auto it = emitAt.find(i); it != emitAt.end()) {
        emit(*it->second, st, out);
        continue;
      }
      if (drop.count(i))
        continue;
      if (StmtPtr m = mutateStmt(st[i]))
        out.push_back(m);
    }
    return Seq::flatten(std::move(out), s->span());
  }

private:
  int uses(const VarPtr &v) const {
    auto it = counter_.uses.find(v.get());
    return it == counter_.uses.end() ? 0 : it->second;
  }

  /// The statement index of `t = tile.move(src, {.target_memory = space})` binding v in this
  /// block, used only once; nullopt otherwise.
  std::optional<size_t> moveDef(const std::vector<StmtPtr> &st, const VarPtr &v, MemorySpace space,
                                const std::unordered_map<const Var *, size_t> &defAt) const {
    auto it = defAt.find(v.get());
    if (it == defAt.end() || uses(v) != 1)
      return std::nullopt;
    auto *c = opCall(dynCast<Assign>(st[it->second])->value(), "tile.move");
    const MemorySpace *to = c ? findAttrAs<MemorySpace>(c->kwargs(), "target_memory") : nullptr;
    if (!to || *to != space || c->kwargs().size() != 1 || c->args().size() != 1)
      return std::nullopt;
    return it->second;
  }

  void cannotTile(const Assign &a, const std::string &why) {
    failed = true;
    diags_.error("AT002", a.span(),
                 "matmul '" + a.var()->name() + "' exceeds " + soc_.name +
                     "'s L0 but cannot be tiled automatically: " + why);
  }

  /// Whether t is a Left / Right / Acc tile larger than the SoC's safe capacity of its space.
  bool exceeds(const TypePtr &t) const {
    auto *tt = dynCast<TileType>(t);
    if (!tt || !tt->memorySpace() ||
        (*tt->memorySpace() != MemorySpace::Left && *tt->memorySpace() != MemorySpace::Right &&
         *tt->memorySpace() != MemorySpace::Acc))
      return false;
    auto bytes = tileBufferBytes(*tt, 1);
    return bytes && *bytes > soc_.safeCapacity(*tt->memorySpace());
  }

  /// Whether the matmul-family call bound by a has an operand or a result too big for L0.
  bool oversized(const Assign &a, const Call &c) const {
    if (exceeds(a.var()->type()))
      return true;
    for (const ExprPtr &arg : c.args())
      if (exceeds(arg->type()))
        return true;
    return false;
  }

  std::optional<Site> plan(const std::vector<StmtPtr> &st, size_t i,
                           const std::unordered_map<const Var *, size_t> &defAt) {
    auto a = std::static_pointer_cast<const Assign>(st[i]);
    auto *mm = dynCast<Call>(a->value());
    if (!oversized(*a, *mm))
      return std::nullopt; // fits: nothing to do
    if (mm->target().name() != "tile.matmul") {
      cannotTile(*a, "only tile.matmul is tiled, not '" + mm->target().name() +
                         "'; split M / N / K by hand (pl::extract chunks, pl::matmul_acc)");
      return std::nullopt;
    }
    auto *c = plainTile(a->var()->type(), MemorySpace::Acc);
    auto *lv = mm->args().size() == 2 ? dynCast<Var>(mm->args()[0]) : nullptr;
    auto *rv = mm->args().size() == 2 ? dynCast<Var>(mm->args()[1]) : nullptr;
    auto *lt = lv ? plainTile(lv->type(), MemorySpace::Left) : nullptr;
    auto *rt = rv ? plainTile(rv->type(), MemorySpace::Right) : nullptr;
    if (!c || !lt || !rt) {
      cannotTile(*a, "its Left / Right / Acc tiles need constant 2D shapes without a valid shape "
                     "or layout; split M / N / K by hand (pl::extract chunks, pl::matmul_acc)");
      return std::nullopt;
    }
    Site site;
    site.matmulAt = i;
    site.matmul = a;
    site.dtype = lt->dtype();
    site.M = dim(*lt, 0);
    site.K = dim(*lt, 1);
    site.N = dim(*rt, 1);
    const int64_t capL = soc_.safeCapacity(MemorySpace::Left);
    const int64_t capR = soc_.safeCapacity(MemorySpace::Right);
    const int64_t capC = soc_.safeCapacity(MemorySpace::Acc);
    if (!mm->kwargs().empty()) {
      cannotTile(*a, "it has options (transposed operands, out_dtype); split M / N / K by hand "
                     "with pl::extract and pl::matmul_acc");
      return std::nullopt;
    }
    VarPtr lvp = std::static_pointer_cast<const Var>(mm->args()[0]);
    VarPtr rvp = std::static_pointer_cast<const Var>(mm->args()[1]);
    auto lMove = moveDef(st, lvp, MemorySpace::Left, defAt);
    auto rMove = moveDef(st, rvp, MemorySpace::Right, defAt);
    // a_trans / b_trans: the operand is moved from a transposing Mat load (ConvertTensorToTileOps).
    auto defOf = [&](const Var *v, const char *op) -> const Call * {
      auto it = v ? defAt.find(v) : defAt.end();
      return it == defAt.end() ? nullptr : opCall(dynCast<Assign>(st[it->second])->value(), op);
    };
    auto transposed = [&](const VarPtr &v) {
      const Call *mv = defOf(v.get(), "tile.move");
      const Call *ld =
          mv && !mv->args().empty() ? defOf(dynCast<Var>(mv->args()[0]), "tile.load") : nullptr;
      const bool *t = ld ? findAttrAs<bool>(ld->kwargs(), "transpose") : nullptr;
      return t && *t;
    };
    if (transposed(lvp) || transposed(rvp)) {
      cannotTile(*a, "an operand is transposed (a_trans / b_trans: a transposing load); split M / "
                     "N / K by hand (pl::extract chunks, pl::matmul_acc)");
      return std::nullopt;
    }
    if (!lMove || !rMove) {
      cannotTile(*a, "its operands are not moved from Mat in the same block for this matmul "
                     "only; extract K chunks of at most the L0 half-capacity by hand");
      return std::nullopt;
    }
    site.leftMoveAt = *lMove;
    site.rightMoveAt = *rMove;
    auto matOf = [&](size_t at) {
      const ExprPtr &src = dynCast<Call>(dynCast<Assign>(st[at])->value())->args()[0];
      return dynCast<Var>(src) ? std::static_pointer_cast<const Var>(src) : VarPtr();
    };
    site.lm = matOf(*lMove);
    site.rm = matOf(*rMove);
    if (!site.lm || !site.rm || !plainTile(site.lm->type(), MemorySpace::Mat) ||
        !plainTile(site.rm->type(), MemorySpace::Mat)) {
      cannotTile(*a, "its operands do not come from constant-shaped Mat tiles without a valid "
                     "shape");
      return std::nullopt;
    }
    // Chunk sizes: each chunk at most half of its space.
    const int64_t eb = dtypeBits(site.dtype);
    const int64_t kAlign = std::max<int64_t>(1, 256 / eb); // 32 bytes of K
    Chunks best;
    for (int64_t n : splits(site.N))
      for (int64_t m : splits(site.M)) {
        if (bytesOf(c->dtype(), m, n) > capC / 2)
          continue;
        const int64_t kl = capL / 2 / std::max<int64_t>(1, bytesOf(site.dtype, m, 1));
        const int64_t kr = capR / 2 / std::max<int64_t>(1, bytesOf(site.dtype, n, 1));
        int64_t k = std::min(kl, kr) / kAlign * kAlign;
        if (k >= site.K)
          k = site.K;
        if (k <= 0)
          continue;
        if (site.K % k != 0 && site.K % k % kAlign != 0)
          continue;
        bool better = m * n > best.m * best.n ||
                      (m * n == best.m * best.n && std::min(m, n) > std::min(best.m, best.n));
        if (best.k == 0 || better)
          best = {m, n, k};
      }
    if (best.k == 0) {
      cannotTile(*a, "no chunk of M = " + std::to_string(site.M) +
                         ", N = " + std::to_string(site.N) +
                         " (multiples of 16 dividing them) and K = " + std::to_string(site.K) +
                         " (a multiple of " + std::to_string(kAlign) +
                         ") fits half of Left / Right / Acc; make M and N multiples of 16 and K "
                         "a multiple of " +
                         std::to_string(kAlign));
      return std::nullopt;
    }
    site.ch = best;
    if (best.m != site.M || best.n != site.N) {
      // c's only use must be a store of this block (the chunks are stored one by one).
      std::optional<size_t> store;
      for (size_t j = i + 1; j < st.size() && !store; ++j) {
        ExprPtr e;
        if (auto *as = dynCast<Assign>(st[j]))
          e = as->value();
        else if (auto *ev = dynCast<Eval>(st[j]))
          e = ev->expr();
        auto *sc = e ? opCall(e, "tile.store") : nullptr;
        if (sc && sc->args().size() == 3 && sc->args()[0] == a->var() &&
            MakeTuple::elementsOf(sc->args()[1]) &&
            MakeTuple::elementsOf(sc->args()[1])->size() == 2)
          store = j;
      }
      if (!store || uses(a->var()) != 1) {
        cannotTile(*a, "its Acc [" + std::to_string(site.M) + ", " + std::to_string(site.N) +
                           "] must be split into [" + std::to_string(best.m) + ", " +
                           std::to_string(best.n) +
                           "] chunks, which needs the result's only use to be a tile.store; "
                           "split M or N by hand");
        return std::nullopt;
      }
      site.storeAt = store;
    }
    // Mat residency: stream the chunks through Mat when the operands do not fit there.
    const int64_t capMat = soc_.safeCapacity(MemorySpace::Mat);
    const int64_t matBytes =
        bytesOf(site.dtype, site.M, site.K) + bytesOf(site.dtype, site.K, site.N);
    if (matBytes > capMat) {
      auto loadOf = [&](const VarPtr &v, size_t &at) -> const Call * {
        auto it = defAt.find(v.get());
        if (it == defAt.end() || uses(v) != 1)
          return nullptr;
        auto *ld = opCall(dynCast<Assign>(st[it->second])->value(), "tile.load");
        if (!ld || ld->args().size() != 3 || !MakeTuple::elementsOf(ld->args()[1]) ||
            MakeTuple::elementsOf(ld->args()[1])->size() != 2)
          return nullptr;
        at = it->second;
        return ld;
      };
      site.leftLoad = loadOf(site.lm, site.leftLoadAt);
      site.rightLoad = loadOf(site.rm, site.rightLoadAt);
      if (!site.leftLoad || !site.rightLoad) {
        const int64_t perK = bytesOf(site.dtype, site.M, 1) + bytesOf(site.dtype, 1, site.N);
        const int64_t kFit = capMat / perK / kAlign * kAlign;
        diags_.error("AT001", a->span(),
                     "matmul '" + a->var()->name() + "' needs " + std::to_string(matBytes) +
                         " bytes of Mat for its operands but " + soc_.name + " has " +
                         std::to_string(capMat) + "; split K = " + std::to_string(site.K) +
                         " into chunks of at most " + std::to_string(kFit) + " (load [" +
                         std::to_string(site.M) + ", " + std::to_string(kFit) + "] and [" +
                         std::to_string(kFit) + ", " + std::to_string(site.N) +
                         "] windows per step and accumulate with pl::matmul_acc)");
        failed = true;
        return std::nullopt;
      }
    }
    return site;
  }

  /// A [rows, cols] chunk of the Left (left) or Right operand at (row, col), appended to out.
  VarPtr operand(const Site &s, bool left, const ExprPtr &row, const ExprPtr &col, int64_t rows,
                 int64_t cols, std::vector<StmtPtr> &out) {
    const Span &span = s.matmul->span();
    const VarPtr &mat = left ? s.lm : s.rm;
    const MemorySpace space = left ? MemorySpace::Left : MemorySpace::Right;
    AttrList to{{"target_memory", space}};
    ExprPtr chunk;
    if (const Call *ld = left ? s.leftLoad : s.rightLoad) {
      const ExprList &off = *MakeTuple::elementsOf(ld->args()[1]);
      ExprPtr load = makeOpCall(
          "tile.load",
          {ld->args()[0], tuple2(add(off[0], row), add(off[1], col)), tuple2(ci(rows), ci(cols))},
          ld->kwargs(), span, diags_);
      VarPtr mv = Var::make(names_.fresh(mat->name() + "_chunk"), load->type(), span);
      out.push_back(Assign::make(mv, load, span));
      chunk = makeOpCall("tile.move", {mv}, to, span, diags_);
    } else {
      chunk =
          makeOpCall("tile.extract", {mat, row, col, tuple2(ci(rows), ci(cols))}, to, span, diags_);
    }
    VarPtr v =
        Var::make(names_.fresh(mat->name() + (left ? "_Left" : "_Right")), chunk->type(), span);
    out.push_back(Assign::make(v, chunk, span));
    return v;
  }

  /// The K loop of the chunk at (mi, ni); its accumulator is bound to `result` when given.
  VarPtr kLoop(const Site &s, const ExprPtr &mi, const ExprPtr &ni, const VarPtr &result,
               std::vector<StmtPtr> &out) {
    const Span &span = s.matmul->span();
    const int64_t m = s.ch.m, n = s.ch.n, k = s.ch.k;
    const int64_t steps = s.K / k, tail = s.K % k;
    const std::string accName = s.matmul->var()->name();
    auto bind = [&](ExprPtr value, bool last) {
      VarPtr v =
          last && result ? result : Var::make(names_.fresh(accName + "_k"), value->type(), span);
      out.push_back(Assign::make(v, std::move(value), span));
      return v;
    };
    VarPtr l0 = operand(s, true, mi, ci(0), m, k, out);
    VarPtr r0 = operand(s, false, ci(0), ni, k, n, out);
    VarPtr acc = bind(makeOpCall("tile.matmul", {l0, r0}, {}, span, diags_), steps == 1 && !tail);
    if (steps > 1) {
      VarPtr ki = Var::make(names_.fresh("ki"), ScalarType::get(DataType::Index), span);
      VarPtr carried = Var::make(names_.fresh(accName + "_iter"), acc->type(), span);
      std::vector<StmtPtr> body;
      VarPtr lk = operand(s, true, mi, ki, m, k, body);
      VarPtr rk = operand(s, false, ki, ni, k, n, body);
      ExprPtr step = makeOpCall("tile.matmul_acc", {carried, lk, rk}, {}, span, diags_);
      VarPtr next = Var::make(names_.fresh(accName + "_next"), step->type(), span);
      body.push_back(Assign::make(next, step, span));
      body.push_back(Yield::make({next}, span));
      VarPtr ret =
          !tail && result ? result : Var::make(names_.fresh(accName + "_k"), acc->type(), span);
      out.push_back(For::make(ki, ci(k), ci(steps * k), ci(k), {IterArg{carried, acc}},
                              Seq::flatten(std::move(body), span), {ret}, ForKind::Sequential, {},
                              span));
      acc = ret;
    }
    if (tail) {
      VarPtr lt = operand(s, true, mi, ci(steps * k), m, tail, out);
      VarPtr rt = operand(s, false, ci(steps * k), ni, tail, n, out);
      acc = bind(makeOpCall("tile.matmul_acc", {acc, lt, rt}, {}, span, diags_), true);
    }
    return acc;
  }

  /// A loop over `size` in `chunk` steps carrying the tensor `init`; `body(i, t, out)` returns the
  /// next tensor. The loop's result is bound to `result` (fresh when null).
  template <class Body>
  VarPtr chunkLoop(const Site &s, const char *hint, int64_t size, int64_t chunk,
                   const ExprPtr &init, const VarPtr &result, std::vector<StmtPtr> &out,
                   Body body) {
    const Span &span = s.matmul->span();
    if (chunk == size) { // no loop: the body once at 0
      VarPtr v = body(ci(0), init, out);
      if (!result)
        return v;
      out.push_back(Assign::make(result, v, span));
      return result;
    }
    VarPtr i = Var::make(names_.fresh(hint), ScalarType::get(DataType::Index), span);
    VarPtr t = Var::make(names_.fresh("t"), init->type(), span);
    std::vector<StmtPtr> inner;
    VarPtr next = body(i, t, inner);
    inner.push_back(Yield::make({next}, span));
    VarPtr ret = result ? result : Var::make(names_.fresh("t"), init->type(), span);
    out.push_back(For::make(i, ci(0), ci(size), ci(chunk), {IterArg{t, init}},
                            Seq::flatten(std::move(inner), span), {ret}, ForKind::Sequential, {},
                            span));
    return ret;
  }

  void emit(const Site &s, const std::vector<StmtPtr> &st, std::vector<StmtPtr> &out) {
    if (!s.storeAt) {
      kLoop(s, ci(0), ci(0), s.matmul->var(), out);
      return;
    }
    const StmtPtr &storeStmt = st[*s.storeAt];
    auto *as = dynCast<Assign>(storeStmt);
    const Call *store =
        as ? dynCast<Call>(as->value()) : dynCast<Call>(dynCast<Eval>(storeStmt)->expr());
    const ExprList &off = *MakeTuple::elementsOf(store->args()[1]);
    const Span span = storeStmt->span();
    VarPtr result = as ? as->var() : VarPtr();
    chunkLoop(s, "mi", s.M, s.ch.m, store->args()[2], result, out,
              [&](const ExprPtr &mi, const ExprPtr &tm, std::vector<StmtPtr> &o1) {
                return chunkLoop(
                    s, "ni", s.N, s.ch.n, tm, nullptr, o1,
                    [&](const ExprPtr &ni, const ExprPtr &tn, std::vector<StmtPtr> &o2) {
                      VarPtr acc = kLoop(s, mi, ni, nullptr, o2);
                      ExprPtr st2 = makeOpCall("tile.store",
                                               {acc, tuple2(add(off[0], mi), add(off[1], ni)), tn},
                                               store->kwargs(), span, diags_);
                      VarPtr v = Var::make(names_.fresh("stored"), st2->type(), span);
                      o2.push_back(Assign::make(v, st2, span));
                      return v;
                    });
              });
  }

  const SocDesc &soc_;
  DiagnosticEngine &diags_;
  FreshNames names_;
  UseCounter counter_;
};
} // namespace

FunctionPtr autoTileMatmulL0(const FunctionPtr &f, const SocDesc &soc, DiagnosticEngine &diags) {
  if (!isKernel(f->type()))
    return f;
  Tiler t(*f, soc, diags);
  FunctionPtr out = t.mutateFunction(f);
  return t.failed ? nullptr : out;
}

Pass createAutoTileMatmulL0Pass(PassOptions &opts) {
  return createSocFunctionPass(PassClass::AutoTileMatmulL0, opts, autoTileMatmulL0);
}

} // namespace pl::passes
