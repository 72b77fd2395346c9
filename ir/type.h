// IR types: Unknown, Scalar, Tensor (with TensorView), Tile (with TileView, memory space,
// MemRef), Tuple, MemRef, Ptr and Array.
#pragma once

#include "ir/dtype.h"
#include "ir/fwd.h"

#include <optional>
#include <string_view>

namespace pl::ir {

enum class MemorySpace : uint8_t {
  DDR, Vec, Mat, Left, Right, Acc, Bias, ScalarLocal, LeftScale, RightScale
};
std::string_view memorySpaceName(MemorySpace m);
std::optional<MemorySpace> parseMemorySpace(std::string_view s);

enum class TensorLayout : uint8_t { ND, DN, NZ, MX_A, MX_B };
enum class BLayout : uint8_t { RowMajor, ColMajor };
enum class SLayout : uint8_t { NoneBox, RowMajor, ColMajor };
enum class PadValue : uint8_t { Null, Zero, Max, Min };
std::string_view enumName(TensorLayout v);
std::string_view enumName(BLayout v);
std::string_view enumName(SLayout v);
std::string_view enumName(PadValue v);
std::optional<TensorLayout> parseTensorLayout(std::string_view s);
std::optional<BLayout> parseBLayout(std::string_view s);
std::optional<SLayout> parseSLayout(std::string_view s);
std::optional<PadValue> parsePadValue(std::string_view s);

enum class TypeKind : uint8_t { Unknown, Scalar, Tensor, Tile, Tuple, MemRef, Ptr, Array };

class Type {
public:
  virtual ~Type() = default;
  TypeKind kind() const { return kind_; }

protected:
  explicit Type(TypeKind k) : kind_(k) {}

private:
  TypeKind kind_;
};

class UnknownType final : public Type {
public:
  UnknownType() : Type(TypeKind::Unknown) {}
  static TypePtr get();
  static bool classof(const Type *t) { return t->kind() == TypeKind::Unknown; }
};

class ScalarType final : public Type {
public:
  explicit ScalarType(DataType d) : Type(TypeKind::Scalar), dtype_(d) {}
  /// Interned: one instance per dtype.
  static std::shared_ptr<const ScalarType> get(DataType d);
  DataType dtype() const { return dtype_; }
  static bool classof(const Type *t) { return t->kind() == TypeKind::Scalar; }

private:
  DataType dtype_;
};

/// Strides, layout and valid region of a tensor in DDR. Empty vectors mean "implicit".
struct TensorView {
  ExprList stride;
  TensorLayout layout = TensorLayout::ND;
  ExprList validShape;
  PadValue pad = PadValue::Null;
};

/// Layout of a tile in on-chip memory. Empty vectors / null exprs mean "implicit".
struct TileView {
  ExprList validShape;
  ExprList stride;
  ExprPtr startOffset;
  BLayout blayout = BLayout::RowMajor;
  SLayout slayout = SLayout::NoneBox;
  int64_t fractal = 512;
  PadValue pad = PadValue::Null;
  bool compact = false;
};

/// Common base of Tensor and Tile: element dtype and a (possibly symbolic) shape.
class ShapedType : public Type {
public:
  DataType dtype() const { return dtype_; }
  const ExprList &shape() const { return shape_; }
  size_t rank() const { return shape_.size(); }
  /// The constant value of dim i, if it is a ConstInt.
  std::optional<int64_t> constDim(size_t i) const;
  static bool classof(const Type *t) {
    return t->kind() == TypeKind::Tensor || t->kind() == TypeKind::Tile;
  }

protected:
  ShapedType(TypeKind k, DataType d, ExprList shape)
      : Type(k), dtype_(d), shape_(std::move(shape)) {}

private:
  DataType dtype_;
  ExprList shape_;
};

class TensorType final : public ShapedType {
public:
  TensorType(DataType d, ExprList shape, std::optional<TensorView> view = std::nullopt)
      : ShapedType(TypeKind::Tensor, d, std::move(shape)), view_(std::move(view)) {}
  static std::shared_ptr<const TensorType> make(DataType d, ExprList shape,
                                                std::optional<TensorView> view = std::nullopt) {
    return std::make_shared<const TensorType>(d, std::move(shape), std::move(view));
  }
  const std::optional<TensorView> &view() const { return view_; }
  static bool classof(const Type *t) { return t->kind() == TypeKind::Tensor; }

private:
  std::optional<TensorView> view_;
};

class TileType final : public ShapedType {
public:
  TileType(DataType d, ExprList shape, std::optional<MemorySpace> space = std::nullopt,
           std::optional<TileView> view = std::nullopt, MemRefPtr memref = nullptr)
      : ShapedType(TypeKind::Tile, d, std::move(shape)), space_(space), view_(std::move(view)),
        memref_(std::move(memref)) {}
  static std::shared_ptr<const TileType> make(DataType d, ExprList shape,
                                              std::optional<MemorySpace> space = std::nullopt,
                                              std::optional<TileView> view = std::nullopt,
                                              MemRefPtr memref = nullptr) {
    return std::make_shared<const TileType>(d, std::move(shape), space, std::move(view),
                                            std::move(memref));
  }
  const std::optional<MemorySpace> &memorySpace() const { return space_; }
  const std::optional<TileView> &view() const { return view_; }
  const MemRefPtr &memref() const { return memref_; }
  static bool classof(const Type *t) { return t->kind() == TypeKind::Tile; }

private:
  std::optional<MemorySpace> space_;
  std::optional<TileView> view_;
  MemRefPtr memref_;
};

class TupleType final : public Type {
public:
  explicit TupleType(std::vector<TypePtr> elems)
      : Type(TypeKind::Tuple), elems_(std::move(elems)) {}
  static std::shared_ptr<const TupleType> make(std::vector<TypePtr> elems) {
    return std::make_shared<const TupleType>(std::move(elems));
  }
  const std::vector<TypePtr> &elements() const { return elems_; }
  static bool classof(const Type *t) { return t->kind() == TypeKind::Tuple; }

private:
  std::vector<TypePtr> elems_;
};

/// Type of a MemRef variable (a placed buffer).
class MemRefType final : public Type {
public:
  MemRefType() : Type(TypeKind::MemRef) {}
  static TypePtr get();
  static bool classof(const Type *t) { return t->kind() == TypeKind::MemRef; }
};

/// Type of a base pointer produced by an allocation in a memory space.
class PtrType final : public Type {
public:
  explicit PtrType(MemorySpace s) : Type(TypeKind::Ptr), space_(s) {}
  static std::shared_ptr<const PtrType> make(MemorySpace s) {
    return std::make_shared<const PtrType>(s);
  }
  MemorySpace memorySpace() const { return space_; }
  static bool classof(const Type *t) { return t->kind() == TypeKind::Ptr; }

private:
  MemorySpace space_;
};

/// A small on-chip array of scalars (never escapes a kernel).
class ArrayType final : public Type {
public:
  ArrayType(DataType d, int64_t n) : Type(TypeKind::Array), dtype_(d), size_(n) {}
  static std::shared_ptr<const ArrayType> make(DataType d, int64_t n) {
    return std::make_shared<const ArrayType>(d, n);
  }
  DataType dtype() const { return dtype_; }
  int64_t size() const { return size_; }
  static bool classof(const Type *t) { return t->kind() == TypeKind::Array; }

private:
  DataType dtype_;
  int64_t size_;
};

/// Scalar dtype of a Scalar type, or nullopt.
std::optional<DataType> scalarDType(const TypePtr &t);

} // namespace pl::ir
