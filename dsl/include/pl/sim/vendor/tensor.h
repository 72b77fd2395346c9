// tensor.h — pl/sim's version of the runtime's tensor record header, for kernels: `ChipTensor`
// (buffer {addr, size}, start_offset in elements, ndims, shapes, strides, dtype), which a
// kernel receives through `__gm__ int64_t* args` (one record pointer per tensor argument).
// Written from the documented layout of the record (docs/backend.md); no vendor code.
#pragma once

#include "pl/sim/tensor.hpp"

using pl::sim::ChipTensor;
