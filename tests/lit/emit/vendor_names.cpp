// emit/pto: a user's name that is a name of the vendor's headers (an element type, a template, an
// intrinsic, an entry point) is renamed in the C++ output, never printed as is: a tile variable
// named `half` would shadow the element type `half` of the next fp16 tile's declaration (the
// vendor's headers and pl/sim's both reject that text), a function named `set_flag` would hide
// the intrinsic.
// RUN: rm -rf %t && mkdir -p %t && %pl-translate %s --platform=a2a3 --out-dir=%t/pkg -o %t/out.cpp -- %dsl-flags
// RUN: FileCheck %s < %t/pkg/kernels/aiv/k.cpp
// RUN: FileCheck --check-prefix=ORCH %s < %t/pkg/orchestration/set_flag_.cpp
// The package compiles against pl/sim's PTO-ISA and runtime headers (as the e2e package checks do).
// RUN: %clangxx -std=c++20 -fsyntax-only -Wall -Wextra -Werror -D__CPU_SIM -I%S/../../../dsl/include/pl/sim/vendor %dsl-flags %t/pkg/kernels/aiv/k.cpp
// RUN: %clangxx -std=c++20 -fsyntax-only -Wall -Wextra -Werror -D__CPU_SIM -I%S/../../../dsl/include/pl/sim/vendor %dsl-flags %t/pkg/orchestration/set_flag_.cpp
#include <pl/dsl.hpp>

using H = pl::Tensor<pl::fp16, 16, 16>;

// CHECK: pto::Tile<pto::TileType::Vec, half, 16, 16, {{.*}}> half_(16, 16);
// CHECK: pto::Tile<pto::TileType::Vec, half, 16, 16, {{.*}}> int32_t_(16, 16);
// CHECK: TADDS(int32_t_, half_,
PL_FUNCTION(pl::FunctionType::AIV)
void k(H pto, pl::Out<H> GlobalTensor) {
  pl::Tile<pl::fp16, 16, 16> half = pl::load(pto, {0, 0}, {16, 16});
  pl::Tile<pl::fp16, 16, 16> int32_t = pl::adds(half, 1.0f);
  pl::store(int32_t, {0, 0}, GlobalTensor);
}

// ORCH: const ChipTensor& ext_size_t = orch_args.tensor(0).ref();
PL_FUNCTION(pl::FunctionType::Orchestration)
void set_flag(H size_t, pl::Out<H> kernel_entry) { k(size_t, kernel_entry); }
