// Tile buffers for memory planning (see tile_buffers.h).
#include "passes/utils/tile_buffers.h"

#include "ir/mutator.h"
#include "ir/op_registry.h"
#include "ir/visitor.h"

#include "llvm/ADT/StringRef.h"

namespace pl::passes {

namespace {
using namespace ir;

const Call *allocCall(const ExprPtr &e) {
  auto *c = dynCast<Call>(e);
  return c && c->target().isOp() && c->target().op->name() == "tile.alloc" ? c : nullptr;
}

std::optional<int64_t> intKwarg(const Call &c, std::string_view key) {
  if (auto *v = findAttr(c.kwargs(), key))
    if (auto *i = std::get_if<int64_t>(v))
      return *i;
  return std::nullopt;
}

const MemRef *memrefOf(const Var *v) {
  auto *tt = v ? dynCast<TileType>(v->type()) : nullptr;
  return tt ? tt->memref().get() : nullptr;
}

/// The allocations of a function (program order) and its tiles.
class BufferCollector : public IRVisitor {
public:
  BufferCollector() { visitTypes_ = false; }

  void visitAssign(const Assign &s) override {
    if (const Call *c = allocCall(s.value())) {
      auto *ptr = dynCast<PtrType>(s.var()->type());
      if (!ptr)
        return;
      index_[s.var().get()] = out.buffers.size();
      out.buffers.push_back({s.var(),
                             ptr->memorySpace(),
                             intKwarg(*c, "size").value_or(0),
                             intKwarg(*c, "addr").has_value(),
                             {}});
      return;
    }
    IRVisitor::visitAssign(s);
  }
  void visitVarDef(const VarPtr &v) override {
    if (memrefOf(v.get()))
      tiles_.push_back(v.get());
  }

  /// Call after the walk: attaches each tile to the buffer of its MemRef base.
  void attachMembers() {
    for (auto *t : tiles_) {
      const MemRef *m = memrefOf(t);
      auto it = m->base() ? index_.find(m->base().get()) : index_.end();
      if (it == index_.end())
        continue;
      TileBuffer &b = out.buffers[it->second];
      b.members.push_back(t);
      b.pinned |= m->pinned() || m->slotCount() > 1;
      out.bufferOf[t] = it->second;
    }
  }

  TileBuffers out;

private:
  std::unordered_map<const Var *, size_t> index_; ///< base → buffer
  std::vector<const Var *> tiles_;
};

/// Operand i of a call whose buffer the result must not share (PyPTO's forbid_output_alias).
bool forbidsOperand(const Op &op, const Call &c, size_t i) {
  llvm::StringRef name = op.name();
  if (!op.inPlaceSafe)
    return true;
  if ((name.starts_with("tile.row_expand") || name.starts_with("tile.col_expand")) && i == 1)
    return true;
  if ((name == "tile.sel" || name == "tile.sels") && i == 0)
    return true;
  if (writesArg(op, i, c.kwargs()) && op.outputAliasesArg != static_cast<int>(i))
    return true; // scratch
  if (name == "tile.cast" && i == 0) {
    auto *in = dynCast<TileType>(c.args()[0]->type());
    auto *out = dynCast<TileType>(c.type());
    return in && out && dtypeBits(out->dtype()) > dtypeBits(in->dtype());
  }
  return false;
}

/// Result/operand pairs that may not share a buffer (no-alias rules).
class NoAliasCollector : public IRVisitor {
public:
  explicit NoAliasCollector(TileConflicts &out) : out_(out) { visitTypes_ = false; }
  void visitAssign(const Assign &s) override {
    IRVisitor::visitAssign(s);
    auto *c = dynCast<Call>(s.value());
    if (!c || !c->target().isOp() || !memrefOf(s.var().get()))
      return;
    for (size_t i = 0; i < c->args().size(); ++i)
      if (auto *a = dynCast<Var>(c->args()[i]);
          memrefOf(a) && forbidsOperand(*c->target().op, *c, i))
        out_.add(s.var().get(), a);
  }

private:
  TileConflicts &out_;
};

/// Rebases MemRefs of merged buffers onto their representative and drops merged allocs.
class Rebaser : public IRMutator {
public:
  Rebaser(const std::vector<TileBuffer> &bufs, const std::vector<size_t> &rep) {
    for (size_t i = 0; i < bufs.size(); ++i)
      if (rep[i] != i) {
        dropped_.insert(bufs[i].base.get());
        remap(bufs[i].base, bufs[rep[i]].base);
      }
  }
  StmtPtr mutateAssign(const std::shared_ptr<const Assign> &s) override {
    if (dropped_.count(s->var().get()) && allocCall(s->value()))
      return nullptr;
    return IRMutator::mutateAssign(s);
  }

private:
  std::set<const Var *> dropped_;
};
} // namespace

TileBuffers collectTileBuffers(const Function &f) {
  BufferCollector bc;
  bc.visitFunction(f);
  bc.attachMembers();
  return std::move(bc.out);
}

std::vector<std::set<size_t>> tileBufferConflicts(const Function &f, const TileBuffers &bufs) {
  TileConflicts tc = computeTileLifetimeConflicts(f);
  NoAliasCollector(tc).visitFunction(f);
  std::vector<std::set<size_t>> out(bufs.buffers.size());
  for (auto &[a, others] : tc.all()) {
    long ia = bufs.indexOf(a);
    if (ia < 0)
      continue;
    for (auto *b : others)
      if (long ib = bufs.indexOf(b); ib >= 0 && ib != ia)
        out[size_t(ia)].insert(size_t(ib));
  }
  return out;
}

FunctionPtr mergeTileBuffers(const FunctionPtr &f, const TileBuffers &bufs,
                             const std::vector<size_t> &rep) {
  for (size_t i = 0; i < rep.size(); ++i)
    if (rep[i] != i)
      return Rebaser(bufs.buffers, rep).mutateFunction(f);
  return f;
}

} // namespace pl::passes
