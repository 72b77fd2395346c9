// HasMemRefs verifier: every tile of a kernel lives in a buffer opened by a `tile.alloc`.
//
// Holds when, in every InCore / AIC / AIV function, each tile variable bound in the body
// (assignment, loop carry, result variable; not parameters) has a MemRef whose base is a
// variable bound by a `tile.alloc` of the same function, in the tile's memory space, and the
// MemRef's size fits in that allocation.
//
// Codes: V911 tile without a MemRef · V912 MemRef base not bound by a tile.alloc, or in another
// memory space · V913 MemRef larger than its allocation.
#include "passes/verifiers/verifier_visitor.h"

#include "ir/op_registry.h"

#include <unordered_map>

namespace pl::passes {

namespace {
using namespace ir;

struct AllocInfo {
  MemorySpace space;
  int64_t size;
};

/// base Var → its tile.alloc, for one function.
class AllocFinder : public IRVisitor {
public:
  AllocFinder() { visitTypes_ = false; }
  void visitAssign(const Assign &s) override {
    auto *c = dynCast<Call>(s.value());
    if (!c || !c->target().isOp() || c->target().op->name() != "tile.alloc")
      return;
    auto *space = findAttr(c->kwargs(), "target_memory");
    auto *size = findAttr(c->kwargs(), "size");
    if (space && size && std::holds_alternative<MemorySpace>(*space) &&
        std::holds_alternative<int64_t>(*size))
      allocs[s.var().get()] = {std::get<MemorySpace>(*space), std::get<int64_t>(*size)};
  }
  std::unordered_map<const Var *, AllocInfo> allocs;
};

class MemRefChecker : public VerifierVisitor {
public:
  using VerifierVisitor::VerifierVisitor;

  void visitFunction(const Function &f) override {
    if (!isKernel(f.type()))
      return;
    AllocFinder finder;
    finder.visitFunction(f);
    allocs_ = std::move(finder.allocs);
    visitStmt(f.body()); // parameters carry no MemRef
  }

  void visitVarDef(const VarPtr &v) override {
    auto *t = dynCast<TileType>(v->type());
    if (!t)
      return;
    if (!t->memref()) {
      diags_.error("V911", v->span(),
                   "tile '" + v->name() + "' has no MemRef; expected one (run init-mem-ref)");
      return;
    }
    const MemRef &m = *t->memref();
    auto it = m.base() ? allocs_.find(m.base().get()) : allocs_.end();
    if (it == allocs_.end() || it->second.space != t->memorySpace()) {
      diags_.error("V912", v->span(),
                   "MemRef '" + m.name() + "' of tile '" + v->name() +
                       "' is not based on a 'tile.alloc' of its memory space in this function");
      return;
    }
    if (m.size() > it->second.size)
      diags_.error("V913", v->span(),
                   "MemRef '" + m.name() + "' of tile '" + v->name() + "' has " +
                       std::to_string(m.size()) + " bytes but its allocation has " +
                       std::to_string(it->second.size));
  }

private:
  std::unordered_map<const Var *, AllocInfo> allocs_;
};
} // namespace

void verifyHasMemRefs(const Program &p, DiagnosticEngine &diags) {
  runVerifier<MemRefChecker>(p, diags);
}

} // namespace pl::passes
