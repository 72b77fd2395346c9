// Lowering of DSL calls: pl:: operations (positional args, shape lists, option structs as
// kwargs) and the control-flow forms pl::range/parallel/unroll/pipeline, init_values + yield_,
// pl::while_ + pl::cond, pl::if_ and pl::at.
#include "translator/function_lowerer.h"

#include "ir/op_registry.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "llvm/ADT/StringSwitch.h"

#include <set>

namespace pl::translator {

namespace {

/// The one explicit argument of a constructor call (defaulted trailing arguments ignored).
const clang::Expr *soleArg(const clang::CXXConstructExpr *ce) {
  const clang::Expr *only = nullptr;
  for (const clang::Expr *a : ce->arguments()) {
    if (llvm::isa<clang::CXXDefaultArgExpr>(a))
      continue;
    if (only)
      return nullptr;
    only = a;
  }
  return only;
}

bool isControlForm(llvm::StringRef n) {
  return n == "range" || n == "parallel" || n == "unroll" || n == "pipeline" || n == "while_" ||
         n == "if_" || n == "at" || n == "spmd" || n == "scope" || n == "manual_scope" ||
         n == "submit" || n == "cluster";
}

std::optional<ir::ForKind> loopKind(llvm::StringRef n) {
  return llvm::StringSwitch<std::optional<ir::ForKind>>(n)
      .Case("range", ir::ForKind::Sequential)
      .Case("parallel", ir::ForKind::Parallel)
      .Case("unroll", ir::ForKind::Unroll)
      .Case("pipeline", ir::ForKind::Pipeline)
      .Default(std::nullopt);
}

/// A record type declared in namespace pl whose name ends in "Options" (kwargs structs), or the
/// designated-initializer list passed for one.
const clang::CXXRecordDecl *optionsRecord(clang::QualType t) {
  auto *rd = t.getNonReferenceType()->getAsCXXRecordDecl();
  if (!rd || !isInPlNamespace(rd) || !rd->getName().ends_with("Options"))
    return nullptr;
  return rd;
}

const clang::LambdaExpr *asLambda(const clang::Expr *e) {
  return llvm::dyn_cast<clang::LambdaExpr>(stripTemporaries(e));
}

std::string lowerName(llvm::StringRef s) { return s.lower(); }

} // namespace

// ---- operations ----------------------------------------------------------------------------

const clang::LambdaExpr *FunctionLowerer::bodyLambda(const clang::Expr *e) const {
  if (auto *l = asLambda(e))
    return l;
  if (auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(stripTemporaries(e)))
    if (auto it = localLambdas_.find(dr->getDecl()); it != localLambdas_.end())
      return it->second;
  return nullptr;
}

ir::ExprPtr FunctionLowerer::makeDslOp(const std::string &name, ir::ExprList args,
                                       ir::AttrList kwargs, clang::SourceLocation loc) {
  for (auto &a : args)
    if (isPoisoned(a))
      return poison(loc); // already explained
  std::string full = name;
  if (name.find('.') == std::string::npos) {
    bool tile = false, tensor = false;
    for (auto &a : args) {
      tile |= ir::isa<ir::TileType>(a->type());
      tensor |= ir::isa<ir::TensorType>(a->type());
    }
    if (!tile && !tensor)
      return errorExpr(loc, "F320", "pl::" + name + " needs a tensor or tile operand");
    static const std::set<std::string> scalarForms = {
        "add", "sub", "mul", "div", "rem", "fmod", "maximum", "minimum",
        "and", "or",  "xor", "shl", "shr"};
    bool shaped0 = !args.empty() && ir::isa<ir::ShapedType>(args[0]->type());
    bool shaped1 = args.size() > 1 && ir::isa<ir::ShapedType>(args[1]->type());
    if (args.size() == 2 && scalarForms.count(name) && shaped0 != shaped1) {
      if (!shaped0) {
        if (name == "sub") // s - v == (-v) + s exactly
          return makeDslOp("add", {makeDslOp("neg", {args[1]}, {}, loc), args[0]}, {}, loc);
        if (name == "div") // s / v == expands(v, s) / v exactly
          return makeDslOp("div", {makeDslOp("expands", {args[1], args[0]}, {}, loc), args[1]}, {},
                           loc);
        if (name != "add" && name != "mul")
          return errorExpr(loc, "F321",
                           "scalar " + name + " tensor/tile with the scalar first is not "
                           "supported; rewrite it with the value first");
        std::swap(args[0], args[1]);
      }
      full = name + "s";
    }
    full = std::string(tile ? "tile." : "tensor.") + full;
  }
  ir::ExprPtr call = ir::makeOpCall(full, std::move(args), std::move(kwargs), span(loc), diags_);
  return call ? call : poison(loc);
}

/// Lowers one argument of a pl:: op. Shapes/offsets given as braced lists become tuples;
/// option structs add kwargs; dtype tags, memory spaces and enum modes become kwargs.
void FunctionLowerer::lowerDslArg(const clang::Expr *arg, ir::ExprList &args,
                                  ir::AttrList &kwargs) {
  if (auto *def = llvm::dyn_cast<clang::CXXDefaultArgExpr>(arg))
    arg = def->getExpr();
  const clang::Expr *s = stripTemporaries(arg);
  if (auto *rd = optionsRecord(arg->getType()))
    return lowerOptions(rd, s, kwargs);
  // A dtype tag (`pl::fp16`) or a mode enumerator passed positionally is a kwarg.
  if (auto dt = dtypeTag(arg->getType())) {
    kwargs.emplace_back("dtype", *dt);
    return;
  }
  if (auto *et = arg->getType().getCanonicalType()->getAs<clang::EnumType>()) {
    static const std::map<std::string, std::string> keys = {{"PadValue", "pad_value"},
                                                            {"CmpMode", "mode"},
                                                            {"RoundMode", "mode"},
                                                            {"Mem", "target_memory"},
                                                            {"Level", "level"}};
    auto key = keys.find(et->getDecl()->getNameAsString());
    if (key != keys.end() && isInPlNamespace(et->getDecl())) {
      auto v = enumAttr(et, arg);
      if (v)
        kwargs.emplace_back(key->second, std::move(*v));
      return;
    }
  }
  if (auto *ce = llvm::dyn_cast<clang::CXXConstructExpr>(s))
    if (auto *only = soleArg(ce))
      s = stripTemporaries(only);
  if (auto *il = llvm::dyn_cast<clang::InitListExpr>(s)) {
    ir::ExprList elems;
    for (auto *x : il->inits())
      elems.push_back(lowerExpr(x));
    args.push_back(ir::MakeTuple::make(std::move(elems), span(il->getBeginLoc())));
    return;
  }
  args.push_back(lowerExpr(arg));
}

void FunctionLowerer::lowerOptions(const clang::CXXRecordDecl *rd, const clang::Expr *e,
                                   ir::AttrList &kwargs) {
  auto *il = llvm::dyn_cast<clang::InitListExpr>(e);
  if (!il) {
    if (auto *ce = llvm::dyn_cast<clang::CXXConstructExpr>(e); ce && ce->getNumArgs() == 0)
      return; // `{}`: every field keeps its default
    error(e->getBeginLoc(), "F322",
          "options of type '" + rd->getNameAsString() +
              "' must be a braced initializer ({.field = value}) so they are known at translate "
              "time");
    return;
  }
  if (il->isSyntacticForm() && il->getSemanticForm())
    il = il->getSemanticForm();
  unsigned i = 0;
  for (const clang::FieldDecl *f : rd->fields()) {
    if (i >= il->getNumInits())
      break;
    const clang::Expr *init = il->getInit(i++);
    if (llvm::isa<clang::ImplicitValueInitExpr, clang::CXXDefaultInitExpr>(init))
      continue;
    if (isScopeOptimizations(rd, f)) {
      lowerScopeOptimizations(init, kwargs);
      continue;
    }
    if (auto v = lowerOptionValue(f, init))
      kwargs.emplace_back(f->getNameAsString(), std::move(*v));
  }
}

std::optional<ir::AttrValue> FunctionLowerer::lowerOptionValue(const clang::FieldDecl *f,
                                                               const clang::Expr *init) {
  clang::QualType t = f->getType().getCanonicalType();
  const clang::Expr *s = stripTemporaries(init);
  // `.deps = ids`: a pl::array of task ids converted to the list of all of them.
  if (auto *mc = llvm::dyn_cast<clang::CXXMemberCallExpr>(s->IgnoreImplicit()))
    if (auto *obj = mc->getImplicitObjectArgument())
      if (auto *rd = obj->getType()->getAsCXXRecordDecl();
          rd && rd->getName() == "array" && isInPlNamespace(rd))
        return ir::AttrValue(ir::ExprList{lowerExpr(obj)});
  if (t->isBooleanType()) {
    if (auto v = evaluateInt(init))
      return ir::AttrValue(*v != 0);
  } else if (auto *et = t->getAs<clang::EnumType>()) {
    if (auto v = enumAttr(et, init))
      return v;
  } else if (t->isIntegralType(ctx())) {
    if (auto v = evaluateInt(init))
      return ir::AttrValue(*v);
  } else if (t->isFloatingType()) {
    clang::Expr::EvalResult r;
    if (init->EvaluateAsFloat(r.Val.getFloat(), ctx()))
      return ir::AttrValue(r.Val.getFloat().convertToDouble());
  } else if (auto *il = llvm::dyn_cast<clang::InitListExpr>(s)) {
    ir::ExprList elems;
    for (auto *x : il->inits())
      elems.push_back(lowerExpr(x));
    return ir::AttrValue(std::move(elems));
  } else if (auto *ce = llvm::dyn_cast<clang::CXXConstructExpr>(s)) {
    const clang::Expr *only = soleArg(ce);
    if (!only)
      return std::nullopt;
    if (auto *sl = llvm::dyn_cast<clang::StringLiteral>(stripTemporaries(only)))
      return ir::AttrValue(sl->getString().str());
    if (auto *il2 = llvm::dyn_cast<clang::InitListExpr>(stripTemporaries(only))) {
      ir::ExprList elems;
      for (auto *x : il2->inits())
        elems.push_back(lowerExpr(x));
      return ir::AttrValue(std::move(elems));
    }
  } else if (auto *sl = llvm::dyn_cast<clang::StringLiteral>(s)) {
    return ir::AttrValue(sl->getString().str());
  }
  if (t->isRecordType()) {
    if (auto dt = ir::scalarDType(lowerType(init->getType(), init->getExprLoc())))
      return ir::AttrValue(*dt);
  }
  error(init->getBeginLoc(), "F323",
        "option '." + f->getNameAsString() + "' must be a compile-time constant");
  return std::nullopt;
}

std::optional<ir::DataType> FunctionLowerer::dtypeTag(clang::QualType t) {
  auto *rd = t.getNonReferenceType()->getAsCXXRecordDecl();
  if (!rd || rd->getName() != "DTypeTag" || !isInPlNamespace(rd))
    return std::nullopt;
  return ir::scalarDType(lowerType(t, {}));
}

/// An enumerator as an attribute: dtypes and memory spaces typed, levels by their canonical
/// name, every other mode as its lower-case name ("min", "lt", "rint").
std::optional<ir::AttrValue> FunctionLowerer::enumAttr(const clang::EnumType *et,
                                                       const clang::Expr *e) {
  auto v = evaluateInt(e);
  if (!v)
    return std::nullopt;
  for (auto *ec : et->getDecl()->enumerators()) {
    if (ec->getInitVal() != *v)
      continue;
    llvm::StringRef en = et->getDecl()->getName();
    if (en == "DType")
      if (auto d = ir::parseDataType(lowerName(ec->getName())))
        return ir::AttrValue(*d);
    if (en == "Mem")
      if (auto m = ir::parseMemorySpace(ec->getName().str()))
        return ir::AttrValue(*m);
    if (en == "Level")
      return ir::AttrValue(ec->getName().str());
    return ir::AttrValue(lowerName(ec->getName()));
  }
  return std::nullopt;
}

std::optional<ir::ExprPtr> FunctionLowerer::lowerDslCall(const clang::CallExpr *call) {
  std::string name = calleeName(call);
  clang::SourceLocation loc = call->getBeginLoc();
  if (isControlForm(name))
    return errorExpr(loc, "F330",
                     "pl::" + name + " must be a statement or initialise a declaration");
  if (name == "yield_")
    return errorExpr(loc, "F331",
                     "pl::yield_ must be returned from the body of an explicit loop or pl::if_ "
                     "('return pl::yield_(...);')");
  if (name == "cond")
    return errorExpr(loc, "F332", "pl::cond must be the first statement of a pl::while_ body");
  if (name == "no_dep")
    return errorExpr(loc, "F362",
                     "pl::no_dep(...) only marks a tensor argument of a call of a marked "
                     "function ('k(pl::no_dep(x), ...)')");
  if (name == "init_values")
    return errorExpr(loc, "F333",
                     "pl::init_values is only allowed as an argument of pl::range/parallel/"
                     "pipeline or pl::while_");
  // The op is the declaration's (PL_DSL_OP in pl/*.hpp), not its C++ spelling.
  std::optional<std::string> annotated = dslOp(call->getDirectCallee());
  if (!annotated)
    return errorExpr(loc, "F324",
                     "'pl::" + name + "' is not a DSL operation (it has no PL_DSL_OP "
                     "annotation); only operations and control-flow forms can be called from a "
                     "marked function");
  const std::string &op = *annotated;
  if (!checkCrossCoreSide(op, call))
    return poison(loc);
  ir::ExprList args;
  ir::AttrList kwargs;
  // `pl::tpop_from_aic<TileT>()`: the popped tile's shape, dtype and space are TileT's.
  if (op == "tile.tpop_from_aic" || op == "tile.tpop_from_aiv")
    if (!addPopOperands(call, args, kwargs))
      return poison(loc);
  unsigned lowered = call->getNumArgs();
  // `pl::lrelu(x, slope)`: the slope is the op's `slope` kwarg (a compile-time constant).
  if (op == "lrelu" && call->getNumArgs() == 2) {
    const clang::Expr *slope = call->getArg(1);
    clang::Expr::EvalResult r;
    if (slope->isValueDependent() || !slope->EvaluateAsRValue(r, ctx()) ||
        !(r.Val.isFloat() || r.Val.isInt()))
      return errorExpr(slope->getBeginLoc(), "F323",
                       "the slope of pl::lrelu must be a compile-time constant");
    kwargs.emplace_back("slope", r.Val.isFloat()
                                     ? r.Val.getFloat().convertToDouble()
                                     : static_cast<double>(r.Val.getInt().getSExtValue()));
    lowered = 1;
  }
  for (unsigned i = 0; i < lowered; ++i)
    lowerDslArg(call->getArg(i), args, kwargs);
  // Static shapes given as explicit template arguments (`pl::load<64, 64>(t, {r, c})`) are the
  // op's shape operand.
  if (auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(call->getCallee()->IgnoreImpCasts());
      ref && ref->hasExplicitTemplateArgs()) {
    ir::ExprList dims;
    for (const clang::TemplateArgumentLoc &tal : ref->template_arguments()) {
      const clang::TemplateArgument &ta = tal.getArgument();
      if (ta.getKind() == clang::TemplateArgument::Expression)
        if (auto v = evaluateInt(ta.getAsExpr()))
          dims.push_back(ir::ConstInt::make(*v));
      if (ta.getKind() == clang::TemplateArgument::Integral)
        dims.push_back(ir::ConstInt::make(ta.getAsIntegral().getSExtValue()));
    }
    // `pl::load<R, C>` of a tensor of another rank: the eager run's window, leading dims 1 (a
    // rank-1 tensor's window is [C]); tile.load makes it the 2-D tile (FlattenTileNdTo2D).
    auto *offsets = args.size() >= 2 ? ir::dynCast<ir::MakeTuple>(args[1]) : nullptr;
    if (op == "tile.load" && dims.size() == 2 && offsets && offsets->elements().size() != 2) {
      const size_t n = offsets->elements().size();
      if (n == 1)
        dims.erase(dims.begin());
      else
        dims.insert(dims.begin(), n - 2, ir::ConstInt::make(int64_t{1}));
    }
    if (!dims.empty())
      args.push_back(ir::MakeTuple::make(std::move(dims), span(loc)));
  }
  // `pl::extract(tile, {row, col}, shape, opts)` ↔ `tile.extract(src, row, col, shape)`.
  if (op == "extract" && args.size() == 3)
    if (auto *off = llvm::dyn_cast<ir::MakeTuple>(args[1].get()); off && off->elements().size() == 2) {
      ir::ExprList split{args[0], off->elements()[0], off->elements()[1], args[2]};
      args = std::move(split);
    }
  // The tile op needs PyPTO's scratch tile, which the DSL makes optional: a fresh one of the
  // operand's shape and dtype (its contents are never read).
  if ((op == "row_argmax" || op == "row_argmin") && args.size() == 1 && !isPoisoned(args[0]))
    if (auto *tt = ir::dynCast<ir::TileType>(args[0]->type()))
      args.push_back(makeDslOp("tile.create", {ir::MakeTuple::make(tt->shape(), span(loc))},
                               {{"dtype", tt->dtype()}}, loc));
  // `pl::task_dummy({.deps = {a, b}})` ↔ `system.task_dummy(a, b)`: the dependencies are its
  // operands.
  if (op == "system.task_dummy") {
    if (!inOrchestrationCode())
      return errorExpr(loc, "F364",
                       "pl::task_dummy is a task of an orchestration; it cannot be inside a "
                       "kernel or a pl::at / pl::spmd body");
    for (auto &[k, v] : kwargs)
      if (auto *deps = std::get_if<ir::ExprList>(&v); deps && k == "deps")
        args.insert(args.end(), deps->begin(), deps->end());
    std::erase_if(kwargs, [](const auto &kv) { return kv.first == "deps"; });
  }
  if (op == "cast")
    for (auto &[k, v] : kwargs)
      if (k == "dtype")
        k = "target_type";
  ir::ExprPtr result = makeDslOp(op, std::move(args), std::move(kwargs), loc);
  checkOpInputWrites(result, name, loc);
  return result;
}

// ---- loops ------------------------------------------------------------------------------------

bool FunctionLowerer::lowerLoopBounds(const clang::CallExpr *call, llvm::StringRef name,
                                      LoopHeader &h) {
  clang::SourceLocation loc = call->getBeginLoc();
  std::vector<const clang::Expr *> bounds;
  for (const clang::Expr *a : call->arguments()) {
    if (llvm::isa<clang::CXXDefaultArgExpr>(a))
      continue;
    if (auto *rd = optionsRecord(a->getType())) {
      lowerOptions(rd, stripTemporaries(a), h.attrs);
      continue;
    }
    if (auto *ic = plCall(a); ic && calleeName(ic) == "init_values") {
      h.initValues = ic;
      continue;
    }
    if (auto *l = bodyLambda(a)) {
      h.lambda = l;
      continue;
    }
    // pl::unroll's bounds are pl::LiteralBound (a consteval wrapper of the literal).
    const clang::Expr *b = stripTemporaries(a);
    if (auto *ce = llvm::dyn_cast<clang::CXXConstructExpr>(b); ce && ce->getNumArgs() == 1)
      if (auto *rd = ce->getType()->getAsCXXRecordDecl();
          rd && rd->getName() == "LiteralBound" && isInPlNamespace(rd))
        b = ce->getArg(0);
    bounds.push_back(b);
  }
  if (bounds.empty() || bounds.size() > 3) {
    error(loc, "F340", "pl::" + name.str() + " takes (stop), (start, stop) or (start, stop, step)");
    return false;
  }
  h.kind = *loopKind(name);
  if (h.kind == ir::ForKind::Unroll) {
    for (auto *b : bounds)
      if (!evaluateInt(b)) {
        error(b->getBeginLoc(), "F341",
              "pl::unroll bounds must be compile-time constants; use pl::range for a dynamic "
              "trip count");
        return false;
      }
    if (h.initValues) {
      error(h.initValues->getBeginLoc(), "F342",
            "pl::init_values is not allowed on pl::unroll (the loop is expanded at compile time; "
            "carry values with plain assignments)");
      return false;
    }
  }
  if (h.kind == ir::ForKind::Pipeline) {
    const ir::AttrValue *stage = ir::findAttr(h.attrs, "stage");
    const int64_t *sv = stage ? std::get_if<int64_t>(stage) : nullptr;
    if (!sv || *sv < 1) {
      error(loc, "F343",
            "pl::pipeline needs a stage count of at least 1: pl::pipeline(n, {.stage = F})");
      return false;
    }
  }
  h.start = bounds.size() == 1 ? ir::ConstInt::make(0) : lowerExpr(bounds[0]);
  h.stop = lowerExpr(bounds.size() == 1 ? bounds[0] : bounds[1]);
  h.step = bounds.size() == 3 ? lowerExpr(bounds[2]) : ir::ConstInt::make(1);
  if (auto st = ir::constIntValue(h.step); st && *st == 0) {
    error(bounds[2]->getBeginLoc(), "F344", "loop step must not be zero");
    return false;
  }
  return true;
}

void FunctionLowerer::lowerRangeFor(const clang::CXXForRangeStmt *s) {
  const clang::CallExpr *call = plCall(s->getRangeInit());
  std::string name = call ? calleeName(call) : "";
  if (!call || !loopKind(name)) {
    error(s->getRangeInit()->getBeginLoc(), "F345",
          "range-based for in a marked function must iterate over pl::range, pl::parallel, "
          "pl::unroll or pl::pipeline");
    return;
  }
  LoopHeader h;
  if (!lowerLoopBounds(call, name, h))
    return;
  if (h.initValues || h.lambda) {
    error(call->getBeginLoc(), "F346",
          "pl::init_values and a body lambda belong to the explicit form "
          "'auto [..] = pl::range(n, pl::init_values(..), [&](pl::Index i, auto..) {..})', not to "
          "a range-based for");
    return;
  }
  const clang::VarDecl *lv = s->getLoopVariable();
  ir::VarPtr loopVar = declareVar(lv, ir::ScalarType::get(ir::DataType::Index));
  ir::StmtPtr body;
  {
    ScopedPush<ir::ForKind> loop(loopKinds_, h.kind);
    body = lowerBlock(s->getBody());
  }
  emit(ir::For::make(loopVar, h.start, h.stop, h.step, {}, body, {}, h.kind, std::move(h.attrs),
                     span(s)));
}

} // namespace pl::translator
