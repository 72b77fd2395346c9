// Parser of the IR text form: types, expressions, calls, MemRefs and attribute values.
#include "ir/binary_syntax.h"
#include "ir/expr_depth.h"
#include "ir/op_registry.h"
#include "ir/parser_impl.h"
#include "ir/printer.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace pl::ir::detail {

namespace {

struct BinTok {
  BinaryOp op;
  int prec;
};

std::optional<BinTok> infixOp(const std::string &s) {
  auto op = parseInfixOp(s);
  return op ? std::optional<BinTok>(BinTok{*op, infixPrecedence(*op)}) : std::nullopt;
}

bool isTypeKeyword(const std::string &s) {
  return s == "Tensor" || s == "Tile" || s == "Scalar" || s == "Tuple" || s == "MemRef" ||
         s == "Ptr" || s == "Array" || s == "Unknown";
}

std::string dtypeList() {
  std::string s;
  for (int i = 0; i <= static_cast<int>(DataType::TaskId); ++i)
    s += (i ? ", " : "") + std::string(dtypeName(static_cast<DataType>(i)));
  return s;
}

} // namespace

// ---- types ------------------------------------------------------------------------------------

bool Parser::atTypeStart() const {
  if (tok().kind != TokKind::Ident)
    return false;
  if (isTypeKeyword(tok().text))
    return true;
  return parseDataType(tok().text).has_value() && !at("(", 1);
}

DataType Parser::parseDType() {
  if (tok().kind != TokKind::Ident)
    syntaxError("a dtype");
  auto d = parseDataType(tok().text);
  if (!d)
    error("P005", here(), "unknown dtype '" + tok().text + "'; expected one of " + dtypeList());
  ++pos_;
  return d.value_or(DataType::FP32);
}

MemorySpace Parser::parseMemSpace() {
  if (tok().kind != TokKind::Ident)
    syntaxError("a memory space");
  auto m = parseMemorySpace(tok().text);
  if (!m)
    error("P006", here(),
          "unknown memory space '" + tok().text +
              "'; expected one of DDR, Vec, Mat, Left, Right, Acc, Bias, ScalarLocal, LeftScale, "
              "RightScale");
  ++pos_;
  return m.value_or(MemorySpace::DDR);
}

TypePtr Parser::parseType() {
  DepthGuard g(*this);
  if (tok().kind != TokKind::Ident)
    syntaxError("a type");
  std::string kw = tok().text;
  Token kwTok = tok();
  if (auto d = parseDataType(kw)) {
    ++pos_;
    return ScalarType::get(*d);
  }
  if (kw == "Tensor" || kw == "Tile")
    return parseShaped(kw == "Tile", kwTok);
  if (!isTypeKeyword(kw))
    syntaxError("a type");
  ++pos_;
  if (kw == "MemRef")
    return MemRefType::get();
  if (kw == "Unknown")
    return UnknownType::get();
  expect("<", "after '" + kw + "'");
  TypePtr t;
  if (kw == "Scalar") {
    t = ScalarType::get(parseDType());
  } else if (kw == "Ptr") {
    t = PtrType::make(parseMemSpace());
  } else if (kw == "Array") {
    DataType d = parseDType();
    expect(",", "after the array dtype");
    t = ArrayType::make(d, expectInt());
  } else { // Tuple
    std::vector<TypePtr> elems;
    if (!at(">"))
      do
        elems.push_back(parseType());
      while (accept(","));
    t = TupleType::make(std::move(elems));
  }
  expectCloseAngle();
  return t;
}

/// `Tensor<dtype, dims..., view{...}>`, `Tile<dtype, dims..., Space, view{...}, @memref(...)>`.
TypePtr Parser::parseShaped(bool tile, const Token &) {
  ++pos_;
  expect("<", tile ? "after 'Tile'" : "after 'Tensor'");
  DataType d = parseDType();
  ExprList shape;
  std::optional<MemorySpace> space;
  std::optional<TensorView> tensorView;
  std::optional<TileView> tileView;
  MemRefPtr memref;
  while (accept(",")) {
    bool option = space || tensorView || tileView || memref;
    if (tile && tok().kind == TokKind::Ident && parseMemorySpace(tok().text)) {
      space = parseMemSpace();
    } else if (at("view") && at("{", 1)) {
      if (tile)
        tileView = parseTileView();
      else
        tensorView = parseTensorView();
    } else if (tile && at("@")) {
      memref = parseMemRef();
    } else if (option) {
      syntaxError("a memory space, 'view{...}' or '@memref(...)'");
    } else {
      shape.push_back(parseExpr(true));
    }
  }
  expectCloseAngle();
  if (tile)
    return TileType::make(d, std::move(shape), space, std::move(tileView), std::move(memref));
  return TensorType::make(d, std::move(shape), std::move(tensorView));
}

void Parser::parseViewFields(
    const std::function<void(const std::string &k, const Token &key, const Token &value)> &field) {
  expect("view");
  expect("{");
  if (!at("}"))
    do {
      Token key = tok();
      std::string k = key.kind == TokKind::Ident ? toks_[pos_++].text : "";
      expect("=", "after a view field");
      Token value = tok();
      field(k, key, value);
    } while (accept(","));
  expect("}", "to close the view");
}

TensorView Parser::parseTensorView() {
  TensorView v;
  parseViewFields([&](const std::string &k, const Token &key, const Token &val) {
    if (k == "stride" || k == "valid_shape") {
      expect("{");
      (k == "stride" ? v.stride : v.validShape) = parseExprListUntil("}");
    } else if (k == "layout" || k == "pad") {
      std::string w = val.kind == TokKind::Ident ? toks_[pos_++].text : "";
      auto l = parseTensorLayout(w);
      auto p = parsePadValue(w);
      if (k == "layout" ? !l : !p)
        fatal("P008", spanOf(val),
              "unknown " + k + " " + describeToken(val) + "; expected " +
                  (k == "layout" ? "ND, DN, NZ, MX_A or MX_B" : "null, zero, max or min"));
      k == "layout" ? void(v.layout = *l) : void(v.pad = *p);
    } else {
      fatal("P008", spanOf(key),
            "unknown tensor view field " + describeToken(key) +
                "; expected stride, layout, valid_shape or pad");
    }
  });
  return v;
}

TileView Parser::parseTileView() {
  TileView v;
  parseViewFields([&](const std::string &k, const Token &key, const Token &val) {
    std::string w = val.kind == TokKind::Ident ? val.text : "";
    auto bad = [&](const char *expected) {
      fatal("P008", spanOf(val),
            "unknown " + k + " " + describeToken(val) + "; expected " + expected);
    };
    if (k == "valid_shape" || k == "stride") {
      expect("{");
      (k == "stride" ? v.stride : v.validShape) = parseExprListUntil("}");
    } else if (k == "start_offset") {
      v.startOffset = parseExpr();
    } else if (k == "fractal") {
      v.fractal = expectInt();
    } else if (k == "compact") {
      if (!at("true") && !at("false"))
        bad("true or false");
      v.compact = toks_[pos_++].text == "true";
    } else if (k == "blayout") {
      auto b = parseBLayout(w);
      if (!b)
        bad("row_major or col_major");
      v.blayout = *b, ++pos_;
    } else if (k == "slayout") {
      auto s = parseSLayout(w);
      if (!s)
        bad("none_box, row_major or col_major");
      v.slayout = *s, ++pos_;
    } else if (k == "pad") {
      auto p = parsePadValue(w);
      if (!p)
        bad("null, zero, max or min");
      v.pad = *p, ++pos_;
    } else {
      fatal("P008", spanOf(key),
            "unknown tile view field " + describeToken(key) +
                "; expected valid_shape, stride, start_offset, blayout, slayout, fractal, pad "
                "or compact");
    }
  });
  return v;
}

// ---- expressions ------------------------------------------------------------------------------

/// Expressions separated by commas up to and including `close`.
ExprList Parser::parseExprListUntil(std::string_view close) {
  ExprList out;
  if (!at(close))
    do
      out.push_back(parseExpr());
    while (accept(","));
  expect(close, "to close the list");
  return out;
}

ExprPtr Parser::parseExpr(bool inAngle) {
  DepthGuard g(*this);
  struct Nesting {
    int &n;
    ~Nesting() { --n; }
  } nesting{++exprNesting_};
  ExprPtr e = parseBinary(1, inAngle);
  if (exprNesting_ == 1) // once per outermost expression: linear in the input
    if (const Expr *deep = findExprDeeperThan(e))
      fatal("P015", deep->span(),
            "expression is nested too deeply (more than " + std::to_string(kMaxExprDepth) +
                " levels); split it into several statements");
  return e;
}

/// Precedence climbing. Inside `<...>` a `>` ends the expression instead (C++'s rule).
ExprPtr Parser::parseBinary(int minPrec, bool inAngle) {
  ExprPtr lhs = parseUnary();
  for (unsigned spine = 0;; ++spine) {
    std::optional<BinTok> b;
    int width = 1;
    if (atAdjacentShr()) {
      b = BinTok{BinaryOp::Shr, infixPrecedence(BinaryOp::Shr)};
      width = 2;
    } else if (tok().kind == TokKind::Punct) {
      b = infixOp(tok().text);
    }
    if (!b || b->prec < minPrec || (inAngle && at(">")))
      return lhs;
    Span sp = here();
    if (spine == kMaxExprDepth) // stop before building a tree too deep to walk (or free)
      fatal("P015", sp,
            "expression is nested too deeply (more than " + std::to_string(kMaxExprDepth) +
                " levels); split it into several statements");
    pos_ += width;
    ExprPtr rhs = parseBinary(b->prec + 1, inAngle);
    lhs = Binary::make(b->op, lhs, rhs, sp);
  }
}

ExprPtr Parser::parseUnary() {
  DepthGuard g(*this);
  Span sp = here();
  if (at("-")) {
    const Token &n = tok(1);
    if (n.kind == TokKind::Int || n.kind == TokKind::Float || n.is("inf") || n.is("nan")) {
      ++pos_;
      return parsePostfix(parseLiteral(true, DataType::Index, DataType::FP32));
    }
    ++pos_;
    return Unary::make(UnaryOp::Neg, parseUnary(), sp);
  }
  if (accept("!"))
    return Unary::make(UnaryOp::Not, parseUnary(), sp);
  if (accept("~"))
    return Unary::make(UnaryOp::BitNot, parseUnary(), sp);
  if (at("submit"))
    return parseSubmit();
  return parsePostfix(parsePrimary());
}

ExprPtr Parser::parsePostfix(ExprPtr e) {
  while (at("[") && !at("[", 1)) {
    Span sp = here();
    ++pos_;
    int64_t index = expectInt();
    expect("]", "after the tuple index");
    e = TupleGetItem::make(e, index, sp);
  }
  return e;
}

/// A number (or inf/nan); the sign was consumed by the caller when `negative`.
ExprPtr Parser::parseLiteral(bool negative, DataType intType, DataType floatType) {
  Span sp = here();
  const Token &t = tok();
  if (t.kind == TokKind::Int)
    return ConstInt::make(parseIntLiteral(negative), intType, sp);
  double v;
  if (t.kind == TokKind::Float)
    v = std::strtod(t.text.c_str(), nullptr);
  else if (t.is("inf"))
    v = HUGE_VAL;
  else if (t.is("nan"))
    v = std::nan("");
  else
    syntaxError("a number");
  ++pos_;
  return ConstFloat::make(negative ? -v : v, floatType, sp);
}

ExprPtr Parser::parsePrimary() {
  const Token t = tok();
  Span sp = spanOf(t);
  switch (t.kind) {
  case TokKind::Int:
  case TokKind::Float: return parseLiteral(false, DataType::Index, DataType::FP32);
  case TokKind::String: {
    Token at = t;
    std::string callee = parseCallee(at);
    return parseCall(callee, at);
  }
  case TokKind::Punct:
    if (t.text == "(")
      return parseParenOrAscription();
    if (t.text == "{") {
      ++pos_;
      return MakeTuple::make(parseExprListUntil("}"), sp);
    }
    if (t.text == "@")
      return parseMemRef();
    break;
  case TokKind::Ident:
    if (t.text == "true" || t.text == "false") {
      ++pos_;
      return ConstBool::make(t.text == "true", sp);
    }
    if (t.text == "inf" || t.text == "nan")
      return parseLiteral(false, DataType::Index, DataType::FP32);
    if (parseDataType(t.text) && at("(", 1))
      return parseTypedLiteral();
    if (t.text == "cast" || t.text == "abs" || parseCallFormOp(t.text))
      return parseBuiltin(t);
    if (isReservedWord(t.text))
      break;
    if (at("(", 1) || at(".", 1)) {
      Token at = t;
      std::string callee = parseCallee(at);
      return parseCall(callee, at);
    }
    return parseVarRef();
  default: break;
  }
  syntaxError("an expression");
}

ExprPtr Parser::parseParenOrAscription() {
  expect("(");
  ExprPtr e = parseExpr();
  if (at(":")) {
    Token colon = tok();
    ++pos_;
    e = ascribe(e, parseType(), colon);
  }
  expect(")", "to close the parenthesis");
  return e;
}

/// `int32(5)`, `fp16(1.5)`, `bool(1)`: a constant of that dtype.
ExprPtr Parser::parseTypedLiteral() {
  DataType d = *parseDataType(tok().text);
  pos_ += 2;
  bool neg = accept("-");
  const Token &n = tok();
  if (n.kind != TokKind::Int && n.kind != TokKind::Float && !n.is("inf") && !n.is("nan"))
    syntaxError("a number inside '" + std::string(dtypeName(d)) + "(...)'");
  ExprPtr e = parseLiteral(neg, d, d);
  expect(")", "to close the typed constant");
  return e;
}

ExprPtr Parser::parseBuiltin(const Token &kw) {
  Span sp = spanOf(kw);
  ++pos_;
  if (kw.text == "cast") {
    expect("<", "after 'cast'");
    DataType d = parseDType();
    expectCloseAngle();
    expect("(");
    ExprPtr x = parseExpr();
    expect(")", "to close the cast");
    return Unary::makeCast(x, d, sp);
  }
  expect("(", "after '" + kw.text + "'");
  ExprPtr a = parseExpr();
  if (kw.text == "abs") {
    expect(")", "to close 'abs'");
    return Unary::make(UnaryOp::Abs, a, sp);
  }
  expect(",", "between the operands of '" + kw.text + "'");
  ExprPtr b = parseExpr();
  expect(")", "to close '" + kw.text + "'");
  return Binary::make(*parseCallFormOp(kw.text), a, b, sp);
}

bool Parser::poisoned(const ExprPtr &e) const {
  if (!e || poisoned_.empty())
    return false;
  if (poisoned_.count(e))
    return true;
  if (auto *t = dynCast<MakeTuple>(e))
    return std::any_of(t->elements().begin(), t->elements().end(),
                       [&](const ExprPtr &x) { return poisoned(x); });
  if (auto *b = dynCast<Binary>(e))
    return poisoned(b->lhs()) || poisoned(b->rhs());
  if (auto *u = dynCast<Unary>(e))
    return poisoned(u->operand());
  return false;
}

ExprPtr Parser::parseVarRef() {
  Token t = tok();
  std::string name = expectName("a variable");
  if (VarPtr v = lookup(name))
    return v;
  if (auto it = unknownVars_.find(name); it != unknownVars_.end())
    return it->second; // reported at its first use
  error("P003", spanOf(t), "unknown identifier '" + name +
                               "'; expected a variable declared before this point");
  VarPtr v = Var::make(name, UnknownType::get(), spanOf(t));
  unknownVars_.emplace(name, v);
  poisoned_.insert(v);
  return v;
}

/// `name`, `tile.add` (any words after a dot) or a quoted name.
std::string Parser::parseCallee(Token &at) {
  at = tok();
  if (tok().kind == TokKind::String)
    return toks_[pos_++].text;
  if (tok().kind != TokKind::Ident)
    syntaxError("a name");
  std::string name = toks_[pos_++].text;
  while (this->at(".")) {
    ++pos_;
    if (tok().kind != TokKind::Ident)
      syntaxError("a name after '.'");
    name += "." + toks_[pos_++].text;
  }
  return name;
}

const Parser::Header *Parser::findFunction(const std::string &name) const {
  auto it = headerIndex_.find(name);
  return it == headerIndex_.end() ? nullptr : &headers_[it->second];
}

ExprPtr Parser::parseCall(const std::string &callee, const Token &at) {
  expect("(", "after '" + callee + "'");
  ExprList args;
  AttrList kwargs;
  if (!this->at(")"))
    do {
      if (this->at("{") && this->at(".", 1)) {
        kwargs = parseKwargs();
        break;
      }
      args.push_back(parseExpr());
    } while (accept(","));
  expect(")", "to close the arguments of '" + callee + "'");
  AttrList attrs = this->at("[") && this->at("[", 1) ? parseAttrs() : AttrList{};
  return buildCall(callee, at, std::move(args), std::move(kwargs), std::move(attrs));
}

/// A call to a function of the program (typed by its signature) or to a registered op (typed
/// by the op's deduction; its diagnostics are reported at the call).
ExprPtr Parser::buildCall(const std::string &callee, const Token &at, ExprList args,
                          AttrList kwargs, AttrList attrs) {
  Span sp = spanOf(at);
  CallTarget fn;
  fn.function = callee;
  if (const Header *h = findFunction(callee))
    return Call::make(fn, std::move(args), std::move(kwargs), std::move(attrs),
                      functionCallType(h->rets), sp);
  const Op *op = lookupOp(callee);
  if (!op) {
    if (unknownCallees_.insert(callee).second)
      error("P007", sp,
            "unknown op or function '" + callee +
                "'; expected a registered op (e.g. 'tile.add') or a function of "
                "this program");
    ExprPtr c = Call::make(fn, std::move(args), std::move(kwargs), std::move(attrs),
                           UnknownType::get(), sp);
    poisoned_.insert(c);
    return c;
  }
  CallTarget target;
  target.op = op;
  const bool onError = std::any_of(args.begin(), args.end(), [&](auto &a) { return poisoned(a); });
  ExprPtr c = onError ? nullptr : makeOpCall(*op, args, kwargs, sp, *diags_);
  if (!c) {
    c = Call::make(target, std::move(args), std::move(kwargs), std::move(attrs), UnknownType::get(),
                   sp);
    poisoned_.insert(c);
    return c;
  }
  if (attrs.empty())
    return c;
  auto &call = static_cast<const Call &>(*c);
  return Call::make(call.target(), call.args(), call.kwargs(), std::move(attrs), call.type(), sp);
}

/// `submit f(args) {.deps = {t}, .core_num = n, .sync_start = true, ...}`.
ExprPtr Parser::parseSubmit() {
  Span sp = here();
  expect("submit");
  Token at;
  std::string callee = parseCallee(at);
  expect("(", "after '" + callee + "'");
  ExprList args = parseExprListUntil(")");
  ExprList deps;
  ExprPtr coreNum, predicate;
  bool syncStart = false, early = false;
  if (this->at("{") && this->at(".", 1)) {
    ++pos_;
    do {
      expect(".", "before a submit option");
      Token key = tok();
      std::string k = key.kind == TokKind::Ident ? toks_[pos_++].text : "";
      expect("=", "after a submit option");
      bool isBool = k == "sync_start" || k == "allow_early_resolve";
      if (isBool && !this->at("true") && !this->at("false"))
        syntaxError("true or false");
      if (k == "deps") {
        expect("{", "to open the dependency list");
        deps = parseExprListUntil("}");
      } else if (k == "core_num" || k == "predicate") {
        (k == "core_num" ? coreNum : predicate) = parseExpr();
      } else if (isBool) {
        (k == "sync_start" ? syncStart : early) = toks_[pos_++].text == "true";
      } else {
        fatal("P011", spanOf(key), "unknown submit option " + describeToken(key) +
                                       "; expected deps, core_num, sync_start, "
                                       "allow_early_resolve or predicate");
      }
    } while (accept(","));
    expect("}", "to close the submit options");
  }
  AttrList attrs = this->at("[") && this->at("[", 1) ? parseAttrs() : AttrList{};
  CallTarget target;
  TypePtr result;
  if (const Header *h = findFunction(callee)) {
    target.function = callee;
    result = functionCallType(h->rets);
  } else if (const Op *op = lookupOp(callee)) {
    target.op = op;
    if (ExprPtr c = makeOpCall(*op, args, {}, spanOf(at), *diags_))
      result = c->type();
  } else {
    target.function = callee;
    error("P007", spanOf(at), "unknown op or function '" + callee + "' in submit");
  }
  return std::make_shared<const Submit>(target, std::move(args), std::move(deps), coreNum,
                                        syncStart, early, predicate, std::move(attrs),
                                        submitResultType(result ? result : UnknownType::get()), sp);
}

/// `(e : T)`: the node `e` with the type T (what passes stored) instead of the deduced one.
ExprPtr Parser::ascribe(const ExprPtr &e, const TypePtr &t, const Token &at) {
  Span sp = e->span();
  switch (e->kind()) {
  case ExprKind::Binary: {
    auto &b = static_cast<const Binary &>(*e);
    return std::make_shared<const Binary>(b.op(), b.lhs(), b.rhs(), t, sp);
  }
  case ExprKind::Unary: {
    auto &u = static_cast<const Unary &>(*e);
    return std::make_shared<const Unary>(u.op(), u.operand(), t, sp);
  }
  case ExprKind::Call: {
    auto &c = static_cast<const Call &>(*e);
    return Call::make(c.target(), c.args(), c.kwargs(), c.attrs(), t, sp);
  }
  case ExprKind::Submit: {
    auto &s = static_cast<const Submit &>(*e);
    return std::make_shared<const Submit>(s.target(), s.args(), s.deps(), s.coreNum(),
                                          s.syncStart(), s.allowEarlyResolve(), s.predicate(),
                                          s.attrs(), t, sp);
  }
  case ExprKind::MakeTuple:
    return std::make_shared<const MakeTuple>(static_cast<const MakeTuple &>(*e).elements(), t, sp);
  case ExprKind::TupleGetItem: {
    auto &g = static_cast<const TupleGetItem &>(*e);
    return std::make_shared<const TupleGetItem>(g.tuple(), g.index(), t, sp);
  }
  case ExprKind::Var:
  case ExprKind::MemRef:
  case ExprKind::ConstInt:
  case ExprKind::ConstFloat:
  case ExprKind::ConstBool: break;
  }
  error("P013", spanOf(at), "a type ascription applies to an operation; expected a call, "
                            "operator, tuple or tuple element before ':'");
  return e;
}

// ---- MemRefs ----------------------------------------------------------------------------------

/// `@name(base, offset, size[, pinned][, slots = N][, slot = I])`; one object per name.
MemRefPtr Parser::parseMemRef() {
  Token atTok = tok();
  expect("@");
  std::string name = expectName("a MemRef name after '@'");
  expect("(", "after the MemRef name");
  VarPtr base;
  if (!accept("null")) {
    Token bt = tok();
    ExprPtr b = parseExpr();
    base = as<Var>(b);
    if (!base)
      error("P013", spanOf(bt), "the base of MemRef '" + name + "' must be a variable or null");
  }
  expect(",", "after the MemRef base");
  ExprPtr offset = parseExpr();
  expect(",", "after the MemRef offset");
  int64_t size = expectInt();
  bool pinned = false;
  int64_t slots = 1, slot = 0;
  while (accept(",")) {
    if (accept("pinned")) {
      pinned = true;
      continue;
    }
    bool isSlots = at("slots");
    if (!isSlots && !at("slot"))
      syntaxError("'pinned', 'slots = N' or 'slot = I'");
    ++pos_;
    expect("=");
    (isSlots ? slots : slot) = expectInt();
  }
  expect(")", "to close the MemRef");
  auto it = memrefs_->find(name);
  if (it == memrefs_->end()) {
    auto m = MemRef::make(name, base, offset, size, pinned, slots, slot, spanOf(atTok));
    memrefs_->emplace(name, m);
    return m;
  }
  const MemRef &m = *it->second;
  if (m.base() != base || m.size() != size || m.pinned() != pinned || m.slotCount() != slots ||
      m.slotIndex() != slot || printExpr(m.byteOffset()) != printExpr(offset))
    error("P010", spanOf(atTok), "MemRef '@" + name +
                                  "' is used with different fields than before; expected the "
                                  "same base, offset, size and slots at every use");
  return it->second;
}

// ---- attributes -------------------------------------------------------------------------------

/// `[[key = value, ...]]`: compiler attributes (calls, loops, scopes, functions).
AttrList Parser::parseAttrs() {
  expect("[");
  expect("[");
  AttrList out;
  if (!at("]"))
    do {
      std::string k = parseAttrKey();
      expect("=", "after an attribute name");
      out.emplace_back(std::move(k), parseAttrValue());
    } while (accept(","));
  expect("]", "to close the attributes");
  expect("]", "to close the attributes");
  return out;
}

/// `{.key = value, ...}`: keyword arguments of a call (the DSL's option structs).
AttrList Parser::parseKwargs() {
  expect("{");
  AttrList out;
  do {
    expect(".", "before a keyword argument name");
    std::string k = parseAttrKey();
    expect("=", "after a keyword argument name");
    out.emplace_back(std::move(k), parseAttrValue());
  } while (accept(","));
  expect("}", "to close the keyword arguments");
  return out;
}

std::string Parser::parseAttrKey() {
  if (tok().kind != TokKind::Ident && tok().kind != TokKind::String)
    syntaxError("an attribute name");
  return toks_[pos_++].text;
}

AttrValue Parser::parseAttrValue() {
  DepthGuard g(*this);
  const Token t = tok();
  if (accept("true") || accept("false"))
    return t.text == "true";
  bool neg = at("-");
  const Token &n = tok(neg ? 1 : 0);
  if (n.kind == TokKind::Int) {
    pos_ += neg;
    return parseIntLiteral(neg);
  }
  if (n.kind == TokKind::Float || n.is("inf") || n.is("nan")) {
    pos_ += neg;
    return std::static_pointer_cast<const ConstFloat>(parseLiteral(neg, DataType::FP32,
                                                                   DataType::FP32))
        ->value();
  }
  if (t.kind == TokKind::String) {
    ++pos_;
    return t.text;
  }
  if (t.kind == TokKind::Ident) {
    if (auto d = parseDataType(t.text))
      return ++pos_, AttrValue(*d);
    if (auto m = parseMemorySpace(t.text))
      return ++pos_, AttrValue(*m);
  }
  if (at("["))
    return parseListValue();
  if (accept("(")) {
    ExprPtr e = accept("null") ? nullptr : parseExpr();
    expect(")", "to close the expression value");
    return e;
  }
  if (accept("{"))
    return parseExprListUntil("}");
  syntaxError("an attribute value (true, 42, 1.5, \"s\", fp32, Vec, [1, 2], [\"s\"], [:str], "
              "(expr) or {exprs})");
}

AttrValue Parser::parseListValue() {
  expect("[");
  if (accept("]"))
    return std::vector<int64_t>{};
  if (accept(":")) {
    expect("str", "in the empty string list '[:str]'");
    expect("]");
    return std::vector<std::string>{};
  }
  if (tok().kind == TokKind::String) {
    std::vector<std::string> out;
    do {
      if (tok().kind != TokKind::String)
        syntaxError("a string");
      out.push_back(toks_[pos_++].text);
    } while (accept(","));
    expect("]", "to close the list");
    return out;
  }
  std::vector<int64_t> out;
  do
    out.push_back(expectInt());
  while (accept(","));
  expect("]", "to close the list");
  return out;
}

} // namespace pl::ir::detail
