// Op registry core: the table, explicit registration, call construction and effect queries.
#include "ir/op_registry.h"
#include "ir/enum_names.h"
#include "ir/ops/type_inference.h"

#include <algorithm>
#include <mutex>

namespace pl::ir {

std::string_view argEffectName(ArgEffect e) {
  static constexpr std::string_view kNames[] = {"read", "write", "readwrite"};
  return nameIn(kNames, e);
}

std::string_view attrKindName(AttrKind k) {
  static constexpr std::string_view kNames[] = {
      "bool",         "int",      "float",       "string",     "dtype",
      "memory space", "int list", "string list", "expression", "expression list"};
  return nameIn(kNames, k);
}

AttrKind attrKindOf(const AttrValue &v) { return static_cast<AttrKind>(v.index()); }

std::string_view Op::family() const {
  std::string_view n = name_;
  size_t dot = n.find('.');
  return dot == std::string_view::npos ? std::string_view() : n.substr(0, dot);
}

const KwargSpec *Op::findKwarg(std::string_view key) const {
  for (auto &k : kwargs)
    if (k.name == key)
      return &k;
  return nullptr;
}

OpRegistry &OpRegistry::global() {
  static OpRegistry registry;
  return registry;
}

Op &OpRegistry::add(std::string name) {
  PL_CHECK(!ops_.count(name), "op registry", "op '" + name + "' registered twice");
  auto op = std::make_unique<Op>(name);
  Op &ref = *op;
  ops_.emplace(std::move(name), std::move(op));
  return ref;
}

const Op *OpRegistry::lookup(std::string_view name) const {
  auto it = ops_.find(name);
  return it == ops_.end() ? nullptr : it->second.get();
}

std::vector<const Op *> OpRegistry::all() const {
  std::vector<const Op *> out;
  out.reserve(ops_.size());
  for (auto &[name, op] : ops_) // std::map: already sorted by name
    out.push_back(op.get());
  return out;
}

void registerAllOps() {
  static std::once_flag once;
  std::call_once(once, [] {
    OpRegistry &r = OpRegistry::global();
    registerMemoryOps(r);
    registerTransformOps(r);
    registerElementwiseOps(r);
    registerUnaryOps(r);
    registerReductionOps(r);
    registerMatmulOps(r);
    registerSystemOps(r);
    registerCommOps(r);
    registerArrayOps(r);
    registerCrossCoreOps(r);
    registerIrregularOps(r);
  });
}

const Op *lookupOp(std::string_view name) {
  registerAllOps();
  return OpRegistry::global().lookup(name);
}

std::vector<const Op *> allOps() {
  registerAllOps();
  return OpRegistry::global().all();
}

// ---- queries ----------------------------------------------------------------------------------

ArgEffect argEffect(const Op &op, size_t i, const AttrList &kwargs) {
  if (op.effectFn)
    return op.effectFn(i, kwargs);
  return i < op.effects.size() ? op.effects[i] : ArgEffect::Read;
}

bool writesArg(const Op &op, size_t i, const AttrList &kwargs) {
  return argEffect(op, i, kwargs) != ArgEffect::Read;
}

bool argSpaceAllowed(const Op &op, size_t i, MemorySpace s) {
  if (i >= op.argSpaces.size() || op.argSpaces[i].empty())
    return true;
  auto &allowed = op.argSpaces[i];
  return std::find(allowed.begin(), allowed.end(), s) != allowed.end();
}

std::optional<MemorySpace> resultMemorySpace(const Op &op, const ExprList &args,
                                             const AttrList &kwargs) {
  if (op.resultSpaceKwarg)
    if (const AttrValue *v = findAttr(kwargs, *op.resultSpaceKwarg))
      if (auto *s = std::get_if<MemorySpace>(v))
        return *s;
  if (op.resultSpaceFromArg) {
    size_t i = static_cast<size_t>(*op.resultSpaceFromArg);
    if (i < args.size() && args[i])
      if (auto *t = dynCast<TileType>(args[i]->type()))
        if (t->memorySpace())
          return t->memorySpace();
  }
  return op.resultSpace;
}

// ---- call construction ------------------------------------------------------------------------

namespace {

std::string joinNames(const std::vector<std::string> &names) {
  std::string s;
  for (size_t i = 0; i < names.size(); ++i)
    s += (i ? ", '" : "'") + names[i] + "'";
  return s;
}

bool checkArity(const Op &op, const ExprList &args, const Span &span, DiagnosticEngine &diags) {
  size_t n = args.size();
  bool ok = op.variadic ? n >= op.minArgs() : (n >= op.minArgs() && n <= op.maxArgs());
  if (ok)
    return true;
  std::string expected;
  if (op.variadic)
    expected = "at least " + std::to_string(op.minArgs());
  else if (op.optionalArgs)
    expected = std::to_string(op.minArgs()) + " to " + std::to_string(op.maxArgs());
  else
    expected = std::to_string(op.maxArgs());
  std::string names = op.argNames.empty() ? "" : " (" + joinNames(op.argNames) + ")";
  diags.error("T102", span,
              "wrong number of arguments to '" + op.name() + "': got " + std::to_string(n) +
                  ", expected " + expected + names);
  return false;
}

/// Validates kwargs against the schema; widens int values given for float kwargs.
bool checkKwargs(const Op &op, AttrList &kwargs, const Span &span, DiagnosticEngine &diags) {
  bool ok = true;
  for (size_t i = 0; i < kwargs.size(); ++i) {
    auto &[key, value] = kwargs[i];
    const KwargSpec *spec = op.findKwarg(key);
    if (!spec) {
      std::vector<std::string> names;
      names.reserve(op.kwargs.size());
      for (auto &k : op.kwargs)
        names.push_back(k.name);
      diags.error("T103", span,
                  "unknown kwarg '" + key + "' for '" + op.name() + "'; expected " +
                      (names.empty() ? std::string("no kwargs") : "one of " + joinNames(names)));
      ok = false;
      continue;
    }
    for (size_t j = 0; j < i; ++j)
      if (kwargs[j].first == key) {
        diags.error("T103", span, "duplicate kwarg '" + key + "' for '" + op.name() + "'");
        ok = false;
      }
    if (spec->kind == AttrKind::Float && std::holds_alternative<int64_t>(value))
      value = static_cast<double>(std::get<int64_t>(value));
    if (attrKindOf(value) != spec->kind) {
      diags.error("T104", span,
                  "kwarg '" + key + "' of '" + op.name() + "' must be a " +
                      std::string(attrKindName(spec->kind)) + ", got a " +
                      std::string(attrKindName(attrKindOf(value))));
      ok = false;
    }
  }
  for (auto &spec : op.kwargs)
    if (spec.required && !findAttr(kwargs, spec.name)) {
      diags.error("T105", span,
                  "missing required kwarg '" + spec.name + "' of '" + op.name() + "' (a " +
                      std::string(attrKindName(spec.kind)) + ")");
      ok = false;
    }
  return ok;
}

bool checkArgSpaces(const Op &op, const ExprList &args, const Span &span,
                    DiagnosticEngine &diags) {
  bool ok = true;
  for (size_t i = 0; i < args.size(); ++i) {
    auto *t = dynCast<TileType>(args[i]->type());
    if (!t || !t->memorySpace() || argSpaceAllowed(op, i, *t->memorySpace()))
      continue;
    std::string allowed;
    for (MemorySpace s : op.argSpaces[i])
      allowed += (allowed.empty() ? "'" : " or '") + std::string(memorySpaceName(s)) + "'";
    std::string name = i < op.argNames.size() ? op.argNames[i] : std::to_string(i);
    std::string msg = "argument '" + name + "' of '" + op.name() + "' is in memory space '";
    msg += memorySpaceName(*t->memorySpace());
    msg += "'; expected " + allowed;
    diags.error("T111", span, std::move(msg));
    ok = false;
  }
  return ok;
}

/// Gives a tile result without a memory space the space of the op's rule.
TypePtr fillResultSpace(const Op &op, TypePtr type, const ExprList &args,
                        const AttrList &kwargs) {
  auto *tile = dynCast<TileType>(type);
  if (!tile || tile->memorySpace())
    return type;
  auto space = resultMemorySpace(op, args, kwargs);
  if (!space)
    return type;
  return TileType::make(tile->dtype(), tile->shape(), space, tile->view(), tile->memref());
}

} // namespace

ExprPtr makeOpCall(const Op &op, ExprList args, AttrList kwargs, const Span &span,
                   DiagnosticEngine &diags) {
  for (size_t i = 0; i < args.size(); ++i)
    PL_CHECK(args[i] != nullptr, "makeOpCall", "null argument " + std::to_string(i) + " to '" +
                                                   op.name() + "'");
  if (!checkArity(op, args, span, diags))
    return nullptr;
  bool ok = checkKwargs(op, kwargs, span, diags);
  ok = checkArgSpaces(op, args, span, diags) && ok;
  if (!ok)
    return nullptr;
  PL_CHECK(op.deduce != nullptr, "makeOpCall", "op '" + op.name() + "' has no type deduction");
  unsigned errorsBefore = diags.errorCount();
  TypePtr type = op.deduce(args, kwargs, span, diags);
  if (!type) {
    if (diags.errorCount() == errorsBefore)
      diags.error("T107", span, "cannot deduce the result type of '" + op.name() + "'");
    return nullptr;
  }
  type = fillResultSpace(op, std::move(type), args, kwargs);
  CallTarget target;
  target.op = &op;
  return Call::make(std::move(target), std::move(args), std::move(kwargs), {}, std::move(type),
                    span);
}

ExprPtr makeOpCall(std::string_view name, ExprList args, AttrList kwargs, const Span &span,
                   DiagnosticEngine &diags) {
  const Op *op = lookupOp(name);
  if (!op) {
    diags.error("T101", span, "unknown op '" + std::string(name) + "'");
    return nullptr;
  }
  return makeOpCall(*op, std::move(args), std::move(kwargs), span, diags);
}

} // namespace pl::ir
