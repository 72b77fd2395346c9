// emit/pto shared printer: names, scalar expressions and structured control flow with iter_args,
// for kernels and orchestration.
#include "emit/pto/pto_printer.h"

#include "emit/pto/pto_ops.h"
#include "emit/pto/pto_types.h"
#include "ir/binary_syntax.h"
#include "ir/find.h"
#include "ir/internal_error.h"
#include "ir/printer.h"

#include "llvm/Support/Casting.h"

#include <cctype>
#include <limits>

namespace pl::emit::pto {

using namespace ir;
using llvm::dyn_cast;
using llvm::isa;

const KernelInfo *ProgramInfo::findKernel(std::string_view n) const {
  for (const auto *list : {&kernels, &groups})
    for (const auto &k : *list)
      if (k.fn->name() == n)
        return &k;
  return nullptr;
}

const ir::Function *ProgramInfo::findGraph(std::string_view n) const {
  for (const ir::Function *g : graphs)
    if (g->name() == n)
      return g;
  return nullptr;
}

std::string graphBodyName(const ir::Function &g) { return cppIdentifier("graph_" + g.name()); }

namespace {

const std::set<std::string, std::less<>> &reservedNames() {
  static const std::set<std::string, std::less<>> names = [] {
    std::set<std::string, std::less<>> s = {
        // C++ keywords and alternative tokens
        "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break",
        "case", "catch", "char", "char8_t", "char16_t", "char32_t", "class", "compl", "concept",
        "const", "consteval", "constexpr", "constinit", "const_cast", "continue", "co_await",
        "co_return", "co_yield", "decltype", "default", "delete", "do", "double", "dynamic_cast",
        "else", "enum", "explicit", "export", "extern", "false", "float", "for", "friend", "goto",
        "if", "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq",
        "nullptr", "operator", "or", "or_eq", "private", "protected", "public", "register",
        "reinterpret_cast", "requires", "return", "short", "signed", "sizeof", "static",
        "static_assert", "static_cast", "struct", "switch", "template", "this", "thread_local",
        "throw", "true", "try", "typedef", "typeid", "typename", "union", "unsigned", "using",
        "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq", "final", "override",
        "main",
        // names the generated code refers to
        "args", "orch_args", "std", "pl", "kernel_table", "Tile", "GlobalView", "TASSIGN",
        "ChipTensor", "ChipTaskArgs", "CoreTaskArgs", "TensorCreateInfo", "TaskOutputTensors",
        "PTO2TaskId", "DataType", "KernelTable", "alloc_tensors", "rt_submit_aiv_task",
        "rt_submit_aic_task", "to_u64", "from_u64", "viewArg", "scalarArg", "castScalar",
        "get_block_idx", "get_block_num", "get_subblock_idx", "get_sub_block_id", "pipe_barrier",
        "PTO2_SCOPE", "PTO2ScopeMode", "PIPE_ALL", "PIPE_M", "PIPE_V",
        // the vendor's headers: element types, tile and tensor templates, pipes and events,
        // entry points and the runtime's calls (a user function named `half` must not become
        // `void half(`)
        "half", "bfloat16_t", "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t",
        "uint32_t", "uint64_t", "size_t", "ptrdiff_t", "intptr_t", "uintptr_t", "pto",
        "GlobalTensor", "Shape", "Stride", "TileType", "BLayout", "SLayout", "PadValue", "set_flag",
        "wait_flag", "PIPE_MTE1", "PIPE_MTE2", "PIPE_MTE3", "PIPE_FIX", "PIPE_S", "EVENT_ID0",
        "EVENT_ID1", "EVENT_ID2", "EVENT_ID3", "EVENT_ID4", "EVENT_ID5", "EVENT_ID6", "EVENT_ID7",
        "kernel_entry", "aicpu_orchestration_entry", "aicpu_orchestration_config",
        "OrchestrationConfig", "add_input", "add_output", "add_inout", "add_scalar", "graph_args",
        "rt", "PL_SCOPE", "SIMPLER_SCOPE", "rt_submit_task", "rt_submit_dummy_task",
        "rt_scope_begin", "rt_scope_end", "get_tensor_data", "set_tensor_data", "MixedKernels"};
    for (std::string_view i : ptoInstructionNames())
      s.emplace(i);
    return s;
  }();
  return names;
}

} // namespace

std::string cppIdentifier(std::string_view hint) {
  std::string s;
  for (char c : hint)
    s += (std::isalnum(static_cast<unsigned char>(c)) || c == '_') ? c : '_';
  if (s.empty())
    s = "v";
  if (std::isdigit(static_cast<unsigned char>(s[0])) || s[0] == '_')
    s = "v" + s; // no leading digit; no reserved _X / __ identifiers
  while (s.find("__") != std::string::npos)
    s.replace(s.find("__"), 2, "_");
  if (reservedNames().count(s))
    s += "_";
  return s;
}

// ---- output and names ---------------------------------------------------------------------------

void FunctionPrinter::line(std::string_view text) {
  out_.append(static_cast<size_t>(indent_) * 2, ' ');
  out_ += text;
  out_ += '\n';
}

std::string FunctionPrinter::fresh(std::string_view hint) {
  std::string base = cppIdentifier(hint), n = base;
  for (int k = 1; used_.count(n); ++k)
    n = base + "_" + std::to_string(k);
  used_.insert(n);
  return n;
}

const std::string &FunctionPrinter::bind(const VarPtr &v) {
  return names_[v.get()] = fresh(v->name());
}

std::string FunctionPrinter::name(const ExprPtr &e) {
  if (auto *v = dyn_cast<Var>(e.get())) {
    auto it = names_.find(v);
    if (it != names_.end())
      return it->second;
    error("ES004", e->span(),
          "'" + v->name() + "' is not bound in function '" + fn_.name() +
              "' (a program-level variable); the PTO emitter needs "
              "every value defined in the function");
    return "/*error*/";
  }
  if (auto *g = dyn_cast<TupleGetItem>(e.get())) {
    auto *v = dyn_cast<Var>(g->tuple().get());
    auto it = v ? tuples_.find(v) : tuples_.end();
    if (it != tuples_.end() && g->index() >= 0 &&
        static_cast<size_t>(g->index()) < it->second.size())
      return it->second[static_cast<size_t>(g->index())];
  }
  error("ES004", e->span(),
        "the PTO emitter needs a variable here, found '" + printExpr(e) +
            "' (run pass FlattenCallExpr)");
  return "/*error*/";
}

void FunctionPrinter::error(const char *code, const Span &span, const std::string &msg) {
  failed_ = true;
  diags_.error(code, span.valid() ? span : fn_.span(), msg);
}

std::optional<std::string> FunctionPrinter::scalarType(const TypePtr &t, const Span &span) {
  if (auto d = scalarDType(t))
    if (auto s = scalarCppType(*d))
      return s;
  error("ES003", span, "the PTO emitter has no C++ scalar type for '" + printType(t) + "'");
  return std::nullopt;
}

std::string FunctionPrinter::convertScalar(const std::string &text, std::optional<DataType> from,
                                           DataType to, const Span &span) {
  auto t = scalarCppType(to);
  if (!t) {
    error("ES003", span,
          "the PTO emitter has no C++ scalar type for dtype '" + std::string(dtypeName(to)) + "'");
    return "/*error*/";
  }
  bool narrowFloat = isFloat(to) && to != DataType::FP32;
  bool floatToInt = from && isFloat(*from) && isIntLike(to) && to != DataType::Bool;
  if (narrowFloat || floatToInt)
    return "::pl::abi::castScalar<" + plDTypeConst(to) + ", " + *t + ">(" + text + ")";
  return "static_cast<" + *t + ">(" + text + ")";
}

// ---- expressions --------------------------------------------------------------------------------

std::string FunctionPrinter::expr(const ExprPtr &e) { return exprP(e).text; }

std::string FunctionPrinter::indexExpr(const ExprPtr &e) {
  auto d = scalarDType(e->type());
  if (isa<ConstInt>(e.get()) || !d || *d == DataType::Index || *d == DataType::Int64)
    return expr(e);
  return "static_cast<std::int64_t>(" + expr(e) + ")";
}

FunctionPrinter::Printed FunctionPrinter::constP(const Expr &e) {
  if (auto *b = dyn_cast<ConstBool>(&e))
    return {b->value() ? "true" : "false", 0};
  if (auto *i = dyn_cast<ConstInt>(&e)) {
    int64_t v = i->value();
    std::string lit =
        v == std::numeric_limits<int64_t>::min() ? "(-9223372036854775807 - 1)" : std::to_string(v);
    if (i->dtype() == DataType::Bool)
      return {v ? "true" : "false", 0};
    if (i->dtype() == DataType::TaskId) // the only task id constant is "no task" (pl::TaskId{})
      return {v < 0 ? "PTO2TaskId{}" : "PTO2TaskId{" + lit + "}", 0};
    if (i->dtype() == DataType::Index || i->dtype() == DataType::Int32)
      return {lit, v < 0 ? 3 : 0};
    auto t = scalarCppType(i->dtype());
    return {"static_cast<" + t.value_or("std::int64_t") + ">(" + lit + ")", 0};
  }
  auto *f = dyn_cast<ConstFloat>(&e);
  std::string t = f->dtype() == DataType::FP32 ? "float" : "double";
  double v = f->value();
  if (v != v)
    return {"std::numeric_limits<" + t + ">::quiet_NaN()", 0};
  if (v == std::numeric_limits<double>::infinity() || v == -std::numeric_limits<double>::infinity())
    return {std::string(v < 0 ? "-" : "") + "std::numeric_limits<" + t + ">::infinity()",
            v < 0 ? 3 : 0};
  std::string lit = formatDouble(v) + (t == "float" ? "f" : "");
  return {lit, v < 0 ? 3 : 0};
}

namespace {

/// Integer dtypes narrower than C++'s `int`: their arithmetic is computed in `int` and must be
/// wrapped back to the IR's result dtype.
bool narrowerThanInt(std::optional<DataType> d) {
  return d && isIntLike(*d) && *d != DataType::Bool && dtypeBits(*d) < 32;
}

/// A comparison of integers of different signedness: C++ would convert the signed operand to
/// unsigned; the IR compares values (std::cmp_less and friends).
std::optional<std::string> valueComparison(const Binary &b) {
  auto l = scalarDType(b.lhs()->type()), r = scalarDType(b.rhs()->type());
  auto intNonBool = [](std::optional<DataType> d) {
    return d && isIntLike(*d) && *d != DataType::Bool;
  };
  if (!isComparison(b.op()) || !intNonBool(l) || !intNonBool(r) ||
      isUnsignedInt(*l) == isUnsignedInt(*r))
    return std::nullopt;
  switch (b.op()) {
  case BinaryOp::Eq:
    return "std::cmp_equal";
  case BinaryOp::Ne:
    return "std::cmp_not_equal";
  case BinaryOp::Lt:
    return "std::cmp_less";
  case BinaryOp::Le:
    return "std::cmp_less_equal";
  case BinaryOp::Gt:
    return "std::cmp_greater";
  default:
    return "std::cmp_greater_equal";
  }
}

} // namespace

FunctionPrinter::Printed FunctionPrinter::binaryP(const Binary &b) {
  auto wrap = [](const Printed &p, int max) { return p.prec > max ? "(" + p.text + ")" : p.text; };
  Printed l = exprP(b.lhs()), r = exprP(b.rhs());
  auto call = [&](const std::string &f) -> Printed {
    return {f + "(" + l.text + ", " + r.text + ")", 0};
  };
  auto rd = scalarDType(b.type());
  std::string rt = scalarCppType(rd.value_or(DataType::Index)).value_or("double");
  // A literal shifted left is shifted in the result dtype (a bare `1 << n` is an int shift).
  if (b.op() == BinaryOp::Shl && isa<ConstInt>(b.lhs().get()))
    l = {"static_cast<" + rt + ">(" + l.text + ")", 0};
  if (auto f = valueComparison(b))
    return call(*f);
  int prec = 0;
  switch (b.op()) {
  case BinaryOp::FloorDiv:
    return call("::pl::abi::floordiv");
  case BinaryOp::FloorMod:
    return call("::pl::abi::floormod");
  case BinaryOp::Min:
    return call("std::min<" + rt + ">");
  case BinaryOp::Max:
    return call("std::max<" + rt + ">");
  case BinaryOp::Pow:
    return {"static_cast<" + rt + ">(std::pow(" + l.text + ", " + r.text + "))", 0};
  case BinaryOp::Xor:
    return {wrap(l, 9) + " != " + wrap(r, 9), 10};
  case BinaryOp::TruncDiv:
    return {wrap(l, 5) + " / " + wrap(r, 4), 5};
  case BinaryOp::TruncMod:
    return {wrap(l, 5) + " % " + wrap(r, 4), 5};
  default: {
    // The rest print infix at C++'s precedence levels (5 multiplicative ... 15 logical or): the
    // IR's infix levels reversed, with C++'s three-way comparison (8) between shifts (7) and
    // relations (9).
    const int level = infixPrecedence(b.op());
    PL_CHECK_AT(level > 0, "emit/pto", b.span(), "binary op without an infix precedence");
    prec = level >= 8 ? 15 - level : 16 - level;
  }
  }
  // Operands that g++'s -Wparentheses wants parenthesised: any binary operand of a shift or
  // bitwise op, a comparison under == / !=, && under ||.
  int lmax = prec, rmax = prec - 1;
  if (b.op() == BinaryOp::Shl || b.op() == BinaryOp::Shr || b.op() == BinaryOp::BitAnd ||
      b.op() == BinaryOp::BitXor || b.op() == BinaryOp::BitOr)
    lmax = rmax = 3;
  else if (b.op() == BinaryOp::Eq || b.op() == BinaryOp::Ne)
    lmax = rmax = 8;
  else if (b.op() == BinaryOp::Or)
    lmax = rmax = 13;
  std::string op(binaryOpSpelling(b.op()));
  std::string text = wrap(l, lmax) + " " + op + " " + wrap(r, rmax);
  bool mayLeaveDType = b.op() == BinaryOp::Add || b.op() == BinaryOp::Sub ||
                       b.op() == BinaryOp::Mul || b.op() == BinaryOp::Shl;
  if (mayLeaveDType && narrowerThanInt(rd))
    return {"static_cast<" + rt + ">(" + text + ")", 0};
  return {text, prec};
}

FunctionPrinter::Printed FunctionPrinter::exprP(const ExprPtr &e) {
  switch (e->kind()) {
  case ExprKind::Var:
  case ExprKind::MemRef:
  case ExprKind::TupleGetItem:
    return {name(e), 0};
  case ExprKind::ConstInt:
  case ExprKind::ConstFloat:
  case ExprKind::ConstBool:
    return constP(*e);
  case ExprKind::Binary:
    return binaryP(*dyn_cast<Binary>(e.get()));
  case ExprKind::Unary: {
    auto *u = dyn_cast<Unary>(e.get());
    Printed x = exprP(u->operand());
    std::string xt = x.prec > 3 ? "(" + x.text + ")" : x.text;
    switch (u->op()) {
    case UnaryOp::Abs:
      return {"std::abs(" + x.text + ")", 0};
    case UnaryOp::Neg:
    case UnaryOp::BitNot: {
      std::string text = (u->op() == UnaryOp::Neg ? "-" : "~") + xt;
      if (!narrowerThanInt(scalarDType(u->type())))
        return {text, 3};
      auto t = scalarType(u->type(), u->span());
      return {"static_cast<" + t.value_or("void") + ">(" + text + ")", 0};
    }
    case UnaryOp::Not:
      return {"!" + xt, 3};
    case UnaryOp::Cast: {
      auto to = scalarDType(u->type());
      if (!to)
        return {"static_cast<" + scalarType(u->type(), u->span()).value_or("void") + ">(" + x.text +
                    ")",
                0};
      return {convertScalar(x.text, scalarDType(u->operand()->type()), *to, u->span()), 0};
    }
    }
    return {x.text, 0};
  }
  case ExprKind::Call: {
    auto *c = dyn_cast<Call>(e.get());
    if (c->target().isOp())
      if (auto s = opExpr(*c))
        return {*s, 0};
    if (!c->target().isOp())
      error("ES004", e->span(),
            "a call to '" + c->target().name() +
                "' inside an expression (run pass FlattenCallExpr)");
    return {"/*error*/", 0};
  }
  case ExprKind::Submit:
  case ExprKind::MakeTuple:
    break;
  }
  error("ES004", e->span(), "the PTO emitter cannot print '" + printExpr(e) + "' here");
  return {"/*error*/", 0};
}

// ---- statements ---------------------------------------------------------------------------------

void FunctionPrinter::visitBreak(const Break &s) { structuredOnly(s.span()); }
void FunctionPrinter::visitContinue(const Continue &s) { structuredOnly(s.span()); }
void FunctionPrinter::structuredOnly(const Span &span) {
  error("ES004", span,
        "the PTO emitter needs structured control flow without break/continue (run pass "
        "CtrlFlowTransform)");
}

void FunctionPrinter::body(const StmtPtr &s, Frame frame) {
  ++indent_;
  frames_.push_back(frame);
  visitStmt(s);
  frames_.pop_back();
  --indent_;
}

void FunctionPrinter::visitFor(const For &s) {
  for (const auto &ia : s.iterArgs())
    declareValue(ia.var, ia.init, s.span());
  auto t = scalarType(s.loopVar()->type(), s.span());
  const std::string iv = bind(s.loopVar());
  std::string step = expr(s.step()), stop = expr(s.stop()), cond;
  auto c = constIntValue(s.step());
  if (c && *c > 0)
    cond = iv + " < " + stop;
  else if (c && *c < 0)
    cond = iv + " > " + stop;
  else
    cond = "(" + step + " > 0 ? " + iv + " < " + stop + " : " + iv + " > " + stop + ")";
  line("for (" + t.value_or("std::int64_t") + " " + iv + " = " + expr(s.start()) + "; " + cond +
       "; " + iv + " += " + step + ") {");
  std::optional<std::vector<CarryPlan>> plans = carryPlansOf(s);
  carriedBody("loop", s.iterArgs(), s.body(), s.returnVars(), s.span(), plans ? &*plans : nullptr);
}

void FunctionPrinter::carriedBody(const char *what, const std::vector<IterArg> &iters,
                                  const StmtPtr &b, const std::vector<VarPtr> &rets,
                                  const Span &span, const std::vector<CarryPlan> *plans) {
  std::vector<VarPtr> carries = iterVars(iters);
  body(b, {&carries, plans && plans->size() == carries.size() ? plans : nullptr});
  line("}");
  if (rets.size() != carries.size())
    return error("ES004", span,
                 std::string(what) + " has " + std::to_string(carries.size()) +
                     " carried values but " + std::to_string(rets.size()) + " results");
  for (size_t k = 0; k < carries.size(); ++k)
    bindResult(rets[k], carries[k], span);
}

void FunctionPrinter::visitWhile(const While &s) {
  for (const auto &ia : s.iterArgs())
    declareValue(ia.var, ia.init, s.span());
  line("while (" + expr(s.cond()) + ") {");
  carriedBody("while loop", s.iterArgs(), s.body(), s.returnVars(), s.span());
}

void FunctionPrinter::visitIf(const If &s) {
  for (const auto &rv : s.returnVars())
    declareValue(rv, nullptr, s.span());
  line("if (" + expr(s.cond()) + ") {");
  body(s.thenBody(), {&s.returnVars()});
  if (s.elseBody()) {
    line("} else {");
    body(s.elseBody(), {&s.returnVars()});
  }
  line("}");
}

void FunctionPrinter::visitYield(const Yield &s) {
  if (frames_.empty() || !frames_.back().vars)
    return error("ES004", s.span(), "yield outside a loop body or if branch");
  const auto &vars = *frames_.back().vars;
  const std::vector<CarryPlan> *plans = frames_.back().plans;
  if (vars.size() != s.values().size())
    return error("ES004", s.span(),
                 "yield of " + std::to_string(s.values().size()) + " values for " +
                     std::to_string(vars.size()) + " carried values or results");
  // A yield is a parallel copy; SequentializeParallelCopies made printing it in slot order
  // correct (property CarryCopiesSequential), so the slots are printed one after another; a
  // Trivial carry (ClassifyIterArgCarry: the yielded value is the carried handle) copies nothing.
  for (size_t k = 0; k < vars.size(); ++k)
    if (!plans || (*plans)[k] == CarryPlan::Rebind)
      assignValue(vars[k], s.values()[k], s.span());
}

} // namespace pl::emit::pto
