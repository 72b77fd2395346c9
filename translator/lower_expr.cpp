// Expression lowering: literals, variables, constants, scalar arithmetic, operators on tensors
// and tiles, calls to other marked functions, assignments.
#include "translator/function_lowerer.h"

#include "ir/op_registry.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtVisitor.h"
#include "llvm/Support/SaveAndRestore.h"

#include <cmath>

namespace pl::translator {

namespace {

std::optional<ir::BinaryOp> binaryOpFor(clang::BinaryOperatorKind k, bool isFloat) {
  using K = clang::BinaryOperatorKind;
  switch (k) {
  case K::BO_Add: return ir::BinaryOp::Add;
  case K::BO_Sub: return ir::BinaryOp::Sub;
  case K::BO_Mul: return ir::BinaryOp::Mul;
  // C++ integer division and remainder round toward zero (Simplify turns them into floor
  // division / modulo where the operands are provably non-negative).
  case K::BO_Div: return isFloat ? ir::BinaryOp::FloatDiv : ir::BinaryOp::TruncDiv;
  case K::BO_Rem: return ir::BinaryOp::TruncMod;
  case K::BO_LT: return ir::BinaryOp::Lt;
  case K::BO_LE: return ir::BinaryOp::Le;
  case K::BO_GT: return ir::BinaryOp::Gt;
  case K::BO_GE: return ir::BinaryOp::Ge;
  case K::BO_EQ: return ir::BinaryOp::Eq;
  case K::BO_NE: return ir::BinaryOp::Ne;
  case K::BO_LAnd: return ir::BinaryOp::And;
  case K::BO_LOr: return ir::BinaryOp::Or;
  case K::BO_And: return ir::BinaryOp::BitAnd;
  case K::BO_Or: return ir::BinaryOp::BitOr;
  case K::BO_Xor: return ir::BinaryOp::BitXor;
  case K::BO_Shl: return ir::BinaryOp::Shl;
  case K::BO_Shr: return ir::BinaryOp::Shr;
  default: return std::nullopt;
  }
}

/// Compound assignment `a op= b` → the binary operator kind of `op`.
std::optional<clang::BinaryOperatorKind> compoundBase(clang::OverloadedOperatorKind k) {
  switch (k) {
  case clang::OO_PlusEqual: return clang::BO_Add;
  case clang::OO_MinusEqual: return clang::BO_Sub;
  case clang::OO_StarEqual: return clang::BO_Mul;
  case clang::OO_SlashEqual: return clang::BO_Div;
  default: return std::nullopt;
  }
}

std::optional<clang::BinaryOperatorKind> operatorBinary(clang::OverloadedOperatorKind k) {
  switch (k) {
  case clang::OO_Plus: return clang::BO_Add;
  case clang::OO_Minus: return clang::BO_Sub;
  case clang::OO_Star: return clang::BO_Mul;
  case clang::OO_Slash: return clang::BO_Div;
  case clang::OO_Less: return clang::BO_LT;
  case clang::OO_LessEqual: return clang::BO_LE;
  case clang::OO_Greater: return clang::BO_GT;
  case clang::OO_GreaterEqual: return clang::BO_GE;
  case clang::OO_EqualEqual: return clang::BO_EQ;
  case clang::OO_ExclaimEqual: return clang::BO_NE;
  default: return std::nullopt;
  }
}

bool isShaped(const ir::ExprPtr &e) { return ir::isa<ir::ShapedType>(e->type()); }

/// The values an integer dtype holds (bool: 0 and 1).
std::pair<__int128, __int128> intRange(ir::DataType d) {
  if (d == ir::DataType::Bool)
    return {0, 1};
  unsigned bits = d == ir::DataType::Index ? 64 : ir::dtypeBits(d);
  if (ir::isUnsignedInt(d))
    return {0, (static_cast<__int128>(1) << bits) - 1};
  return {-(static_cast<__int128>(1) << (bits - 1)), (static_cast<__int128>(1) << (bits - 1)) - 1};
}

/// Whether every value of integer dtype `from` is a value of `to`.
bool holdsAll(ir::DataType to, ir::DataType from) {
  auto [tl, th] = intRange(to);
  auto [fl, fh] = intRange(from);
  return tl <= fl && fh <= th;
}

/// `v` converted to integer dtype `d` as C++ (and the IR cast) does: modulo 2^bits, bool: v != 0.
int64_t wrapInt(int64_t v, ir::DataType d) {
  if (d == ir::DataType::Bool)
    return v != 0;
  unsigned bits = d == ir::DataType::Index ? 64 : ir::dtypeBits(d);
  if (bits >= 64)
    return v;
  uint64_t mask = (uint64_t{1} << bits) - 1, u = static_cast<uint64_t>(v) & mask;
  if (!ir::isUnsignedInt(d) && ((u >> (bits - 1)) & 1))
    u |= ~mask;
  return static_cast<int64_t>(u);
}

bool isPlScalarType(clang::QualType t) {
  auto *rd = t.getNonReferenceType()->getAsCXXRecordDecl();
  return rd && rd->getName() == "Scalar" && isInPlNamespace(rd);
}

/// One method per expression kind (after constant folding, which comes first in lowerExpr);
/// any other expression is F399, naming its class.
class ExprDispatcher final : public clang::ConstStmtVisitor<ExprDispatcher, ir::ExprPtr> {
public:
  explicit ExprDispatcher(FunctionLowerer &l) : l_(l) {}

  ir::ExprPtr VisitInitListExpr(const clang::InitListExpr *il) { // `pl::Index{x}`
    if (il->getNumInits() != 1)
      return l_.unsupportedExpr(il);
    if (auto *rd = il->getType()->getAsCXXRecordDecl();
        rd && rd->getName() == "TaskId" && isInPlNamespace(rd))
      return l_.errorExpr(il->getExprLoc(), "F366",
                          "a pl::TaskId made from a number names no task of the program: task "
                          "ids come from task launches (pl::at, pl::spmd, pl::submit, "
                          "pl::task_dummy); write pl::TaskId{} for \"no task\"");
    return l_.coerceScalar(l_.lowerExpr(il->getInit(0)), il->getType(), il->getExprLoc());
  }
  ir::ExprPtr VisitCXXMemberCallExpr(const clang::CXXMemberCallExpr *mc) {
    return l_.lowerMemberCall(mc);
  }
  ir::ExprPtr VisitCXXBoolLiteralExpr(const clang::CXXBoolLiteralExpr *b) {
    return ir::ConstBool::make(b->getValue(), l_.span(b->getExprLoc()));
  }
  ir::ExprPtr VisitFloatingLiteral(const clang::FloatingLiteral *f) {
    return ir::ConstFloat::make(f->getValueAsApproximateDouble(), ir::DataType::FP32,
                                l_.span(f->getExprLoc()));
  }
  ir::ExprPtr VisitDeclRefExpr(const clang::DeclRefExpr *dr) { return l_.lowerDeclRef(dr); }
  ir::ExprPtr VisitImplicitCastExpr(const clang::ImplicitCastExpr *c) { return cast(c); }
  ir::ExprPtr VisitExplicitCastExpr(const clang::ExplicitCastExpr *c) { return cast(c); }
  ir::ExprPtr VisitMaterializeTemporaryExpr(const clang::MaterializeTemporaryExpr *x) {
    return l_.lowerExpr(x->getSubExpr());
  }
  ir::ExprPtr VisitCXXBindTemporaryExpr(const clang::CXXBindTemporaryExpr *x) {
    return l_.lowerExpr(x->getSubExpr());
  }
  ir::ExprPtr VisitExprWithCleanups(const clang::ExprWithCleanups *x) {
    return l_.lowerExpr(x->getSubExpr());
  }
  ir::ExprPtr VisitConstantExpr(const clang::ConstantExpr *x) {
    return l_.lowerExpr(x->getSubExpr());
  }
  ir::ExprPtr VisitSubstNonTypeTemplateParmExpr(const clang::SubstNonTypeTemplateParmExpr *x) {
    return l_.lowerExpr(x->getReplacement());
  }
  ir::ExprPtr VisitBinaryOperator(const clang::BinaryOperator *bo) {
    return l_.lowerBinaryOperator(bo);
  }
  ir::ExprPtr VisitUnaryOperator(const clang::UnaryOperator *uo) { return l_.lowerUnary(uo); }
  ir::ExprPtr VisitConditionalOperator(const clang::ConditionalOperator *c) {
    return l_.errorExpr(c->getExprLoc(), "F304",
                        "conditional operator '?:' is not supported; use if/else or pl::sel");
  }
  ir::ExprPtr VisitCXXConstructExpr(const clang::CXXConstructExpr *ce) {
    return l_.lowerConstruct(ce);
  }
  ir::ExprPtr VisitCXXOperatorCallExpr(const clang::CXXOperatorCallExpr *oc) {
    return l_.lowerOperatorCall(oc);
  }
  ir::ExprPtr VisitCallExpr(const clang::CallExpr *call) { return l_.lowerCall(call); }
  ir::ExprPtr VisitLambdaExpr(const clang::LambdaExpr *e) {
    return l_.errorExpr(e->getExprLoc(), "F306",
                        "lambda outside a DSL construct; lambdas are only allowed as the body of "
                        "pl::range/parallel/unroll/pipeline, pl::while_, pl::if_ and pl::at");
  }
  ir::ExprPtr VisitCXXNewExpr(const clang::CXXNewExpr *e) { return allocation(e); }
  ir::ExprPtr VisitCXXDeleteExpr(const clang::CXXDeleteExpr *e) { return allocation(e); }
  ir::ExprPtr VisitCXXThrowExpr(const clang::CXXThrowExpr *e) {
    return l_.errorExpr(e->getExprLoc(), "F308",
                        "exceptions ('throw') are not supported in a marked function");
  }
  ir::ExprPtr VisitMemberExpr(const clang::MemberExpr *e) {
    return l_.errorExpr(e->getExprLoc(), "F309",
                        "member access is not supported in a marked function");
  }
  ir::ExprPtr VisitArraySubscriptExpr(const clang::ArraySubscriptExpr *e) {
    return l_.errorExpr(e->getExprLoc(), "F310",
                        "array subscripts are not supported; use pl::slice or pl::load");
  }
  ir::ExprPtr VisitExpr(const clang::Expr *e) { return l_.unsupportedExpr(e); }

private:
  ir::ExprPtr cast(const clang::CastExpr *c) {
    return l_.lowerCast(c->getSubExpr(), c->getType(), c->getCastKind(), c->getExprLoc());
  }
  ir::ExprPtr allocation(const clang::Expr *e) {
    return l_.errorExpr(e->getExprLoc(), "F307",
                        "dynamic allocation ('new'/'delete') in a marked function");
  }
  FunctionLowerer &l_;
};

} // namespace

std::optional<ir::DataType> FunctionLowerer::exactIntDType(clang::QualType t) const {
  t = t.getNonReferenceType().getCanonicalType();
  if (t->isBooleanType())
    return ir::DataType::Bool;
  if (!t->isIntegralOrEnumerationType())
    return std::nullopt;
  bool isUnsigned = t->isUnsignedIntegerOrEnumerationType();
  switch (ctx_.getIntWidth(t)) {
  case 8: return isUnsigned ? ir::DataType::UInt8 : ir::DataType::Int8;
  case 16: return isUnsigned ? ir::DataType::UInt16 : ir::DataType::Int16;
  case 32: return isUnsigned ? ir::DataType::UInt32 : ir::DataType::Int32;
  case 64: return isUnsigned ? ir::DataType::UInt64 : ir::DataType::Index;
  default: return std::nullopt;
  }
}

ir::ExprPtr FunctionLowerer::castScalar(ir::ExprPtr v, ir::DataType to, clang::SourceLocation loc) {
  auto from = ir::scalarDType(v->type());
  if (!from || *from == to)
    return v;
  if (auto c = ir::constIntValue(v); c && (ir::isIntLike(to) || to == ir::DataType::Bool))
    return to == ir::DataType::Bool ? ir::ConstBool::make(*c != 0, span(loc))
                                    : ir::ConstInt::make(wrapInt(*c, to), to, span(loc));
  return ir::Unary::makeCast(v, to, span(loc));
}

ir::ExprPtr FunctionLowerer::convertInteger(ir::ExprPtr v, clang::QualType from, clang::QualType to,
                                            clang::SourceLocation loc) {
  auto vd = ir::scalarDType(v->type());
  auto exactTo = exactIntDType(to);
  if (!vd || !exactTo)
    return v;
  auto target = ir::scalarDType(lowerType(to, loc));
  auto exactFrom = exactIntDType(from);
  if (!exactFrom && (ir::isIntLike(*vd) || *vd == ir::DataType::Bool))
    exactFrom = *vd;
  // A conversion that may change the value wraps at the exact width of `to` (C++20: modulo
  // 2^N), even when `to` is itself kept as an index.
  if (exactFrom && !holdsAll(*exactTo, *exactFrom))
    v = castScalar(v, *exactTo, loc);
  return target ? castScalar(v, *target, loc) : v;
}

ir::ExprPtr FunctionLowerer::rewrapInteger(ir::ExprPtr v, clang::QualType t, clang::SourceLocation loc) {
  auto exact = exactIntDType(t);
  auto vd = ir::scalarDType(v->type());
  if (!exact || !vd || *exact == *vd || !ir::isIntLike(*vd))
    return v;
  return castScalar(castScalar(v, *exact, loc), *vd, loc);
}

ir::ExprPtr FunctionLowerer::convertArithmetic(ir::ExprPtr v, clang::QualType from,
                                               clang::QualType to, clang::SourceLocation loc) {
  if (!ir::isa<ir::ScalarType>(v->type()) ||
      ctx_.hasSameUnqualifiedType(from.getNonReferenceType(), to.getNonReferenceType()))
    return v;
  if (from->isIntegralOrEnumerationType() && to->isIntegralOrEnumerationType())
    return convertInteger(v, from, to, loc);
  // Floating values are fp32 in kernels (as float constants are): float <-> double is no change.
  if (to->isRealFloatingType())
    return from->isRealFloatingType() ? v : castScalar(v, ir::DataType::FP32, loc);
  auto target = ir::scalarDType(lowerType(to, loc));
  return target ? castScalar(v, *target, loc) : v;
}

ir::VarPtr FunctionLowerer::declareVar(const clang::ValueDecl *d, ir::TypePtr t) {
  auto v = ir::Var::make(d->getNameAsString(), std::move(t), span(d->getLocation()));
  vars_[d] = v;
  return v;
}

ir::VarPtr FunctionLowerer::lookupVar(const clang::ValueDecl *d) const {
  auto it = vars_.find(d);
  return it == vars_.end() ? nullptr : it->second;
}

/// std::sqrt / exp / log / pow / fabs / abs of compile-time constants, folded at translate time
/// (Clang's constant evaluator does not evaluate <cmath>).
std::optional<double> FunctionLowerer::evaluateStdMath(const clang::CallExpr *call) const {
  const clang::FunctionDecl *fd = call->getDirectCallee();
  if (!fd || !fd->isInStdNamespace() || call->getNumArgs() == 0 || call->getNumArgs() > 2)
    return std::nullopt;
  double a[2] = {0, 0};
  for (unsigned i = 0; i < call->getNumArgs(); ++i) {
    const clang::Expr *arg = call->getArg(i);
    llvm::APFloat f(0.0);
    clang::Expr::EvalResult r;
    if (arg->getType()->isRealFloatingType() && arg->EvaluateAsFloat(f, ctx_))
      a[i] = f.convertToDouble();
    else if (arg->EvaluateAsInt(r, ctx_))
      a[i] = static_cast<double>(r.Val.getInt().getSExtValue());
    else
      return std::nullopt;
  }
  llvm::StringRef n = fd->getName();
  if (n == "sqrt") return std::sqrt(a[0]);
  if (n == "exp") return std::exp(a[0]);
  if (n == "log") return std::log(a[0]);
  if (n == "fabs" || n == "abs") return std::fabs(a[0]);
  if (n == "pow" && call->getNumArgs() == 2) return std::pow(a[0], a[1]);
  return std::nullopt;
}

std::optional<int64_t> FunctionLowerer::evaluateInt(const clang::Expr *e) const {
  if (e->isValueDependent() || e->isTypeDependent())
    return std::nullopt;
  clang::Expr::EvalResult r;
  if (!e->EvaluateAsInt(r, ctx_))
    return std::nullopt;
  return r.Val.getInt().getExtValue(); // unsigned values zero-extend (a u64 keeps its bits)
}

/// Builds `lhs op rhs` for scalars (Binary) or tensors/tiles (the op registry's binary ops).
ir::ExprPtr FunctionLowerer::lowerBinary(clang::BinaryOperatorKind k, ir::ExprPtr l,
                                         ir::ExprPtr r, clang::SourceLocation loc) {
  if (!isShaped(l) && !isShaped(r)) {
    bool isFloat = false;
    for (auto &x : {l, r})
      if (auto dt = ir::scalarDType(x->type()))
        isFloat |= ir::isFloat(*dt);
    auto op = binaryOpFor(k, isFloat);
    if (!op)
      return errorExpr(loc, "F301", "unsupported scalar operator");
    return ir::Binary::make(*op, l, r, span(loc));
  }
  static const std::map<clang::BinaryOperatorKind, const char *> names = {
      {clang::BO_Add, "add"}, {clang::BO_Sub, "sub"}, {clang::BO_Mul, "mul"},
      {clang::BO_Div, "div"}};
  auto it = names.find(k);
  if (it == names.end())
    return errorExpr(loc, "F302",
                     "operator is not defined on tensors and tiles; use pl::cmp for comparisons");
  return makeDslOp(it->second, {l, r}, {}, loc);
}

ir::ExprPtr FunctionLowerer::lowerExpr(const clang::Expr *e) {
  e = e->IgnoreParens();
  clang::SourceLocation loc = e->getExprLoc();
  // Integral constants (constexpr variables, enumerators, template arguments, sizeof, ...) are
  // folded by Clang's evaluator.
  auto *asRef = llvm::dyn_cast<clang::DeclRefExpr>(e);
  if (e->getType()->isIntegralOrEnumerationType() && !e->getType()->isBooleanType() &&
      (!asRef || !lookupVar(asRef->getDecl()))) {
    if (auto v = evaluateInt(e)) {
      // unsigned int / long constants keep their dtype (see lowerType); all others are INDEX.
      auto d = e->getType()->isEnumeralType() ? std::nullopt : exactIntDType(e->getType());
      bool keep = d == ir::DataType::UInt32 || d == ir::DataType::UInt64;
      return ir::ConstInt::make(*v, keep ? *d : ir::DataType::Index, span(loc));
    }
  }
  // Floating constants (`1.0f / 64`, `-std::numeric_limits<float>::infinity()`).
  if (e->getType()->isRealFloatingType() && !e->isValueDependent()) {
    llvm::APFloat f(0.0);
    if (!llvm::isa<clang::DeclRefExpr>(e) || !lookupVar(asRef->getDecl()))
      if (e->EvaluateAsFloat(f, ctx_))
        return ir::ConstFloat::make(f.convertToDouble(), ir::DataType::FP32, span(loc));
  }
  return ExprDispatcher(*this).Visit(e);
}

ir::ExprPtr FunctionLowerer::unsupportedExpr(const clang::Expr *e) {
  return errorExpr(e->getExprLoc(), "F399",
                   std::string("unsupported expression in a marked function (") +
                       e->getStmtClassName() + ")");
}

ir::ExprPtr FunctionLowerer::lowerMemberCall(const clang::CXXMemberCallExpr *mc) {
  if (llvm::isa<clang::CXXConversionDecl>(mc->getMethodDecl()) &&
      isInPlNamespace(mc->getMethodDecl()))
    // DSL scalar conversions: pl::Scalar<D> converts to a 64-bit integer (or float / bool),
    // and C++ computes in that type (no int32 overflow).
    return coerceToType(lowerExpr(mc->getImplicitObjectArgument()), mc->getType(),
                        mc->getExprLoc());
  return lowerCall(mc);
}

ir::ExprPtr FunctionLowerer::lowerBinaryOperator(const clang::BinaryOperator *bo) {
  clang::SourceLocation loc = bo->getExprLoc();
  if (bo->getOpcode() == clang::BO_Comma)
    return errorExpr(loc, "F303", "comma operator; write each operand as its own statement");
  if (bo->isAssignmentOp())
    return errorExpr(loc, "F303", "assignment inside an expression; write it as its own statement");
  ir::ExprPtr r =
      lowerBinary(bo->getOpcode(), lowerExpr(bo->getLHS()), lowerExpr(bo->getRHS()), loc);
  // `<<` is defined modulo 2^N for every integer type (C++20); an int kept as an index wraps.
  return bo->getOpcode() == clang::BO_Shl ? rewrapInteger(r, bo->getType(), loc) : r;
}

ir::ExprPtr FunctionLowerer::lowerConstruct(const clang::CXXConstructExpr *ce) {
  clang::SourceLocation loc = ce->getExprLoc();
  // std::pair / std::tuple of DSL values (returned by helper lambdas) are tuples.
  if (auto *rd = ce->getType()->getAsCXXRecordDecl();
      rd && rd->isInStdNamespace() && (rd->getName() == "pair" || rd->getName() == "tuple")) {
    ir::ExprList elems;
    for (const clang::Expr *a : ce->arguments())
      elems.push_back(lowerExpr(a));
    return ir::MakeTuple::make(std::move(elems), span(loc));
  }
  // Copies and moves of DSL values are the value itself.
  if (ce->getNumArgs() == 1 && ce->getConstructor()->isCopyOrMoveConstructor())
    return lowerExpr(ce->getArg(0));
  if (ce->getNumArgs() == 1 && ce->getConstructor()->isConvertingConstructor(false)) {
    ir::ExprPtr v = lowerExpr(ce->getArg(0));
    // pl::Scalar<D>(x) converts x to D (integers wrap, as the eager constructor does); a tile
    // or tensor conversion is checked against the declared type.
    return isPlScalarType(ce->getType()) ? coerceToType(v, ce->getType(), loc)
                                         : conformToDeclared(ce->getType(), v, loc, "");
  }
  return errorExpr(loc, "F305",
                   "construction of '" + ce->getType().getAsString() +
                       "' inside a marked function; create tensors and tiles with pl:: ops");
}

ir::ExprPtr FunctionLowerer::lowerDeclRef(const clang::DeclRefExpr *dr) {
  const clang::ValueDecl *d = dr->getDecl();
  if (auto v = lookupVar(d)) {
    referenced_.insert(d);
    auto stale = staleInitResult_.find(d);
    if (stale != staleInitResult_.end()) {
      warning(dr->getLocation(), "F360",
              "'" + d->getNameAsString() + "' still holds its value from before the loop it "
              "initialised" + (stale->second.empty() ? std::string()
                                : "; the loop's result is '" + stale->second + "'"));
      staleInitResult_.erase(stale);
    }
    if (ir::isa<ir::UnknownType>(v->type()))
      return poison(dr->getLocation()); // its declaration's type was already explained
    return v;
  }
  if (localLambdas_.count(d))
    return errorExpr(dr->getLocation(), "F306",
                     "helper lambda '" + d->getNameAsString() +
                         "' used as a value; a helper lambda can be called, copied into another "
                         "local or passed as the body of a DSL construct, nothing else");
  if (auto *ec = llvm::dyn_cast<clang::EnumConstantDecl>(d))
    return ir::ConstInt::make(ec->getInitVal().getSExtValue(), ir::DataType::Index,
                              span(dr->getLocation()));
  if (auto *vd = llvm::dyn_cast<clang::VarDecl>(d)) {
    if (const clang::APValue *val = vd->evaluateValue()) {
      if (val->isInt())
        return ir::ConstInt::make(val->getInt().getExtValue(), ir::DataType::Index,
                                  span(dr->getLocation()));
      if (val->isFloat())
        return ir::ConstFloat::make(val->getFloat().convertToDouble(), ir::DataType::FP32,
                                    span(dr->getLocation()));
    }
  }
  return errorExpr(dr->getLocation(), "F311",
                   "'" + d->getNameAsString() +
                       "' is not a parameter or local variable of the marked function, nor a "
                       "compile-time constant");
}

ir::ExprPtr FunctionLowerer::lowerCast(const clang::Expr *sub, clang::QualType to,
                                       clang::CastKind kind, clang::SourceLocation loc) {
  ir::ExprPtr v = lowerExpr(sub);
  switch (kind) {
  case clang::CK_IntegralCast: return convertInteger(v, sub->getType(), to, loc);
  case clang::CK_IntegralToFloating:
  case clang::CK_FloatingToIntegral:
  case clang::CK_IntegralToBoolean:
  case clang::CK_FloatingToBoolean:
  case clang::CK_FloatingCast: {
    if (isPoisoned(v))
      return v;
    ir::TypePtr t = lowerType(to, loc);
    auto dt = ir::scalarDType(t);
    if (!dt)
      return poison(loc); // explained by lowerType
    auto from = ir::scalarDType(v->type());
    if (from && *from == *dt)
      return v;
    return ir::Unary::makeCast(v, *dt, span(loc));
  }
  case clang::CK_PointerToBoolean:
  case clang::CK_ArrayToPointerDecay:
    return errorExpr(loc, "F312", "pointers are not supported in a marked function");
  default:
    return v;
  }
}

ir::ExprPtr FunctionLowerer::lowerUnary(const clang::UnaryOperator *uo) {
  clang::SourceLocation loc = uo->getExprLoc();
  switch (uo->getOpcode()) {
  case clang::UO_Minus: {
    ir::ExprPtr v = lowerExpr(uo->getSubExpr());
    return isShaped(v) ? makeDslOp("neg", {v}, {}, loc) : ir::Unary::make(ir::UnaryOp::Neg, v, span(loc));
  }
  case clang::UO_Plus: return lowerExpr(uo->getSubExpr());
  case clang::UO_LNot: return ir::Unary::make(ir::UnaryOp::Not, lowerExpr(uo->getSubExpr()), span(loc));
  case clang::UO_Not: return ir::Unary::make(ir::UnaryOp::BitNot, lowerExpr(uo->getSubExpr()), span(loc));
  case clang::UO_AddrOf:
  case clang::UO_Deref:
    return errorExpr(loc, "F312", "pointers are not supported in a marked function");
  default:
    return errorExpr(loc, "F303",
                     "increment or decrement inside an expression; write it as its own statement");
  }
}

ir::ExprPtr FunctionLowerer::lowerOperatorCall(const clang::CXXOperatorCallExpr *oc) {
  clang::SourceLocation loc = oc->getOperatorLoc();
  auto k = oc->getOperator();
  if (auto r = lowerLocalLambdaCall(oc))
    return *r;
  if (auto bk = operatorBinary(k); bk && oc->getNumArgs() == 2)
    return lowerBinary(*bk, lowerExpr(oc->getArg(0)), lowerExpr(oc->getArg(1)), loc);
  if (k == clang::OO_Minus && oc->getNumArgs() == 1) {
    ir::ExprPtr v = lowerExpr(oc->getArg(0));
    return isShaped(v) ? makeDslOp("neg", {v}, {}, loc) : ir::Unary::make(ir::UnaryOp::Neg, v, span(loc));
  }
  if (auto elem = arrayElement(oc))
    return makeDslOp("array.get_element", {elem->first, elem->second}, {}, loc);
  if (k == clang::OO_Call || k == clang::OO_Subscript) {
    if (auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(oc->getArg(0)->IgnoreParenImpCasts()))
      if (auto v = lookupVar(dr->getDecl()); v && poison_.count(v.get()))
        return poison(loc); // the variable's declaration is already explained
    return errorExpr(loc, "F313", "call or subscript operator on a value is not supported");
  }
  if (k == clang::OO_Equal || compoundBase(k))
    return errorExpr(loc, "F303", "assignment inside an expression; write it as its own statement");
  return errorExpr(loc, "F301", std::string("unsupported operator '") +
                                    clang::getOperatorSpelling(k) + "'");
}

ir::ExprPtr FunctionLowerer::lowerCall(const clang::CallExpr *call) {
  clang::SourceLocation loc = call->getBeginLoc();
  const clang::FunctionDecl *fd = call->getDirectCallee();
  if (!fd)
    return errorExpr(loc, "F314", "indirect call in a marked function; call a marked function "
                                  "or a pl:: operation by name");
  if (auto *md = llvm::dyn_cast<clang::CXXMethodDecl>(fd); md && md->isVirtual())
    return errorExpr(loc, "F315", "virtual call to '" + fd->getNameAsString() +
                                      "' in a marked function");
  auto it = callees().find(fd->getCanonicalDecl());
  if (it != callees().end()) {
    if (current->type == ir::FunctionType::Group && ir::isKernel(it->second.type))
      checkGroupKernelCall(call, fd);
    KernelCallParts parts =
        lowerMarkedCallArgs(fd, it->second, llvm::ArrayRef(call->getArgs(), call->getNumArgs()));
    if (!parts.type)
      return poison(loc); // the callee's return type is already explained
    return ir::Call::make(ir::CallTarget{nullptr, it->second.name}, std::move(parts.args), {},
                          std::move(parts.attrs), parts.type, span(loc));
  }
  if (isInPlNamespace(fd))
    if (auto r = lowerDslCall(call))
      return *r;
  if (auto c = evaluateStdMath(call))
    return ir::ConstFloat::make(*c, ir::DataType::FP32, span(loc));
  return errorExpr(loc, "F316",
                   "call to '" + fd->getQualifiedNameAsString() +
                       "', which is neither a marked function (PL_FUNCTION/PL_INLINE) nor a pl:: "
                       "operation; only those can be called from a marked function");
}

FunctionLowerer::KernelCallParts
FunctionLowerer::lowerMarkedCallArgs(const clang::FunctionDecl *fd, const CalleeInfo &ci,
                                     llvm::ArrayRef<const clang::Expr *> callArgs) {
  KernelCallParts parts;
  std::vector<int64_t> noDep; // argument indices marked pl::no_dep
  for (unsigned i = 0; i < callArgs.size(); ++i) {
    const clang::Expr *a = callArgs[i];
    if (auto *nd = plCall(a); nd && calleeName(nd) == "no_dep" && nd->getNumArgs() == 1) {
      noDep.push_back(static_cast<int64_t>(i));
      a = nd->getArg(0);
    }
    if (i >= fd->getNumParams()) {
      parts.args.push_back(lowerExpr(a));
      continue;
    }
    const clang::ParmVarDecl *p = fd->getParamDecl(i);
    parts.args.push_back(conformToDeclared(
        p->getType(), lowerExpr(peelConversion(a)), a->getExprLoc(),
        "parameter '" + p->getNameAsString() + "' of '" + fd->getNameAsString() + "'"));
    checkCalleeInputWrite(parts.args.back(), p, fd, a->getExprLoc());
  }
  if (!noDep.empty()) // DeriveCallDirections turns these arguments' directions into NoDep
    parts.attrs.emplace_back("arg_direction_overrides", std::move(noDep));
  for (auto &rt : ci.returnTypes)
    if (ir::isa<ir::UnknownType>(rt))
      return parts; // type unset: the callee's return type is already explained
  parts.type = ci.returnTypes.empty()       ? ir::TupleType::make({})
               : ci.returnTypes.size() == 1 ? ci.returnTypes[0]
                                            : ir::TupleType::make(ci.returnTypes);
  return parts;
}

std::optional<ir::ExprPtr>
FunctionLowerer::lowerLocalLambdaCall(const clang::CXXOperatorCallExpr *call) {
  if (call->getOperator() != clang::OO_Call)
    return std::nullopt;
  auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(call->getArg(0)->IgnoreImplicit());
  auto it = ref ? localLambdas_.find(ref->getDecl()) : localLambdas_.end();
  if (it == localLambdas_.end())
    return std::nullopt;
  auto *md = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(call->getDirectCallee());
  if (!md || !md->hasBody() || inlineDepth_ > 16)
    return errorExpr(call->getBeginLoc(), "F213",
                     "helper lambda '" + ref->getDecl()->getNameAsString() +
                         "' cannot be inlined here (recursive or without a body)");
  for (unsigned i = 0; i < md->getNumParams(); ++i) {
    const clang::ParmVarDecl *p = md->getParamDecl(i);
    ir::ExprPtr arg = conformToDeclared(p->getType(), lowerExpr(peelConversion(call->getArg(i + 1))),
                                        call->getArg(i + 1)->getExprLoc(),
                                        "parameter '" + p->getNameAsString() + "' of '" +
                                            ref->getDecl()->getNameAsString() + "'");
    ir::TypePtr t = ir::isa<ir::ScalarType>(arg->type()) ? lowerType(p->getType(), p->getLocation())
                                                          : arg->type();
    emit(ir::Assign::make(declareVar(p, t), arg, span(p->getLocation())));
  }
  auto *body = llvm::cast<clang::CompoundStmt>(md->getBody());
  llvm::SaveAndRestore<ir::ExprPtr> savedReturn(inlineReturn_, nullptr);
  llvm::SaveAndRestore<const clang::Stmt *> savedLast(
      inlineLastStmt_, body->body_empty() ? nullptr : body->body_back());
  llvm::SaveAndRestore<int> depth(inlineDepth_, inlineDepth_ + 1);
  ScopedPush<LambdaRole> inLambda(lambdaRoles_, LambdaRole::Inline);
  ScopedPush<std::vector<Conversions>> yields(yieldTypes_, {});
  for (auto *c : body->body())
    lowerStmt(c); // spliced into the caller's block
  return inlineReturn_ ? inlineReturn_ : ir::MakeTuple::make({}, span(call));
}

ir::ExprPtr FunctionLowerer::coerceToType(ir::ExprPtr v, clang::QualType to,
                                          clang::SourceLocation loc) {
  auto target = ir::isa<ir::ScalarType>(v->type()) ? ir::scalarDType(lowerType(to, loc))
                                                    : std::nullopt;
  return target ? castScalar(v, *target, loc) : v;
}

ir::ExprPtr FunctionLowerer::coerceScalar(ir::ExprPtr v, clang::QualType to,
                                          clang::SourceLocation loc) {
  auto from = ir::scalarDType(v->type());
  auto target = ir::scalarDType(lowerType(to, loc));
  if (!from || !target || *from == *target)
    return v;
  if (auto c = ir::constIntValue(v); c && ir::isIntLike(*target))
    return ir::ConstInt::make(*c, *target, span(loc));
  return ir::Unary::makeCast(v, *target, span(loc));
}

std::optional<std::pair<ir::ExprPtr, ir::ExprPtr>>
FunctionLowerer::arrayElement(const clang::Expr *e) {
  auto *oc = llvm::dyn_cast<clang::CXXOperatorCallExpr>(e->IgnoreParenImpCasts());
  if (!oc || oc->getOperator() != clang::OO_Subscript || oc->getNumArgs() != 2)
    return std::nullopt;
  auto *rd = oc->getArg(0)->getType()->getAsCXXRecordDecl();
  if (!rd || rd->getName() != "array" || !isInPlNamespace(rd))
    return std::nullopt;
  return std::make_pair(lowerExpr(oc->getArg(0)), lowerExpr(oc->getArg(1)));
}

void FunctionLowerer::assignTo(const clang::Expr *lhs, ir::ExprPtr value, clang::SourceLocation loc,
                               const clang::Expr *source) {
  // `ids[k] = t`: the array variable becomes the array with element k replaced.
  if (auto *oc = llvm::dyn_cast<clang::CXXOperatorCallExpr>(lhs->IgnoreParenImpCasts());
      oc && oc->getOperator() == clang::OO_Subscript && oc->getNumArgs() == 2)
    if (auto elem = arrayElement(oc)) {
      if (isPoisoned(value))
        return;
      return assignTo(
          oc->getArg(0),
          makeDslOp("array.update_element", {elem->first, elem->second, value}, {}, loc), loc);
    }
  auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(lhs->IgnoreParenImpCasts());
  ir::VarPtr var = dr ? lookupVar(dr->getDecl()) : nullptr;
  if (!var) {
    error(lhs->getBeginLoc(), "F317",
          "assignment target must be a parameter or local variable of the marked function");
    return;
  }
  staleInitResult_.erase(dr->getDecl());
  referenced_.insert(dr->getDecl());
  if (poison_.count(var.get()) || isPoisoned(value))
    return; // already explained
  value = conformToDeclared(dr->getDecl()->getType(), value, loc,
                            "'" + dr->getDecl()->getNameAsString() + "'", source);
  if (isPoisoned(value))
    return;
  auto dir = paramDirections_.find(dr->getDecl());
  if (dir != paramDirections_.end() && dir->second != ir::ParamDirection::In &&
      ir::isa<ir::TensorType>(var->type())) {
    // `out = expr` writes the caller's whole buffer: an assemble of the value at offset 0.
    auto *tt = ir::dynCast<ir::TensorType>(var->type());
    ir::ExprList zeros(tt->rank(), ir::ConstInt::make(0));
    value = makeDslOp("tensor.assemble", {var, value, ir::MakeTuple::make(zeros)}, {}, loc);
  }
  emit(ir::Assign::make(var, value, span(loc)));
}

bool FunctionLowerer::lowerAssignment(const clang::Expr *e) {
  clang::SourceLocation loc = e->getExprLoc();
  if (auto *bo = llvm::dyn_cast<clang::BinaryOperator>(e)) {
    if (bo->getOpcode() == clang::BO_Assign) {
      assignTo(bo->getLHS(), lowerExpr(peelConversion(bo->getRHS())), loc,
               peelConversion(bo->getRHS()));
      return true;
    }
    if (auto *ca = llvm::dyn_cast<clang::CompoundAssignOperator>(bo)) {
      // C++: the left operand converts to the computation type, the result back to its type.
      auto base = clang::BinaryOperator::getOpForCompoundAssignment(ca->getOpcode());
      clang::QualType lt = ca->getLHS()->getType();
      ir::ExprPtr l = convertArithmetic(lowerExpr(ca->getLHS()), lt, ca->getComputationLHSType(), loc);
      ir::ExprPtr r = lowerBinary(base, l, lowerExpr(ca->getRHS()), loc);
      if (base == clang::BO_Shl)
        r = rewrapInteger(r, ca->getComputationResultType(), loc);
      assignTo(ca->getLHS(), convertArithmetic(r, ca->getComputationResultType(), lt, loc), loc);
      return true;
    }
    return false;
  }
  if (auto *uo = llvm::dyn_cast<clang::UnaryOperator>(e); uo && uo->isIncrementDecrementOp()) {
    auto k = uo->isIncrementOp() ? clang::BO_Add : clang::BO_Sub;
    ir::ExprPtr v = lowerExpr(uo->getSubExpr());
    auto d = ir::scalarDType(v->type());
    ir::ExprPtr one = ir::ConstInt::make(1, d && ir::isIntLike(*d) ? *d : ir::DataType::Index);
    ir::ExprPtr r = lowerBinary(k, v, one, loc);
    // A type narrower than int is promoted, incremented, and converted back (modulo 2^N).
    clang::QualType t = uo->getSubExpr()->getType();
    if (t->isIntegralOrEnumerationType() && ctx_.getIntWidth(t) < ctx_.getIntWidth(ctx_.IntTy))
      r = rewrapInteger(r, t, loc);
    assignTo(uo->getSubExpr(), r, loc);
    return true;
  }
  if (auto *oc = llvm::dyn_cast<clang::CXXOperatorCallExpr>(e); oc && oc->getNumArgs() == 2) {
    if (oc->getOperator() == clang::OO_Equal) {
      assignTo(oc->getArg(0), lowerExpr(peelConversion(oc->getArg(1))), loc,
               peelConversion(oc->getArg(1)));
      return true;
    }
    if (auto base = compoundBase(oc->getOperator())) {
      assignTo(oc->getArg(0),
               lowerBinary(*base, lowerExpr(oc->getArg(0)), lowerExpr(oc->getArg(1)), loc), loc);
      return true;
    }
  }
  return false;
}

} // namespace pl::translator
