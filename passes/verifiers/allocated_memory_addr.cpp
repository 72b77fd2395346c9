// AllocatedMemoryAddr verifier: every on-chip buffer of a kernel has an address, and the
// buffers of one space fit the SoC side by side.
//
// Holds when, in every InCore / AIC / AIV function, each `tile.alloc` has an `.addr` aligned to
// the SoC alignment, allocations of one memory space do not overlap, each ends within the safe
// capacity of its space on the current PassContext platform,
// and every constant MemRef offset on a tile lies inside its base allocation.
//
// Codes: V921 allocation without an address · V922 misaligned address · V923 two allocations
// of one space overlap · V924 allocation beyond the space's safe capacity · V925 MemRef outside
// its allocation.
#include "passes/verifiers/registry.h"

#include "ir/op_registry.h"
#include "ir/visitor.h"
#include "passes/pass_context.h"
#include "passes/utils/soc.h"

#include <map>
#include <unordered_map>

namespace pl::passes {

namespace {
using namespace ir;

struct Placed {
  const Var *base;
  MemorySpace space;
  int64_t addr, size;
  Span span;
};

std::optional<int64_t> intAttr(const AttrList &kw, std::string_view key) {
  auto *v = findAttr(kw, key);
  auto *i = v ? std::get_if<int64_t>(v) : nullptr;
  return i ? std::optional<int64_t>(*i) : std::nullopt;
}

class AddrChecker : public IRVisitor {
public:
  AddrChecker(DiagnosticEngine &diags, const SocDesc &soc) : diags_(diags), soc_(soc) {}

  void visitFunction(const Function &f) override {
    if (!isKernel(f.type()))
      return;
    placed_.clear();
    IRVisitor::visitFunction(f);
    checkOverlaps(f);
  }

  void visitAssign(const Assign &s) override {
    IRVisitor::visitAssign(s);
    auto *c = dynCast<Call>(s.value());
    if (!c || !c->target().isOp() || c->target().op->name() != "tile.alloc")
      return;
    auto *sp = findAttr(c->kwargs(), "target_memory");
    auto size = intAttr(c->kwargs(), "size"), addr = intAttr(c->kwargs(), "addr");
    if (!sp || !std::holds_alternative<MemorySpace>(*sp) || !size)
      return;
    if (!addr) {
      diags_.error("V921", s.span(), "allocation '" + s.var()->name() +
                                         "' has no address; expected one (run "
                                         "allocate-memory-addr)");
      return;
    }
    int64_t align = soc_.alignment;
    if (*addr % align != 0)
      diags_.error("V922", s.span(), "allocation '" + s.var()->name() + "' at " +
                                         std::to_string(*addr) + " is not aligned to " +
                                         std::to_string(align) + " bytes");
    placed_[s.var().get()] = {s.var().get(), std::get<MemorySpace>(*sp), *addr, *size, s.span()};
  }

  void visitType(const TypePtr &t) override {
    IRVisitor::visitType(t);
    auto *tt = dynCast<TileType>(t);
    if (!tt || !tt->memref() || !tt->memref()->base())
      return;
    const MemRef &m = *tt->memref();
    auto it = placed_.find(m.base().get());
    auto *off = dynCast<ConstInt>(m.byteOffset());
    if (it == placed_.end() || !off)
      return;
    const Placed &a = it->second;
    if (off->value() < a.addr || off->value() + m.size() > a.addr + a.size)
      diags_.error("V925", m.span(),
                   "MemRef '" + m.name() + "' [" + std::to_string(off->value()) + ", +" +
                       std::to_string(m.size()) + ") lies outside its allocation [" +
                       std::to_string(a.addr) + ", +" + std::to_string(a.size) + ")");
  }

private:
  void checkOverlaps(const Function &f) {
    std::map<MemorySpace, std::multimap<int64_t, const Placed *>> bySpace;
    for (auto &[_, a] : placed_)
      bySpace[a.space].emplace(a.addr, &a);
    for (auto &[space, list] : bySpace) {
      const Placed *prev = nullptr;
      for (auto &[addr, a] : list) {
        if (prev && prev->addr + prev->size > addr)
          diags_.error("V923", a->span,
                       "allocation '" + a->base->name() + "' overlaps '" + prev->base->name() +
                           "' in " + std::string(memorySpaceName(space)));
        prev = a;
      }
      int64_t cap = soc_.safeCapacity(space);
      if (prev && prev->addr + prev->size > cap)
        diags_.error("V924", f.span(),
                     "kernel '" + f.name() + "' uses " + std::to_string(prev->addr + prev->size) +
                         " bytes of " + std::string(memorySpaceName(space)) + " but " + soc_.name +
                         " has " + std::to_string(cap) + " bytes available");
    }
  }

  DiagnosticEngine &diags_;
  const SocDesc &soc_;
  std::unordered_map<const Var *, Placed> placed_;
};
} // namespace

void verifyAllocatedMemoryAddr(const Program &p, DiagnosticEngine &diags) {
  AddrChecker checker(diags, platformSoc(PassContext::current().platform()));
  checker.visitProgram(p);
}

} // namespace pl::passes
