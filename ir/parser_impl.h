// Internal: the recursive-descent parser of the IR text form (shared by parser*.cpp only).
#pragma once

#include "ir/lexer.h"
#include "ir/parser.h"

#include <functional>
#include <map>
#include <set>
#include <unordered_map>

namespace pl::ir::detail {

/// Thrown after a fatal (syntax) diagnostic has been reported; caught by parseProgram.
struct SyntaxAbort {};

class Parser {
public:
  Parser(std::vector<Token> toks, std::shared_ptr<const std::string> file, DiagnosticEngine &diags)
      : toks_(std::move(toks)), file_(std::move(file)), diags_(&diags) {}
  ProgramPtr parseProgram();

private:
  using Scope = std::unordered_map<std::string, VarPtr>;
  using MemRefTable = std::map<std::string, MemRefPtr>;

  struct Header {
    std::string name;
    FunctionType type = FunctionType::Opaque;
    std::vector<Param> params;
    std::vector<TypePtr> rets;
    std::optional<Level> level;
    std::optional<Role> role;
    AttrList attrs;
    Span span;
    size_t bodyPos = 0; ///< token index of the body's '{'; 0 = declaration only
    Scope paramScope;
    MemRefTable memrefs;
  };

  /// A binder as written: a fresh Var (declared when its scope says so) or a visible one.
  struct Binder {
    VarPtr var;
    bool isNew = false;
    bool typed = false;
    Token at;
  };

  /// Redirects diagnostics to a private engine while probing (restored on destruction).
  class Probe {
  public:
    explicit Probe(Parser &p)
        : p_(p), saved_(p.diags_), memrefs_(*p.memrefs_), unknownVars_(p.unknownVars_),
          unknownCallees_(p.unknownCallees_) {
      p.diags_ = &scratch_;
    }
    /// What a probe reported was discarded, so the names it found unknown are not "reported".
    ~Probe() {
      p_.diags_ = saved_;
      p_.unknownVars_ = std::move(unknownVars_);
      p_.unknownCallees_ = std::move(unknownCallees_);
    }
    bool failed() const { return scratch_.hasErrors(); }
    void restoreMemRefs() { *p_.memrefs_ = memrefs_; }

  private:
    Parser &p_;
    DiagnosticEngine *saved_;
    DiagnosticEngine scratch_;
    MemRefTable memrefs_;
    std::map<std::string, VarPtr, std::less<>> unknownVars_;
    std::set<std::string, std::less<>> unknownCallees_;
  };

  struct DepthGuard {
    explicit DepthGuard(Parser &p);
    ~DepthGuard() { --p_.depth_; }
    Parser &p_;
  };

  // ---- tokens and errors (parser.cpp) ----
  const Token &tok(size_t k = 0) const;
  Span spanOf(const Token &t) const { return Span(file_, t.line, t.col); }
  Span here() const { return spanOf(tok()); }
  bool at(std::string_view s, size_t k = 0) const { return tok(k).is(s); }
  bool accept(std::string_view s);
  void expect(std::string_view s, std::string_view context = {});
  [[noreturn]] void syntaxError(const std::string &expected);
  [[noreturn]] void fatal(const std::string &code, const Span &span, const std::string &msg);
  void error(const std::string &code, const Span &span, const std::string &msg) {
    diags_->error(code, span, msg);
  }
  std::string expectName(std::string_view what);
  bool atAdjacentShr() const;
  void expectCloseAngle();
  int64_t parseIntLiteral(bool negative);
  int64_t expectInt();

  // ---- scopes ----
  VarPtr lookup(const std::string &name) const;
  void declare(const VarPtr &v, const Token &at);
  Binder parseBinder(bool allowUntyped);
  void declareBinder(const Binder &b);

  // ---- program, functions, statements (parser.cpp) ----
  void parseTopLevel();
  void parseFunctionHeader();
  Param parseParam();
  std::vector<Param> parseParams();
  bool probeParamStarts(std::vector<size_t> &starts, size_t &end);
  std::optional<Param> tryParam(size_t start);
  std::vector<TypePtr> parseReturnTypes();
  void skipBody(const std::string &fn);
  FunctionPtr parseFunctionBody(Header &h);
  StmtPtr parseBody();
  std::vector<StmtPtr> parseStmtList();
  void parseStmt(std::vector<StmtPtr> &out);
  StmtPtr parseDeclOrAssign();
  StmtPtr parseUntypedAssign();
  StmtPtr parseExprStmt();
  StmtPtr parseIf();
  StmtPtr parseFor();
  StmtPtr parseWhile();
  StmtPtr parseScope();
  StmtPtr parseYieldOrReturn(bool isYield);
  std::vector<Binder> parseReturnBinders();
  std::vector<std::pair<Binder, ExprPtr>> parseCarry();
  std::vector<VarPtr> finishReturnVars(std::vector<Binder> &rets,
                                       const std::vector<TypePtr> &fallback);
  std::vector<IterArg> declareCarry(const std::vector<std::pair<Binder, ExprPtr>> &carry,
                                    std::vector<TypePtr> &types);

  // ---- expressions, types, attributes (parser_expr.cpp) ----
  bool atTypeStart() const;
  TypePtr parseType();
  TypePtr parseShaped(bool tile, const Token &kw);
  DataType parseDType();
  MemorySpace parseMemSpace();
  TensorView parseTensorView();
  TileView parseTileView();
  /// `view { key = value, ... }`: `field(k, key, value)` at each value (its first token is
  /// `value`), where `k` is the key's name, or empty when the key is not a name.
  void parseViewFields(
      const std::function<void(const std::string &k, const Token &key, const Token &value)> &field);
  ExprList parseExprListUntil(std::string_view close);
  ExprPtr parseExpr(bool inAngle = false);
  ExprPtr parseBinary(int minPrec, bool inAngle);
  ExprPtr parseUnary();
  ExprPtr parsePostfix(ExprPtr e);
  ExprPtr parsePrimary();
  ExprPtr parseLiteral(bool negative, DataType intType, DataType floatType);
  ExprPtr parseParenOrAscription();
  ExprPtr parseTypedLiteral();
  ExprPtr parseBuiltin(const Token &kw);
  ExprPtr parseVarRef();
  std::string parseCallee(Token &at);
  ExprPtr parseCall(const std::string &callee, const Token &at);
  ExprPtr parseSubmit();
  ExprPtr buildCall(const std::string &callee, const Token &at, ExprList args, AttrList kwargs,
                    AttrList attrs);
  ExprPtr ascribe(const ExprPtr &e, const TypePtr &t, const Token &at);
  MemRefPtr parseMemRef();
  AttrList parseAttrs();
  AttrList parseKwargs();
  std::string parseAttrKey();
  AttrValue parseAttrValue();
  AttrValue parseListValue();
  const Header *findFunction(const std::string &name) const;

  std::vector<Token> toks_;
  size_t pos_ = 0;
  std::shared_ptr<const std::string> file_;
  DiagnosticEngine *diags_;
  int depth_ = 0;
  int exprNesting_ = 0; ///< parseExpr calls in progress (the outermost checks the tree depth)
  std::vector<Scope> scopes_; ///< [0] = program-level declarations
  MemRefTable globalMemRefs_;
  MemRefTable *memrefs_ = &globalMemRefs_;
  std::vector<Header> headers_;
  std::map<std::string, size_t, std::less<>> headerIndex_;
  std::string programName_;
  unsigned startErrors_ = 0;
  // Error recovery, so that one missing declaration is one error, not one per use: the
  // placeholder of each unknown identifier of the current function (reported at its first use),
  // the unknown callees already reported, and the values built on a placeholder (an op call on
  // one is not type-checked: its operand was the error).
  std::map<std::string, VarPtr, std::less<>> unknownVars_;
  std::set<std::string, std::less<>> unknownCallees_;
  std::set<ExprPtr> poisoned_;
  /// `e` is, or is built from (through tuples and arithmetic), a value an error already named.
  bool poisoned(const ExprPtr &e) const;
};

} // namespace pl::ir::detail
