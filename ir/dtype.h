// Scalar data types of the IR (every dtype of PyPTO plus INDEX and TASK_ID).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace pl::ir {

#define PL_DTYPES(X)                                                                               \
  X(Bool, "bool", 1)                                                                               \
  X(Int4, "int4", 4)                                                                               \
  X(Int8, "int8", 8)                                                                               \
  X(Int16, "int16", 16)                                                                            \
  X(Int32, "int32", 32)                                                                            \
  X(Int64, "int64", 64)                                                                            \
  X(UInt4, "uint4", 4)                                                                             \
  X(UInt8, "uint8", 8)                                                                             \
  X(UInt16, "uint16", 16)                                                                          \
  X(UInt32, "uint32", 32)                                                                          \
  X(UInt64, "uint64", 64)                                                                          \
  X(FP4, "fp4", 4)                                                                                 \
  X(FP8E4M3FN, "fp8e4m3", 8)                                                                       \
  X(FP8E5M2, "fp8e5m2", 8)                                                                         \
  X(FP8E8M0, "fp8e8m0", 8)                                                                         \
  X(FP16, "fp16", 16)                                                                              \
  X(BF16, "bf16", 16)                                                                              \
  X(FP32, "fp32", 32)                                                                              \
  X(HF4, "hf4", 4)                                                                                 \
  X(HF8, "hf8", 8)                                                                                 \
  X(Index, "index", 64)                                                                            \
  X(TaskId, "task_id", 64)

enum class DataType : uint8_t {
#define X(name, str, bits) name,
  PL_DTYPES(X)
#undef X
};

/// The spelling used by the text form and the DSL (`fp32`, `int64`, `index`, ...).
std::string_view dtypeName(DataType t);
std::optional<DataType> parseDataType(std::string_view s);
unsigned dtypeBits(DataType t);
/// Size in bytes for storage; sub-byte types round up to one byte per element here,
/// packed sizes are computed by callers that care (dtypeBits * count / 8).
unsigned dtypeBytes(DataType t);
bool isFloat(DataType t);
bool isSignedInt(DataType t);
bool isUnsignedInt(DataType t);
/// Integer-like: signed, unsigned, Index (but not Bool or TaskId).
bool isIntLike(DataType t);

} // namespace pl::ir
