// Text form printer: deterministic names, minimal parentheses, full and concise modes.
#include "ir/printer.h"
#include "ir/binary_syntax.h"
#include "ir/lexer.h"
#include "ir/op_registry.h"
#include "ir/visitor.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace pl::ir {

TypePtr functionCallType(const std::vector<TypePtr> &returnTypes) {
  if (returnTypes.size() == 1)
    return returnTypes.front();
  return TupleType::make(returnTypes);
}

TypePtr submitResultType(const TypePtr &calleeResult) {
  std::vector<TypePtr> elems;
  if (auto *t = dynCast<TupleType>(calleeResult))
    elems = t->elements();
  else if (calleeResult)
    elems.push_back(calleeResult);
  elems.push_back(ScalarType::get(DataType::TaskId));
  return TupleType::make(std::move(elems));
}

std::string formatDouble(double v) {
  if (std::isnan(v))
    return "nan";
  if (std::isinf(v))
    return v < 0 ? "-inf" : "inf";
  char buf[64];
  for (int prec = 15; prec <= 17; ++prec) {
    std::snprintf(buf, sizeof buf, "%.*g", prec, v);
    if (std::strtod(buf, nullptr) == v)
      break;
  }
  std::string s = buf;
  if (s.find_first_of(".e") == std::string::npos)
    s += ".0";
  return s;
}

namespace {

constexpr int kPrecUnary = 11;
constexpr int kPrecPostfix = 12;
constexpr int kPrecAtom = 13;

/// A name hint made into an identifier that is not a reserved word.
std::string sanitize(const std::string &hint) {
  std::string s;
  for (char c : hint)
    s += (std::isalnum(static_cast<unsigned char>(c)) || c == '_') ? c : '_';
  if (s.empty())
    s = "v";
  if (std::isdigit(static_cast<unsigned char>(s[0])))
    s = "_" + s;
  if (isReservedWord(s))
    s += "_";
  return s;
}

/// Function and program names: bare when they read back as one name, else quoted.
std::string symbolName(const std::string &n) {
  size_t start = 0;
  while (true) {
    size_t dot = n.find('.', start);
    std::string_view part = std::string_view(n).substr(start, dot - start);
    if (!isIdentifier(part) || (start == 0 && isReservedWord(part)))
      return quoteString(n);
    if (dot == std::string::npos)
      return n;
    start = dot + 1;
  }
}

/// Every variable of a function (for collision-free generated names) and the bound ones.
class VarCollector : public IRVisitor {
public:
  std::vector<const Var *> all;
  std::unordered_set<const Var *> bound;
  void visitVarDef(const VarPtr &v) override {
    all.push_back(v.get());
    bound.insert(v.get());
    IRVisitor::visitVarDef(v);
  }
  void visitVarUse(const VarPtr &v) override {
    if (!v)
      return;
    all.push_back(v.get());
    IRVisitor::visitVarUse(v);
  }
  void visitCall(const Call &e) override {
    visitType(e.type());
    IRVisitor::visitCall(e);
  }
  void visitSubmit(const Submit &e) override {
    visitType(e.type());
    IRVisitor::visitSubmit(e);
  }
};

class Printer {
public:
  Printer(PrintOptions opts, const Program *prog) : opts_(opts), prog_(prog) {}

  std::string program(const Program &p);
  std::string function(const Function &f);
  std::string stmt(const StmtPtr &s) {
    scopes_.emplace_back();
    emitStmt(s);
    return std::move(out_);
  }
  std::string expr(const ExprPtr &e) { return exprStr(e, 0); }
  std::string type(const TypePtr &t) { return typeStr(t); }

private:
  struct FnInfo {
    std::vector<const Var *> hoist, free;
    std::unordered_set<const Var *> bound;
    std::set<std::string> hints;
    /// The dry run's text: the function as printed when it hoists nothing and the program has
    /// no globals (the naming state is then the same), so it is not emitted a second time.
    std::string text;
  };
  bool dryRunIsFinal(const FnInfo &info) const { return info.hoist.empty() && globalSet_.empty(); }

  // Names and scopes.
  const std::string &nameOf(const Var *v);
  bool visible(const Var *v) const;
  void declare(const Var *v) { scopes_.back().insert(v); }
  void use(const Var *v);
  std::string binder(const VarPtr &v, bool &declareAfter);
  FnInfo analyze(const Function &f, const std::vector<const Var *> &globals);
  void resetNaming(const FnInfo &info);
  void nameGlobals(const std::vector<const Var *> &globals, const std::set<std::string> &hints);

  // Output.
  void line(const std::string &s) { out_ += std::string(2 * indent_, ' ') + s + "\n"; }
  void emitFunction(const Function &f, const std::vector<const Var *> &hoist);
  void emitBody(const StmtPtr &s, bool newScope, const std::vector<const Var *> &hoist = {},
                bool asBlock = false);
  void emitStmtList(const StmtPtr &s);
  void emitStmt(const StmtPtr &s);
  void emitAssign(const Assign &s);
  void emitIf(const If &s);
  void emitFor(const For &s);
  void emitWhile(const While &s);
  /// A loop's body in the scope its header opened (closed after it), then its result binders.
  void emitLoopBody(const StmtPtr &body, const std::vector<const Var *> &rets);
  void emitScope(const Scope &s);
  std::string returnVars(const std::vector<VarPtr> &vars, std::vector<const Var *> &decl);
  std::string carry(const std::vector<IterArg> &args, std::vector<const Var *> &decl);
  std::string signature(const Function &f);

  // Expressions, types, attributes.
  std::string exprStr(const ExprPtr &e, int minPrec);
  std::string exprCore(const ExprPtr &e, int &prec);
  std::string binaryStr(const Binary &b, int &prec);
  std::string unaryStr(const Unary &u, int &prec);
  std::string callStr(const Call &c);
  std::string submitStr(const Submit &s);
  std::string constStr(const ExprPtr &e);
  std::string memrefStr(const MemRef &m);
  std::string exprList(const ExprList &es);
  std::string typeArg(const ExprPtr &e);
  std::string typeStr(const TypePtr &t);
  std::string shapedArgs(const ShapedType &t);
  std::string tensorView(const TensorView &v);
  std::string tileView(const TileView &v);
  std::string attrValue(const AttrValue &v);
  std::string attrs(const AttrList &a);
  std::string kwargs(const AttrList &a);
  TypePtr expectedType(const ExprPtr &e);
  bool sameType(const TypePtr &a, const TypePtr &b);

  PrintOptions opts_;
  const Program *prog_;
  std::string out_;
  size_t indent_ = 0;
  std::unordered_map<const Var *, std::string> names_, globalNames_;
  std::set<std::string> taken_, hints_;
  std::unordered_map<std::string, int> nextSuffix_; ///< where nameOf's search for a base resumes
  std::vector<std::unordered_set<const Var *>> scopes_;
  std::unordered_set<const Var *> globalSet_;
  // Dry-run analysis state.
  FnInfo *info_ = nullptr;
  std::unordered_set<const Var *> boundSoFar_;
  int quiet_ = 0; ///< > 0 while printing types only to compare them (no use tracking)
};

// ---- names and scopes -------------------------------------------------------------------------

const std::string &Printer::nameOf(const Var *v) {
  auto it = names_.find(v);
  if (it != names_.end())
    return it->second;
  std::string base = sanitize(v->name());
  std::string name = base;
  // The smallest k with base_k neither taken nor a real name. Names are only added until the
  // next reset, so the search for a base resumes where its last one stopped (restarting at 1
  // made n versions of one variable cost n^2 lookups).
  if (taken_.count(name)) {
    int &k = nextSuffix_[base];
    for (k = std::max(k, 1);; ++k) {
      name = base + "_" + std::to_string(k);
      if (!hints_.count(name) && !taken_.count(name))
        break;
    }
  }
  taken_.insert(name);
  return names_.emplace(v, std::move(name)).first->second;
}

bool Printer::visible(const Var *v) const {
  for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it)
    if (it->count(v))
      return true;
  return globalSet_.count(v) != 0;
}

void Printer::use(const Var *v) {
  if (!info_ || quiet_ || visible(v) || isa<MemRef>(v))
    return;
  auto &list = info_->bound.count(v) ? info_->hoist : info_->free;
  if (std::find(list.begin(), list.end(), v) == list.end())
    list.push_back(v);
}

/// A binding site: `Type name` when it introduces the variable, `name` when the variable is
/// already visible (non-SSA re-assignment), `MemRef @m(...)` for MemRefs.
std::string Printer::binder(const VarPtr &v, bool &declareAfter) {
  declareAfter = false;
  if (auto *m = dynCast<MemRef>(v))
    return (opts_.concise ? "" : "MemRef ") + memrefStr(*m);
  if (visible(v.get()))
    return nameOf(v.get());
  if (info_ && boundSoFar_.count(v.get()) &&
      std::find(info_->hoist.begin(), info_->hoist.end(), v.get()) == info_->hoist.end())
    info_->hoist.push_back(v.get());
  boundSoFar_.insert(v.get());
  declareAfter = true;
  if (opts_.concise)
    return nameOf(v.get());
  std::string t = typeStr(v->type());
  return t + " " + nameOf(v.get());
}

Printer::FnInfo Printer::analyze(const Function &f, const std::vector<const Var *> &globals) {
  VarCollector c;
  c.visitFunction(f);
  FnInfo info;
  info.bound = c.bound;
  for (auto *v : c.all)
    info.hints.insert(sanitize(v->name()));
  for (auto *g : globals)
    info.hints.insert(globalNames_.count(g) ? globalNames_[g] : sanitize(g->name()));
  // Dry run: records uses of invisible variables (hoisted or free).
  resetNaming(info);
  std::string saved = std::move(out_);
  out_.clear();
  info_ = &info;
  boundSoFar_.clear();
  emitFunction(f, {});
  info_ = nullptr;
  info.text = std::move(out_);
  out_ = std::move(saved);
  return info;
}

void Printer::resetNaming(const FnInfo &info) {
  names_ = globalNames_;
  taken_.clear();
  nextSuffix_.clear();
  for (auto &[v, n] : globalNames_)
    taken_.insert(n);
  hints_ = info.hints;
  scopes_.clear();
}

void Printer::nameGlobals(const std::vector<const Var *> &globals,
                          const std::set<std::string> &hints) {
  names_.clear();
  taken_.clear();
  nextSuffix_.clear();
  hints_ = hints;
  for (auto *g : globals) {
    globalNames_[g] = nameOf(g);
    globalSet_.insert(g);
  }
}

// ---- functions and programs -------------------------------------------------------------------

std::string Printer::program(const Program &p) {
  std::vector<FnInfo> infos;
  std::vector<const Var *> globals;
  std::set<std::string> allHints;
  indent_ = 1; // the dry runs' text is the final one when nothing is hoisted (dryRunIsFinal)
  for (auto &f : p.functions()) {
    infos.push_back(analyze(*f, {}));
    for (auto *v : infos.back().free)
      if (std::find(globals.begin(), globals.end(), v) == globals.end())
        globals.push_back(v);
    allHints.insert(infos.back().hints.begin(), infos.back().hints.end());
  }
  nameGlobals(globals, allHints);
  out_ = "program" + (p.name().empty() ? std::string() : " " + symbolName(p.name())) + " {\n";
  for (auto *g : globals)
    line(typeStr(g->type()) + " " + globalNames_[g] + ";");
  for (size_t i = 0; i < p.functions().size(); ++i) {
    if (i || !globals.empty())
      out_ += "\n";
    if (dryRunIsFinal(infos[i])) {
      out_ += infos[i].text;
      continue;
    }
    auto &f = *p.functions()[i];
    resetNaming(infos[i]);
    emitFunction(f, infos[i].hoist);
  }
  indent_ = 0;
  out_ += "}\n";
  return std::move(out_);
}

std::string Printer::function(const Function &f) {
  FnInfo info = analyze(f, {});
  nameGlobals(info.free, info.hints);
  for (auto *g : info.free)
    line(typeStr(g->type()) + " " + globalNames_[g] + ";");
  if (dryRunIsFinal(info))
    return std::move(info.text);
  resetNaming(info);
  emitFunction(f, info.hoist);
  return std::move(out_);
}

std::string Printer::signature(const Function &f) {
  std::string s(functionTypeName(f.type()));
  if (f.level() || f.role()) {
    s += "<";
    if (f.level())
      s += "level = " + std::string(levelName(*f.level()));
    if (f.role())
      s += std::string(f.level() ? ", " : "") + "role = " + std::string(roleName(*f.role()));
    s += ">";
  }
  s += " " + symbolName(f.name()) + "(";
  // Parameter types may mention any parameter (the parser orders them by dependency).
  for (auto &p : f.params())
    declare(p.var.get());
  for (size_t i = 0; i < f.params().size(); ++i) {
    auto &p = f.params()[i];
    s += (i ? ", " : "") + std::string(directionName(p.direction)) + " ";
    if (auto *m = dynCast<MemRef>(p.var))
      s += "MemRef " + memrefStr(*m);
    else
      s += typeStr(p.var->type()) + " " + nameOf(p.var.get());
  }
  s += ")";
  auto &rets = f.returnTypes();
  if (rets.size() == 1) {
    s += " -> " + typeStr(rets[0]);
  } else if (!rets.empty()) {
    s += " -> (";
    for (size_t i = 0; i < rets.size(); ++i)
      s += (i ? ", " : "") + typeStr(rets[i]);
    s += ")";
  }
  return s;
}

void Printer::emitFunction(const Function &f, const std::vector<const Var *> &hoist) {
  scopes_.assign(1, {});
  if (!f.attrs().empty())
    line(attrs(f.attrs()));
  std::string sig = signature(f);
  if (!f.body()) {
    line(sig + ";");
    return;
  }
  out_ += std::string(2 * indent_, ' ') + sig + " ";
  emitBody(f.body(), false, hoist);
  out_ += "\n";
}

// ---- statements -------------------------------------------------------------------------------

/// `{ ... }` after a header. A body that is a one-statement Seq prints as a nested block so
/// that it reads back as a Seq (a lone statement reads back as itself).
void Printer::emitBody(const StmtPtr &s, bool newScope, const std::vector<const Var *> &hoist,
                       bool asBlock) {
  out_ += "{\n";
  ++indent_;
  if (newScope)
    scopes_.emplace_back();
  for (auto *v : hoist) {
    line(typeStr(v->type()) + " " + nameOf(v) + ";");
    declare(v);
  }
  auto *seq = dynCast<Seq>(s);
  if (seq && (seq->stmts().size() != 1 || asBlock)) {
    for (auto &c : seq->stmts())
      emitStmt(c);
  } else if (s) {
    emitStmt(s);
  }
  if (newScope)
    scopes_.pop_back();
  --indent_;
  out_ += std::string(2 * indent_, ' ') + "}";
}

void Printer::emitStmt(const StmtPtr &s) {
  if (!s)
    return line("{}");
  switch (s->kind()) {
  case StmtKind::Assign: return emitAssign(static_cast<const Assign &>(*s));
  case StmtKind::Eval: {
    auto &e = static_cast<const Eval &>(*s).expr();
    bool bare = isa<Call>(e) || isa<Submit>(e);
    return line((bare ? exprStr(e, 0) : "(" + exprStr(e, 0) + ")") + ";");
  }
  case StmtKind::Seq:
    out_ += std::string(2 * indent_, ' ');
    emitBody(s, false, {}, true);
    out_ += "\n";
    return;
  case StmtKind::If:
    out_ += std::string(2 * indent_, ' ');
    emitIf(static_cast<const If &>(*s));
    out_ += "\n";
    return;
  case StmtKind::For: return emitFor(static_cast<const For &>(*s));
  case StmtKind::While: return emitWhile(static_cast<const While &>(*s));
  case StmtKind::Yield:
    return line("yield(" + exprList(static_cast<const Yield &>(*s).values()) + ");");
  case StmtKind::Return: {
    auto &vs = static_cast<const Return &>(*s).values();
    return line(vs.empty() ? "return;" : "return " + exprList(vs) + ";");
  }
  case StmtKind::Break: return line("break;");
  case StmtKind::Continue: return line("continue;");
  case StmtKind::Scope: return emitScope(static_cast<const Scope &>(*s));
  }
}

void Printer::emitAssign(const Assign &s) {
  bool declareAfter = false;
  std::string lhs = binder(s.var(), declareAfter);
  std::string rhs = exprStr(s.value(), 0);
  line(lhs + " = " + rhs + ";");
  if (declareAfter)
    declare(s.var().get());
}

std::string Printer::returnVars(const std::vector<VarPtr> &vars, std::vector<const Var *> &decl) {
  if (vars.empty())
    return "";
  std::string s = " -> (";
  for (size_t i = 0; i < vars.size(); ++i) {
    bool d = false;
    s += (i ? ", " : "") + binder(vars[i], d);
    if (d)
      decl.push_back(vars[i].get());
  }
  return s + ")";
}

std::string Printer::carry(const std::vector<IterArg> &args, std::vector<const Var *> &decl) {
  if (args.empty())
    return "";
  std::string s = " carry (";
  for (size_t i = 0; i < args.size(); ++i) {
    bool d = false;
    std::string b = binder(args[i].var, d);
    s += (i ? ", " : "") + b + " = " + exprStr(args[i].init, 0);
    if (d)
      decl.push_back(args[i].var.get());
  }
  return s + ")";
}

void Printer::emitIf(const If &s) {
  std::vector<const Var *> rets;
  out_ += "if (" + exprStr(s.cond(), 0) + ")" + returnVars(s.returnVars(), rets) + " ";
  emitBody(s.thenBody(), true);
  if (s.elseBody()) {
    out_ += " else ";
    if (isa<If>(s.elseBody())) {
      scopes_.emplace_back();
      emitIf(static_cast<const If &>(*s.elseBody()));
      scopes_.pop_back();
    } else {
      emitBody(s.elseBody(), true);
    }
  }
  for (auto *v : rets)
    declare(v);
}

void Printer::emitFor(const For &s) {
  bool declLoop = false;
  std::string lv = binder(s.loopVar(), declLoop);
  std::string head = "for (" + lv + " : " + std::string(forKindName(s.forKind())) + "(" +
                     exprStr(s.start(), 0) + ", " + exprStr(s.stop(), 0) + ", " +
                     exprStr(s.step(), 0) + "))";
  if (!s.attrs().empty())
    head += " " + attrs(s.attrs());
  std::vector<const Var *> iters, rets;
  head += carry(s.iterArgs(), iters);
  head += returnVars(s.returnVars(), rets);
  out_ += std::string(2 * indent_, ' ') + head + " ";
  scopes_.emplace_back();
  if (declLoop)
    declare(s.loopVar().get());
  for (auto *v : iters)
    declare(v);
  emitLoopBody(s.body(), rets);
}

void Printer::emitLoopBody(const StmtPtr &body, const std::vector<const Var *> &rets) {
  emitBody(body, false);
  scopes_.pop_back();
  out_ += "\n";
  for (auto *v : rets)
    declare(v);
}

void Printer::emitWhile(const While &s) {
  std::vector<const Var *> iters, rets;
  std::string tail = carry(s.iterArgs(), iters);
  tail += returnVars(s.returnVars(), rets);
  scopes_.emplace_back();
  for (auto *v : iters)
    declare(v);
  std::string cond = exprStr(s.cond(), 0);
  out_ += std::string(2 * indent_, ' ') + "while (" + cond + ")" + tail + " ";
  emitLoopBody(s.body(), rets);
}

/// `scope KIND "hint" [[attrs]] -> task_id t { ... }`: the task id binding prints as a binder
/// after the attr uses and is declared after the body.
void Printer::emitScope(const Scope &s) {
  std::string head = "scope " + std::string(scopeKindName(s.scopeKind()));
  if (!s.nameHint().empty())
    head += " " + quoteString(s.nameHint());
  if (!s.attrs().empty())
    head += " " + attrs(s.attrs());
  const VarPtr &tid = s.taskId();
  bool declareTid = false;
  if (tid)
    head += " -> " + binder(tid, declareTid);
  out_ += std::string(2 * indent_, ' ') + head + " ";
  emitBody(s.body(), false);
  out_ += "\n";
  if (declareTid)
    declare(tid.get());
}

// ---- expressions ------------------------------------------------------------------------------

bool Printer::sameType(const TypePtr &a, const TypePtr &b) {
  if (a == b)
    return true;
  if (!a || !b)
    return false;
  ++quiet_;
  bool same = typeStr(a) == typeStr(b);
  --quiet_;
  return same;
}

/// The type the parser will give `e` (nullptr: it cannot tell, so always ascribe).
TypePtr Printer::expectedType(const ExprPtr &e) {
  switch (e->kind()) {
  case ExprKind::Binary: {
    auto &b = static_cast<const Binary &>(*e);
    if (!b.lhs() || !b.rhs())
      return nullptr;
    return Binary::make(b.op(), b.lhs(), b.rhs())->type();
  }
  case ExprKind::Unary: {
    auto &u = static_cast<const Unary &>(*e);
    if (!u.operand())
      return nullptr;
    if (u.op() == UnaryOp::Cast)
      return isa<ScalarType>(u.type()) ? u.type() : nullptr;
    return Unary::make(u.op(), u.operand())->type();
  }
  case ExprKind::MakeTuple: {
    for (auto &x : static_cast<const MakeTuple &>(*e).elements())
      if (!x)
        return nullptr;
    return MakeTuple::make(static_cast<const MakeTuple &>(*e).elements())->type();
  }
  case ExprKind::TupleGetItem: {
    auto &g = static_cast<const TupleGetItem &>(*e);
    return g.tuple() ? TupleGetItem::make(g.tuple(), g.index())->type() : nullptr;
  }
  case ExprKind::Call:
  case ExprKind::Submit: {
    bool isCall = e->kind() == ExprKind::Call;
    const CallTarget &t = isCall ? static_cast<const Call &>(*e).target()
                                 : static_cast<const Submit &>(*e).target();
    const ExprList &args =
        isCall ? static_cast<const Call &>(*e).args() : static_cast<const Submit &>(*e).args();
    TypePtr result;
    if (t.isOp()) {
      for (auto &a : args)
        if (!a)
          return nullptr;
      if (!t.op->deduce || lookupOp(t.op->name()) != t.op)
        return nullptr;
      DiagnosticEngine scratch;
      AttrList kw = isCall ? static_cast<const Call &>(*e).kwargs() : AttrList{};
      auto c = makeOpCall(*t.op, args, kw, Span(), scratch);
      if (!c)
        return nullptr;
      result = c->type();
    } else {
      FunctionPtr f = prog_ ? prog_->lookup(t.function) : nullptr;
      if (!f)
        return prog_ ? nullptr : e->type(); // printed alone: the callee is not known
      result = functionCallType(f->returnTypes());
    }
    return isCall ? result : submitResultType(result);
  }
  case ExprKind::Var:
  case ExprKind::MemRef:
  case ExprKind::ConstInt:
  case ExprKind::ConstFloat:
  case ExprKind::ConstBool: break;
  }
  return e->type();
}

std::string Printer::exprStr(const ExprPtr &e, int minPrec) {
  if (!e)
    return "null";
  int prec = kPrecAtom;
  std::string s = exprCore(e, prec);
  if (!isa<Var>(e) && !sameType(expectedType(e), e->type()))
    return "(" + s + " : " + typeStr(e->type()) + ")";
  return prec < minPrec ? "(" + s + ")" : s;
}

std::string Printer::exprCore(const ExprPtr &e, int &prec) {
  switch (e->kind()) {
  case ExprKind::Var:
    use(static_cast<const Var *>(e.get()));
    return nameOf(static_cast<const Var *>(e.get()));
  case ExprKind::MemRef: return memrefStr(static_cast<const MemRef &>(*e));
  case ExprKind::ConstInt:
  case ExprKind::ConstFloat:
  case ExprKind::ConstBool: return constStr(e);
  case ExprKind::Binary: return binaryStr(static_cast<const Binary &>(*e), prec);
  case ExprKind::Unary: return unaryStr(static_cast<const Unary &>(*e), prec);
  case ExprKind::Call: return callStr(static_cast<const Call &>(*e));
  case ExprKind::Submit:
    prec = kPrecUnary;
    return submitStr(static_cast<const Submit &>(*e));
  case ExprKind::MakeTuple:
    return "{" + exprList(static_cast<const MakeTuple &>(*e).elements()) + "}";
  case ExprKind::TupleGetItem: {
    auto &g = static_cast<const TupleGetItem &>(*e);
    prec = kPrecPostfix;
    return exprStr(g.tuple(), kPrecPostfix) + "[" + std::to_string(g.index()) + "]";
  }
  }
  return "null";
}

std::string Printer::constStr(const ExprPtr &e) {
  if (auto *b = dynCast<ConstBool>(e))
    return b->value() ? "true" : "false";
  if (auto *c = dynCast<ConstInt>(e)) {
    std::string v = std::to_string(c->value());
    return c->dtype() == DataType::Index ? v : std::string(dtypeName(c->dtype())) + "(" + v + ")";
  }
  auto *f = dynCast<ConstFloat>(e);
  std::string v = formatDouble(f->value());
  return f->dtype() == DataType::FP32 ? v : std::string(dtypeName(f->dtype())) + "(" + v + ")";
}

std::string Printer::binaryStr(const Binary &b, int &prec) {
  int p = infixPrecedence(b.op());
  if (p == 0)
    return std::string(callFormName(b.op())) + "(" + exprStr(b.lhs(), 0) + ", " +
           exprStr(b.rhs(), 0) + ")";
  prec = p;
  return exprStr(b.lhs(), p) + " " + std::string(binaryOpSpelling(b.op())) + " " +
         exprStr(b.rhs(), p + 1);
}

std::string Printer::unaryStr(const Unary &u, int &prec) {
  switch (u.op()) {
  case UnaryOp::Abs: return "abs(" + exprStr(u.operand(), 0) + ")";
  case UnaryOp::Cast: {
    auto d = scalarDType(u.type());
    return "cast<" + std::string(dtypeName(d ? *d : DataType::Index)) + ">(" +
           exprStr(u.operand(), 0) + ")";
  }
  default: break;
  }
  prec = kPrecUnary;
  const char *sign = u.op() == UnaryOp::Neg ? "-" : u.op() == UnaryOp::Not ? "!" : "~";
  std::string operand = exprStr(u.operand(), kPrecUnary);
  // `-3` reads back as a literal and `--x` must not: parenthesize such operands.
  if (!operand.empty() && (std::isdigit(static_cast<unsigned char>(operand[0])) ||
                           operand[0] == '-' || operand.rfind("inf", 0) == 0 ||
                           operand.rfind("nan", 0) == 0))
    operand = "(" + operand + ")";
  return sign + operand;
}

std::string Printer::callStr(const Call &c) {
  std::string s = symbolName(c.target().name()) + "(" + exprList(c.args());
  if (!c.kwargs().empty())
    s += std::string(c.args().empty() ? "" : ", ") + kwargs(c.kwargs());
  s += ")";
  if (!c.attrs().empty())
    s += " " + attrs(c.attrs());
  return s;
}

std::string Printer::submitStr(const Submit &s) {
  std::string out = "submit " + symbolName(s.target().name()) + "(" + exprList(s.args()) + ")";
  std::vector<std::string> opts;
  if (!s.deps().empty())
    opts.push_back(".deps = {" + exprList(s.deps()) + "}");
  if (s.coreNum())
    opts.push_back(".core_num = " + exprStr(s.coreNum(), 0));
  if (s.syncStart())
    opts.push_back(".sync_start = true");
  if (s.allowEarlyResolve())
    opts.push_back(".allow_early_resolve = true");
  if (s.predicate())
    opts.push_back(".predicate = " + exprStr(s.predicate(), 0));
  if (!opts.empty()) {
    out += " {";
    for (size_t i = 0; i < opts.size(); ++i)
      out += (i ? ", " : "") + opts[i];
    out += "}";
  }
  if (!s.attrs().empty())
    out += " " + attrs(s.attrs());
  return out;
}

/// `@name(base, offset, size[, pinned][, slots = N][, slot = I])`, repeated in full at every
/// occurrence; the parser maps one name to one MemRef object per function.
std::string Printer::memrefStr(const MemRef &m) {
  std::string base = m.base() ? exprStr(m.base(), 0) : "null";
  std::string s = "@" + nameOf(&m) + "(" + base + ", " + exprStr(m.byteOffset(), 0) + ", " +
                  std::to_string(m.size());
  if (m.pinned())
    s += ", pinned";
  if (m.slotCount() != 1)
    s += ", slots = " + std::to_string(m.slotCount());
  if (m.slotIndex() != 0)
    s += ", slot = " + std::to_string(m.slotIndex());
  return s + ")";
}

std::string Printer::exprList(const ExprList &es) {
  std::string s;
  for (size_t i = 0; i < es.size(); ++i)
    s += (i ? ", " : "") + exprStr(es[i], 0);
  return s;
}

// ---- types ------------------------------------------------------------------------------------

/// An expression inside `<...>`: operators that contain or bind looser than `>` get parentheses.
std::string Printer::typeArg(const ExprPtr &e) {
  if (auto *b = dynCast<Binary>(e);
      b && infixPrecedence(b->op()) != 0 && infixPrecedence(b->op()) <= 8)
    return "(" + exprStr(e, 0) + ")";
  return exprStr(e, 0);
}

std::string Printer::shapedArgs(const ShapedType &t) {
  std::string s(dtypeName(t.dtype()));
  for (auto &d : t.shape())
    s += ", " + typeArg(d);
  return s;
}

std::string Printer::typeStr(const TypePtr &t) {
  if (!t)
    return "Unknown";
  switch (t->kind()) {
  case TypeKind::Unknown: return "Unknown";
  case TypeKind::Scalar: return std::string(dtypeName(static_cast<const ScalarType &>(*t).dtype()));
  case TypeKind::Tensor: {
    auto &tt = static_cast<const TensorType &>(*t);
    std::string s = "Tensor<" + shapedArgs(tt);
    if (tt.view())
      s += ", " + tensorView(*tt.view());
    return s + ">";
  }
  case TypeKind::Tile: {
    auto &tt = static_cast<const TileType &>(*t);
    std::string s = "Tile<" + shapedArgs(tt);
    if (tt.memorySpace())
      s += ", " + std::string(memorySpaceName(*tt.memorySpace()));
    if (tt.view())
      s += ", " + tileView(*tt.view());
    if (tt.memref())
      s += ", " + memrefStr(*tt.memref());
    return s + ">";
  }
  case TypeKind::Tuple: {
    std::string s = "Tuple<";
    auto &es = static_cast<const TupleType &>(*t).elements();
    for (size_t i = 0; i < es.size(); ++i)
      s += (i ? ", " : "") + typeStr(es[i]);
    return s + ">";
  }
  case TypeKind::MemRef: return "MemRef";
  case TypeKind::Ptr:
    return "Ptr<" + std::string(memorySpaceName(static_cast<const PtrType &>(*t).memorySpace())) +
           ">";
  case TypeKind::Array: {
    auto &a = static_cast<const ArrayType &>(*t);
    return "Array<" + std::string(dtypeName(a.dtype())) + ", " + std::to_string(a.size()) + ">";
  }
  }
  return "Unknown";
}

std::string Printer::tensorView(const TensorView &v) {
  std::vector<std::string> f;
  if (!v.stride.empty())
    f.push_back("stride = {" + exprList(v.stride) + "}");
  if (v.layout != TensorLayout::ND)
    f.push_back("layout = " + std::string(enumName(v.layout)));
  if (!v.validShape.empty())
    f.push_back("valid_shape = {" + exprList(v.validShape) + "}");
  if (v.pad != PadValue::Null)
    f.push_back("pad = " + std::string(enumName(v.pad)));
  std::string s = "view{";
  for (size_t i = 0; i < f.size(); ++i)
    s += (i ? ", " : "") + f[i];
  return s + "}";
}

std::string Printer::tileView(const TileView &v) {
  std::vector<std::string> f;
  if (!v.validShape.empty())
    f.push_back("valid_shape = {" + exprList(v.validShape) + "}");
  if (!v.stride.empty())
    f.push_back("stride = {" + exprList(v.stride) + "}");
  if (v.startOffset)
    f.push_back("start_offset = " + exprStr(v.startOffset, 0));
  if (v.blayout != BLayout::RowMajor)
    f.push_back("blayout = " + std::string(enumName(v.blayout)));
  if (v.slayout != SLayout::NoneBox)
    f.push_back("slayout = " + std::string(enumName(v.slayout)));
  if (v.fractal != 512)
    f.push_back("fractal = " + std::to_string(v.fractal));
  if (v.pad != PadValue::Null)
    f.push_back("pad = " + std::string(enumName(v.pad)));
  if (v.compact)
    f.push_back("compact = true");
  std::string s = "view{";
  for (size_t i = 0; i < f.size(); ++i)
    s += (i ? ", " : "") + f[i];
  return s + "}";
}

// ---- attributes -------------------------------------------------------------------------------

std::string Printer::attrValue(const AttrValue &v) {
  return std::visit(
      [&](const auto &x) -> std::string {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, bool>) {
          return x ? "true" : "false";
        } else if constexpr (std::is_same_v<T, int64_t>) {
          return std::to_string(x);
        } else if constexpr (std::is_same_v<T, double>) {
          return formatDouble(x);
        } else if constexpr (std::is_same_v<T, std::string>) {
          return quoteString(x);
        } else if constexpr (std::is_same_v<T, DataType>) {
          return std::string(dtypeName(x));
        } else if constexpr (std::is_same_v<T, MemorySpace>) {
          return std::string(memorySpaceName(x));
        } else if constexpr (std::is_same_v<T, std::vector<int64_t>>) {
          std::string s = "[";
          for (size_t i = 0; i < x.size(); ++i)
            s += (i ? ", " : "") + std::to_string(x[i]);
          return s + "]";
        } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
          if (x.empty())
            return "[:str]";
          std::string s = "[";
          for (size_t i = 0; i < x.size(); ++i)
            s += (i ? ", " : "") + quoteString(x[i]);
          return s + "]";
        } else if constexpr (std::is_same_v<T, ExprPtr>) {
          return "(" + exprStr(x, 0) + ")";
        } else {
          return "{" + exprList(x) + "}";
        }
      },
      v);
}

std::string attrKey(const std::string &k) { return isIdentifier(k) ? k : quoteString(k); }

std::string Printer::attrs(const AttrList &a) {
  std::string s = "[[";
  for (size_t i = 0; i < a.size(); ++i)
    s += (i ? ", " : "") + attrKey(a[i].first) + " = " + attrValue(a[i].second);
  return s + "]]";
}

std::string Printer::kwargs(const AttrList &a) {
  std::string s = "{";
  for (size_t i = 0; i < a.size(); ++i)
    s += (i ? ", ." : ".") + attrKey(a[i].first) + " = " + attrValue(a[i].second);
  return s + "}";
}

} // namespace

std::string printProgram(const Program &p, const PrintOptions &opts) {
  return Printer(opts, &p).program(p);
}
std::string printFunction(const Function &f, const PrintOptions &opts) {
  return Printer(opts, nullptr).function(f);
}
std::string printStmt(const StmtPtr &s, const PrintOptions &opts) {
  return Printer(opts, nullptr).stmt(s);
}
std::string printExpr(const ExprPtr &e, const PrintOptions &opts) {
  return Printer(opts, nullptr).expr(e);
}
std::string printType(const TypePtr &t, const PrintOptions &opts) {
  return Printer(opts, nullptr).type(t);
}

} // namespace pl::ir
