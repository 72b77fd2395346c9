// pl/dsl.hpp — the pl DSL: include this one header; kernels run eagerly as the golden reference.
#pragma once

#include "pl/dtype.hpp"       // DType, dtype tags, software floats, rounding
#include "pl/error.hpp"       // pl::Error, pl::Shape, pl::dyn
#include "pl/types.hpp"       // Tensor, Tile, Scalar, Index, Out/InOut, enums
#include "pl/markers.hpp"     // PL_JIT, PL_FUNCTION, PL_INLINE, PL_PROGRAM
#include "pl/kernels.hpp"     // eager reference kernels (internal)
#include "pl/ops_math.hpp"    // binary / scalar / unary / compare / select ops, operators
#include "pl/ops_data.hpp"    // creation, load/store/move, views, cast, fillpad
#include "pl/ops_linalg.hpp"  // reductions, row/col expand, matmul family
#include "pl/control.hpp"     // range/parallel/unroll/pipeline, init_values/yield_, while_, if_, at
#include "pl/host.hpp"        // host helpers: random data, allclose, printing

#include "pl/ops_crosscore.hpp" // cross-core pipes of Group kernels: tpush / tpop / tfree

#include "pl/ops_irregular.hpp" // arange (TCI), part_add / part_mul / part_max / part_min
