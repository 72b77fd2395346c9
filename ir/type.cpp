// Type singletons, enum spellings and small queries on types.
#include "ir/type.h"
#include "ir/enum_names.h"
#include "ir/expr.h"

#include <array>

namespace pl::ir {

namespace {
constexpr std::array<std::string_view, 10> kSpaces = {
    "DDR", "Vec", "Mat", "Left", "Right", "Acc", "Bias", "ScalarLocal", "LeftScale", "RightScale"};
constexpr std::array<std::string_view, 5> kTensorLayouts = {"ND", "DN", "NZ", "MX_A", "MX_B"};
constexpr std::array<std::string_view, 2> kBLayouts = {"row_major", "col_major"};
constexpr std::array<std::string_view, 3> kSLayouts = {"none_box", "row_major", "col_major"};
constexpr std::array<std::string_view, 4> kPads = {"null", "zero", "max", "min"};
} // namespace

std::string_view memorySpaceName(MemorySpace m) { return nameIn(kSpaces, m); }
std::optional<MemorySpace> parseMemorySpace(std::string_view s) {
  return parseEnum<MemorySpace>(kSpaces, s);
}
std::string_view enumName(TensorLayout v) { return nameIn(kTensorLayouts, v); }
std::string_view enumName(BLayout v) { return nameIn(kBLayouts, v); }
std::string_view enumName(SLayout v) { return nameIn(kSLayouts, v); }
std::string_view enumName(PadValue v) { return nameIn(kPads, v); }
std::optional<TensorLayout> parseTensorLayout(std::string_view s) {
  return parseEnum<TensorLayout>(kTensorLayouts, s);
}
std::optional<BLayout> parseBLayout(std::string_view s) { return parseEnum<BLayout>(kBLayouts, s); }
std::optional<SLayout> parseSLayout(std::string_view s) { return parseEnum<SLayout>(kSLayouts, s); }
std::optional<PadValue> parsePadValue(std::string_view s) { return parseEnum<PadValue>(kPads, s); }

TypePtr UnknownType::get() {
  static const TypePtr t = std::make_shared<const UnknownType>();
  return t;
}

TypePtr MemRefType::get() {
  static const TypePtr t = std::make_shared<const MemRefType>();
  return t;
}

std::shared_ptr<const ScalarType> ScalarType::get(DataType d) {
  static const auto table = [] {
    std::array<std::shared_ptr<const ScalarType>, static_cast<size_t>(DataType::TaskId) + 1> t;
    for (size_t i = 0; i < t.size(); ++i)
      t[i] = std::make_shared<const ScalarType>(static_cast<DataType>(i));
    return t;
  }();
  return table[static_cast<size_t>(d)];
}

std::optional<int64_t> ShapedType::constDim(size_t i) const {
  if (i >= shape_.size())
    return std::nullopt;
  return constIntValue(shape_[i]);
}

std::optional<DataType> scalarDType(const TypePtr &t) {
  if (auto *s = dynCast<ScalarType>(t))
    return s->dtype();
  return std::nullopt;
}

} // namespace pl::ir
