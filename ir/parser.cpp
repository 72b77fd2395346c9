// Parser of the IR text form: program, functions and statements (expressions in parser_expr.cpp).
#include "ir/parser.h"
#include "ir/op_registry.h"
#include "ir/parser_impl.h"
#include "ir/printer.h"

#include <charconv>

namespace pl::ir {
namespace detail {

namespace {
constexpr int kMaxDepth = 200;
} // namespace

Parser::DepthGuard::DepthGuard(Parser &p) : p_(p) {
  if (++p.depth_ > kMaxDepth)
    p.fatal("P014", p.here(),
            "nesting is too deep (more than " + std::to_string(kMaxDepth) +
                " levels); expected a flatter program");
}

// ---- tokens and errors ------------------------------------------------------------------------

const Token &Parser::tok(size_t k) const {
  size_t i = pos_ + k;
  return i < toks_.size() ? toks_[i] : toks_.back();
}

bool Parser::accept(std::string_view s) {
  if (!at(s))
    return false;
  ++pos_;
  return true;
}

void Parser::expect(std::string_view s, std::string_view context) {
  if (accept(s))
    return;
  std::string what = "'" + std::string(s) + "'";
  if (!context.empty())
    what += " " + std::string(context);
  syntaxError(what);
}

void Parser::syntaxError(const std::string &expected) {
  if (tok().kind == TokKind::Error) // the lexer has reported it
    throw SyntaxAbort{};
  fatal("P002", here(), "expected " + expected + ", found " + describeToken(tok()));
}

void Parser::fatal(const std::string &code, const Span &span, const std::string &msg) {
  diags_->error(code, span, msg);
  throw SyntaxAbort{};
}

std::string Parser::expectName(std::string_view what) {
  if (tok().kind != TokKind::Ident || isReservedWord(tok().text))
    syntaxError(std::string(what));
  return toks_[pos_++].text;
}

bool Parser::atAdjacentShr() const {
  return at(">") && at(">", 1) && tok(1).line == tok().line && tok(1).col == tok().col + 1;
}

void Parser::expectCloseAngle() { expect(">"); }

int64_t Parser::parseIntLiteral(bool negative) {
  const Token &t = tok();
  uint64_t v = 0;
  auto [p, ec] = std::from_chars(t.text.data(), t.text.data() + t.text.size(), v);
  uint64_t limit = negative ? (uint64_t(1) << 63) : (uint64_t(1) << 63) - 1;
  if (ec != std::errc() || p != t.text.data() + t.text.size() || v > limit) {
    error("P012", spanOf(t),
          "integer literal '" + std::string(negative ? "-" : "") + t.text +
              "' is out of range; expected a value that fits in 64 signed bits");
    v = 0;
  }
  ++pos_;
  return negative ? static_cast<int64_t>(0 - v) : static_cast<int64_t>(v);
}

int64_t Parser::expectInt() {
  bool neg = false;
  if (at("-") && tok(1).kind == TokKind::Int) {
    neg = true;
    ++pos_;
  }
  if (tok().kind != TokKind::Int)
    syntaxError("an integer");
  return parseIntLiteral(neg);
}

// ---- scopes -----------------------------------------------------------------------------------

VarPtr Parser::lookup(const std::string &name) const {
  for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it)
    if (auto f = it->find(name); f != it->end())
      return f->second;
  return nullptr;
}

void Parser::declare(const VarPtr &v, const Token &at) {
  if (isa<MemRef>(v))
    return; // MemRefs live in the per-function MemRef table
  auto [it, inserted] = scopes_.back().emplace(v->name(), v);
  if (!inserted)
    error("P004", spanOf(at), "redefinition of '" + v->name() +
                                  "' in the same scope; expected a new name");
}

/// `Type name`, `MemRef @m(...)`, or (allowUntyped) a plain `name`: the visible variable of
/// that name, or a new one whose type the caller fills in.
Parser::Binder Parser::parseBinder(bool allowUntyped) {
  Binder b;
  b.at = tok();
  if (atTypeStart()) {
    TypePtr t = parseType();
    b.at = tok();
    b.typed = true;
    b.isNew = true;
    if (at("@")) {
      b.var = parseMemRef();
      b.isNew = false;
      return b;
    }
    b.var = Var::make(expectName("a variable name"), t, spanOf(b.at));
    return b;
  }
  if (at("@")) {
    b.var = parseMemRef();
    return b;
  }
  if (!allowUntyped)
    syntaxError("a type");
  std::string name = expectName("a type or a variable name");
  b.var = lookup(name);
  if (!b.var) {
    b.isNew = true;
    b.var = Var::make(name, UnknownType::get(), spanOf(b.at));
  }
  return b;
}

void Parser::declareBinder(const Binder &b) {
  if (b.isNew)
    declare(b.var, b.at);
}

// ---- program and functions --------------------------------------------------------------------

ProgramPtr Parser::parseProgram() {
  startErrors_ = diags_->errorCount();
  scopes_.assign(1, {});
  expect("program", "at the start of the file");
  if (tok().kind == TokKind::String || (tok().kind == TokKind::Ident && !at("{")))
    programName_ = toks_[pos_++].text;
  expect("{", "to open the program");
  while (!at("}"))
    parseTopLevel();
  ++pos_;
  if (tok().kind != TokKind::Eof)
    syntaxError("the end of the file after the program");
  std::vector<FunctionPtr> fns;
  fns.reserve(headers_.size());
  for (auto &h : headers_)
    fns.push_back(parseFunctionBody(h));
  if (diags_->errorCount() != startErrors_)
    return nullptr; // e.g. duplicate names, which Program would reject
  return Program::make(programName_, std::move(fns));
}

/// A program-level variable declaration (`index M;`) or a function.
void Parser::parseTopLevel() {
  DepthGuard g(*this);
  if (atTypeStart()) {
    Token at = tok();
    TypePtr t = parseType();
    Token nameTok = tok();
    auto v = Var::make(expectName("a variable name"), t, spanOf(nameTok));
    expect(";", "after a program-level declaration");
    declare(v, nameTok);
    return;
  }
  if (tok().kind == TokKind::Eof)
    syntaxError("'}' to close the program");
  parseFunctionHeader();
}

void Parser::parseFunctionHeader() {
  Header h;
  if (at("[") && at("[", 1))
    h.attrs = parseAttrs();
  Token kw = tok();
  if (kw.kind != TokKind::Ident)
    syntaxError("a function type (e.g. 'InCore') or a declaration");
  auto ft = parseFunctionType(kw.text);
  if (!ft)
    fatal("P008", spanOf(kw), "unknown function type '" + kw.text +
                                  "'; expected one of Opaque, Orchestration, InCore, AIC, AIV, "
                                  "Group, Spmd, Inline, Graph");
  ++pos_;
  h.type = *ft;
  if (accept("<")) {
    do {
      Token key = tok();
      std::string k = expectName("'level' or 'role'");
      expect("=");
      Token val = tok();
      std::string v = tok().kind == TokKind::Ident ? toks_[pos_++].text : "";
      if (k == "level" && parseLevel(v))
        h.level = parseLevel(v);
      else if (k == "role" && parseRole(v))
        h.role = parseRole(v);
      else
        fatal("P008", spanOf(k == "level" || k == "role" ? val : key),
              "unknown function " + (k == "level" || k == "role" ? k + " '" + v + "'" : "option '" + k + "'") +
                  "; expected level = AIV|AIC|CORE_GROUP|CHIP_DIE|CHIP|HOST|CLUSTER or role = "
                  "Orchestrator|Worker");
    } while (accept(","));
    expectCloseAngle();
  }
  Token nameTok = tok();
  h.name = parseCallee(nameTok);
  h.span = spanOf(nameTok);
  if (headerIndex_.count(h.name))
    error("P009", h.span, "duplicate function '" + h.name + "'; expected unique function names");
  memrefs_ = &h.memrefs;
  scopes_.emplace_back();
  h.params = parseParams();
  h.rets = parseReturnTypes();
  h.paramScope = std::move(scopes_.back());
  scopes_.pop_back();
  memrefs_ = &globalMemRefs_;
  if (!accept(";")) {
    h.bodyPos = pos_;
    skipBody(h.name);
  }
  headerIndex_.emplace(h.name, headers_.size());
  headers_.push_back(std::move(h));
}

Param Parser::parseParam() {
  ParamDirection dir = ParamDirection::In;
  if (tok().kind == TokKind::Ident)
    if (auto d = parseDirection(tok().text)) {
      dir = *d;
      ++pos_;
    }
  Binder b = parseBinder(false);
  return {b.var, dir};
}

/// Probes the parameter list for where each parameter starts; false on a syntax error.
bool Parser::probeParamStarts(std::vector<size_t> &starts, size_t &end) {
  Probe probe(*this);
  bool ok = true;
  try {
    do {
      starts.push_back(pos_);
      parseParam();
    } while (accept(","));
    expect(")", "to close the parameter list");
    end = pos_;
  } catch (SyntaxAbort &) {
    ok = false;
  }
  probe.restoreMemRefs();
  return ok;
}

/// Parses the parameter starting at `start` if all its names resolve (diagnostics discarded).
std::optional<Param> Parser::tryParam(size_t start) {
  pos_ = start;
  std::optional<Param> p;
  Probe probe(*this);
  try {
    p = parseParam();
  } catch (SyntaxAbort &) { // NOLINT(bugprone-empty-catch): probe.failed() below handles it
  }
  if (probe.failed()) {
    p.reset();
    probe.restoreMemRefs();
  }
  return p;
}

/// Parameters may mention later ones in their types (`Tensor<fp32, n> a, index n`): each is
/// parsed once its dependencies are declared; a leftover one is parsed for its diagnostics.
std::vector<Param> Parser::parseParams() {
  expect("(", "to open the parameter list");
  if (accept(")"))
    return {};
  size_t first = pos_, end = 0;
  std::vector<size_t> starts;
  std::vector<Param> ps;
  if (!probeParamStarts(starts, end)) { // a syntax error: parse in order to report it
    pos_ = first;
    do
      ps.push_back(parseParam());
    while (accept(","));
    expect(")", "to close the parameter list");
    return ps;
  }
  std::vector<std::optional<Param>> done(starts.size());
  for (bool progress = true; progress;) {
    progress = false;
    for (size_t i = 0; i < starts.size(); ++i) {
      if (done[i])
        continue;
      done[i] = tryParam(starts[i]);
      if (done[i]) {
        declare(done[i]->var, toks_[starts[i]]);
        progress = true;
      }
    }
  }
  for (size_t i = 0; i < starts.size(); ++i) {
    if (!done[i]) {
      pos_ = starts[i];
      done[i] = parseParam();
      declare(done[i]->var, toks_[starts[i]]);
    }
    ps.push_back(*done[i]);
  }
  pos_ = end;
  return ps;
}

std::vector<TypePtr> Parser::parseReturnTypes() {
  std::vector<TypePtr> rets;
  if (!accept("->"))
    return rets;
  if (accept("(")) {
    if (!at(")"))
      do
        rets.push_back(parseType());
      while (accept(","));
    expect(")", "to close the return types");
    return rets;
  }
  rets.push_back(parseType());
  return rets;
}

void Parser::skipBody(const std::string &fn) {
  if (!at("{"))
    syntaxError("'{' or ';' after the signature of '" + fn + "'");
  Token open = tok();
  int depth = 0;
  do {
    if (tok().kind == TokKind::Eof)
      fatal("P002", spanOf(open),
            "expected '}' to close the body of '" + fn + "', found the end of the file");
    if (tok().kind == TokKind::Error)
      throw SyntaxAbort{};
    if (at("{"))
      ++depth;
    else if (at("}"))
      --depth;
    ++pos_;
  } while (depth > 0);
}

FunctionPtr Parser::parseFunctionBody(Header &h) {
  StmtPtr body;
  if (h.bodyPos) {
    memrefs_ = &h.memrefs;
    scopes_.resize(1);
    scopes_.push_back(h.paramScope);
    unknownVars_.clear();
    pos_ = h.bodyPos;
    body = parseBody();
    scopes_.resize(1);
    memrefs_ = &globalMemRefs_;
  }
  return Function::make(h.name, h.type, h.params, h.rets, std::move(body), h.level, h.role,
                        h.attrs, h.span);
}

// ---- statements -------------------------------------------------------------------------------

/// `{ stmts }`: one statement reads back as itself, otherwise a Seq (never flattened).
StmtPtr Parser::parseBody() {
  Span open = here();
  auto list = parseStmtList();
  if (list.size() == 1)
    return list.front();
  return Seq::make(std::move(list), open);
}

std::vector<StmtPtr> Parser::parseStmtList() {
  DepthGuard g(*this);
  expect("{", "to open a block");
  std::vector<StmtPtr> list;
  while (!accept("}")) {
    if (tok().kind == TokKind::Eof || tok().kind == TokKind::Error)
      syntaxError("'}' to close the block");
    parseStmt(list);
  }
  return list;
}

void Parser::parseStmt(std::vector<StmtPtr> &out) {
  DepthGuard g(*this);
  Span sp = here();
  StmtPtr s;
  if (at("{")) {
    s = Seq::make(parseStmtList(), sp);
  } else if (at("if")) {
    s = parseIf();
  } else if (at("for")) {
    s = parseFor();
  } else if (at("while")) {
    s = parseWhile();
  } else if (at("scope")) {
    s = parseScope();
  } else if (at("yield") || at("return")) {
    s = parseYieldOrReturn(at("yield"));
  } else if (accept("break")) {
    expect(";", "after 'break'");
    s = Break::make(sp);
  } else if (accept("continue")) {
    expect(";", "after 'continue'");
    s = Continue::make(sp);
  } else if (atTypeStart()) {
    s = parseDeclOrAssign();
  } else if (tok().kind == TokKind::Ident && !isReservedWord(tok().text) && at("=", 1)) {
    s = parseUntypedAssign();
  } else {
    s = parseExprStmt();
  }
  if (s)
    out.push_back(std::move(s));
}

/// `Type x = value;` (an Assign) or `Type x;` (declares x, no statement).
StmtPtr Parser::parseDeclOrAssign() {
  Span sp = here();
  Binder b = parseBinder(false);
  if (accept(";")) {
    declareBinder(b);
    return nullptr;
  }
  expect("=", "or ';' after the declared variable");
  ExprPtr value = parseExpr();
  expect(";", "after the assignment");
  declareBinder(b);
  return Assign::make(b.var, value, sp);
}

/// `x = value;`: re-assigns the visible x, or defines x with the value's type.
StmtPtr Parser::parseUntypedAssign() {
  Span sp = here();
  Binder b = parseBinder(true);
  expect("=");
  ExprPtr value = parseExpr();
  expect(";", "after the assignment");
  if (b.isNew) {
    b.var = Var::make(b.var->name(), value->type(), spanOf(b.at));
    if (poisoned(value)) // its type is unknown because of an error already reported
      poisoned_.insert(b.var);
  }
  declareBinder(b);
  return Assign::make(b.var, value, sp);
}

StmtPtr Parser::parseExprStmt() {
  Span sp = here();
  ExprPtr e = parseExpr();
  if (accept("=")) { // `@m(...) = value;`
    auto var = as<Var>(e);
    if (!var)
      error("P013", sp, "the target of an assignment must be a variable");
    ExprPtr value = parseExpr();
    expect(";", "after the assignment");
    return var ? Assign::make(var, value, sp) : nullptr;
  }
  expect(";", "after the expression");
  return Eval::make(e, sp);
}

StmtPtr Parser::parseYieldOrReturn(bool isYield) {
  Span sp = here();
  ++pos_;
  ExprList values;
  if (isYield) {
    expect("(", "after 'yield'");
    values = parseExprListUntil(")");
  } else if (!at(";")) {
    do
      values.push_back(parseExpr());
    while (accept(","));
  }
  expect(";", isYield ? "after 'yield(...)'" : "after 'return'");
  return isYield ? Yield::make(std::move(values), sp) : Return::make(std::move(values), sp);
}

std::vector<Parser::Binder> Parser::parseReturnBinders() {
  std::vector<Binder> rets;
  if (!accept("->"))
    return rets;
  expect("(", "to open the result variables");
  if (!at(")"))
    do
      rets.push_back(parseBinder(true));
    while (accept(","));
  expect(")", "to close the result variables");
  return rets;
}

std::vector<std::pair<Parser::Binder, ExprPtr>> Parser::parseCarry() {
  std::vector<std::pair<Binder, ExprPtr>> out;
  if (!accept("carry"))
    return out;
  expect("(", "after 'carry'");
  if (!at(")"))
    do {
      Binder b = parseBinder(true);
      expect("=", "after a loop-carried variable");
      ExprPtr init = parseExpr();
      if (b.isNew && !b.typed)
        b.var = Var::make(b.var->name(), init->type(), spanOf(b.at));
      out.emplace_back(std::move(b), std::move(init));
    } while (accept(","));
  expect(")", "to close the loop-carried variables");
  return out;
}

/// Declares the result variables and returns them; new untyped ones take the type of the
/// matching fallback (iter_arg or yield).
std::vector<VarPtr> Parser::finishReturnVars(std::vector<Binder> &rets,
                                             const std::vector<TypePtr> &fallback) {
  std::vector<VarPtr> vars;
  vars.reserve(rets.size());
  for (size_t i = 0; i < rets.size(); ++i) {
    if (rets[i].isNew && !rets[i].typed && i < fallback.size() && fallback[i])
      rets[i].var = Var::make(rets[i].var->name(), fallback[i], spanOf(rets[i].at));
    declareBinder(rets[i]);
    vars.push_back(rets[i].var);
  }
  return vars;
}

/// Declares a loop's carried variables in the open scope; returns its iter_args and appends
/// their types (the result variables' fallback) to `types`.
std::vector<IterArg> Parser::declareCarry(const std::vector<std::pair<Binder, ExprPtr>> &carry,
                                          std::vector<TypePtr> &types) {
  std::vector<IterArg> iters;
  for (auto &[b, init] : carry) {
    declareBinder(b);
    iters.push_back({b.var, init});
    types.push_back(b.var->type());
  }
  return iters;
}

StmtPtr Parser::parseIf() {
  Span sp = here();
  expect("if");
  expect("(", "after 'if'");
  ExprPtr cond = parseExpr();
  expect(")", "after the condition");
  auto rets = parseReturnBinders();
  scopes_.emplace_back();
  StmtPtr thenBody = parseBody();
  scopes_.pop_back();
  StmtPtr elseBody;
  if (accept("else")) {
    scopes_.emplace_back();
    elseBody = at("if") ? parseIf() : parseBody();
    scopes_.pop_back();
  }
  std::vector<TypePtr> yielded;
  StmtPtr last = thenBody;
  if (auto *seq = dynCast<Seq>(last); seq && !seq->stmts().empty())
    last = seq->stmts().back();
  if (auto *y = dynCast<Yield>(last))
    for (auto &v : y->values())
      yielded.push_back(v->type());
  std::vector<VarPtr> vars = finishReturnVars(rets, yielded);
  return If::make(cond, thenBody, elseBody, std::move(vars), sp);
}

StmtPtr Parser::parseFor() {
  Span sp = here();
  expect("for");
  expect("(", "after 'for'");
  Binder lv = parseBinder(true);
  if (lv.isNew && !lv.typed)
    lv.var = Var::make(lv.var->name(), ScalarType::get(DataType::Index), spanOf(lv.at));
  expect(":", "after the loop variable");
  Token kindTok = tok();
  auto kind = tok().kind == TokKind::Ident ? parseForKind(tok().text) : std::nullopt;
  if (!kind)
    fatal("P008", spanOf(kindTok), "unknown loop kind " + describeToken(kindTok) +
                                       "; expected range, parallel, unroll or pipeline");
  ++pos_;
  expect("(", "after the loop kind");
  ExprList bounds = parseExprListUntil(")");
  if (bounds.empty() || bounds.size() > 3)
    fatal("P002", spanOf(kindTok), "expected 1 to 3 loop bounds (stop | start, stop | start, "
                                   "stop, step), found " + std::to_string(bounds.size()));
  expect(")", "to close the loop header");
  ExprPtr start = bounds.size() > 1 ? bounds[0] : ConstInt::make(0, DataType::Index, sp);
  ExprPtr stop = bounds.size() > 1 ? bounds[1] : bounds[0];
  ExprPtr step = bounds.size() > 2 ? bounds[2] : ConstInt::make(1, DataType::Index, sp);
  AttrList attrs = at("[") && at("[", 1) ? parseAttrs() : AttrList{};
  auto carry = parseCarry();
  auto rets = parseReturnBinders();
  scopes_.emplace_back();
  declareBinder(lv);
  std::vector<TypePtr> iterTypes;
  std::vector<IterArg> iters = declareCarry(carry, iterTypes);
  StmtPtr body = parseBody();
  scopes_.pop_back();
  std::vector<VarPtr> vars = finishReturnVars(rets, iterTypes);
  return For::make(lv.var, start, stop, step, std::move(iters), body, std::move(vars), *kind,
                   std::move(attrs), sp);
}

/// `while (cond) carry (...) -> (...) { body }`: the condition reads the carried variables, so
/// it is parsed after the carry clause.
StmtPtr Parser::parseWhile() {
  Span sp = here();
  expect("while");
  expect("(", "after 'while'");
  size_t condPos = pos_;
  for (int depth = 1; depth > 0; ++pos_) {
    if (tok().kind == TokKind::Eof || tok().kind == TokKind::Error) {
      pos_ = condPos;
      parseExpr();
      expect(")", "after the condition");
      syntaxError("')' to close the condition");
    }
    depth += at("(") ? 1 : at(")") ? -1 : 0;
  }
  auto carry = parseCarry();
  auto rets = parseReturnBinders();
  size_t bodyPos = pos_;
  scopes_.emplace_back();
  std::vector<TypePtr> iterTypes;
  std::vector<IterArg> iters = declareCarry(carry, iterTypes);
  pos_ = condPos;
  ExprPtr cond = parseExpr();
  expect(")", "after the condition");
  pos_ = bodyPos;
  StmtPtr body = parseBody();
  scopes_.pop_back();
  std::vector<VarPtr> vars = finishReturnVars(rets, iterTypes);
  return While::make(cond, std::move(iters), body, std::move(vars), sp);
}

StmtPtr Parser::parseScope() {
  Span sp = here();
  expect("scope");
  Token kindTok = tok();
  auto kind = tok().kind == TokKind::Ident ? parseScopeKind(tok().text) : std::nullopt;
  if (!kind)
    fatal("P008", spanOf(kindTok),
          "unknown scope kind " + describeToken(kindTok) +
              "; expected incore, cluster, hierarchy, spmd, split_aiv, runtime, comm_domain "
              "or graph");
  ++pos_;
  std::string name;
  if (tok().kind == TokKind::String)
    name = toks_[pos_++].text;
  AttrList attrs = at("[") && at("[", 1) ? parseAttrs() : AttrList{};
  std::optional<Binder> tid;
  if (accept("->")) { // the task id binding: defined after the body
    tid = parseBinder(true);
    if (tid->isNew && !tid->typed)
      tid->var = Var::make(tid->var->name(), ScalarType::get(DataType::TaskId), spanOf(tid->at));
    if (findAttr(attrs, "task_id"))
      error("P004", spanOf(tid->at),
            "scope binds its task id twice ('-> " + tid->var->name() + "' and a 'task_id' attr)");
  }
  StmtPtr body = parseBody();
  if (tid)
    declareBinder(*tid);
  return ir::Scope::make(*kind, std::move(name), body, std::move(attrs),
                         tid ? tid->var : VarPtr(), sp);
}

} // namespace detail

ProgramPtr parseProgram(std::string_view text, const std::string &fileName,
                        DiagnosticEngine &diags) {
  registerAllOps();
  diags.addSourceBuffer(fileName, std::string(text));
  auto file = internFileName(fileName);
  unsigned before = diags.errorCount();
  auto toks = lexIR(text, file, diags);
  try {
    detail::Parser p(std::move(toks), file, diags);
    ProgramPtr prog = p.parseProgram();
    return diags.errorCount() == before ? prog : nullptr;
  } catch (detail::SyntaxAbort &) {
    return nullptr;
  }
}

} // namespace pl::ir
