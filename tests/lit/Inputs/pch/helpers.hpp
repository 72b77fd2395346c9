// A user header with a marked helper, precompiled by the user's build (pch.test).
#pragma once
#include <pl/dsl.hpp>

using T = pl::Tensor<pl::fp32, 16, 16>;
PL_INLINE pl::Tile<pl::fp32, 16, 16> twice(pl::Tile<pl::fp32, 16, 16> t) { return pl::add(t, t); }
