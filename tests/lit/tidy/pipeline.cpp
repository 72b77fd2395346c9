// The pl- checks that need the default pipeline: they run it when the lowering has no errors.
// RUN: %clang-tidy --load=%pl-tidy-plugin --config='{}' --checks='-*,pl-signed-index-division' %s -- -std=c++20 %dsl-flags 2>&1 | FileCheck %s --check-prefix=DIV
// RUN: not %clang-tidy --load=%pl-tidy-plugin --config='{}' --checks='-*,pl-pipeline' %s -- -std=c++20 %dsl-flags -DBIG 2>&1 | FileCheck %s --check-prefix=BIG
// RUN: not %clang-tidy --load=%pl-tidy-plugin --checks='-*,pl-pipeline' --config="{CheckOptions: {pl-pipeline.Platform: a5sim}}" %s -- -std=c++20 %dsl-flags -DBIG 2>&1 | FileCheck %s --check-prefix=BIG5
#include <pl/dsl.hpp>

using T = pl::Tensor<pl::fp32, 64, 16>;

PL_FUNCTION(pl::FunctionType::InCore)
void halves(T a, pl::Index n, pl::Out<T> c) {
  // DIV: pipeline.cpp:[[@LINE+2]]:{{[0-9]+}}: warning: signed integer division whose operands are not known to be non-negative: it keeps C++'s rounding toward zero
  // DIV-SAME: [F371] [pl-signed-index-division]
  pl::store(pl::load(a, {n / 2, 0}, {16, 16}), {0, 0}, c);
  // No hint where the sign is known: a loop index.
  for (auto i : pl::range(4))
    pl::store(pl::load(a, {i / 2, 0}, {16, 16}), {i * 16, 0}, c);
}
// DIV-NOT: [F371]

#ifdef BIG
using B = pl::Tensor<pl::fp32, 1024, 1024>;
PL_FUNCTION(pl::FunctionType::InCore)
// BIG: pipeline.cpp:[[@LINE+2]]:6: error: kernel 'big' needs 4194304 bytes of Vec but a2a3 has 188416 bytes available [MA001] [pl-pipeline]
// BIG5: pipeline.cpp:[[@LINE+1]]:6: error: kernel 'big' needs 4194304 bytes of Vec but a5 has
void big(B a, pl::Out<B> c) {
  pl::store(pl::load(a, {0, 0}, {1024, 1024}), {0, 0}, c);
}
#endif
