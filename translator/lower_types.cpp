// C++ types of the DSL (pl::Tensor, pl::Tile, pl::Scalar, Out/InOut, arithmetic) to IR types.
#include "translator/function_lowerer.h"

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

} // namespace

ir::TypePtr FunctionLowerer::lowerType(clang::QualType qt, clang::SourceLocation loc,
                                       ir::ParamDirection *dir) {
  clang::QualType t = qt.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  for (auto [name, d] : {std::pair{"Out", ir::ParamDirection::Out},
                         std::pair{"InOut", ir::ParamDirection::InOut}}) {
    if (auto *spec = plSpecialization(t, name)) {
      if (dir)
        *dir = d;
      return lowerType(spec->getTemplateArgs()[0].getAsType(), loc, nullptr);
    }
  }
  auto dtypeOf = [&](const clang::TemplateArgument &a) -> std::optional<ir::DataType> {
    auto *ec = enumerator(a);
    return ec ? dtypeFromEnumerator(ec->getName()) : std::nullopt;
  };
  auto dims = [&](llvm::ArrayRef<clang::TemplateArgument> args) {
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
  };
  if (auto *spec = plSpecialization(t, "Tensor")) {
    auto args = flatArgs(spec);
    auto dt = dtypeOf(args[0]);
    if (!dt || *dt == ir::DataType::Index)
      return error(loc, "F101", "tensor element type must be a concrete dtype"),
             ir::UnknownType::get();
    return ir::TensorType::make(*dt, dims(llvm::ArrayRef(args).drop_front()));
  }
  if (auto *spec = plSpecialization(t, "Tile")) {
    auto args = flatArgs(spec);
    auto dt = dtypeOf(args[0]);
    if (!dt)
      return error(loc, "F101", "tile element type must be a concrete dtype"),
             ir::UnknownType::get();
    std::optional<ir::MemorySpace> space;
    if (args.size() > 3)
      if (auto *ec = enumerator(args[3]); ec && ec->getName() != "Auto")
        space = ir::parseMemorySpace(ec->getName());
    return ir::TileType::make(*dt, dims(llvm::ArrayRef(args).slice(1, 2)), space);
  }
  if (auto *spec = plSpecialization(t, "Scalar")) {
    if (auto dt = dtypeOf(spec->getTemplateArgs()[0]))
      return ir::ScalarType::get(*dt);
  }
  if (auto *spec = plSpecialization(t, "DTypeTag")) {
    if (auto dt = dtypeOf(spec->getTemplateArgs()[0]))
      return ir::ScalarType::get(*dt);
  }
  if (auto *bt = t->getAs<clang::BuiltinType>()) {
    using K = clang::BuiltinType::Kind;
    switch (bt->getKind()) {
    case K::Bool: return ir::ScalarType::get(ir::DataType::Bool);
    // Plain signed C++ integers are index arithmetic (PyPTO's bare ints are INDEX): int64 holds
    // every value, their overflow is undefined, and conversions into them and `<<` wrap
    // explicitly (lower_expr.cpp). unsigned short / char are promoted to int before any
    // arithmetic, so INDEX holds them too. unsigned int / long wrap on every operation: they
    // keep their own dtype. A fixed-width scalar is spelled pl::Scalar<pl::i32> etc.
    case K::Long: case K::LongLong: case K::Int: case K::Short: case K::SChar:
    case K::Char_S: case K::UShort: case K::UChar: case K::Char_U:
      return ir::ScalarType::get(ir::DataType::Index);
    case K::UInt: case K::ULong: case K::ULongLong:
      return ir::ScalarType::get(ctx_.getIntWidth(t) == 64 ? ir::DataType::UInt64
                                                           : ir::DataType::UInt32);
    case K::Float: return ir::ScalarType::get(ir::DataType::FP32);
    default: break;
    }
  }
  if (t->isEnumeralType())
    return ir::ScalarType::get(ir::DataType::Index);
  error(loc, "F100",
        "unsupported type '" + qt.getAsString() +
            "' in a marked function; expected pl::Tensor, pl::Tile, pl::Scalar, pl::Index, "
            "pl::Out/pl::InOut of those, bool, an integer type or float");
  return ir::UnknownType::get();
}

} // namespace pl::translator
