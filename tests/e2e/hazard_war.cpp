// tests/e2e/hazard_war.cpp — a real write-after-read race that only a run can show: the trip count
// is a run-time value, so pl-translate cannot prove the loop runs twice (CheckTaskHazards rejects
// the same loop with a constant count, tests/lit/translator/diag_task_hazards.cpp). Launch i + 1 of
// `rows` rewrites y while launch i's `negate` may still read it. The strict translated run
// (PL_SIM_STRICT=1) must fail with the hazard naming both tasks (ctest e2e.hazard_war.strict).
#include <cstdio>
#include <exception>
#include <pl/dsl.hpp>
using X = pl::Tensor<pl::fp32, 16, 64>;

PL_FUNCTION(pl::FunctionType::InCore)
void rows(X x, pl::Out<X> y) {
  pl::store(pl::muls(pl::load(x, {0, 0}, {16, 64}), 2.0f), {0, 0}, y);
}

PL_FUNCTION(pl::FunctionType::InCore)
void negate(X y, pl::Out<X> z) { pl::store(pl::neg(pl::load(y, {0, 0}, {16, 64})), {0, 0}, z); }

PL_FUNCTION(pl::FunctionType::Orchestration)
void racy(X x, pl::Index n, pl::Out<X> y, pl::Out<X> z) {
  for (auto i : pl::range(n)) {
    (void)i;
    pl::spmd(2, [&] { rows(x, y); });
    pl::spmd(2, [&] { negate(y, z); });
  }
}

int main() {
  X x(pl::random_vector(16 * 64, 7)), y, z;
  try {
    racy(x, 3, y, z);
  } catch (const std::exception &e) {
    std::printf("%s\n", e.what());
    return 1;
  }
  std::printf("no hazard reported\n");
  return 0;
}
