// emit/pto orchestration printer: one Orchestration function as PTO2 runtime C++
// (aicpu_orchestration_config / _entry), or one Graph function's body (called directly).
#include "emit/pto/printers.h"

#include "emit/pto/pto_types.h"
#include "ir/arg_direction.h"
#include "ir/op_registry.h"
#include "ir/printer.h"

#include "llvm/Support/Casting.h"

#include <algorithm>
#include <map>
#include <optional>

namespace pl::emit::pto {

using namespace ir;
using llvm::dyn_cast;
using llvm::isa;

namespace {

/// The trailing Return of a body (kernels end with one).
const Return *trailingReturn(const StmtPtr &s) {
  if (auto *r = dyn_cast<Return>(s.get()))
    return r;
  if (auto *seq = dyn_cast<Seq>(s.get()); seq && !seq->stmts().empty())
    return trailingReturn(seq->stmts().back());
  return nullptr;
}

class OrchPrinter final : public FunctionPrinter {
public:
  OrchPrinter(const Function &f, const ProgramInfo &info, DiagnosticEngine &d)
      : FunctionPrinter(f, d), info_(info), graph_(f.type() == FunctionType::Graph),
        args_(graph_ ? "graph_args" : "orch_args") {}

  /// A Graph function: a body each call of the graph runs directly (its tasks submitted anew);
  /// a `pl::submit` of the graph passes its launch (`graph_launch`: the dependencies of every
  /// task, the ids of the tasks for the join), a plain call none.
  std::string printGraph() {
    out_ += "// graph '" + fn_.name() + "'\n";
    out_ += std::string(info_.package ? "[[maybe_unused]] static" : "inline") + " void " +
            graphBodyName(fn_) + "(const CoreTaskArgs& " + args_ +
            ", ::pl::abi::GraphLaunch<::pl::rt::TaskId>* graph_launch = nullptr) {\n";
    params();
    visitStmt(fn_.body());
    out_ += "}\n";
    return out_;
  }

  std::string print() {
    size_t argCount = 0;
    for (const auto &p : fn_.params())
      argCount += isa<TensorType>(p.var->type().get()) || isa<ScalarType>(p.var->type().get());
    out_ += "// orchestration '" + fn_.name() + "'\n";
    if (info_.package)
      out_ += "extern \"C\" {\n";
    else
      out_ += "namespace " + cppIdentifier(fn_.name()) + " {\n";
    out_ += "::pl::rt::OrchestrationConfig aicpu_orchestration_config(const ChipTaskArgs&) {\n"
            "  return ::pl::rt::OrchestrationConfig{.expected_arg_count = " +
            std::to_string(argCount) + "};\n}\n";
    out_ += "void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {\n";
    params();
    visitStmt(fn_.body());
    out_ += "}\n";
    out_ += info_.package ? "}  // extern \"C\"\n"
                          : "}  // namespace " + cppIdentifier(fn_.name()) + "\n";
    return out_;
  }

private:
  void params() {
    size_t tensorIdx = 0, scalarIdx = 0;
    for (const auto &p : fn_.params()) {
      const TypePtr &t = p.var->type();
      if (isa<TensorType>(t.get())) {
        std::string n = fresh("ext_" + p.var->name());
        alias(p.var.get(), n);
        line("[[maybe_unused]] const ChipTensor& " + n + " = " + args_ + ".tensor(" +
             std::to_string(tensorIdx++) + ").ref();");
      } else if (isa<ScalarType>(t.get())) {
        auto ct = scalarType(t, p.var->span());
        const std::string &n = bind(p.var);
        scalarSlots_[p.var.get()] = scalarIdx;
        line("[[maybe_unused]] const " + ct.value_or("void") + " " + n + " = ::pl::abi::from_u64<" +
             ct.value_or("void") + ">(" + args_ + ".scalar(" + std::to_string(scalarIdx++) + "));");
      } else {
        error("ES004", p.var->span(),
              "orchestration parameter '" + p.var->name() + "' has type '" + printType(t) +
                  "'; expected a tensor or a scalar");
      }
    }
  }

  // ---- value hooks ------------------------------------------------------------------------------
  void declareValue(const VarPtr &v, const ExprPtr &init, const Span &span) override {
    if (predeclared_.count(v.get())) { // declared before the enclosing scope
      if (init)
        assignValue(v, init, span);
      return;
    }
    if (isa<TensorType>(v->type().get())) {
      std::string src = init ? name(init) : "";
      const std::string &n = bind(v);
      return line("ChipTensor " + n + (init ? " = " + src : "") + ";");
    }
    auto ct = valueType(v->type(), span);
    std::string src = init ? expr(init) : "";
    const std::string &n = bind(v);
    line(ct.value_or("void") + " " + n + (init ? " = " + src : "{}") + ";");
  }

  /// The C++ type of a non-tensor value of an orchestration: the runtime's task id type
  /// (`::pl::rt::TaskId`, pl/runtime_api.hpp) for a task id, else
  /// the scalar type.
  std::optional<std::string> valueType(const TypePtr &t, const Span &span) {
    if (scalarDType(t) == DataType::TaskId)
      return std::string("::pl::rt::TaskId");
    if (auto *at = dyn_cast<ArrayType>(t.get()); at && at->dtype() == DataType::TaskId)
      return "std::array<::pl::rt::TaskId, " + std::to_string(at->size()) + ">";
    return scalarType(t, span);
  }

  void assignValue(const VarPtr &dst, const ExprPtr &src, const Span &) override {
    std::string d = name(dst), s = isa<TensorType>(dst->type().get()) ? name(src) : expr(src);
    if (d != s) // a while loop's carry (while loops have no plan) may yield its own handle
      line(d + " = " + s + ";");
  }

  void bindResult(const VarPtr &result, const VarPtr &carry, const Span &) override {
    alias(result.get(), name(carry));
  }

  /// The plans ClassifyIterArgCarry stamped: a Trivial carry's yield is its own handle.
  std::optional<std::vector<CarryPlan>> carryPlansOf(const For &s) override {
    auto plans = carryPlans(s.attrs());
    if (!s.iterArgs().empty() && (!plans || plans->size() != s.iterArgs().size()))
      error("ES005", s.span(),
            "emitter needs '" + std::string(kIterArgCarryAttr) +
                "' with one plan per iter_arg on the loops of orchestration '" + fn_.name() +
                "' (run pass ClassifyIterArgCarry)");
    return plans;
  }

  // ---- scopes: C++ blocks, so values defined inside are declared before ------------------------
  static bool isAlias(const Assign &a) {
    const ExprPtr &v = a.value();
    if (auto *c = dyn_cast<Call>(v.get()); c && !c->target().isOp())
      return true; // kernel call results are names of their arguments
    if (auto *c = dyn_cast<Call>(v.get()); c && c->target().name() == "tensor.write")
      return true;         // an element write's result names its tensor
    if (isa<Var>(v.get())) // a tensor copy is a handle of its own (a temporary may hold it)
      return !isa<ScalarType>(a.var()->type().get()) && !isa<TensorType>(a.var()->type().get());
    return isa<TupleGetItem>(v.get()) && !isa<ScalarType>(a.var()->type().get());
  }

  void hoist(const StmtPtr &s) {
    if (auto *seq = dyn_cast<Seq>(s.get())) {
      for (const auto &c : seq->stmts())
        hoist(c);
    } else if (auto *sc = dyn_cast<Scope>(s.get())) {
      hoist(sc->body());
    } else if (auto *a = dyn_cast<Assign>(s.get()); a && isa<Submit>(a->value().get())) {
      if (!predeclared_.count(a->var().get())) { // the submit's TaskOutputTensors
        line("TaskOutputTensors " + bind(a->var()) + ";");
        predeclared_.insert(a->var().get());
      }
    } else if (auto *a = dyn_cast<Assign>(s.get()); a && !isAlias(*a)) {
      predeclare(a->var(), a->span());
    } else if (auto *f = dyn_cast<For>(s.get())) { // results alias the carried variables
      for (const auto &ia : f->iterArgs())
        predeclare(ia.var, f->span());
    } else if (auto *w = dyn_cast<While>(s.get())) {
      for (const auto &ia : w->iterArgs())
        predeclare(ia.var, w->span());
    } else if (auto *i = dyn_cast<If>(s.get())) {
      for (const auto &rv : i->returnVars())
        predeclare(rv, i->span());
    }
  }

  void predeclare(const VarPtr &v, const Span &span) {
    if (predeclared_.count(v.get()))
      return;
    declareValue(v, nullptr, span);
    predeclared_.insert(v.get());
  }

  void visitScope(const Scope &s) override {
    if (s.scopeKind() != ScopeKind::Runtime)
      return error("ES004", s.span(),
                   "scope '" + std::string(scopeKindName(s.scopeKind())) + "' in orchestration '" +
                       fn_.name() +
                       "' (run the outlining passes: OutlineIncoreScopes, OutlineClusterScopes)");
    hoist(s.body());
    const AttrValue *m = findAttr(s.attrs(), "manual");
    bool manual = m && std::holds_alternative<bool>(*m) && std::get<bool>(*m);
    line(manual ? "PL_SCOPE(::pl::rt::ScopeMode::MANUAL) {" : "PL_SCOPE() {");
    ++indent_;
    visitStmt(s.body());
    --indent_;
    line("}");
  }

  /// `T x = value;`, or `x = value;` when the enclosing scope declared x already.
  std::string definition(const VarPtr &v, const std::string &type) {
    if (predeclared_.count(v.get()))
      return name(v);
    return type + " " + bind(v);
  }

  // ---- statements -------------------------------------------------------------------------------
  void visitAssign(const Assign &s) override {
    const VarPtr &v = s.var();
    const ExprPtr &val = s.value();
    if (auto *sb = dyn_cast<Submit>(val.get()))
      return submitTask(*sb, v, s.span());
    if (auto *c = dyn_cast<Call>(val.get())) {
      if (const Function *g = c->target().isOp() ? nullptr : info_.findGraph(c->target().function))
        return graphCall(*c, *g, v, s.span());
      if (!c->target().isOp())
        return submit(*c, v, s.span());
      const std::string &op = c->target().name();
      if (op == "tensor.create")
        return create(v, *c, s.span());
      if (op == "system.task_dummy")
        return dummyTask(v, *c, s.span());
      if (op == "tensor.write" && c->args().size() == 3)
        return writeElement(v, *c, s.span());
      if (op == "tensor.slice" && c->args().size() == 3) { // view(uint32_t[], uint32_t[])
        std::string shapes = u32Array(v->name() + "_shapes", c->args()[1]);
        std::string offsets = u32Array(v->name() + "_offsets", c->args()[2]);
        if (shapes.empty() || offsets.empty())
          return;
        return line(definition(v, "ChipTensor") + " = " + name(c->args()[0]) + ".view(" + shapes +
                    ", " + offsets + ");");
      }
      if (op == "tensor.reshape" && c->args().size() == 2) { // reshape(uint32_t[], uint32_t)
        auto *shape = dyn_cast<MakeTuple>(c->args()[1].get());
        std::string shapes = u32Array(v->name() + "_shapes", c->args()[1]);
        if (shapes.empty())
          return;
        return line(definition(v, "ChipTensor") + " = " + name(c->args()[0]) + ".reshape(" +
                    shapes + ", " + std::to_string(shape->elements().size()) + ");");
      }
    }
    if (isAlias(s))
      return alias(v.get(), name(val));
    if (isa<TensorType>(v->type().get()) && isa<Var>(val.get()))
      return line(definition(v, "ChipTensor") + " = " + name(val) + ";");
    auto ct = valueType(v->type(), s.span());
    std::string rhs = expr(val);
    line(definition(v, ct.value_or("void")) + " = " + rhs + ";");
  }

  void visitEval(const Eval &s) override {
    if (auto *c = dyn_cast<Call>(s.expr().get()); c && !c->target().isOp()) {
      if (const Function *g = info_.findGraph(c->target().function))
        return graphCall(*c, *g, nullptr, s.span());
      return submit(*c, nullptr, s.span());
    }
    if (auto *sb = dyn_cast<Submit>(s.expr().get()))
      return submitTask(*sb, nullptr, s.span());
    if (auto *c = dyn_cast<Call>(s.expr().get());
        c && c->target().name() == "tensor.write" && c->args().size() == 3)
      return writeElement(nullptr, *c, s.span());
    error("ES004", s.span(),
          "the PTO emitter cannot print the statement '" + printExpr(s.expr()) +
              "' in orchestration");
  }

  std::optional<std::string> opExpr(const Call &c) override {
    const std::string &op = c.target().name();
    if (op == "tensor.dim" && c.args().size() == 2)
      return name(c.args()[0]) + ".shapes[" + expr(c.args()[1]) + "]";
    if (op == "tensor.read" && c.args().size() == 2)
      return element(c);
    if (op == "array.create")
      return valueType(c.type(), c.span()).value_or("void") + "{}";
    if (op == "array.get_element" && c.args().size() == 2)
      return "::pl::abi::element(" + expr(c.args()[0]) + ", " + expr(c.args()[1]) + ")";
    if (op == "array.update_element" && c.args().size() == 3)
      return "::pl::abi::with_element(" + expr(c.args()[0]) + ", " + expr(c.args()[1]) + ", " +
             expr(c.args()[2]) + ")";
    error("ES001", c.span(),
          "op '" + c.target().name() +
              "' has no PTO form in orchestration (kernels compute; "
              "run pass OutlineIncoreScopes)");
    return std::nullopt;
  }

  /// `tensor.read(t, {i, ..})`: the element read from the tensor's memory (PyPTO's
  /// orchestration reads host memory; CheckTaskHazards' TH004 keeps it to tensors no task
  /// writes). Element types C++ has (integers, bool, fp32) only.
  std::optional<std::string> element(const Call &c) {
    auto ref = elementRef(c, "reads", "const ");
    auto st = ref ? scalarType(c.type(), c.span()) : std::nullopt;
    if (!st)
      return std::nullopt;
    return "static_cast<" + *st + ">(" + ref->first + ")";
  }

  /// `tensor.write(t, {i, ..}, v)`: `element = v;` into the tensor's memory (CheckTaskHazards'
  /// TH004 keeps it before the tasks that use the tensor); the result names t.
  void writeElement(const VarPtr &v, const Call &c, const Span &) {
    auto ref = elementRef(c, "writes", "");
    if (!ref)
      return;
    line(ref->first + " = static_cast<" + ref->second + ">(" + expr(c.args()[2]) + ");");
    if (v)
      alias(v.get(), name(c.args()[0]));
  }

  /// The element `(reinterpret_cast<[const ]E *>(t.buffer.addr) + t.start_offset)[offset]` of
  /// `tensor.read/write(t, {i, ..}, ..)` and its C++ element type E (an ES003 when it has none).
  std::optional<std::pair<std::string, std::string>> elementRef(const Call &c, const char *verb,
                                                                const char *cv) {
    auto *tt = dyn_cast<TensorType>(c.args()[0]->type().get());
    auto *idx = dyn_cast<MakeTuple>(c.args()[1].get());
    bool native = tt && (isIntLike(tt->dtype()) || tt->dtype() == DataType::FP32);
    auto elem = native ? elemCppType(tt->dtype()) : std::nullopt;
    if (!tt || !idx || !elem || idx->elements().size() != tt->rank()) {
      error("ES003", c.span(),
            std::string("the orchestration ") + verb +
                " one element of a tensor of integers, bool or fp32 with one index per dim; "
                "found '" +
                printExpr(c.args()[0]) + "' of type '" + printType(c.args()[0]->type()) + "'");
      return std::nullopt;
    }
    const std::string t = name(c.args()[0]);
    std::string off;
    for (size_t k = 0; k < tt->rank(); ++k)
      off += std::string(k ? " + " : "") + "(" + indexExpr(idx->elements()[k]) + ") * " + t +
             ".strides[" + std::to_string(k) + "]";
    return std::make_pair("(reinterpret_cast<" + std::string(cv) + *elem + "*>(" + t +
                              ".buffer.addr) + " + t + ".start_offset)[" + off + "]",
                          *elem);
  }

  /// `uint32_t <stem>[] = {...};` of a tuple's elements (the runtime's shapes and offsets are
  /// `uint32_t` arrays); returns the array's name, "" after an error.
  std::string u32Array(const std::string &stem, const ExprPtr &tuple) {
    auto *mt = dyn_cast<MakeTuple>(tuple.get());
    if (!mt) {
      error("ES003", tuple->span(), "expected a tuple, found '" + printExpr(tuple) + "'");
      return "";
    }
    std::string s;
    for (size_t i = 0; i < mt->elements().size(); ++i) {
      const ExprPtr &e = mt->elements()[i];
      auto *k = dyn_cast<ConstInt>(e.get());
      s += (i ? ", " : "") + (k && k->value() >= 0 ? std::to_string(k->value())
                                                   : "static_cast<uint32_t>(" + indexExpr(e) + ")");
    }
    std::string n = fresh(stem);
    line("uint32_t " + n + "[] = {" + s + "};");
    return n;
  }

  /// An internal tensor: its create-info (a `uint32_t` shape array and the rank) and the
  /// allocation's outputs held by name (`get_ref` borrows from a named TaskOutputTensors only).
  void create(const VarPtr &v, const Call &c, const Span &span) {
    auto *tt = dyn_cast<TensorType>(v->type().get());
    auto *shape = c.args().empty() ? nullptr : dyn_cast<MakeTuple>(c.args()[0].get());
    if (!tt || !shape)
      return error("ES003", span, "'tensor.create' must define a tensor of a shape tuple");
    std::string shapes = u32Array(v->name() + "_shapes", c.args()[0]);
    if (shapes.empty())
      return;
    std::string ci = fresh(v->name() + "_ci"), outs = fresh(v->name() + "_alloc");
    line("TensorCreateInfo " + ci + "(" + shapes + ", " + std::to_string(shape->elements().size()) +
         ", " + dataTypeConst(tt->dtype()) + ");");
    line("TaskOutputTensors " + outs + " = alloc_tensors(" + ci + ");");
    line(definition(v, "ChipTensor") + " = " + outs + ".get_ref(0);");
  }

  /// A kernel call: CoreTaskArgs in the callee's parameter order (tensors, then scalars), the
  /// submit, and the results as names of the Out/InOut arguments they alias.
  void submit(const Call &c, const VarPtr &result, const Span &span) {
    if (findAttr(c.attrs(), "sync_start"))
      return error("ES004", span,
                   "the launch of '" + c.target().function +
                       "' with sync_start: "
                       "the simulator has no synchronised multi-core start");
    const int task = taskCount_;
    const KernelInfo *k = nullptr;
    std::vector<std::string> argText;
    std::string p = kernelTask(c.target(), c.args(), c.attrs(), "call to", span, k, argText);
    if (p.empty())
      return;
    if (const AttrValue *n = findAttr(c.attrs(), "core_num")) {
      if (auto *e = std::get_if<ExprPtr>(n))
        blockNum(p, expr(*e));
      else if (auto *i = std::get_if<int64_t>(n))
        blockNum(p, std::to_string(*i));
      else
        return error("ES004", span,
                     "'core_num' of the launch of '" + c.target().function + "' is not an integer");
    }
    // AutoDeriveTaskDependencies' edges (a call has no `.deps` of its own)
    if (!dependencies(p, mergedDeps({}, c.attrs()), task,
                      "the call to '" + c.target().function + "'", span))
      return;
    if (graph_) // a task of a Graph body: its id for the launch's join
      line("::pl::abi::graph_task_submitted(graph_launch, " + submitCall(*k, p) + ".task_id());");
    else
      line(submitCall(*k, p) + ";");
    aliasResults(*k->fn, argText, result, span);
  }

  /// The result of a call of a kernel or graph: names of the arguments the callee returns.
  void aliasResults(const Function &callee, const std::vector<std::string> &argText,
                    const VarPtr &result, const Span &span) {
    if (!result)
      return;
    auto parts = calleeResults(callee, argText, span);
    if (!parts)
      return;
    if (isa<TupleType>(result->type().get()))
      return aliasTuple(result.get(), *parts);
    if (parts->size() != 1)
      return error("ES007", span,
                   "the call to '" + callee.name() + "' yields " + std::to_string(parts->size()) +
                       " tensors for one variable");
    alias(result.get(), (*parts)[0]);
  }

  /// A call of a Graph function: its arguments as one CoreTaskArgs (the directions
  /// DeriveCallDirections recorded) and a direct call of its body, which submits the body's
  /// tasks (the tensormap_and_ringbuffer runtime has no graph submission: `rt_submit_graph` is
  /// the host-build-graph runtime's). Nothing chains on the call: its results are names of its
  /// Out / InOut arguments.
  void graphCall(const Call &c, const Function &g, const VarPtr &result, const Span &span) {
    std::vector<std::string> argText;
    std::string p = graphArgs(g, c.args(), c.attrs(), "call to", span, argText);
    if (p.empty())
      return;
    line(graphBodyName(g) + "(" + p + ");");
    aliasResults(g, argText, result, span);
  }

  /// The CoreTaskArgs of a call or submit (`what`) of a kernel: sets `k` to the kernel and
  /// `argText` to the printed arguments, in the directions DeriveCallDirections recorded;
  /// returns the CoreTaskArgs variable, "" after an error.
  std::string kernelTask(const CallTarget &target, const ExprList &args, const AttrList &attrs,
                         const char *what, const Span &span, const KernelInfo *&k,
                         std::vector<std::string> &argText) {
    k = kernelOf(target, span);
    std::vector<ArgDirection> dirs;
    if (!k || !directions(*k->fn, args, attrs, what, span, dirs))
      return "";
    return taskArgs(*k->fn, args, dirs, argText, span);
  }

  /// The `arg_directions` DeriveCallDirections recorded on a call or submit of kernel `k`, one
  /// per argument and parameter; false after an error.
  bool directions(const Function &k, const ExprList &args, const AttrList &attrs, const char *what,
                  const Span &span, std::vector<ArgDirection> &dirs) {
    const std::vector<std::string> *names = argDirectionNames(attrs);
    if (!names || names->size() != args.size() || args.size() != k.params().size()) {
      error("ES005", span,
            std::string("emitter needs 'arg_directions' with one entry per "
                        "argument on the ") +
                what + " '" + k.name() + "' (run pass DeriveCallDirections)");
      return false;
    }
    for (size_t i = 0; i < names->size(); ++i) {
      auto d = parseArgDirection((*names)[i]);
      if (!d) {
        directionMisfit(k, args, i, (*names)[i]);
        return false;
      }
      dirs.push_back(*d);
    }
    return true;
  }

  /// A `submit` expression: as a call (the directions DeriveCallDirections recorded), the
  /// `.deps` as `set_dependencies`, and the submit's
  /// TaskOutputTensors kept: the result tuple is (the Out/InOut arguments the callee returns...,
  /// `<outs>.task_id()`).
  void submitTask(const Submit &s, const VarPtr &result, const Span &stmtSpan) {
    const std::string &callee = s.target().function;
    const Span &span = s.span().valid() ? s.span() : stmtSpan; // (a Var's span is its definition)
    if (s.syncStart())
      return error("ES004", span,
                   "submit of '" + callee +
                       "' with sync_start: the simulator "
                       "has no synchronised multi-core start");
    if (s.predicate())
      return error("ES004", span,
                   "submit of '" + callee +
                       "' with a predicate: the simulator has no "
                       "predicated submission");
    if (const Function *g = info_.findGraph(callee))
      return graphLaunch(s, *g, result, span);
    // allow_early_resolve permits releasing the dependents before the task completes; the
    // simulator releases them on completion, which every such task allows: nothing to print.
    const KernelInfo *k = nullptr;
    std::vector<std::string> argText;
    const int task = taskCount_;
    std::string p = kernelTask(s.target(), s.args(), s.attrs(), "submit of", span, k, argText);
    if (p.empty())
      return;
    if (s.coreNum())
      blockNum(p, expr(s.coreNum()));
    if (!dependencies(p, mergedDeps(s.deps(), s.attrs()), task, "the submit of '" + callee + "'",
                      span))
      return;
    if (!result)
      return line(submitCall(*k, p) + ";");
    auto *tt = dyn_cast<TupleType>(result->type().get());
    if (!tt || tt->elements().empty() || scalarDType(tt->elements().back()) != DataType::TaskId)
      return error("ES004", span,
                   "the result of the submit of '" + callee +
                       "' must be a tuple ending in a task_id, found '" +
                       printType(result->type()) + "'");
    line(definition(result, "TaskOutputTensors") + " = " + submitCall(*k, p) + ";");
    auto parts = calleeResults(*k->fn, argText, span);
    if (!parts)
      return;
    if (parts->size() + 1 != tt->elements().size())
      return error("ES007", span,
                   "the submit of '" + callee + "' yields " + std::to_string(parts->size()) +
                       " tensors and a task id for " + std::to_string(tt->elements().size()) +
                       " tuple elements");
    parts->push_back(name(result) + ".task_id()");
    aliasTuple(result.get(), *parts);
  }

  /// The user's dependencies followed by those AutoDeriveTaskDependencies recorded
  /// (`compiler_deps`), a variable named by both once.
  static ExprList mergedDeps(const ExprList &user, const AttrList &attrs) {
    const ExprList *derived = compilerDeps(attrs);
    if (!derived)
      return user;
    ExprList all = user;
    for (const ExprPtr &d : *derived)
      if (std::none_of(user.begin(), user.end(), [&](const ExprPtr &u) { return u == d; }))
        all.push_back(d);
    return all;
  }

  /// The task ids of `deps` as a C++ list (every element of a task id array), nullopt after
  /// reporting one that is not a task id.
  std::optional<std::string> depList(const ExprList &deps, const std::string &what,
                                     const Span &span) {
    std::string list;
    for (const ExprPtr &d : deps) {
      auto *at = dyn_cast<ArrayType>(d->type().get());
      if (at && at->dtype() == DataType::TaskId) { // every element of a task id array
        std::string a = expr(d);
        for (int64_t k = 0; k < at->size(); ++k)
          list += (list.empty() ? "" : ", ") + a + "[" + std::to_string(k) + "]";
        continue;
      }
      if (scalarDType(d->type()) != DataType::TaskId) {
        error("ES004", span, "dependency '" + printExpr(d) + "' of " + what + " is not a task_id");
        return std::nullopt;
      }
      list += (list.empty() ? "" : ", ") + expr(d);
    }
    return list;
  }

  /// A task's dependencies: an array of its task ids, passed through valid_task_ids (a carried
  /// id may be "no task"); in a Graph body also those of the graph's launch. False after
  /// reporting one that is not a task id.
  bool dependencies(const std::string &p, const ExprList &deps, int task, const std::string &what,
                    const Span &span) {
    if (deps.empty() && !graph_)
      return true;
    std::optional<std::string> list = depList(deps, what, span);
    if (!list)
      return false;
    std::string arr = fresh("deps_t" + std::to_string(task));
    if (graph_) {
      line("const auto " + arr + " = ::pl::abi::graph_task_deps<::pl::rt::TaskId>(graph_launch, {" +
           *list + "});");
      line("if (!" + arr + ".empty()) " + p + ".set_dependencies(" + arr +
           ".data(), static_cast<std::uint32_t>(" + arr + ".size()));");
      return true;
    }
    line("::pl::rt::TaskId " + arr + "[] = {" + *list + "};");
    line(p + ".set_dependencies(" + arr + ", ::pl::abi::valid_task_ids(" + arr + "));");
    return true;
  }

  /// The CoreTaskArgs of a call or submit (`what`) of Graph `g` (empty after an error; a graph
  /// body calling a graph is one).
  std::string graphArgs(const Function &g, const ExprList &args, const AttrList &attrs,
                        const char *what, const Span &span, std::vector<std::string> &argText) {
    if (graph_) {
      error("ES004", span,
            "graph '" + fn_.name() + "' calls graph '" + g.name() +
                "' (run pass LegalizeGraphBoundary)");
      return "";
    }
    std::vector<ArgDirection> dirs;
    if (!directions(g, args, attrs, what, span, dirs))
      return "";
    return taskArgs(g, args, dirs, argText, span);
  }

  /// `pl::submit({.deps}, graph, ...)`: the graph's body runs with a launch whose dependencies
  /// every task of the body gets; a bound result's task id is a dummy task after all of the
  /// body's tasks (and the dependencies), so later tasks can order after the whole call.
  void graphLaunch(const Submit &s, const Function &g, const VarPtr &result, const Span &span) {
    std::vector<std::string> argText;
    const int task = taskCount_;
    std::string p = graphArgs(g, s.args(), s.attrs(), "submit of", span, argText);
    if (p.empty())
      return;
    std::optional<std::string> list =
        depList(mergedDeps(s.deps(), s.attrs()), "the submit of graph '" + g.name() + "'", span);
    if (!list)
      return;
    std::string launch = fresh("graph_t" + std::to_string(task));
    const std::string join = result ? "true" : "false";
    if (list->empty()) {
      line("::pl::abi::GraphLaunch<::pl::rt::TaskId> " + launch + "{nullptr, 0, " + join + "};");
    } else {
      std::string arr = fresh("deps_t" + std::to_string(task));
      line("::pl::rt::TaskId " + arr + "[] = {" + *list + "};");
      line("::pl::abi::GraphLaunch<::pl::rt::TaskId> " + launch + "{" + arr +
           ", ::pl::abi::valid_task_ids(" + arr + "), " + join + "};");
    }
    line(graphBodyName(g) + "(" + p + ", &" + launch + ");");
    if (!result)
      return;
    auto *tt = dyn_cast<TupleType>(result->type().get());
    if (!tt || tt->elements().empty() || scalarDType(tt->elements().back()) != DataType::TaskId)
      return error("ES004", span,
                   "the result of the submit of graph '" + g.name() +
                       "' must be a tuple ending in a task_id, found '" +
                       printType(result->type()) + "'");
    auto parts = calleeResults(g, argText, span);
    if (!parts)
      return;
    if (parts->size() + 1 != tt->elements().size())
      return error("ES007", span,
                   "the submit of graph '" + g.name() + "' yields " +
                       std::to_string(parts->size()) + " tensors and a task id for " +
                       std::to_string(tt->elements().size()) + " tuple elements");
    std::string jp = fresh("params_t" + std::to_string(taskCount_++));
    std::string jd = fresh("deps_" + launch);
    line("CoreTaskArgs " + jp + ";");
    line("const auto " + jd + " = ::pl::abi::graph_join_deps(" + launch + ");");
    line("if (!" + jd + ".empty()) " + jp + ".set_dependencies(" + jd +
         ".data(), static_cast<std::uint32_t>(" + jd + ".size()));");
    std::string tid = fresh(result->name() + "_join");
    line("[[maybe_unused]] const ::pl::rt::TaskId " + tid + " = rt_submit_dummy_task(" + jp +
         ").task_id();");
    parts->push_back(tid);
    aliasTuple(result.get(), *parts);
  }

  /// `t = system.task_dummy(a, ...)`: a task without a kernel after the tasks it names.
  void dummyTask(const VarPtr &v, const Call &c, const Span &span) {
    const int task = taskCount_++;
    std::string p = fresh("params_t" + std::to_string(task));
    line("CoreTaskArgs " + p + ";");
    if (dependencies(p, c.args(), task, "a dummy task", span))
      line(definition(v, "::pl::rt::TaskId") + " = rt_submit_dummy_task(" + p + ").task_id();");
  }

  /// An SPMD launch (LowerSpmdLaunches put pl::spmd's core_num on the kernel call).
  void blockNum(const std::string &p, const std::string &n) {
    line(p + ".launch_spec.set_block_num(" + n + ");");
  }

  const KernelInfo *kernelOf(const CallTarget &t, const Span &span) {
    const KernelInfo *k = t.isOp() ? nullptr : info_.findKernel(t.function);
    if (!k)
      error("ES004", span,
            "orchestration '" + fn_.name() + "' calls '" + t.name() +
                "', which is not an AIV, AIC or Group kernel of the program");
    return k;
  }

  /// `CoreTaskArgs params_tN;` and its add_* lines, tensors first, then scalars; the C++ name of
  /// each tensor argument in `argText`. Returns the CoreTaskArgs name, empty after an error.
  std::string taskArgs(const Function &k, const ExprList &args,
                       const std::vector<ArgDirection> &dirs, std::vector<std::string> &argText,
                       const Span &span) {
    argText.assign(args.size(), "");
    std::string p = fresh("params_t" + std::to_string(taskCount_++));
    line("CoreTaskArgs " + p + ";");
    for (int pass = 0; pass < 2; ++pass) // tensors first, then scalars
      for (size_t i = 0; i < args.size(); ++i) {
        ArgDirection d = dirs[i];
        bool isScalar = d == ArgDirection::Scalar;
        if (isScalar != (pass == 1))
          continue;
        const ExprPtr &a = args[i];
        if (isScalar) {
          const TypePtr &pt = k.params()[i].var->type();
          auto to = scalarDType(pt);
          if (std::string slot = graphSlot(a, to); !slot.empty()) {
            line(p + ".add_scalar(" + slot + ");");
            continue;
          }
          // The callee's parameter converts the argument as the eager pl::Scalar<D> does.
          std::string v =
              to ? convertScalar(expr(a), scalarDType(a->type()), *to, a->span())
                 : "static_cast<" + scalarType(pt, span).value_or("void") + ">(" + expr(a) + ")";
          line(p + ".add_scalar(" + v + ");"); // packed by the runtime's to_u64 as this type
          continue;
        }
        const char *method = addMethod(d);
        if (!method || !isa<TensorType>(a->type().get())) {
          directionMisfit(k, args, i, argDirectionName(d));
          return "";
        }
        argText[i] = name(a);
        line(p + "." + method + "(" + argText[i] + ");");
      }
    return p;
  }

  /// The CoreTaskArgs method adding a tensor argument of direction `d`; null for Scalar.
  static const char *addMethod(ArgDirection d) {
    switch (d) {
    case ArgDirection::Input:
      return "add_input";
    case ArgDirection::NoDep:
      return "add_no_dep";
    case ArgDirection::Output:
    case ArgDirection::OutputExisting:
      return "add_output";
    case ArgDirection::InOut:
      return "add_inout";
    case ArgDirection::Scalar:
      return nullptr;
    }
    return nullptr;
  }

  /// In a graph body, a scalar parameter of the graph passed on unchanged (same dtype) is passed
  /// as its slot, `graph_args.scalar(k)` (its bits, already in the callee's encoding; pl/sim's
  /// graph recording, pl::sim::submit_graph, replays such a slot with each call's value).
  /// Else "".
  std::string graphSlot(const ExprPtr &a, std::optional<DataType> to) const {
    auto it = graph_ ? scalarSlots_.find(a.get()) : scalarSlots_.end();
    if (it == scalarSlots_.end() || !to || scalarDType(a->type()) != to)
      return "";
    return args_ + ".scalar(" + std::to_string(it->second) + ")";
  }

  void directionMisfit(const Function &k, const ExprList &args, size_t i,
                       std::string_view direction) {
    const ExprPtr &a = args[i];
    error("ES005", a->span(),
          "argument " + std::to_string(i) + " of the call to '" + k.name() + "' has direction '" +
              std::string(direction) + "', which does not fit a " +
              (isa<TensorType>(a->type().get()) ? "tensor" : "scalar"));
  }

  static std::string submitCall(const KernelInfo &k, const std::string &params) {
    if (k.aivId >= 0) {
      const std::string aiv = std::to_string(k.aivId);
      return "rt_submit_task(MixedKernels{" + std::to_string(k.funcId) + ", " + aiv + ", " +
             (k.dualAiv ? aiv : std::string("INVALID_KERNEL_ID")) + "}, " + params + ")";
    }
    return std::string(k.aic ? "rt_submit_aic_task(" : "rt_submit_aiv_task(") +
           std::to_string(k.funcId) + ", " + params + ")";
  }

  /// The C++ names of the callee's results: result *k* is the argument at the parameter the
  /// callee's trailing `return` lists *k*-th (NormalizeReturnOrder made them the parameters).
  std::optional<std::vector<std::string>>
  calleeResults(const Function &k, const std::vector<std::string> &argText, const Span &span) {
    const Return *r = trailingReturn(k.body());
    const auto &params = k.params();
    std::vector<std::string> parts;
    for (const ExprPtr &v : r ? r->values() : ExprList{}) {
      size_t idx = 0;
      while (idx < params.size() && params[idx].var.get() != v.get())
        ++idx;
      if (idx == params.size() || argText[idx].empty()) {
        error("ES007", span,
              std::string("emitter needs ") +
                  (k.type() == FunctionType::Graph ? "graph '" : "kernel '") + k.name() +
                  "' to return its tensor parameters, found '" + printExpr(v) +
                  "' (run pass NormalizeReturnOrder)");
        return std::nullopt;
      }
      parts.push_back(argText[idx]);
    }
    return parts;
  }

  const ProgramInfo &info_;
  const bool graph_;                           // printing a Graph function's body
  const std::string args_;                     // the C++ name of the function's arguments
  std::map<const Expr *, size_t> scalarSlots_; // scalar parameter -> its slot
  std::set<const Var *> predeclared_;
  int taskCount_ = 0;
};

} // namespace

std::string printOrchestration(const Function &f, const ProgramInfo &info, DiagnosticEngine &diags,
                               bool &ok) {
  OrchPrinter p(f, info, diags);
  std::string s = f.type() == FunctionType::Graph ? p.printGraph() : p.print();
  ok = !p.failed();
  return s;
}

} // namespace pl::emit::pto
