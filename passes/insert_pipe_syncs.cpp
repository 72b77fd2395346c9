// InsertPipeSyncs: flags and barriers between the pipes of a kernel (see insert_pipe_syncs.h).
#include "passes/insert_pipe_syncs.h"

#include "ir/mutator.h"
#include "ir/op_registry.h"
#include "ir/pipe.h"

#include <array>
#include <limits>
#include <optional>
#include <vector>

namespace pl::passes {
using namespace ir;

namespace {

constexpr int kPipes = 8;
constexpr int kGlobal = -1; ///< the "space" of global memory

/// Bytes of one space: [lo, hi).
struct Region {
  int space = kGlobal;
  int64_t lo = 0, hi = std::numeric_limits<int64_t>::max();
  bool overlaps(const Region &o) const { return space == o.space && lo < o.hi && o.lo < hi; }
  bool operator==(const Region &) const = default;
};

struct Access {
  Region region;
  Pipe pipe;
  bool write;
  uint64_t seq;
};

/// What the pipes have done so far: the accesses, and per pipe pair how far one is ordered
/// after the other (`synced[p][q]`: every q-access with seq below it is complete before p's next
/// instruction).
struct State {
  std::vector<Access> accesses;
  std::array<std::array<uint64_t, kPipes>, kPipes> synced{};
};

/// Both paths' accesses; ordered only as far as both are.
State join(const State &a, const State &b) {
  State r = a;
  for (const Access &x : b.accesses) {
    bool merged = false;
    for (Access &y : r.accesses)
      if (y.region == x.region && y.pipe == x.pipe && y.write == x.write) {
        y.seq = std::max(y.seq, x.seq);
        merged = true;
      }
    if (!merged)
      r.accesses.push_back(x);
  }
  for (int p = 0; p < kPipes; ++p)
    for (int q = 0; q < kPipes; ++q)
      r.synced[p][q] = std::min(a.synced[p][q], b.synced[p][q]);
  return r;
}

/// The bytes of a planned tile (its MemRef in its space), or null for anything else.
std::optional<Region> tileRegion(const TypePtr &t) {
  auto *tt = dynCast<TileType>(t);
  if (!tt || !tt->memref() || !tt->memorySpace())
    return std::nullopt;
  Region r;
  r.space = static_cast<int>(*tt->memorySpace());
  if (auto off = constIntValue(tt->memref()->byteOffset())) {
    r.lo = *off;
    r.hi = *off + tt->memref()->size();
  } else { // an address we cannot place: every byte of the space
    r.lo = 0;
  }
  return r;
}

std::optional<MemorySpace> spaceOf(const ExprPtr &e) {
  auto *tt = dynCast<TileType>(e->type());
  return tt ? tt->memorySpace() : std::nullopt;
}

/// The pipe a kernel op runs on; nullopt for ops that issue no instruction.
std::optional<Pipe> pipeOf(const Call &c) {
  const std::string &op = c.target().name();
  if (op == "tile.load" || op == "tile.tpop_from_aic" || op == "tile.tpop_from_aiv")
    return Pipe::MTE2;
  if (op == "tile.tpush_to_aiv" || op == "tile.tpush_to_aic")
    return !c.args().empty() && spaceOf(c.args()[0]) == MemorySpace::Acc ? Pipe::Fix : Pipe::MTE3;
  if (op == "tile.tfree_to_aic" || op == "tile.tfree_to_aiv")
    return std::nullopt; // releases a slot; touches no tile
  if (op == "tile.store")
    return !c.args().empty() && spaceOf(c.args()[0]) == MemorySpace::Acc ? Pipe::Fix : Pipe::MTE3;
  if (op == "tile.move" || op == "tile.extract" || op == "tile.slice") {
    auto s = c.args().empty() ? std::nullopt : spaceOf(c.args()[0]);
    return s == MemorySpace::Mat ? Pipe::MTE1 : s == MemorySpace::Acc ? Pipe::Fix : Pipe::V;
  }
  if (op == "tile.matmul" || op == "tile.matmul_acc" || op == "tile.matmul_bias")
    return Pipe::M;
  if (op == "tile.read" || op == "tile.write" || op == "tensor.read" || op == "tensor.write")
    return Pipe::S;
  if (op == "tile.alloc" || op == "tile.create" || op.rfind("tile.", 0) != 0 ||
      op == "tile.get_block_idx" || op == "tile.get_block_num" || op == "tile.get_subblock_idx")
    return std::nullopt;
  return Pipe::V;
}

ExprPtr syncOp(std::string_view op, Pipe src, Pipe dst, const Span &span) {
  DiagnosticEngine local; // the kwargs are valid by construction
  return makeOpCall(op, {},
                    {{"set_pipe", std::string(pipeName(src))},
                     {"wait_pipe", std::string(pipeName(dst))},
                     {"event_id", int64_t{0}}},
                    span, local);
}

class SyncInserter : public IRMutator {
public:
  StmtPtr mutateAssign(const std::shared_ptr<const Assign> &s) override {
    auto *c = dynCast<Call>(s->value());
    if (!c || !c->target().isOp())
      return IRMutator::mutateAssign(s);
    return instruction(*c, s->var(), s);
  }
  StmtPtr mutateEval(const std::shared_ptr<const Eval> &s) override {
    auto *c = dynCast<Call>(s->expr());
    if (!c || !c->target().isOp())
      return IRMutator::mutateEval(s);
    return instruction(*c, nullptr, s);
  }
  StmtPtr mutateSeq(const std::shared_ptr<const Seq> &s) override {
    std::vector<StmtPtr> out;
    bool changed = false;
    for (const StmtPtr &x : s->stmts()) {
      StmtPtr y = mutateStmt(x);
      changed |= y != x;
      if (auto *inner = dynCast<Seq>(y); inner && y != x)
        out.insert(out.end(), inner->stmts().begin(), inner->stmts().end());
      else
        out.push_back(y);
    }
    return changed ? Seq::make(std::move(out), s->span()) : s;
  }
  StmtPtr mutateFor(const std::shared_ptr<const For> &s) override {
    const State head = loopHead(s->body());
    StmtPtr out = IRMutator::mutateFor(s);
    state_ = join(head, state_); // zero trips, or the last one
    return out;
  }
  StmtPtr mutateWhile(const std::shared_ptr<const While> &s) override {
    const State head = loopHead(s->body());
    StmtPtr out = IRMutator::mutateWhile(s);
    state_ = join(head, state_);
    return out;
  }
  StmtPtr mutateIf(const std::shared_ptr<const If> &s) override {
    const State before = state_;
    StmtPtr thenB = mutateStmt(s->thenBody());
    const State afterThen = state_;
    state_ = before;
    StmtPtr elseB = s->elseBody() ? mutateStmt(s->elseBody()) : nullptr;
    state_ = join(afterThen, state_);
    if (thenB == s->thenBody() && elseB == s->elseBody())
      return s;
    return If::make(s->cond(), thenB, elseB, s->returnVars(), s->span());
  }

private:
  /// The state a loop body starts from on every trip: the entry state joined with the state at
  /// the end of the body analysed (not rewritten) from the entry state.
  State loopHead(const StmtPtr &body) {
    const State entry = state_;
    const bool saved = emit_;
    emit_ = false;
    (void)mutateStmt(body);
    emit_ = saved;
    state_ = join(entry, state_);
    return state_;
  }

  /// An op call on a pipe: the syncs it needs before it, then its accesses recorded.
  StmtPtr instruction(const Call &c, const VarPtr &result, const StmtPtr &stmt) {
    auto pipe = pipeOf(c);
    if (!pipe)
      return stmt;
    const Op &op = *c.target().op;
    const std::string &name = c.target().name();
    std::vector<std::pair<Region, bool>> acc; // (bytes, written)
    for (size_t i = 0; i < c.args().size(); ++i)
      if (auto r = tileRegion(c.args()[i]->type())) {
        ArgEffect e = argEffect(op, i, c.kwargs());
        acc.emplace_back(*r, e != ArgEffect::Read);
        if (e == ArgEffect::ReadWrite)
          acc.emplace_back(*r, false);
      }
    if (result)
      if (auto r = tileRegion(result->type()))
        acc.emplace_back(*r, true);
    if (name == "tile.load" || name == "tensor.read")
      acc.emplace_back(Region{}, false);
    if (name == "tile.store" || name == "tensor.write")
      acc.emplace_back(Region{}, true);

    std::array<bool, kPipes> needFlag{};
    bool needBarrier = false;
    const int p = static_cast<int>(*pipe);
    for (const auto &[region, write] : acc)
      for (const Access &a : state_.accesses) {
        if (!(a.write || write) || !a.region.overlaps(region))
          continue;
        const int q = static_cast<int>(a.pipe);
        if (state_.synced[p][q] > a.seq)
          continue;
        if (q == p)
          needBarrier |= *pipe == Pipe::V; // another pipe runs its own queue in order
        else
          needFlag[q] = true;
      }

    std::vector<StmtPtr> out;
    for (int q = 0; q < kPipes; ++q)
      if (needFlag[q]) {
        out.push_back(
            Eval::make(syncOp("system.sync_src", Pipe(q), *pipe, c.span()), stmt->span()));
        out.push_back(
            Eval::make(syncOp("system.sync_dst", Pipe(q), *pipe, c.span()), stmt->span()));
        state_.synced[p][q] = seq_;
      }
    if (needBarrier) {
      DiagnosticEngine local;
      out.push_back(Eval::make(makeOpCall("system.bar_v", {}, {}, c.span(), local), stmt->span()));
      state_.synced[p][p] = seq_;
    }
    for (const auto &[region, write] : acc)
      record(region, *pipe, write);
    ++seq_;
    if (out.empty() || !emit_)
      return stmt;
    out.push_back(stmt);
    return Seq::make(std::move(out), stmt->span());
  }

  void record(const Region &r, Pipe pipe, bool write) {
    for (Access &a : state_.accesses)
      if (a.region == r && a.pipe == pipe && a.write == write) {
        a.seq = seq_;
        return;
      }
    state_.accesses.push_back(Access{r, pipe, write, seq_});
  }

  State state_;
  uint64_t seq_ = 0;
  bool emit_ = true;
};

} // namespace

FunctionPtr insertPipeSyncs(const FunctionPtr &f) {
  if (!isKernel(f->type()))
    return f;
  SyncInserter s;
  FunctionPtr g = s.mutateFunction(f);
  // The exit drain: no pipe may still be working (a store in flight) when the kernel returns;
  // it goes before a trailing return, or last.
  DiagnosticEngine local;
  const Span &span = g->span();
  StmtPtr drain = Eval::make(makeOpCall("system.bar_all", {}, {}, span, local), span);
  std::vector<StmtPtr> stmts;
  if (auto *seq = dynCast<Seq>(g->body()))
    stmts = seq->stmts();
  else if (g->body())
    stmts.push_back(g->body());
  const bool ret = !stmts.empty() && isa<Return>(stmts.back().get());
  stmts.insert(ret ? stmts.end() - 1 : stmts.end(), drain);
  return g->withBody(Seq::make(std::move(stmts), g->body() ? g->body()->span() : span));
}

PL_DEFINE_FUNCTION_PASS(InsertPipeSyncs, insertPipeSyncs)

} // namespace pl::passes
