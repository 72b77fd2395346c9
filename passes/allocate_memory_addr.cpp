// AllocateMemoryAddr: sequential per-space address assignment (see allocate_memory_addr.h).
#include "passes/allocate_memory_addr.h"

#include "ir/mutator.h"
#include "ir/op_registry.h"
#include "ir/visitor.h"

#include <algorithm>
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
  std::optional<int64_t> addr;          ///< already placed
  std::optional<int64_t> fixed;         ///< the address the kernel's reserve_buffer gives
  int64_t localSlots = kPipeLocalSlots; ///< TPipe's LocalSlotNum
};

/// A `system.reserve_buffer` (the consumer buffer, declared by the kernel that pops) or a
/// `system.import_peer_buffer` (the producer naming its peer's buffer).
struct BufferDecl {
  const Call *call;
  std::string name;
  std::string peer;  ///< import: the kernel that reserves it
  int64_t size = 0;  ///< reserve: bytes
  int64_t base = -1; ///< reserve: byte address, -1 placed here
};

std::string stringKwarg(const Call &c, std::string_view key) {
  if (auto *v = findAttr(c.kwargs(), key))
    if (auto *s = std::get_if<std::string>(v))
      return *s;
  return "";
}

std::optional<PipeBufSite> pipeBuffer(const Call &c) {
  if (!c.target().isOp())
    return std::nullopt;
  const std::string &op = c.target().name();
  if (op != "system.aiv_initialize_pipe" && op != "system.aic_initialize_pipe")
    return std::nullopt;
  const int64_t mask = intKwarg(c, "dir_mask").value_or(0);
  const int64_t slots = intKwarg(c, "local_slot_num").value_or(kPipeLocalSlots);
  const int64_t size = slots * intKwarg(c, "slot_size").value_or(0);
  if (op == "system.aiv_initialize_pipe" && (mask & 1))
    return PipeBufSite{&c,
                       "c2v_consumer_buf",
                       MemorySpace::Vec,
                       size,
                       intKwarg(c, "c2v_consumer_buf"),
                       std::nullopt,
                       slots};
  if (op == "system.aic_initialize_pipe" && (mask & 2))
    return PipeBufSite{&c,
                       "v2c_consumer_buf",
                       MemorySpace::Mat,
                       size,
                       intKwarg(c, "v2c_consumer_buf"),
                       std::nullopt,
                       slots};
  return PipeBufSite{&c, nullptr, MemorySpace::Vec, 0, std::nullopt, std::nullopt, slots};
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
    if (!c.target().isOp())
      return;
    const std::string &op = c.target().name();
    if (op == "system.reserve_buffer")
      reserves.push_back({&c, stringKwarg(c, "name"), "", intKwarg(c, "size").value_or(0),
                          intKwarg(c, "base").value_or(-1)});
    else if (op == "system.import_peer_buffer")
      imports.push_back({&c, stringKwarg(c, "name"), stringKwarg(c, "peer_func")});
  }
  void visitType(const TypePtr &t) override {
    if (auto *tt = dynCast<TileType>(t); tt && tt->memref() && seen_.insert(tt->memref()).second)
      memrefs.push_back(tt->memref());
    IRVisitor::visitType(t);
  }
  std::vector<AllocSite> allocs;
  std::vector<PipeBufSite> pipeBufs;
  std::vector<BufferDecl> reserves, imports;
  std::vector<MemRefPtr> memrefs;

private:
  std::set<MemRefPtr> seen_;
};

/// Where the new allocations go: base → address, pipe set-up → its consumer buffer's address
/// (nullopt: it needs none) and its LocalSlotNum.
struct Placement {
  std::unordered_map<const Var *, int64_t> addr;
  std::unordered_map<const Call *, std::pair<std::optional<int64_t>, int64_t>> pipeBuf;
};

/// Places the new allocations, then the pipes' consumer buffers after them (no tile shares
/// their bytes); a consumer buffer at a reserved address is a hole the allocations skip.
/// nullopt after MA001.
std::optional<Placement> place(const Function &f, const std::vector<AllocSite> &allocs,
                               const std::vector<PipeBufSite> &pipeBufs, const SocDesc &soc,
                               DiagnosticEngine &diags) {
  std::map<MemorySpace, int64_t> end;
  std::map<MemorySpace, std::pair<int64_t, int64_t>> hole; // a reserved buffer's [lo, hi)
  for (auto &a : allocs)
    if (a.addr)
      end[a.space] = std::max(end[a.space], *a.addr + a.size);
  for (auto &b : pipeBufs)
    if (b.addr)
      end[b.space] = std::max(end[b.space], *b.addr + b.size);
    else if (b.kwarg && b.fixed)
      hole[b.space] = {*b.fixed, *b.fixed + b.size};
  auto next = [&](MemorySpace space, int64_t size) {
    int64_t at = alignUp(end[space], soc.alignment);
    if (auto h = hole.find(space);
        h != hole.end() && at < h->second.second && at + size > h->second.first)
      at = alignUp(h->second.second, soc.alignment);
    end[space] = at + size;
    return at;
  };
  Placement out;
  for (auto &a : allocs)
    if (!a.addr)
      out.addr[a.base] = next(a.space, a.size);
  for (auto &b : pipeBufs) {
    if (b.addr || (!b.kwarg && findAttr(b.call->kwargs(), "local_slot_num")))
      continue;
    if (!b.kwarg)
      out.pipeBuf[b.call] = {std::nullopt, b.localSlots};
    else
      out.pipeBuf[b.call] = {b.fixed ? *b.fixed : next(b.space, b.size), b.localSlots};
  }
  for (auto &[space, h] : hole)
    end[space] = std::max(end[space], h.second);
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
    if (it->second.first)
      kw.emplace_back(pipeBuffer(*c)->kwarg, *it->second.first);
    if (!findAttr(kw, "local_slot_num"))
      kw.emplace_back("local_slot_num", it->second.second);
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
  const std::unordered_map<const Call *, std::pair<std::optional<int64_t>, int64_t>> &pipeBuf_;
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

/// MA003: the kernel's `reserve_buffer` declares the consumer buffer of the pipe it pops from:
/// its size gives TPipe's LocalSlotNum (a whole number of slots), its base (unless -1) the
/// buffer's address. Applied to that pipe set-up's site; false after reporting an error.
bool applyReserve(const Function &f, AllocCollector &c, const SocDesc &soc,
                  DiagnosticEngine &diags) {
  if (c.reserves.empty())
    return true;
  const BufferDecl &r = c.reserves.front();
  auto fail = [&](const BufferDecl &at, const std::string &msg) {
    diags.error("MA003", at.call->span(), msg);
    return false;
  };
  if (c.reserves.size() > 1)
    return fail(c.reserves[1], "kernel '" + f.name() + "' reserves a second consumer buffer '" +
                                   c.reserves[1].name + "' (after '" + r.name +
                                   "'): a kernel pops from one pipe direction and reserves its "
                                   "buffer once");
  auto site = std::find_if(c.pipeBufs.begin(), c.pipeBufs.end(),
                           [](const PipeBufSite &b) { return b.kwarg != nullptr; });
  if (site == c.pipeBufs.end())
    return fail(r, "kernel '" + f.name() + "' reserves buffer '" + r.name +
                       "' but is not the consuming end of a pipe: reserve_buffer declares the "
                       "buffer TPOP places tiles in, in the AIV kernel of a C2V pipe (dir_mask 1) "
                       "or the AIC kernel of a V2C pipe (dir_mask 2)");
  const int64_t slot = intKwarg(*site->call, "slot_size").value_or(0);
  if (slot <= 0 || r.size % slot != 0)
    return fail(r, "buffer '" + r.name + "' of " + std::to_string(r.size) +
                       " bytes is not a whole number of the pipe's " + std::to_string(slot) +
                       "-byte slots (its size is LocalSlotNum * slot_size)");
  const std::string space(memorySpaceName(site->space));
  if (r.base >= 0 && r.base % soc.alignment != 0)
    return fail(r, "buffer '" + r.name + "' at " + std::to_string(r.base) +
                       " is not aligned to the " + std::to_string(soc.alignment) + "-byte " +
                       space + " alignment of " + soc.name);
  if (r.base >= 0 && r.base + r.size > soc.safeCapacity(site->space))
    return fail(r, "buffer '" + r.name + "' [" + std::to_string(r.base) + ", " +
                       std::to_string(r.base + r.size) + ") runs past the " +
                       std::to_string(soc.safeCapacity(site->space)) + " bytes of " + space + " " +
                       soc.name + " has");
  site->size = r.size;
  site->localSlots = r.size / slot;
  if (r.base >= 0)
    site->fixed = r.base;
  return true;
}

/// MA004: each `import_peer_buffer` names a buffer that kernel `peer_func`, of the other core
/// kind, reserves.
bool importsResolve(const Program &p, DiagnosticEngine &diags) {
  std::unordered_map<std::string, const Function *> byName;
  for (auto &f : p.functions())
    byName.emplace(f->name(), f.get());
  bool ok = true;
  for (auto &f : p.functions()) {
    if (!isKernel(f->type()))
      continue;
    AllocCollector c;
    c.visitFunction(*f);
    for (auto &imp : c.imports) {
      auto it = byName.find(imp.peer);
      std::string why;
      if (it == byName.end())
        why = "no function '" + imp.peer + "' exists";
      else if (!((f->type() == FunctionType::AIC && it->second->type() == FunctionType::AIV) ||
                 (f->type() == FunctionType::AIV && it->second->type() == FunctionType::AIC)))
        why = "'" + imp.peer +
              "' is not the peer kernel (an AIV kernel for an AIC kernel, and "
              "the other way round)";
      else {
        AllocCollector peer;
        peer.visitFunction(*it->second);
        if (std::none_of(peer.reserves.begin(), peer.reserves.end(),
                         [&](const BufferDecl &r) { return r.name == imp.name; }))
          why = "kernel '" + imp.peer + "' reserves no buffer of that name (reserve_buffer)";
      }
      if (why.empty())
        continue;
      diags.error("MA004", imp.call->span(),
                  "kernel '" + f->name() + "' imports buffer '" + imp.name + "' of '" + imp.peer +
                      "', but " + why);
      ok = false;
    }
  }
  return ok;
}

FunctionPtr allocateMemoryAddr(const FunctionPtr &f, const SocDesc &soc, DiagnosticEngine &diags) {
  if (!isKernel(f->type()))
    return f;
  AllocCollector collect;
  collect.visitFunction(*f);
  if (!memrefsFit(collect, diags) || !applyReserve(*f, collect, soc, diags))
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
  return createSocFunctionPass(
      PassClass::AllocateMemoryAddr, opts,
      [](const FunctionPtr &f, const SocDesc &soc, DiagnosticEngine &diags) {
        return isKernel(f->type()) ? allocateMemoryAddr(f, soc, diags) : f;
      },
      importsResolve);
}

} // namespace pl::passes
