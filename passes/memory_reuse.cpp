// MemoryReuse: lifetime-based buffer coalescing (see memory_reuse.h).
#include "passes/memory_reuse.h"

#include "passes/utils/tile_lifetimes.h"

#include "ir/mutator.h"
#include "ir/op_registry.h"
#include "ir/visitor.h"

#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <set>
#include <unordered_map>

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

/// One `tile.alloc` and the tile variables placed in it.
struct Buffer {
  VarPtr base;
  MemorySpace space;
  int64_t size = 0;
  bool pinned = false;
  std::vector<const Var *> members;
};

/// The allocations of a function (program order) and the members of each.
class BufferCollector : public IRVisitor {
public:
  BufferCollector() { visitTypes_ = false; }

  void visitAssign(const Assign &s) override {
    if (const Call *c = allocCall(s.value())) {
      auto *ptr = dynCast<PtrType>(s.var()->type());
      if (!ptr)
        return;
      index[s.var().get()] = buffers.size();
      buffers.push_back({s.var(),
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
      tiles.push_back(v.get());
  }

  /// Call after the walk: attaches each tile to the buffer of its MemRef base.
  void attachMembers() {
    for (auto *t : tiles) {
      const MemRef *m = memrefOf(t);
      auto it = m->base() ? index.find(m->base().get()) : index.end();
      if (it == index.end())
        continue;
      Buffer &b = buffers[it->second];
      b.members.push_back(t);
      b.pinned |= m->pinned() || m->slotCount() > 1;
      bufferOf[t] = it->second;
    }
  }

  std::vector<Buffer> buffers;
  std::unordered_map<const Var *, size_t> index;    ///< base → buffer
  std::unordered_map<const Var *, size_t> bufferOf; ///< tile → buffer
  std::vector<const Var *> tiles;
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

/// Buffer-level conflicts lifted from tile-level ones.
std::vector<std::set<size_t>> bufferConflicts(const BufferCollector &bc, const TileConflicts &tc) {
  std::vector<std::set<size_t>> out(bc.buffers.size());
  for (auto &[a, others] : tc.all()) {
    auto ia = bc.bufferOf.find(a);
    if (ia == bc.bufferOf.end())
      continue;
    for (auto *b : others) {
      auto ib = bc.bufferOf.find(b);
      if (ib != bc.bufferOf.end() && ib->second != ia->second)
        out[ia->second].insert(ib->second);
    }
  }
  return out;
}

/// First-fit decreasing: the representative buffer of each buffer.
std::vector<size_t> packBuffers(const std::vector<Buffer> &bufs,
                                const std::vector<std::set<size_t>> &conf) {
  std::vector<size_t> order(bufs.size()), rep(bufs.size());
  for (size_t i = 0; i < bufs.size(); ++i)
    order[i] = rep[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return bufs[a].size > bufs[b].size; });
  std::vector<std::vector<size_t>> groups; // open groups, members in packing order
  for (size_t b : order) {
    if (bufs[b].pinned)
      continue;
    auto fits = [&](const std::vector<size_t> &g) {
      if (bufs[g.front()].space != bufs[b].space)
        return false;
      return std::none_of(g.begin(), g.end(), [&](size_t m) { return conf[b].count(m) > 0; });
    };
    auto it = std::find_if(groups.begin(), groups.end(), fits);
    if (it == groups.end()) {
      groups.push_back({b});
      continue;
    }
    it->push_back(b);
    rep[b] = it->front();
  }
  return rep;
}

/// Rebases MemRefs of merged buffers onto their representative and drops merged allocs.
class Rebaser : public IRMutator {
public:
  Rebaser(const std::vector<Buffer> &bufs, const std::vector<size_t> &rep) {
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

FunctionPtr reuseMemory(const FunctionPtr &f) {
  if (!isKernel(f->type()))
    return f;
  BufferCollector bc;
  bc.visitFunction(*f);
  bc.attachMembers();
  if (bc.buffers.size() < 2)
    return f;
  TileConflicts tc = computeTileLifetimeConflicts(*f);
  NoAliasCollector(tc).visitFunction(*f);
  std::vector<size_t> rep = packBuffers(bc.buffers, bufferConflicts(bc, tc));
  bool merged = false;
  for (size_t i = 0; i < rep.size(); ++i)
    merged |= rep[i] != i;
  if (!merged)
    return f;
  return Rebaser(bc.buffers, rep).mutateFunction(f);
}

Pass createMemoryReusePass(PassOptions &) {
  return createFunctionPass(PassClass::MemoryReuse, [](const FunctionPtr &f, const Program &,
                                                       PassContext &) { return reuseMemory(f); });
}

} // namespace pl::passes
