// C++ types of the DSL (pl::Tensor, pl::Tile, pl::Scalar, Out/InOut, arithmetic) to IR types.
#include "translator/function_lowerer.h"
#include "translator/source_location.h"

#include "ir/op_registry.h"
#include "ir/ops/type_inference.h"
#include "ir/printer.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"

namespace pl::translator {

namespace {

/// DSL enumerator names (pl::DType) are the IR's DataType names.
std::optional<ir::DataType> dtypeFromEnumerator(llvm::StringRef name) {
#define X(n, s, b)                                                                                 \
  if (name == #n)                                                                                  \
    return ir::DataType::n;
  PL_DTYPES(X)
#undef X
  return std::nullopt;
}

const clang::EnumConstantDecl *enumerator(const clang::TemplateArgument &arg) {
  if (arg.getKind() != clang::TemplateArgument::Integral)
    return nullptr;
  auto *et = arg.getIntegralType()->getAs<clang::EnumType>();
  if (!et)
    return nullptr;
  for (auto *ec : et->getDecl()->enumerators())
    if (ec->getInitVal() == arg.getAsIntegral())
      return ec;
  return nullptr;
}

const clang::ClassTemplateSpecializationDecl *plSpecialization(clang::QualType t,
                                                               llvm::StringRef name) {
  auto *rd = t->getAsCXXRecordDecl();
  auto *spec = llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(rd);
  if (!spec || spec->getName() != name || !isInPlNamespace(spec))
    return nullptr;
  return spec;
}

/// Flattens packs so Tensor<D, 128, 64> gives [D, 128, 64].
std::vector<clang::TemplateArgument> flatArgs(const clang::ClassTemplateSpecializationDecl *s) {
  std::vector<clang::TemplateArgument> out;
  for (auto &a : s->getTemplateArgs().asArray()) {
    if (a.getKind() == clang::TemplateArgument::Pack)
      for (auto &p : a.pack_elements())
        out.push_back(p);
    else
      out.push_back(a);
  }
  return out;
}

/// The IR dtype of a C++ arithmetic type (or enum); nullopt for types with no IR dtype (double).
std::optional<ir::DataType> arithmeticDType(clang::QualType t) {
  if (t->isEnumeralType())
    return ir::DataType::Index;
  auto *bt = t->getAs<clang::BuiltinType>();
  if (!bt)
    return std::nullopt;
  using K = clang::BuiltinType::Kind;
  switch (bt->getKind()) {
  case K::Bool: return ir::DataType::Bool;
  // Plain signed C++ integers are index arithmetic (PyPTO's bare ints are INDEX): int64 holds
  // every value, their overflow is undefined, and conversions into them and `<<` wrap
  // explicitly (lower_expr.cpp). unsigned short / char are promoted to int before any
  // arithmetic, so INDEX holds them too. unsigned int / long wrap on every operation: they
  // keep their own dtype (LP64: unsigned int is 32 bits, unsigned long 64). A fixed-width
  // scalar is spelled pl::Scalar<pl::i32> etc.
  case K::Long: case K::LongLong: case K::Int: case K::Short: case K::SChar:
  case K::Char_S: case K::UShort: case K::UChar: case K::Char_U:
    return ir::DataType::Index;
  case K::UInt: return ir::DataType::UInt32;
  case K::ULong: case K::ULongLong: return ir::DataType::UInt64;
  case K::Float: return ir::DataType::FP32;
  default: return std::nullopt;
  }
}

/// Strips references, cv-qualifiers and pl::Out / pl::InOut.
clang::QualType valueType(clang::QualType qt) {
  clang::QualType t = qt.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  for (const char *name : {"Out", "InOut"})
    if (auto *spec = plSpecialization(t, name))
      return valueType(spec->getTemplateArgs()[0].getAsType());
  return t;
}

std::string dimsStr(const std::vector<std::optional<int64_t>> &dims) {
  std::string s = "[";
  for (size_t i = 0; i < dims.size(); ++i)
    s += (i ? ", " : "") + (dims[i] ? std::to_string(*dims[i]) : std::string("dyn"));
  return s + "]";
}

/// The dims of a pl::Tensor / pl::Tile type's template arguments (pl::dyn: a `dyn` variable).
ir::ExprList shapeOf(llvm::ArrayRef<clang::TemplateArgument> args) {
  ir::ExprList shape;
  for (auto &a : args) {
    if (a.getKind() != clang::TemplateArgument::Integral || enumerator(a))
      break;
    int64_t v = a.getAsIntegral().getSExtValue();
    if (v < 0)
      shape.push_back(ir::Var::make("dyn", ir::ScalarType::get(ir::DataType::Index)));
    else
      shape.push_back(ir::ConstInt::make(v));
  }
  return shape;
}

/// The dtype a template argument names; nullopt for pl::any_dtype or a non-dtype.
std::optional<ir::DataType> dtypeArg(const clang::TemplateArgument &a) {
  auto *ec = enumerator(a);
  return ec ? dtypeFromEnumerator(ec->getName()) : std::nullopt;
}

/// The shape rules of pl::Tensor / pl::Tile (eagerly their static_asserts, F103): each dim a
/// size >= `least` (0 for a tensor, 1 for a tile: a PTO-ISA tile is at least 1 x 1) or pl::dyn
/// (-1), at most 8 of them. The message, or nothing when `dims` keep them.
std::optional<std::string> shapeRuleViolation(llvm::ArrayRef<clang::TemplateArgument> dims,
                                              const std::string &type, int64_t least) {
  unsigned rank = 0;
  for (auto &a : dims) {
    if (a.getKind() != clang::TemplateArgument::Integral || enumerator(a))
      break;
    int64_t v = a.getAsIntegral().getSExtValue();
    if (v != -1 && v < least)
      return "dim " + std::to_string(rank) + " of '" + type + "' is " + std::to_string(v) +
             "; expected a size >= " + std::to_string(least) + " or pl::dyn";
    ++rank;
  }
  if (rank > 8)
    return "'" + type + "' has " + std::to_string(rank) + " dims; expected at most 8";
  return std::nullopt;
}

} // namespace

DeclaredType FunctionLowerer::declaredType(clang::QualType qt) {
  DeclaredType d;
  clang::QualType t = valueType(qt);
  auto dtypeOf = [&](const clang::TemplateArgument &a) -> std::optional<ir::DataType> {
    auto *ec = enumerator(a);
    return ec ? dtypeFromEnumerator(ec->getName()) : std::nullopt; // `Any` states nothing
  };
  auto dimOf = [](const clang::TemplateArgument &a) -> std::optional<int64_t> {
    int64_t v = a.getAsIntegral().getSExtValue();
    return v < 0 ? std::nullopt : std::optional<int64_t>(v); // pl::dyn
  };
  if (auto *spec = plSpecialization(t, "Tensor")) {
    auto args = flatArgs(spec);
    d.kind = DeclaredType::Kind::Tensor;
    d.dtype = dtypeOf(args[0]);
    if (args.size() > 1) { // no dims: any rank
      std::vector<std::optional<int64_t>> dims;
      for (auto &a : llvm::ArrayRef(args).drop_front())
        if (a.getKind() == clang::TemplateArgument::Integral)
          dims.push_back(dimOf(a));
      d.dims = std::move(dims);
    }
    return d;
  }
  if (auto *spec = plSpecialization(t, "Tile")) {
    auto args = flatArgs(spec);
    d.kind = DeclaredType::Kind::Tile;
    d.dtype = dtypeOf(args[0]);
    if (args.size() >= 3)
      d.dims = std::vector<std::optional<int64_t>>{dimOf(args[1]), dimOf(args[2])};
    if (args.size() > 3)
      if (auto *ec = enumerator(args[3]); ec && ec->getName() != "Auto")
        d.space = ir::parseMemorySpace(ec->getName());
    return d;
  }
  if (auto *spec = plSpecialization(t, "Scalar")) {
    d.kind = DeclaredType::Kind::Scalar;
    d.dtype = dtypeOf(spec->getTemplateArgs()[0]);
    return d;
  }
  if (auto dt = arithmeticDType(t)) {
    d.kind = DeclaredType::Kind::Scalar;
    d.dtype = dt;
  }
  return d;
}

std::optional<std::string> FunctionLowerer::dtypeTagSpelling(ir::DataType dt) {
  for (const clang::Decl *top : ctx_.getTranslationUnitDecl()->decls()) {
    auto *ns = llvm::dyn_cast<clang::NamespaceDecl>(top);
    if (!ns || ns->getName() != "pl")
      continue;
    for (const clang::Decl *d : ns->decls()) {
      auto *vd = llvm::dyn_cast<clang::VarDecl>(d);
      auto *spec =
          vd ? plSpecialization(vd->getType().getCanonicalType().getUnqualifiedType(), "DTypeTag")
             : nullptr;
      if (!spec || spec->getTemplateArgs().size() != 1)
        continue;
      auto *ec = enumerator(spec->getTemplateArgs()[0]);
      if (ec && dtypeFromEnumerator(ec->getName()) == dt)
        return "pl::" + vd->getName().str();
    }
  }
  return std::nullopt;
}

std::vector<ir::FixIt> FunctionLowerer::dtypeFixIts(const clang::Expr *source,
                                                    const ir::ExprPtr &value, ir::DataType to) {
  // Only for values whose C++ dtype is dynamic: op results with an `out_dtype` option
  // (pl::matmul). Called without options, the edit asks the op for the dtype. (A value of a
  // static C++ dtype that differs is F110 without a fix-it here; eagerly, and in clangd, the
  // header's static_assert, which says "convert explicitly with pl::cast".)
  std::optional<std::string> tag = dtypeTagSpelling(to);
  auto *call = ir::dynCast<ir::Call>(value);
  const clang::CallExpr *cxx = plCall(source);
  if (!tag || !call || !call->target().op || !cxx || cxx->getNumArgs() == 0 ||
      !llvm::isa<clang::CXXDefaultArgExpr>(cxx->getArg(cxx->getNumArgs() - 1)) ||
      cxx->getRParenLoc().isMacroID())
    return {};
  // Only an edit that translates: the op's own type rules judge it, in a scratch engine.
  ir::DiagnosticEngine scratch;
  ir::AttrList kwargs = call->kwargs();
  kwargs.emplace_back("out_dtype", ir::AttrValue(to));
  if (!ir::makeOpCall(*call->target().op, call->args(), kwargs, value->span(), scratch))
    return {};
  auto insert =
      insertionFixIt(ctx_.getSourceManager(), cxx->getRParenLoc(), ", {.out_dtype = " + *tag + "}");
  return insert ? std::vector<ir::FixIt>{*insert} : std::vector<ir::FixIt>{};
}

ir::ExprPtr FunctionLowerer::conformToDeclared(clang::QualType declared, ir::ExprPtr value,
                                               clang::SourceLocation loc, const std::string &what,
                                               const clang::Expr *source) {
  if (!value || isPoisoned(value))
    return value;
  DeclaredType d = declaredType(declared);
  ir::TypePtr vt = value->type();
  if (d.kind == DeclaredType::Kind::Scalar) {
    auto from = ir::scalarDType(vt);
    if (!from || !d.dtype || *from == *d.dtype)
      return value;
    // A C++ arithmetic conversion (pl::Index k = int32_scalar): an explicit IR cast (constants
    // wrap at the target's width, as C++ does).
    return castScalar(value, *d.dtype, loc);
  }
  auto *st = ir::dynCast<ir::ShapedType>(vt);
  bool tile = ir::isa<ir::TileType>(vt);
  if (!st || d.kind == DeclaredType::Kind::None)
    return value; // not a DSL value type
  if ((d.kind == DeclaredType::Kind::Tile) != tile)
    return errorExpr(loc, "F113",
                     "value of type '" + ir::printType(vt) +
                         "' does not match the declared type '" +
                         declared.getNonReferenceType().getUnqualifiedType().getAsString() + "'" +
                         (what.empty() ? std::string() : " of " + what) + ": a " +
                         (tile ? "tile" : "tensor") + " where a " + (tile ? "tensor" : "tile") +
                         " is expected (pl::load / pl::store move data between them)");
  clang::PrintingPolicy pp(ctx_.getLangOpts());
  pp.SuppressTagKeyword = true;
  std::string declStr = declared.getNonReferenceType().getUnqualifiedType().getAsString(pp);
  auto mismatch = [&](const char *code, const std::string &detail,
                      std::vector<ir::FixIt> fixits = {}, const std::string &hint = "",
                      const std::string &why = " (the eager run rejects it)") {
    return errorExpr(
        loc, code,
        "value of type '" + ir::printType(vt) + "' does not match the declared type '" + declStr +
            "'" + (what.empty() ? std::string() : " of " + what) + ": " + detail + why + hint,
        std::move(fixits));
  };
  bool dimsOk = true;
  if (d.dims) {
    dimsOk = d.dims->size() == st->rank();
    for (size_t i = 0; dimsOk && i < st->rank(); ++i)
      if (auto want = (*d.dims)[i])
        if (auto got = st->constDim(i))
          dimsOk = *got == *want; // a dynamic value dim is checked by the run, not here
  }
  auto *tt = ir::dynCast<ir::TileType>(vt);
  bool spaceOk = !(tt && d.space && tt->memorySpace() && *tt->memorySpace() != *d.space);
  if (d.dtype && st->dtype() != *d.dtype) {
    std::vector<ir::FixIt> fixits;
    if (dimsOk && spaceOk && source)
      fixits = dtypeFixIts(source, value, *d.dtype);
    std::string detail = "dtype " + std::string(ir::dtypeName(st->dtype())) + " vs " +
                         std::string(ir::dtypeName(*d.dtype));
    std::string hint = fixits.empty() ? ""
                                      : "; ask the op for " + std::string(ir::dtypeName(*d.dtype)) +
                                            " with its out_dtype option";
    return mismatch("F110", detail, std::move(fixits), hint);
  }
  if (!dimsOk) {
    std::string detail = "shape " + ir::ops::shapeStr(st->shape()) + " vs " + dimsStr(*d.dims);
    return mismatch("F111", detail);
  }
  if (!spaceOk)
    return mismatch("F112", "memory space " + std::string(ir::memorySpaceName(*tt->memorySpace())) +
                                " vs " + std::string(ir::memorySpaceName(*d.space)));
  return value;
}

ir::ParamDirection declaredDirection(clang::QualType t) {
  t = t.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  if (plSpecialization(t, "InOut"))
    return ir::ParamDirection::InOut;
  return plSpecialization(t, "Out") ? ir::ParamDirection::Out : ir::ParamDirection::In;
}

ir::TypePtr FunctionLowerer::lowerType(clang::QualType qt, clang::SourceLocation loc,
                                       ir::ParamDirection *dir) {
  clang::QualType t = qt.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  const std::string spelled = qt.getNonReferenceType().getUnqualifiedType().getAsString();
  for (auto [name, d] : {std::pair{"Out", ir::ParamDirection::Out},
                         std::pair{"InOut", ir::ParamDirection::InOut}}) {
    if (auto *spec = plSpecialization(t, name)) {
      clang::QualType inner = spec->getTemplateArgs()[0].getAsType();
      if (!plSpecialization(inner.getCanonicalType(), "Tensor") &&
          !plSpecialization(inner.getCanonicalType(), "Tile"))
        return error(loc, "F104",
                     "'" + spelled + "': only tensors and tiles can be outputs (pl::" + name +
                         "); return a scalar result as a value, or write it into a tensor"),
               ir::UnknownType::get(); // an input: no F370 on top of the error
      if (dir)
        *dir = d;
      return lowerType(inner, loc, nullptr);
    }
  }
  if (auto *spec = plSpecialization(t, "Tensor")) {
    auto args = flatArgs(spec);
    if (auto bad = shapeRuleViolation(llvm::ArrayRef(args).drop_front(), spelled, 0))
      return error(loc, "F103", *bad), ir::UnknownType::get();
    auto dt = dtypeArg(args[0]);
    if (!dt || *dt == ir::DataType::Index)
      return error(loc, "F101", "tensor element type must be a concrete dtype"),
             ir::UnknownType::get();
    if (args.size() == 1) // the IR has no any-rank tensor: it would read as rank 0
      return error(loc, "F102",
                   "a pl::Tensor without dims (any rank) cannot be a parameter or result of "
                   "a marked function; declare its dims (pl::dyn for a dynamic one)"),
             ir::UnknownType::get();
    return ir::TensorType::make(*dt, shapeOf(llvm::ArrayRef(args).drop_front()));
  }
  if (auto *spec = plSpecialization(t, "Tile")) {
    auto args = flatArgs(spec);
    if (auto bad = shapeRuleViolation(llvm::ArrayRef(args).slice(1, 2), spelled, 1))
      return error(loc, "F103", *bad), ir::UnknownType::get();
    auto dt = dtypeArg(args[0]);
    if (!dt)
      return error(loc, "F101", "tile element type must be a concrete dtype"),
             ir::UnknownType::get();
    std::optional<ir::MemorySpace> space;
    if (args.size() > 3)
      if (auto *ec = enumerator(args[3]); ec && ec->getName() != "Auto")
        space = ir::parseMemorySpace(ec->getName());
    return ir::TileType::make(*dt, shapeOf(llvm::ArrayRef(args).slice(1, 2)), space);
  }
  return lowerValueType(qt, loc);
}

ir::TypePtr FunctionLowerer::lowerValueType(clang::QualType qt, clang::SourceLocation loc) {
  clang::QualType t = qt.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  if (auto *spec = plSpecialization(t, "Scalar")) {
    if (auto dt = dtypeArg(spec->getTemplateArgs()[0]))
      return ir::ScalarType::get(*dt);
    return error(loc, "F101", "scalar element type must be a concrete dtype"),
           ir::UnknownType::get();
  }
  if (auto *spec = plSpecialization(t, "DTypeTag")) {
    if (auto dt = dtypeArg(spec->getTemplateArgs()[0]))
      return ir::ScalarType::get(*dt);
  }
  if (auto dt = arithmeticDType(t))
    return ir::ScalarType::get(*dt);
  if (auto *rd = t->getAsCXXRecordDecl(); rd && rd->getName() == "TaskId" && isInPlNamespace(rd))
    return ir::ScalarType::get(ir::DataType::TaskId);
  if (auto *spec = plSpecialization(t, "array"); spec && spec->getTemplateArgs().size() == 2) {
    clang::QualType elem = spec->getTemplateArgs()[0].getAsType().getCanonicalType();
    auto *rd = elem->getAsCXXRecordDecl();
    if (!rd || rd->getName() != "TaskId" || !isInPlNamespace(rd))
      return error(loc, "F105",
                   "'" + qt.getNonReferenceType().getUnqualifiedType().getAsString() +
                       "': pl::array holds task ids (pl::array<pl::TaskId, N>); keep other "
                       "values in a pl::Tensor or in separate variables"),
             ir::UnknownType::get();
    return ir::ArrayType::make(ir::DataType::TaskId,
                               spec->getTemplateArgs()[1].getAsIntegral().getSExtValue());
  }
  error(loc, "F100",
        "unsupported type '" + qt.getAsString() +
            "' in a marked function; expected pl::Tensor, pl::Tile, pl::Scalar, pl::Index, "
            "pl::TaskId, pl::array<pl::TaskId, N>, pl::Out/pl::InOut of those, bool, an "
            "integer type or float");
  return ir::UnknownType::get();
}

} // namespace pl::translator
