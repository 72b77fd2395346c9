// Entry points: an Orchestration wrapper for each kernel that host code can call directly.
#include "translator/entry_points.h"
#include "translator/source_location.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"

namespace pl::translator {

namespace {

/// `entry_<k>`, made unique against the program's names.
std::string wrapperName(const ir::Program &p, const std::string &kernel) {
  std::string name = "entry_" + kernel;
  for (int n = 1; p.lookup(name); ++n)
    name = "entry_" + kernel + "_" + std::to_string(n);
  return name;
}

ir::FunctionPtr makeWrapper(const ir::Function &kernel, const std::string &name) {
  std::vector<ir::Param> params;
  ir::ExprList args;
  for (const ir::Param &p : kernel.params()) {
    auto v = ir::Var::make(p.var->name(), p.var->type(), p.var->span());
    params.push_back({v, p.direction});
    args.push_back(v);
  }
  ir::TypePtr t = kernel.returnTypes().empty()     ? ir::TupleType::make({})
                  : kernel.returnTypes().size() == 1 ? kernel.returnTypes()[0]
                                                     : ir::TupleType::make(kernel.returnTypes());
  auto call = ir::Call::make(ir::CallTarget{nullptr, kernel.name()}, std::move(args), {}, {}, t,
                             kernel.span());
  ir::StmtPtr body = ir::Eval::make(call, kernel.span());
  return ir::Function::make(name, ir::FunctionType::Orchestration, std::move(params), {}, body,
                            std::nullopt, std::nullopt, {}, kernel.span());
}

} // namespace

ir::ProgramPtr addEntryPoints(const ir::ProgramPtr &program,
                              const std::vector<MarkedFunction> &marked,
                              std::vector<EntryPoint> &entries, ir::DiagnosticEngine &diags) {
  std::vector<ir::FunctionPtr> functions = program->functions();
  for (const MarkedFunction &m : marked) {
    const clang::SourceManager &sm = m.decl->getASTContext().getSourceManager();
    if (m.type == ir::FunctionType::Inline || !sm.isInMainFile(sm.getExpansionLoc(m.decl->getLocation())))
      continue;
    ir::FunctionPtr f = program->lookup(m.name);
    if (!f)
      continue;
    if (!f->returnTypes().empty()) {
      diags.error("F500", toSpan(sm, m.decl->getLocation()),
                  "marked function '" + m.name + "' returns a value; functions called from host "
                  "code return results through pl::Out parameters");
      continue;
    }
    std::string orch = m.name;
    if (f->type() == ir::FunctionType::Opaque) {
      // A host entry (PL_JIT) is the orchestration of its program: its pl::at scopes become
      // kernels, its calls become tasks.
      for (auto &g : functions)
        if (g == f)
          g = f->withType(ir::FunctionType::Orchestration);
    } else if (ir::isKernel(f->type())) {
      orch = wrapperName(*program->withFunctions(functions), m.name);
      functions.push_back(makeWrapper(*f, orch));
    } else if (f->type() != ir::FunctionType::Orchestration) {
      diags.error("F501", toSpan(sm, m.decl->getLocation()),
                  std::string("a ") + std::string(ir::functionTypeName(f->type())) +
                      " function cannot be called from host code yet; call it from an "
                      "Orchestration function");
      continue;
    }
    entries.push_back({m.decl, m.name, orch});
  }
  return program->withFunctions(std::move(functions));
}

} // namespace pl::translator
