// InferTileMemorySpace: one memory space per kernel tile value (see infer_tile_memory_space.h).
#include "passes/infer_tile_memory_space.h"

#include "ir/mutator.h"
#include "ir/op_registry.h"
#include "ir/visitor.h"
#include "passes/utils/tile_classes.h"

#include <algorithm>
#include <unordered_map>

namespace pl::passes {

namespace {
using namespace ir;

const std::vector<MemorySpace> kVecMat = {MemorySpace::Vec, MemorySpace::Mat};
const std::vector<MemorySpace> kAnyOnChip = {
    MemorySpace::Vec,  MemorySpace::Mat,  MemorySpace::Left,      MemorySpace::Right,
    MemorySpace::Acc,  MemorySpace::Bias, MemorySpace::LeftScale, MemorySpace::RightScale};

std::string spaceStr(MemorySpace s) { return std::string(memorySpaceName(s)); }

std::string spacesStr(const std::vector<MemorySpace> &ss) {
  std::string out;
  for (size_t i = 0; i < ss.size(); ++i)
    out += (i ? (i + 1 == ss.size() ? " or " : ", ") : "") + spaceStr(ss[i]);
  return out;
}

bool contains(const std::vector<MemorySpace> &ss, MemorySpace s) {
  return std::find(ss.begin(), ss.end(), s) != ss.end();
}

/// Producers whose space follows demand when no target_memory is given, and what they can make.
const std::vector<MemorySpace> *retargetableSpaces(const Op &op) {
  if (op.name() == "tile.load")
    return &kVecMat;
  if (op.name() == "tile.create" || op.name() == "tile.full")
    return &kAnyOnChip;
  return nullptr;
}

struct Fixed {
  MemorySpace space;
  const Var *var;
  Span span;
  std::string why; ///< "result of 'tile.matmul'"
};
struct Demand {
  std::vector<MemorySpace> allowed;
  const Var *var;
  Span span;
  std::string what; ///< "argument 'lhs' of 'tile.matmul'"
};
struct Retarget {
  const std::vector<MemorySpace> *allowed;
  const Var *var;
  Span span;
  std::string op;
};

/// Collects the classes of values sharing a space and their fixed producers and demands.
class SpaceFacts : public TileClasses {
public:
  void visitFunction(const Function &f) override {
    for (auto &p : f.params())
      if (auto *t = dynCast<TileType>(p.var->type()); t && t->memorySpace())
        fixed_.push_back({*t->memorySpace(), p.var.get(), p.var->span(), "a parameter"});
    TileClasses::visitFunction(f);
  }

  void visitVarDef(const VarPtr &v) override {
    if (isa<TileType>(v->type()) && add(v.get()))
      order_.push_back(v.get());
  }

  void visitAssign(const Assign &s) override {
    TileClasses::visitAssign(s);
    if (isa<TileType>(s.var()->type()))
      classify(s);
  }

  void visitCall(const Call &c) override {
    TileClasses::visitCall(c);
    if (!c.target().isOp())
      return;
    const Op &op = *c.target().op;
    for (size_t i = 0; i < c.args().size() && i < op.argSpaces.size(); ++i)
      if (const Var *v = tileVar(c.args()[i]); v && !op.argSpaces[i].empty()) {
        std::string arg = i < op.argNames.size() ? op.argNames[i] : std::to_string(i);
        demands_.push_back({op.argSpaces[i], v, c.span(),
                            "argument '" + arg + "' of '" + op.name() + "'"});
      }
  }

  std::vector<const Var *> order_; ///< tile variables in definition order
  std::vector<Fixed> fixed_;
  std::vector<Demand> demands_;
  std::vector<Retarget> retargets_;

private:
  void fixDeclared(const Assign &s) {
    if (auto sp = dynCast<TileType>(s.var()->type())->memorySpace())
      fixed_.push_back({*sp, s.var().get(), s.span(), "its declared type"});
  }

  void classify(const Assign &s) {
    const Var *v = s.var().get();
    if (const Var *src = tileVar(s.value()))
      return unite(v, src);
    auto *c = dynCast<Call>(s.value());
    if (!c || !c->target().isOp())
      return fixDeclared(s);
    const Op &op = *c->target().op;
    if (op.resultSpaceKwarg)
      if (auto *a = findAttr(c->kwargs(), *op.resultSpaceKwarg))
        if (auto *m = std::get_if<MemorySpace>(a))
          return fixed_.push_back({*m, v, s.span(), "'target_memory' of '" + op.name() + "'"});
    if (auto *allowed = retargetableSpaces(op))
      return retargets_.push_back({allowed, v, s.span(), op.name()});
    if (op.resultSpaceFromArg) {
      size_t i = static_cast<size_t>(*op.resultSpaceFromArg);
      if (const Var *src = i < c->args().size() ? tileVar(c->args()[i]) : nullptr)
        return unite(v, src);
    }
    if (op.resultSpace)
      return fixed_.push_back({*op.resultSpace, v, s.span(), "result of '" + op.name() + "'"});
    fixDeclared(s);
  }
};

/// Solves each class; reports conflicts. Fills `space` for every tile variable.
class SpaceSolver {
public:
  SpaceSolver(SpaceFacts &facts, DiagnosticEngine &diags) : facts_(facts), diags_(diags) {}

  bool solve(std::unordered_map<const Var *, MemorySpace> &space) {
    unsigned before = diags_.errorCount();
    std::unordered_map<const Var *, ClassFacts> classes;
    for (const Fixed &f : facts_.fixed_)
      classes[facts_.find(f.var)].fixed.push_back(&f);
    for (const Demand &d : facts_.demands_)
      classes[facts_.find(d.var)].demands.push_back(&d.allowed);
    std::unordered_map<const Var *, MemorySpace> classSpace;
    for (const Var *v : facts_.order_) {
      const Var *root = facts_.find(v);
      if (!classSpace.count(root))
        classSpace[root] = choose(classes[root]);
      space[v] = classSpace[root];
    }
    for (auto &r : facts_.retargets_)
      if (MemorySpace s = space.at(r.var); !contains(*r.allowed, s))
        diags_.error("MS003", r.span,
                     "'" + r.var->name() + "' is produced by '" + r.op + "' but must be in " +
                         spaceStr(s) + "; expected " + spacesStr(*r.allowed) +
                         " (produce it there and 'tile.move' it)");
    for (auto &d : facts_.demands_)
      if (MemorySpace s = space.at(d.var); !contains(d.allowed, s))
        diags_.error("MS002", d.span,
                     "'" + d.var->name() + "' is in " + spaceStr(s) + " but " + d.what +
                         " must be in " + spacesStr(d.allowed) + "; expected a 'tile.move' to " +
                         spaceStr(d.allowed.front()) + " first");
    return diags_.errorCount() == before;
  }

private:
  /// The facts of one class, grouped once per solve (linear in the facts).
  struct ClassFacts {
    std::vector<const Fixed *> fixed;
    std::vector<const std::vector<MemorySpace> *> demands;
  };

  MemorySpace choose(const ClassFacts &c) {
    const Fixed *first = nullptr;
    for (const Fixed *f : c.fixed) {
      if (!first) {
        first = f;
      } else if (f->space != first->space) {
        conflict(*first, *f);
        return first->space;
      }
    }
    if (first)
      return first->space;
    // The first demand's preferred space that every demand of the class accepts (a Vec load
    // that pl::extract reads, Mat first, and tile.exp reads, Vec only, is Vec), else the first
    // demand's (its MS002 names the demand it misses). At most two candidates: Vec and Mat.
    std::vector<MemorySpace> candidates;
    for (const auto *allowed : c.demands)
      if (MemorySpace s = allowed->front();
          contains(kVecMat, s) &&
          std::find(candidates.begin(), candidates.end(), s) == candidates.end())
        candidates.push_back(s);
    for (MemorySpace s : candidates)
      if (std::all_of(c.demands.begin(), c.demands.end(),
                      [&](const auto *a) { return contains(*a, s); }))
        return s;
    return candidates.empty() ? MemorySpace::Vec : candidates.front();
  }

  void conflict(const Fixed &a, const Fixed &b) {
    std::string what = a.var == b.var ? "'" + a.var->name() + "'"
                                      : "'" + b.var->name() + "' (one buffer class with '" +
                                            a.var->name() + "')";
    diags_.error("MS001", b.span,
                 what + " must be in " + spaceStr(a.space) + " (" + a.why + ") and in " +
                     spaceStr(b.space) + " (" + b.why +
                     "); values joined by an alias, a loop carry or an if-phi share one memory "
                     "space; expected a 'tile.move' between them");
  }

  SpaceFacts &facts_;
  DiagnosticEngine &diags_;
};

/// Retypes variables and the calls that produce them.
class SpaceRewriter : public IRMutator {
public:
  explicit SpaceRewriter(const std::unordered_map<const Var *, MemorySpace> &space)
      : space_(space) {}

  VarPtr mutateVarDef(const VarPtr &v) override {
    auto *t = dynCast<TileType>(v->type());
    auto it = space_.find(v.get());
    if (!t || it == space_.end() || t->memorySpace() == it->second)
      return IRMutator::mutateVarDef(v);
    auto nv = Var::make(v->name(), withSpace(*t, it->second), v->span());
    remap(v, nv);
    return nv;
  }

  StmtPtr mutateAssign(const std::shared_ptr<const Assign> &s) override {
    auto value = mutateExpr(s->value());
    auto var = mutateVarDef(s->var());
    auto it = space_.find(s->var().get());
    if (auto c = as<Call>(value); c && it != space_.end())
      value = retypeCall(c, it->second);
    if (value == s->value() && var == s->var())
      return s;
    return Assign::make(var, value, s->span());
  }

private:
  static TypePtr withSpace(const TileType &t, MemorySpace s) {
    return TileType::make(t.dtype(), t.shape(), s, t.view(), t.memref());
  }

  ExprPtr retypeCall(const std::shared_ptr<const Call> &c, MemorySpace want) {
    auto *t = dynCast<TileType>(c->type());
    if (!t || !c->target().isOp() || t->memorySpace() == want)
      return c;
    AttrList kwargs = c->kwargs();
    if (retargetableSpaces(*c->target().op) && !findAttr(kwargs, "target_memory"))
      kwargs.emplace_back("target_memory", want);
    return Call::make(c->target(), c->args(), std::move(kwargs), c->attrs(), withSpace(*t, want),
                      c->span());
  }

  const std::unordered_map<const Var *, MemorySpace> &space_;
};
} // namespace

FunctionPtr inferTileMemorySpace(const FunctionPtr &f, DiagnosticEngine &diags) {
  if (!isKernel(f->type()))
    return f;
  SpaceFacts facts;
  facts.visitFunction(*f);
  std::unordered_map<const Var *, MemorySpace> space;
  if (!SpaceSolver(facts, diags).solve(space))
    return nullptr;
  SpaceRewriter rewriter(space);
  return rewriter.mutateFunction(f);
}

PL_DEFINE_FUNCTION_PASS(InferTileMemorySpace, inferTileMemorySpace)

} // namespace pl::passes
