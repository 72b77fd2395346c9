// WrapEntryPoints: host entries become Orchestration functions or get one (see
// wrap_entry_points.h).
#include "passes/wrap_entry_points.h"

namespace pl::passes {

namespace {
using namespace ir;

/// `entry_<k>`, made unique against the program's names.
std::string wrapperName(const std::vector<FunctionPtr> &functions, const std::string &kernel) {
  auto taken = [&](const std::string &n) {
    for (const FunctionPtr &f : functions)
      if (f->name() == n)
        return true;
    return false;
  };
  std::string name = "entry_" + kernel;
  for (int n = 1; taken(name); ++n)
    name = "entry_" + kernel + "_" + std::to_string(n);
  return name;
}

/// `Orchestration <name>(params of k) { k(params); }` carrying k's host_entry attr.
FunctionPtr makeWrapper(const Function &kernel, const std::string &name, AttrValue entry) {
  std::vector<Param> params;
  ExprList args;
  for (const Param &p : kernel.params()) {
    auto v = Var::make(p.var->name(), p.var->type(), p.var->span());
    params.push_back({v, p.direction});
    args.push_back(v);
  }
  TypePtr t = kernel.returnTypes().empty()       ? TupleType::make({})
              : kernel.returnTypes().size() == 1 ? kernel.returnTypes()[0]
                                                 : TupleType::make(kernel.returnTypes());
  auto call =
      Call::make(CallTarget{nullptr, kernel.name()}, std::move(args), {}, {}, t, kernel.span());
  return Function::make(name, FunctionType::Orchestration, std::move(params), {},
                        Eval::make(call, kernel.span()), std::nullopt, std::nullopt,
                        {{kHostEntryAttr, std::move(entry)}}, kernel.span());
}

/// `f` without its host_entry attr.
FunctionPtr withoutEntryAttr(const Function &f) {
  AttrList attrs;
  for (const auto &kv : f.attrs())
    if (kv.first != kHostEntryAttr)
      attrs.push_back(kv);
  return Function::make(f.name(), f.type(), f.params(), f.returnTypes(), f.body(), f.level(),
                        f.role(), std::move(attrs), f.span());
}

/// Checks one entry; false after reporting why it cannot be called from host code.
bool checkEntry(const Function &f, const AttrValue &entry, DiagnosticEngine &diags) {
  if (!std::holds_alternative<std::string>(entry)) {
    diags.error("F502", f.span(),
                "attribute '" + std::string(kHostEntryAttr) + "' of '" + f.name() +
                    "' must be a string: the name host code calls the function by");
    return false;
  }
  if (!f.returnTypes().empty()) {
    diags.error("F500", f.span(),
                "marked function '" + std::get<std::string>(entry) +
                    "' returns a value; functions called from host code return results through "
                    "pl::Out parameters");
    return false;
  }
  FunctionType t = f.type();
  if (t == FunctionType::Opaque || t == FunctionType::Orchestration || isKernel(t) ||
      t == FunctionType::Graph)
    return true;
  diags.error("F501", f.span(),
              std::string("a ") + std::string(functionTypeName(t)) +
                  " function cannot be called from host code yet; call it from an "
                  "Orchestration function");
  return false;
}

} // namespace

ProgramPtr wrapEntryPoints(const ProgramPtr &p, DiagnosticEngine &diags) {
  std::vector<FunctionPtr> functions = p->functions();
  bool changed = false, ok = true;
  for (size_t i = 0, n = functions.size(); i < n; ++i) {
    const Function &f = *functions[i];
    const AttrValue *entry = findAttr(f.attrs(), kHostEntryAttr);
    if (!entry)
      continue;
    if (!checkEntry(f, *entry, diags)) {
      ok = false;
      continue;
    }
    if (f.type() == FunctionType::Orchestration)
      continue;
    changed = true;
    if (f.type() == FunctionType::Opaque) {
      functions[i] = f.withType(FunctionType::Orchestration);
      continue;
    }
    AttrValue moved = *entry;
    std::string name = wrapperName(functions, f.name());
    functions.push_back(makeWrapper(f, name, std::move(moved)));
    functions[i] = withoutEntryAttr(f);
  }
  if (!ok)
    return nullptr;
  return changed ? p->withFunctions(std::move(functions)) : p;
}

PL_DEFINE_PROGRAM_PASS(WrapEntryPoints, wrapEntryPoints)

} // namespace pl::passes
