// Names, sizes and categories of the IR data types.
#include "ir/dtype.h"

namespace pl::ir {

namespace {
struct DTypeInfo {
  std::string_view name;
  unsigned bits;
};
constexpr DTypeInfo kInfo[] = {
#define X(n, s, b) {s, b},
    PL_DTYPES(X)
#undef X
};
} // namespace

std::string_view dtypeName(DataType t) { return kInfo[static_cast<unsigned>(t)].name; }
unsigned dtypeBits(DataType t) { return kInfo[static_cast<unsigned>(t)].bits; }
unsigned dtypeBytes(DataType t) { return dtypeBits(t) < 8 ? 1 : dtypeBits(t) / 8; }

std::optional<DataType> parseDataType(std::string_view s) {
  for (unsigned i = 0; i < std::size(kInfo); ++i)
    if (kInfo[i].name == s)
      return static_cast<DataType>(i);
  return std::nullopt;
}

bool isFloat(DataType t) {
  switch (t) {
  case DataType::FP4: case DataType::FP8E4M3FN: case DataType::FP8E5M2: case DataType::FP8E8M0:
  case DataType::FP16: case DataType::BF16: case DataType::FP32: case DataType::HF4:
  case DataType::HF8:
    return true;
  default:
    return false;
  }
}

bool isSignedInt(DataType t) {
  return t == DataType::Int4 || t == DataType::Int8 || t == DataType::Int16 ||
         t == DataType::Int32 || t == DataType::Int64;
}

bool isUnsignedInt(DataType t) {
  return t == DataType::UInt4 || t == DataType::UInt8 || t == DataType::UInt16 ||
         t == DataType::UInt32 || t == DataType::UInt64;
}

bool isIntLike(DataType t) { return isSignedInt(t) || isUnsignedInt(t) || t == DataType::Index; }

} // namespace pl::ir
