// LowerCompositeOps: tile ops without a PTO-ISA instruction (sin, cos) become chains of
// instructions the ISA has (pipeline pass 14, PyPTO's LowerCompositeOps).
//
// Why: PTO-ISA has no TSIN / TCOS; a kernel that printed them compiles against nothing but a
//   lenient simulator. The vector unit has multiply, add, subtract, convert and bitwise and,
//   which is all a range-reduced polynomial needs.
// Properties: passes/passes.def. Runs after ConvertTensorToTileOps / OptimizeOrchTensors (the
//   kernels hold tile.sin / tile.cos) and before InferTileMemorySpace (the chain's tiles take
//   their memory space, layout, scratch and address from the later passes like any other tile).
// Rules: in AIV / AIC / InCore functions, `y = tile.sin(x)` / `y = tile.cos(x)` becomes, in fp32
//   (an fp16 / bf16 / other float x is cast to fp32 first and the result cast back, mode rint):
//   1. k = rint(x·(1/π))  (cos: rint(x·(1/π) − 0.5)), by `tile.cast` to int32 with mode "rint"
//      (TCVT CAST_RINT) and back to fp32; m = k (cos: k + 0.5);
//   2. r = x − m·P1 − m·P2 − m·P3 (Cody–Waite: P1 and P2 have 8 significant bits, so m·P1 and
//      m·P2 are exact for |m| < 2^16; P3 is the rest of π in fp32), |r| ≤ π/2 + ε;
//   3. s = r + r·r²·(c0 + r²·(c1 + r²·(c2 + r²·(c3 + r²·c4)))), a least-squares fit of sin on
//      [−π/2 − 0.02, π/2 + 0.02] weighted for relative error (coefficients below, fp32-exact);
//   4. sin: y = s·(1 − 2·(k & 1)); cos: y = s·(2·(k & 1) − 1) (cos x = (−1)^(k+1)·sin(x − m·π)).
//   Only TMULS TADDS TMUL TADD TSUB TCVT TANDS are used. 26 instructions (cos: 28) in fp32.
// Accuracy (tests/passes/lower_composite_ops_test.cpp, fp32 per-op rounding as pl/sim and the
//   vector unit compute): max |error| ≤ 2e-7 against sin / cos in double for
//   |x| ≤ 2^15·π ≈ 102943 (measured 1.3e-7); ±0 → +0, ±inf / NaN → NaN. Beyond the bound the
//   result stays in [−1, 1] but loses accuracy (m·P1 is no longer exact; |x| ≥ 2^31·π saturates
//   k). docs/ops.md states the same.
// Options: none. Diagnostics: none (a cast the SoC cannot do is CheckTileConstraints' TC003).
// Example: `Tile<fp32, 16, 16, Vec> y = tile.sin(x)` →
//   `t = tile.muls(x, 0.318309873); k = tile.cast(t, {.target_type = int32, .mode = "rint"}); …`
// Test: tests/passes/lower_composite_ops.pir, tests/passes/lower_composite_ops_test.cpp
#pragma once

#include "passes/pass.h"

#include <array>

namespace pl::passes {

/// The constants of the chain, shared by the pass and its accuracy test.
struct SinChainConstants {
  static constexpr float kInvPi = 0x1.45f306p-2f; ///< 1/π in fp32
  static constexpr float kPi1 = 0x1.92p+1f;       ///< π's first 8 bits
  static constexpr float kPi2 = 0x1.fap-11f;      ///< its next 8 bits
  static constexpr float kPi3 = 0x1.54442ep-19f;  ///< the rest, rounded to fp32
  static constexpr std::array<float, 5> kPoly = {-0x1.555556p-3f, 0x1.11110cp-7f, -0x1.a017a8p-13f,
                                                 0x1.716a1ap-19f, -0x1.99d916p-26f}; ///< c0..c4
  static constexpr double kValidBound = 102943.7; ///< 2^15·π: the documented accurate range
};

/// The algorithm for one function (non-kernels unchanged).
ir::FunctionPtr lowerCompositeOps(const ir::FunctionPtr &f);

Pass createLowerCompositeOpsPass(PassOptions &opts);

} // namespace pl::passes
