// Structural equality, hashing and first-mismatch description of IR trees (names and spans
// ignored), all three from one walk.
//
// The walk (class Walk) visits two trees side by side. Every compared leaf goes through
// `agree(what, lhs, rhs, ...)`: comparing, it checks lhs == rhs and describes a mismatch;
// hashing, it runs on (tree, tree) and mixes lhs into the hash instead. Equality and hashing are
// therefore the same traversal over the same fields, so equal trees hash equally by
// construction (there is no second, mirrored traversal to keep in step).
//
// Variables: a binding site (param, Assign target, loop var, iter_arg var, If/For/While return
// var, a Scope's task id) binds the lhs Var to the rhs Var, bijectively; later uses must follow
// that map. Re-binding the same pair again is allowed (non-SSA IR assigns one Var several
// times). A Scope's task id is bound after its body. A MemRef is bound on first sight (it is
// "defined" by the tile type that mentions it) after its fields compare equal; an unbound MemRef
// base is bound the same way. Other free variables compare by identity unless `mapFreeVars`,
// which binds them on first sight. Hashing numbers the bindings in walk order and hashes a use by
// its number; a free variable hashes by `Var::id()` (identity mode) or its number (mapFreeVars).
#include "ir/structural_equal.h"
#include "ir/op_registry.h"

#include <bit>
#include <cstdio>
#include <type_traits>
#include <unordered_map>

namespace pl::ir {

namespace {

constexpr const char *kTypeKinds[] = {"Unknown", "Scalar", "Tensor", "Tile",
                                      "Tuple",   "MemRef", "Ptr",    "Array"};

// (The kind names are string literals, so data() is NUL-terminated.)
const char *kindName(ExprKind k) { return exprKindName(k).data(); }
const char *kindName(StmtKind k) { return stmtKindName(k).data(); }
const char *kindName(TypeKind k) { return kTypeKinds[static_cast<size_t>(k)]; }

std::string quote(std::string_view s) { return "'" + std::string(s) + "'"; }

std::string floatStr(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

std::string describeVar(const Var &v) {
  return quote(v.name()) + " (var #" + std::to_string(v.id()) + ")";
}

/// A compact one-line rendering of an expression for mismatch messages.
std::string brief(const ExprPtr &e, int depth = 0) {
  if (!e)
    return "<null>";
  if (depth > 2)
    return "...";
  auto list = [&](const ExprList &es) {
    std::string s;
    for (size_t i = 0; i < es.size(); ++i)
      s += (i ? ", " : "") + brief(es[i], depth + 1);
    return s;
  };
  switch (e->kind()) {
  case ExprKind::Var:
    return describeVar(static_cast<const Var &>(*e));
  case ExprKind::MemRef:
    return "memref " + describeVar(static_cast<const Var &>(*e));
  case ExprKind::ConstInt: {
    auto &c = static_cast<const ConstInt &>(*e);
    return std::to_string(c.value()) + ":" + std::string(dtypeName(c.dtype()));
  }
  case ExprKind::ConstFloat: {
    auto &c = static_cast<const ConstFloat &>(*e);
    return floatStr(c.value()) + ":" + std::string(dtypeName(c.dtype()));
  }
  case ExprKind::ConstBool:
    return static_cast<const ConstBool &>(*e).value() ? "true" : "false";
  case ExprKind::Binary: {
    auto &b = static_cast<const Binary &>(*e);
    return "(" + brief(b.lhs(), depth + 1) + " " + std::string(binaryOpSpelling(b.op())) + " " +
           brief(b.rhs(), depth + 1) + ")";
  }
  case ExprKind::Unary: {
    auto &u = static_cast<const Unary &>(*e);
    return std::string(unaryOpName(u.op())) + "(" + brief(u.operand(), depth + 1) + ")";
  }
  case ExprKind::Call: {
    auto &c = static_cast<const Call &>(*e);
    return c.target().name() + "(" + list(c.args()) + ")";
  }
  case ExprKind::Submit: {
    auto &c = static_cast<const Submit &>(*e);
    return "submit " + c.target().name() + "(" + list(c.args()) + ")";
  }
  case ExprKind::MakeTuple:
    return "(" + list(static_cast<const MakeTuple &>(*e).elements()) + ")";
  case ExprKind::TupleGetItem: {
    auto &t = static_cast<const TupleGetItem &>(*e);
    return brief(t.tuple(), depth + 1) + "[" + std::to_string(t.index()) + "]";
  }
  }
  return "?";
}

std::string attrStr(const AttrValue &v) {
  return std::visit(
      [](const auto &x) -> std::string {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, bool>)
          return x ? "true" : "false";
        else if constexpr (std::is_same_v<T, int64_t>)
          return std::to_string(x);
        else if constexpr (std::is_same_v<T, double>)
          return floatStr(x);
        else if constexpr (std::is_same_v<T, std::string>)
          return "\"" + x + "\"";
        else if constexpr (std::is_same_v<T, DataType>)
          return std::string(dtypeName(x));
        else if constexpr (std::is_same_v<T, MemorySpace>)
          return std::string(memorySpaceName(x));
        else if constexpr (std::is_same_v<T, ExprPtr>)
          return brief(x);
        else
          return "[" + std::to_string(x.size()) + " elements]";
      },
      v);
}

template <typename T, typename F> std::string optStr(const std::optional<T> &o, F name) {
  return o ? std::string(name(*o)) : std::string("<none>");
}

/// Hash input for one compared leaf value (every type `agree` is called with).
struct Mixer {
  uint64_t h = 0;
  void mix(uint64_t v) { h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2); }
  template <typename T> void value(const T &x) {
    if constexpr (std::is_same_v<T, std::string>)
      mix(std::hash<std::string>{}(x));
    else if constexpr (std::is_pointer_v<T>)
      mix(reinterpret_cast<uintptr_t>(x));
    else if constexpr (std::is_enum_v<T> || std::is_integral_v<T>)
      mix(static_cast<uint64_t>(x));
    else if constexpr (requires { x.has_value(); }) { // std::optional
      mix(x.has_value());
      if (x)
        value(*x);
    } else if constexpr (requires { x.first; }) { // std::pair
      value(x.first);
      value(x.second);
    } else { // std::vector
      mix(x.size());
      for (auto &e : x)
        value(e);
    }
  }
};

//===----------------------------------------------------------------------===//
// The walk: equality, or (on one tree twice) hashing
//===----------------------------------------------------------------------===//

struct PathElem {
  PathElem(const char *l, long i = -1, const char *m = nullptr, const char *k = nullptr,
           std::string n = {})
      : label(l), index(i), member(m), kind(k), name(std::move(n)) {}
  const char *label;
  long index = -1;
  const char *member = nullptr;
  const char *kind = nullptr;
  std::string name;
};

class Equal {
public:
  /// With `hashing`, call each entry point with the same tree on both sides and read hash().
  explicit Equal(bool mapFreeVars, bool hashing = false)
      : mapFree_(mapFreeVars), hashing_(hashing) {}
  size_t hash() const { return mixer_.h; }

  bool program(const Program &a, const Program &b);
  bool function(const Function &a, const Function &b);
  bool stmt(const StmtPtr &a, const StmtPtr &b);
  bool expr(const ExprPtr &a, const ExprPtr &b);
  bool type(const TypePtr &a, const TypePtr &b);
  const std::optional<std::string> &mismatch() const { return mismatch_; }

private:
  /// Pushes one path element for the lifetime of the guard.
  struct Step {
    Step(Equal &e, PathElem p) : eq(e) { eq.path_.push_back(std::move(p)); }
    ~Step() { eq.path_.pop_back(); }
    Equal &eq;
  };

  /// Tags mixed at fixed points of the walk (what kind of variable event follows).
  enum Tag : uint64_t { Def = 0x51, Redef, Use, Free };

  bool fail(const std::string &msg);
  /// The one leaf comparison: x == y (else a mismatch naming `what` and both sides, rendered by
  /// `sides`), or, hashing, x mixed into the hash.
  template <typename T, typename F> bool agree(const char *what, const T &x, const T &y, F sides) {
    return agreeMsg(x, y, [&] {
      auto [l, r] = sides();
      return std::string(what) + ": lhs " + l + " vs rhs " + r;
    });
  }
  /// agree() with the whole mismatch message from `message`.
  template <typename T, typename F> bool agreeMsg(const T &x, const T &y, F message) {
    if (hashing_) {
      mixer_.value(x);
      return true;
    }
    return x == y || fail(message());
  }
  /// Hashing: mixes a variable event and, for a bound Var, its binding number. (Comparing,
  /// the bijection maps check the same event.)
  void mark(Tag t, const Var *bound = nullptr) {
    if (!hashing_)
      return;
    mixer_.mix(t);
    if (bound)
      mixer_.mix(numberOf(bound));
  }
  /// The binding number of a bound Var (hashing).
  uint64_t numberOf(const Var *v) const {
    auto it = numbers_.find(v);
    return it == numbers_.end() ? 0 : it->second;
  }
  /// agree() on an enum, rendered by its enumName.
  template <typename T> bool enums(const char *what, T x, T y) {
    return agree(what, x, y,
                 [&] { return std::pair{std::string(enumName(x)), std::string(enumName(y))}; });
  }
  bool dtypes(DataType x, DataType y) {
    return agree("dtype", x, y,
                 [&] { return std::pair{std::string(dtypeName(x)), std::string(dtypeName(y))}; });
  }
  /// agree() on whether an optional part (a type's view) is present.
  template <typename T>
  bool presence(const char *what, const std::optional<T> &x, const std::optional<T> &y) {
    return agree(what, x.has_value(), y.has_value(),
                 [&] { return std::pair{x ? "present" : "absent", y ? "present" : "absent"}; });
  }
  /// Renders two integers for a mismatch message.
  template <typename T> static auto nums(T x, T y) {
    return [=] { return std::pair{std::to_string(x), std::to_string(y)}; };
  }
  /// 0 for null, else 1 + the node's kind: presence and kind compared at once.
  template <typename P> static unsigned kindKey(const P &n) {
    return n ? 1u + static_cast<unsigned>(n->kind()) : 0u;
  }
  template <typename T, typename F>
  bool list(const char *label, const std::vector<T> &a, const std::vector<T> &b, F each) {
    if (!agree(label, a.size(), b.size(), [&] {
          return std::pair{std::to_string(a.size()) + " entries",
                           std::to_string(b.size()) + " entries"};
        }))
      return false;
    for (size_t i = 0; i < a.size(); ++i) {
      Step s(*this, {label, static_cast<long>(i)});
      if (!each(a[i], b[i]))
        return false;
    }
    return true;
  }
  bool exprAt(const char *label, const ExprPtr &a, const ExprPtr &b) {
    Step s(*this, {label});
    return expr(a, b);
  }
  bool exprs(const char *label, const ExprList &a, const ExprList &b) {
    return list(label, a, b, [&](const ExprPtr &x, const ExprPtr &y) { return expr(x, y); });
  }
  bool stmtAt(const char *label, const StmtPtr &a, const StmtPtr &b) {
    Step s(*this, {label});
    return stmt(a, b);
  }
  bool typeAt(const char *label, const TypePtr &a, const TypePtr &b) {
    Step s(*this, {label});
    return type(a, b);
  }

  /// Binds a to b; hashing, numbers a in binding order.
  void bind(const Var *a, const Var *b) {
    l2r_[a] = b;
    r2l_[b] = a;
    if (hashing_)
      numbers_.emplace(a, numbers_.size());
  }
  bool defVar(const VarPtr &a, const VarPtr &b);
  bool defVars(const char *label, const std::vector<VarPtr> &a, const std::vector<VarPtr> &b) {
    return list(label, a, b, [&](const VarPtr &x, const VarPtr &y) { return defVar(x, y); });
  }
  bool useVar(const Var &a, const Var &b);
  bool taskIdDef(const VarPtr &a, const VarPtr &b) {
    Step s(*this, {"task_id"});
    return defVar(a, b);
  }
  bool memref(const MemRef &a, const MemRef &b);
  bool memrefBase(const Var &a, const Var &b);
  bool iterArgs(const std::vector<IterArg> &a, const std::vector<IterArg> &b);
  bool attrs(const char *label, const AttrList &a, const AttrList &b);
  bool attrValue(const AttrValue &a, const AttrValue &b);
  bool target(const CallTarget &a, const CallTarget &b);
  bool exprFields(const ExprPtr &a, const ExprPtr &b);
  bool call(const Call &a, const Call &b);
  bool submit(const Submit &a, const Submit &b);
  bool stmtFields(const Stmt &a, const Stmt &b);
  bool ifStmt(const If &a, const If &b);
  bool forStmt(const For &a, const For &b);
  bool whileStmt(const While &a, const While &b);
  bool seq(const Seq &a, const Seq &b);
  bool tensorType(const TensorType &a, const TensorType &b);
  bool tileType(const TileType &a, const TileType &b);
  bool tileView(const TileView &a, const TileView &b);

  bool mapFree_;
  bool hashing_;
  Mixer mixer_;
  std::unordered_map<const Var *, const Var *> l2r_, r2l_;
  std::unordered_map<const Var *, uint64_t> numbers_; ///< hashing: binding order
  std::vector<PathElem> path_;
  std::optional<std::string> mismatch_;
};

bool Equal::fail(const std::string &msg) {
  if (mismatch_)
    return false;
  std::string out;
  for (auto &p : path_) {
    if (!out.empty() && p.label[0] != '.')
      out += " > ";
    out += p.label;
    if (p.index >= 0)
      out += "[" + std::to_string(p.index) + "]";
    if (p.member)
      out += std::string(".") + p.member;
    if (!p.name.empty())
      out += " " + quote(p.name);
    if (p.kind)
      out += std::string(" (") + p.kind + ")";
  }
  mismatch_ = (out.empty() ? std::string() : out + ": ") + msg;
  return false;
}

bool Equal::defVar(const VarPtr &a, const VarPtr &b) {
  if (!agree("var", a != nullptr, b != nullptr, [&] {
        return std::pair{a ? describeVar(*a) : "<null>", b ? describeVar(*b) : "<null>"};
      }))
    return false;
  if (!a)
    return true;
  if (isa<MemRef>(a) || isa<MemRef>(b))
    return useVar(*a, *b);
  if (!typeAt("type", a->type(), b->type()))
    return false;
  auto ia = l2r_.find(a.get());
  auto ib = r2l_.find(b.get());
  if (ia == l2r_.end() && ib == r2l_.end()) {
    mark(Def);
    bind(a.get(), b.get());
    return true;
  }
  if (ia != l2r_.end() && ia->second == b.get()) { // re-definition of a bound pair (non-SSA)
    mark(Redef, a.get());
    return true;
  }
  return fail("definition: lhs " + describeVar(*a) + " vs rhs " + describeVar(*b) +
              ": already bound to different variables");
}

bool Equal::useVar(const Var &a, const Var &b) {
  auto sides = [&] { return "lhs " + describeVar(a) + " vs rhs " + describeVar(b); };
  if (!agree("variable kind", a.kind(), b.kind(),
             [&] { return std::pair{describeVar(a), describeVar(b)}; }))
    return false;
  if (auto it = l2r_.find(&a); it != l2r_.end()) {
    if (it->second != &b)
      return fail(sides() + ": lhs is bound to rhs " + describeVar(*it->second));
    mark(Use, &a);
    return true;
  }
  if (auto it = r2l_.find(&b); it != r2l_.end())
    return fail(sides() + ": rhs is bound to lhs " + describeVar(*it->second));
  if (isa<MemRef>(&a))
    return memref(static_cast<const MemRef &>(a), static_cast<const MemRef &>(b));
  mark(Free);
  if (!mapFree_) // identity; ids are unique, so equal ids mean the same Var
    return agreeMsg(a.id(), b.id(), [&] { return sides() + ": different free variables"; });
  if (!typeAt("type", a.type(), b.type()))
    return false;
  bind(&a, &b);
  return true;
}

bool Equal::memref(const MemRef &a, const MemRef &b) {
  Step s(*this, {"memref", -1, nullptr, nullptr, a.name()});
  if (!agree("size", a.size(), b.size(), nums(a.size(), b.size())) ||
      !agree("pinned", a.pinned(), b.pinned(), nums(a.pinned(), b.pinned())) ||
      !agree("slot_count", a.slotCount(), b.slotCount(), nums(a.slotCount(), b.slotCount())) ||
      !agree("slot_index", a.slotIndex(), b.slotIndex(), nums(a.slotIndex(), b.slotIndex())))
    return false;
  {
    Step sb(*this, {"base"});
    if (!agree("base", a.base() != nullptr, b.base() != nullptr, [&] {
          return std::pair{a.base() ? describeVar(*a.base()) : "<null>",
                           b.base() ? describeVar(*b.base()) : "<null>"};
        }))
      return false;
    if (a.base() && !memrefBase(*a.base(), *b.base()))
      return false;
  }
  if (!exprAt("byte_offset", a.byteOffset(), b.byteOffset()))
    return false;
  bind(&a, &b);
  return true;
}

/// A MemRef base not bound elsewhere is bound where the MemRef is first seen.
bool Equal::memrefBase(const Var &a, const Var &b) {
  if (l2r_.count(&a) || r2l_.count(&b) || a.kind() != b.kind())
    return useVar(a, b);
  if (isa<MemRef>(&a))
    return useVar(a, b);
  if (!typeAt("type", a.type(), b.type()))
    return false;
  mark(Def);
  bind(&a, &b);
  return true;
}

bool Equal::iterArgs(const std::vector<IterArg> &a, const std::vector<IterArg> &b) {
  if (!list("iter_args", a, b,
            [&](const IterArg &x, const IterArg &y) { return exprAt(".init", x.init, y.init); }))
    return false;
  return list("iter_args", a, b, [&](const IterArg &x, const IterArg &y) {
    Step s(*this, {".var"});
    return defVar(x.var, y.var);
  });
}

bool Equal::attrs(const char *label, const AttrList &a, const AttrList &b) {
  return list(label, a, b, [&](const auto &x, const auto &y) {
    if (!agree("key", x.first, y.first, [&] {
          return std::pair{quote(x.first), quote(y.first)};
        }))
      return false;
    Step s(*this, {"value", -1, nullptr, nullptr, x.first});
    return attrValue(x.second, y.second);
  });
}

bool Equal::attrValue(const AttrValue &a, const AttrValue &b) {
  if (!agree("value kind", a.index(), b.index(), [&] {
        return std::pair{attrStr(a), attrStr(b)};
      }))
    return false;
  return std::visit(
      [&](const auto &x) -> bool {
        using T = std::decay_t<decltype(x)>;
        const T &y = std::get<T>(b);
        if constexpr (std::is_same_v<T, double>)
          return agree("value", std::bit_cast<uint64_t>(x), std::bit_cast<uint64_t>(y), [&] {
            return std::pair{floatStr(x), floatStr(y)};
          });
        else if constexpr (std::is_same_v<T, ExprPtr>)
          return expr(x, y);
        else if constexpr (std::is_same_v<T, ExprList>)
          return exprs("elements", x, y);
        else
          return agree("value", x, y, [&] { return std::pair{attrStr(a), attrStr(b)}; });
      },
      a);
}

bool Equal::target(const CallTarget &a, const CallTarget &b) {
  auto key = [](const CallTarget &t) { return std::pair{t.op, t.op ? std::string() : t.function}; };
  return agree("target", key(a), key(b),
               [&] { return std::pair{quote(a.name()), quote(b.name())}; });
}

bool Equal::expr(const ExprPtr &a, const ExprPtr &b) {
  if (!agree("expr", kindKey(a), kindKey(b), [&] {
        auto side = [](const ExprPtr &e) {
          return e ? std::string(kindName(e->kind())) + " " + brief(e) : std::string("<null>");
        };
        return std::pair{side(a), side(b)};
      }))
    return false;
  if (!a)
    return true;
  if (auto *va = dynCast<Var>(a))
    return useVar(*va, static_cast<const Var &>(*b));
  if (!exprFields(a, b))
    return false;
  return typeAt("type", a->type(), b->type());
}

bool Equal::exprFields(const ExprPtr &a, const ExprPtr &b) {
  auto value = [&](auto x, auto y) {
    return agree("value", x, y, [&] { return std::pair{brief(a), brief(b)}; });
  };
  switch (a->kind()) {
  case ExprKind::ConstInt:
    return value(static_cast<const ConstInt &>(*a).value(),
                 static_cast<const ConstInt &>(*b).value());
  case ExprKind::ConstFloat:
    return value(std::bit_cast<uint64_t>(static_cast<const ConstFloat &>(*a).value()),
                 std::bit_cast<uint64_t>(static_cast<const ConstFloat &>(*b).value()));
  case ExprKind::ConstBool:
    return value(static_cast<const ConstBool &>(*a).value(),
                 static_cast<const ConstBool &>(*b).value());
  case ExprKind::Binary: {
    auto &x = static_cast<const Binary &>(*a), &y = static_cast<const Binary &>(*b);
    return agree("op", x.op(), y.op(),
                 [&] {
                   return std::pair{std::string(binaryOpName(x.op())),
                                    std::string(binaryOpName(y.op()))};
                 }) &&
           exprAt("lhs", x.lhs(), y.lhs()) && exprAt("rhs", x.rhs(), y.rhs());
  }
  case ExprKind::Unary: {
    auto &x = static_cast<const Unary &>(*a), &y = static_cast<const Unary &>(*b);
    return agree("op", x.op(), y.op(),
                 [&] {
                   return std::pair{std::string(unaryOpName(x.op())),
                                    std::string(unaryOpName(y.op()))};
                 }) &&
           exprAt("operand", x.operand(), y.operand());
  }
  case ExprKind::Call:
    return call(static_cast<const Call &>(*a), static_cast<const Call &>(*b));
  case ExprKind::Submit:
    return submit(static_cast<const Submit &>(*a), static_cast<const Submit &>(*b));
  case ExprKind::MakeTuple:
    return exprs("elements", static_cast<const MakeTuple &>(*a).elements(),
                 static_cast<const MakeTuple &>(*b).elements());
  case ExprKind::TupleGetItem: {
    auto &x = static_cast<const TupleGetItem &>(*a), &y = static_cast<const TupleGetItem &>(*b);
    return agree("index", x.index(), y.index(),
                 [&] {
                   return std::pair{std::to_string(x.index()), std::to_string(y.index())};
                 }) &&
           exprAt("tuple", x.tuple(), y.tuple());
  }
  case ExprKind::Var:
  case ExprKind::MemRef:
    break; // handled by useVar
  }
  return true;
}

bool Equal::call(const Call &a, const Call &b) {
  return target(a.target(), b.target()) && exprs("args", a.args(), b.args()) &&
         attrs("kwargs", a.kwargs(), b.kwargs()) && attrs("attrs", a.attrs(), b.attrs());
}

bool Equal::submit(const Submit &a, const Submit &b) {
  auto flag = [](bool v) { return std::string(v ? "true" : "false"); };
  return target(a.target(), b.target()) && exprs("args", a.args(), b.args()) &&
         exprs("deps", a.deps(), b.deps()) && exprAt("core_num", a.coreNum(), b.coreNum()) &&
         agree("sync_start", a.syncStart(), b.syncStart(),
               [&] { return std::pair{flag(a.syncStart()), flag(b.syncStart())}; }) &&
         agree(
             "allow_early_resolve", a.allowEarlyResolve(), b.allowEarlyResolve(),
             [&] { return std::pair{flag(a.allowEarlyResolve()), flag(b.allowEarlyResolve())}; }) &&
         exprAt("predicate", a.predicate(), b.predicate()) && attrs("attrs", a.attrs(), b.attrs());
}

bool Equal::stmt(const StmtPtr &a, const StmtPtr &b) {
  if (!agree("stmt", kindKey(a), kindKey(b), [&] {
        auto side = [](const StmtPtr &s) {
          return s ? std::string(kindName(s->kind())) : std::string("<null>");
        };
        return std::pair{side(a), side(b)};
      }))
    return false;
  return !a || stmtFields(*a, *b);
}

bool Equal::stmtFields(const Stmt &a, const Stmt &b) {
  switch (a.kind()) {
  case StmtKind::Assign: {
    auto &x = static_cast<const Assign &>(a), &y = static_cast<const Assign &>(b);
    if (!exprAt("value", x.value(), y.value()))
      return false;
    Step s(*this, {"var"});
    return defVar(x.var(), y.var());
  }
  case StmtKind::Eval:
    return exprAt("expr", static_cast<const Eval &>(a).expr(), static_cast<const Eval &>(b).expr());
  case StmtKind::Seq:
    return seq(static_cast<const Seq &>(a), static_cast<const Seq &>(b));
  case StmtKind::If:
    return ifStmt(static_cast<const If &>(a), static_cast<const If &>(b));
  case StmtKind::For:
    return forStmt(static_cast<const For &>(a), static_cast<const For &>(b));
  case StmtKind::While:
    return whileStmt(static_cast<const While &>(a), static_cast<const While &>(b));
  case StmtKind::Yield:
    return exprs("values", static_cast<const Yield &>(a).values(),
                 static_cast<const Yield &>(b).values());
  case StmtKind::Return:
    return exprs("values", static_cast<const Return &>(a).values(),
                 static_cast<const Return &>(b).values());
  case StmtKind::Break:
  case StmtKind::Continue:
    return true;
  case StmtKind::Scope: {
    auto &x = static_cast<const Scope &>(a), &y = static_cast<const Scope &>(b);
    return agree("scope kind", x.scopeKind(), y.scopeKind(),
                 [&] {
                   return std::pair{std::string(scopeKindName(x.scopeKind())),
                                    std::string(scopeKindName(y.scopeKind()))};
                 }) &&
           agree("name_hint", x.nameHint(), y.nameHint(),
                 [&] {
                   return std::pair{quote(x.nameHint()), quote(y.nameHint())};
                 }) &&
           attrs("attrs", x.attrs(), y.attrs()) && stmtAt("body", x.body(), y.body()) &&
           taskIdDef(x.taskId(), y.taskId());
  }
  }
  return true;
}

bool Equal::seq(const Seq &a, const Seq &b) {
  auto &xs = a.stmts(), &ys = b.stmts();
  size_t n = std::min(xs.size(), ys.size());
  for (size_t i = 0; i < n; ++i) {
    Step s(*this,
           {"stmt", static_cast<long>(i), nullptr, xs[i] ? kindName(xs[i]->kind()) : nullptr});
    if (!stmt(xs[i], ys[i]))
      return false;
  }
  // Reported after the common prefix so that the message points at the first extra statement.
  return agree("statement count", xs.size(), ys.size(), [&] {
    auto side = [&](const std::vector<StmtPtr> &v) {
      std::string s = std::to_string(v.size());
      if (v.size() > n && v[n])
        s += std::string(" (next: ") + kindName(v[n]->kind()) + ")";
      return s;
    };
    return std::pair{side(xs), side(ys)};
  });
}

bool Equal::ifStmt(const If &a, const If &b) {
  return exprAt("cond", a.cond(), b.cond()) && stmtAt("then", a.thenBody(), b.thenBody()) &&
         stmtAt("else", a.elseBody(), b.elseBody()) &&
         defVars("return_vars", a.returnVars(), b.returnVars());
}

bool Equal::forStmt(const For &a, const For &b) {
  if (!exprAt("start", a.start(), b.start()) || !exprAt("stop", a.stop(), b.stop()) ||
      !exprAt("step", a.step(), b.step()))
    return false;
  if (!agree("kind", a.forKind(), b.forKind(), [&] {
        return std::pair{std::string(forKindName(a.forKind())),
                         std::string(forKindName(b.forKind()))};
      }))
    return false;
  if (!attrs("attrs", a.attrs(), b.attrs()))
    return false;
  {
    Step s(*this, {"loop_var"});
    if (!defVar(a.loopVar(), b.loopVar()))
      return false;
  }
  return iterArgs(a.iterArgs(), b.iterArgs()) && stmtAt("body", a.body(), b.body()) &&
         defVars("return_vars", a.returnVars(), b.returnVars());
}

bool Equal::whileStmt(const While &a, const While &b) {
  return iterArgs(a.iterArgs(), b.iterArgs()) && exprAt("cond", a.cond(), b.cond()) &&
         stmtAt("body", a.body(), b.body()) &&
         defVars("return_vars", a.returnVars(), b.returnVars());
}

bool Equal::type(const TypePtr &a, const TypePtr &b) {
  if (!agree("type kind", kindKey(a), kindKey(b), [&] {
        auto side = [](const TypePtr &t) { return std::string(t ? kindName(t->kind()) : "<null>"); };
        return std::pair{side(a), side(b)};
      }))
    return false;
  if (!a)
    return true;
  switch (a->kind()) {
  case TypeKind::Unknown:
  case TypeKind::MemRef:
    return true;
  case TypeKind::Scalar:
    return dtypes(static_cast<const ScalarType &>(*a).dtype(),
                  static_cast<const ScalarType &>(*b).dtype());
  case TypeKind::Tensor:
    return tensorType(static_cast<const TensorType &>(*a), static_cast<const TensorType &>(*b));
  case TypeKind::Tile:
    return tileType(static_cast<const TileType &>(*a), static_cast<const TileType &>(*b));
  case TypeKind::Tuple:
    return list("elements", static_cast<const TupleType &>(*a).elements(),
                static_cast<const TupleType &>(*b).elements(),
                [&](const TypePtr &x, const TypePtr &y) { return type(x, y); });
  case TypeKind::Ptr: {
    auto x = static_cast<const PtrType &>(*a).memorySpace();
    auto y = static_cast<const PtrType &>(*b).memorySpace();
    return agree("memory space", x, y, [&] {
      return std::pair{std::string(memorySpaceName(x)), std::string(memorySpaceName(y))};
    });
  }
  case TypeKind::Array: {
    auto &x = static_cast<const ArrayType &>(*a), &y = static_cast<const ArrayType &>(*b);
    return dtypes(x.dtype(), y.dtype()) && agree("size", x.size(), y.size(), [&] {
             return std::pair{std::to_string(x.size()), std::to_string(y.size())};
           });
  }
  }
  return true;
}

bool Equal::tensorType(const TensorType &a, const TensorType &b) {
  if (!dtypes(a.dtype(), b.dtype()) || !exprs("shape", a.shape(), b.shape()))
    return false;
  if (!presence("view", a.view(), b.view()))
    return false;
  if (!a.view())
    return true;
  auto &x = *a.view(), &y = *b.view();
  Step s(*this, {"view"});
  return exprs("stride", x.stride, y.stride) && enums("layout", x.layout, y.layout) &&
         exprs("valid_shape", x.validShape, y.validShape) && enums("pad", x.pad, y.pad);
}

bool Equal::tileType(const TileType &a, const TileType &b) {
  if (!dtypes(a.dtype(), b.dtype()) || !exprs("shape", a.shape(), b.shape()))
    return false;
  if (!agree("memory space", a.memorySpace(), b.memorySpace(), [&] {
        return std::pair{optStr(a.memorySpace(), memorySpaceName),
                         optStr(b.memorySpace(), memorySpaceName)};
      }))
    return false;
  if (!presence("view", a.view(), b.view()))
    return false;
  if (a.view()) {
    Step s(*this, {"view"});
    if (!tileView(*a.view(), *b.view()))
      return false;
  }
  if (!agree("memref", a.memref() != nullptr, b.memref() != nullptr, [&] {
        auto side = [](const MemRefPtr &m) { return m ? describeVar(*m) : std::string("<none>"); };
        return std::pair{side(a.memref()), side(b.memref())};
      }))
    return false;
  return !a.memref() || useVar(*a.memref(), *b.memref());
}

bool Equal::tileView(const TileView &x, const TileView &y) {
  auto num = [](int64_t v) { return std::to_string(v); };
  return exprs("valid_shape", x.validShape, y.validShape) && exprs("stride", x.stride, y.stride) &&
         exprAt("start_offset", x.startOffset, y.startOffset) &&
         enums("blayout", x.blayout, y.blayout) && enums("slayout", x.slayout, y.slayout) &&
         agree("fractal", x.fractal, y.fractal,
               [&] { return std::pair{num(x.fractal), num(y.fractal)}; }) &&
         enums("pad", x.pad, y.pad) && agree("compact", x.compact, y.compact, [&] {
           return std::pair{num(x.compact), num(y.compact)};
         });
}

bool Equal::function(const Function &a, const Function &b) {
  l2r_.clear();
  r2l_.clear();
  numbers_.clear();
  Step s(*this, {"function", -1, nullptr, nullptr, a.name()});
  if (!agree("function type", a.type(), b.type(),
             [&] {
               return std::pair{std::string(functionTypeName(a.type())),
                                std::string(functionTypeName(b.type()))};
             }) ||
      !agree("level", a.level(), b.level(),
             [&] {
               return std::pair{optStr(a.level(), levelName), optStr(b.level(), levelName)};
             }) ||
      !agree("role", a.role(), b.role(), [&] {
        return std::pair{optStr(a.role(), roleName), optStr(b.role(), roleName)};
      }))
    return false;
  bool ok = list("params", a.params(), b.params(), [&](const Param &x, const Param &y) {
    return agree("direction", x.direction, y.direction,
                 [&] {
                   return std::pair{std::string(directionName(x.direction)),
                                    std::string(directionName(y.direction))};
                 }) &&
           defVar(x.var, y.var);
  });
  return ok &&
         list("return_types", a.returnTypes(), b.returnTypes(),
              [&](const TypePtr &x, const TypePtr &y) { return type(x, y); }) &&
         attrs("attrs", a.attrs(), b.attrs()) && stmtAt("body", a.body(), b.body());
}

bool Equal::program(const Program &a, const Program &b) {
  auto &fa = a.functions(), &fb = b.functions();
  size_t n = std::min(fa.size(), fb.size());
  for (size_t i = 0; i < n; ++i) {
    if (!agree("function name", fa[i]->name(), fb[i]->name(), [&] {
          return std::pair{quote(fa[i]->name()), quote(fb[i]->name())};
        }))
      return false;
    if (!function(*fa[i], *fb[i]))
      return false;
  }
  return agree("function count", fa.size(), fb.size(), [&] {
    auto side = [&](const std::vector<FunctionPtr> &v) {
      return std::to_string(v.size()) +
             (v.size() > n ? " (next: " + quote(v[n]->name()) + ")" : "");
    };
    return std::pair{side(fa), side(fb)};
  });
}

} // namespace

// Programs and functions map their free variables (program-level symbols such as dynamic dims)
// one-to-one by first occurrence: they have no other identity a reparsed copy could share.
bool structuralEqual(const Program &a, const Program &b) { return Equal(true).program(a, b); }
bool structuralEqual(const Function &a, const Function &b) { return Equal(true).function(a, b); }
bool structuralEqual(const StmtPtr &a, const StmtPtr &b, bool mapFreeVars) {
  return Equal(mapFreeVars).stmt(a, b);
}
bool structuralEqual(const ExprPtr &a, const ExprPtr &b, bool mapFreeVars) {
  return Equal(mapFreeVars).expr(a, b);
}
bool structuralEqual(const TypePtr &a, const TypePtr &b, bool mapFreeVars) {
  return Equal(mapFreeVars).type(a, b);
}

// The hash is the same walk over (x, x); Program and Function number their free variables as
// their equality maps them.
template <typename T> size_t hashBy(bool mapFreeVars, bool (Equal::*walk)(const T &, const T &),
                                    const T &x) {
  Equal h(mapFreeVars, /*hashing=*/true);
  (h.*walk)(x, x);
  return h.hash();
}
size_t structuralHash(const Program &p) { return hashBy(true, &Equal::program, p); }
size_t structuralHash(const Function &f) { return hashBy(true, &Equal::function, f); }
size_t structuralHash(const StmtPtr &s) { return hashBy(false, &Equal::stmt, s); }
size_t structuralHash(const ExprPtr &e) { return hashBy(false, &Equal::expr, e); }
size_t structuralHash(const TypePtr &t) { return hashBy(false, &Equal::type, t); }

std::optional<std::string> describeMismatch(const Program &a, const Program &b) {
  Equal e(true);
  e.program(a, b);
  return e.mismatch();
}
std::optional<std::string> describeMismatch(const Function &a, const Function &b) {
  Equal e(true);
  e.function(a, b);
  return e.mismatch();
}
std::optional<std::string> describeMismatch(const StmtPtr &a, const StmtPtr &b, bool mapFreeVars) {
  Equal e(mapFreeVars);
  e.stmt(a, b);
  return e.mismatch();
}
std::optional<std::string> describeMismatch(const ExprPtr &a, const ExprPtr &b, bool mapFreeVars) {
  Equal e(mapFreeVars);
  e.expr(a, b);
  return e.mismatch();
}

} // namespace pl::ir
