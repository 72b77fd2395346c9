// AllocateMemoryAddr: sequential per-space address assignment (see allocate_memory_addr.h).
#include "passes/allocate_memory_addr.h"

#include "ir/mutator.h"
#include "ir/op_registry.h"
#include "ir/visitor.h"

#include <map>
#include <unordered_map>

namespace pl::passes {

namespace {
using namespace ir;

bool isAlloc(const ExprPtr &e) {
  auto *c = dynCast<Call>(e);
  return c && c->target().isOp() && c->target().op->name() == "tile.alloc";
}

std::optional<int64_t> intKwarg(const Call &c, std::string_view key) {
  if (auto *v = findAttr(c.kwargs(), key))
    if (auto *i = std::get_if<int64_t>(v))
      return *i;
  return std::nullopt;
}

struct AllocSite {
  const Var *base;
  MemorySpace space;
  int64_t size;
  std::optional<int64_t> addr; ///< already placed
};

/// The slots pto-isa's TPOP places its tiles in (TPipe's LocalSlotNum, printed with the pipe).
constexpr int64_t kPipeLocalSlots = 2;

/// A pipe set-up and the consumer buffer it needs in its kernel's memory: the AIV end of a C2V
/// pipe in Vec (pto-isa's C2V_CONSUMER_BUF), the AIC end of a V2C pipe in Mat
/// (V2C_CONSUMER_BUF); kPipeLocalSlots slots of slot_size bytes. `kwarg` null: it needs none.
struct PipeBufSite {
  const Call *call;
  const char *kwarg; ///< c2v_consumer_buf, v2c_consumer_buf or null
  MemorySpace space;
  int64_t size;
  std::optional<int64_t> addr; ///< already placed
};

std::optional<PipeBufSite> pipeBuffer(const Call &c) {
  if (!c.target().isOp())
    return std::nullopt;
  const std::string &op = c.target().name();
  if (op != "system.aiv_initialize_pipe" && op != "system.aic_initialize_pipe")
    return std::nullopt;
  const int64_t mask = intKwarg(c, "dir_mask").value_or(0);
  const int64_t size = kPipeLocalSlots * intKwarg(c, "slot_size").value_or(0);
  if (op == "system.aiv_initialize_pipe" && (mask & 1))
    return PipeBufSite{&c, "c2v_consumer_buf", MemorySpace::Vec, size,
                       intKwarg(c, "c2v_consumer_buf")};
  if (op == "system.aic_initialize_pipe" && (mask & 2))
    return PipeBufSite{&c, "v2c_consumer_buf", MemorySpace::Mat, size,
                       intKwarg(c, "v2c_consumer_buf")};
  return PipeBufSite{&c, nullptr, MemorySpace::Vec, 0, std::nullopt};
}

/// The allocations of a function in program order, and every MemRef on a tile type.
class AllocCollector : public IRVisitor {
public:
  void visitAssign(const Assign &s) override {
    IRVisitor::visitAssign(s);
    if (!isAlloc(s.value()))
      return;
    auto &c = *dynCast<Call>(s.value());
    auto space = std::get<MemorySpace>(*findAttr(c.kwargs(), "target_memory"));
    allocs.push_back({s.var().get(), space, intKwarg(c, "size").value_or(0), intKwarg(c, "addr")});
  }
  void visitCall(const Call &c) override {
    IRVisitor::visitCall(c);
    if (auto b = pipeBuffer(c))
      pipeBufs.push_back(*b);
  }
  void visitType(const TypePtr &t) override {
    if (auto *tt = dynCast<TileType>(t); tt && tt->memref() && seen_.insert(tt->memref()).second)
      memrefs.push_back(tt->memref());
    IRVisitor::visitType(t);
  }
  std::vector<AllocSite> allocs;
  std::vector<PipeBufSite> pipeBufs;
  std::vector<MemRefPtr> memrefs;

private:
  std::set<MemRefPtr> seen_;
};

/// Where the new allocations go: base → address, pipe set-up → its consumer buffer's address
/// (nullopt: it needs none, only its local_slot_num).
struct Placement {
  std::unordered_map<const Var *, int64_t> addr;
  std::unordered_map<const Call *, std::optional<int64_t>> pipeBuf;
};

/// Places the new allocations, then the pipes' consumer buffers after them (no tile shares
/// their bytes); nullopt after MA001.
std::optional<Placement> place(const Function &f, const std::vector<AllocSite> &allocs,
                               const std::vector<PipeBufSite> &pipeBufs, const SocDesc &soc,
                               DiagnosticEngine &diags) {
  std::map<MemorySpace, int64_t> end;
  for (auto &a : allocs)
    if (a.addr)
      end[a.space] = std::max(end[a.space], *a.addr + a.size);
  for (auto &b : pipeBufs)
    if (b.addr)
      end[b.space] = std::max(end[b.space], *b.addr + b.size);
  Placement out;
  auto &addr = out.addr;
  for (auto &a : allocs) {
    if (a.addr)
      continue;
    addr[a.base] = alignUp(end[a.space], soc.alignment);
    end[a.space] = addr[a.base] + a.size;
  }
  for (auto &b : pipeBufs) {
    if (b.addr || (!b.kwarg && findAttr(b.call->kwargs(), "local_slot_num")))
      continue;
    if (!b.kwarg) {
      out.pipeBuf[b.call] = std::nullopt;
      continue;
    }
    const int64_t at = alignUp(end[b.space], soc.alignment);
    out.pipeBuf[b.call] = at;
    end[b.space] = at + b.size;
  }
  bool ok = true;
  for (auto &[space, need] : end) {
    int64_t cap = soc.safeCapacity(space);
    if (need <= cap)
      continue;
    diags.error("MA001", f.span(),
                "kernel '" + f.name() + "' needs " + std::to_string(need) + " bytes of " +
                    std::string(memorySpaceName(space)) + " but " + soc.name + " has " +
                    std::to_string(cap) + " bytes available");
    ok = false;
  }
  if (!ok)
    return std::nullopt;
  return out;
}

/// Writes `.addr` on the allocations and the consumer buffers' addresses (with
/// `.local_slot_num`) on the pipe set-ups; MemRefs were remapped before the walk.
class AddrWriter : public IRMutator {
public:
  explicit AddrWriter(const Placement &p) : addr_(p.addr), pipeBuf_(p.pipeBuf) {}

  ExprPtr mutateCall(const std::shared_ptr<const Call> &c) override {
    auto it = pipeBuf_.find(c.get());
    if (it == pipeBuf_.end())
      return IRMutator::mutateCall(c);
    AttrList kw = c->kwargs();
    if (it->second)
      kw.emplace_back(pipeBuffer(*c)->kwarg, *it->second);
    if (!findAttr(kw, "local_slot_num"))
      kw.emplace_back("local_slot_num", kPipeLocalSlots);
    return Call::make(c->target(), c->args(), std::move(kw), c->attrs(), c->type(), c->span());
  }

  StmtPtr mutateAssign(const std::shared_ptr<const Assign> &s) override {
    auto it = addr_.find(s->var().get());
    if (it == addr_.end() || !isAlloc(s->value()))
      return IRMutator::mutateAssign(s);
    auto &c = *dynCast<Call>(s->value());
    AttrList kw = c.kwargs();
    kw.emplace_back("addr", it->second);
    auto call = Call::make(c.target(), c.args(), std::move(kw), c.attrs(), c.type(), c.span());
    return Assign::make(s->var(), call, s->span());
  }

  /// MemRef m on a placed base moves to base address + its offset.
  void relocate(const MemRefPtr &m) {
    auto it = m->base() ? addr_.find(m->base().get()) : addr_.end();
    if (it == addr_.end())
      return;
    ExprPtr off = ConstInt::make(it->second);
    if (auto *c = dynCast<ConstInt>(m->byteOffset()))
      off = ConstInt::make(it->second + c->value());
    else if (it->second != 0)
      off = Binary::make(BinaryOp::Add, off, m->byteOffset());
    else
      off = m->byteOffset();
    remap(m, MemRef::make(m->name(), m->base(), off, m->size(), m->pinned(), m->slotCount(),
                          m->slotIndex(), m->span()));
  }

private:
  const std::unordered_map<const Var *, int64_t> &addr_;
  const std::unordered_map<const Call *, std::optional<int64_t>> &pipeBuf_;
};
} // namespace

/// MA002 for each MemRef that does not fit the allocation it names (hand-written input):
/// placing that allocation by its size would overlap the next one.
bool memrefsFit(const AllocCollector &c, DiagnosticEngine &diags) {
  std::unordered_map<const Var *, int64_t> sizes; // the allocations this pass places
  for (auto &a : c.allocs)
    if (!a.addr)
      sizes[a.base] = a.size;
  bool ok = true;
  for (auto &m : c.memrefs) {
    auto it = m->base() ? sizes.find(m->base().get()) : sizes.end();
    auto *off = dynCast<ConstInt>(m->byteOffset());
    if (it == sizes.end() || !off || (off->value() >= 0 && m->size() <= it->second - off->value()))
      continue;
    diags.error("MA002", m->span(),
                "MemRef '" + m->name() + "' [" + std::to_string(off->value()) + ", +" +
                    std::to_string(m->size()) + ") does not fit its allocation '" +
                    m->base()->name() + "' of " + std::to_string(it->second) + " bytes");
    ok = false;
  }
  return ok;
}

FunctionPtr allocateMemoryAddr(const FunctionPtr &f, const SocDesc &soc, DiagnosticEngine &diags) {
  if (!isKernel(f->type()))
    return f;
  AllocCollector collect;
  collect.visitFunction(*f);
  if (!memrefsFit(collect, diags))
    return nullptr;
  auto placed = place(*f, collect.allocs, collect.pipeBufs, soc, diags);
  if (!placed)
    return nullptr;
  if (placed->addr.empty() && placed->pipeBuf.empty())
    return f;
  AddrWriter writer(*placed);
  for (auto &m : collect.memrefs)
    writer.relocate(m);
  return writer.mutateFunction(f);
}

Pass createAllocateMemoryAddrPass(PassOptions &opts) {
  std::optional<Platform> platform = opts.takePlatform();
  auto allocate = [platform](const ProgramPtr &p, PassContext &ctx) {
    const SocDesc &soc = platformSoc(platform.value_or(ctx.platform()));
    std::vector<FunctionPtr> fns;
    bool changed = false, failed = false;
    for (auto &f : p->functions()) {
      FunctionPtr g = isKernel(f->type()) ? allocateMemoryAddr(f, soc, ctx.diags()) : f;
      failed |= !g;
      changed |= g && g != f;
      fns.push_back(g ? g : f);
    }
    return failed ? ProgramPtr() : changed ? p->withFunctions(std::move(fns)) : p;
  };
  return createProgramPass(PassClass::AllocateMemoryAddr, allocate);
}

} // namespace pl::passes
