// Input of tests/lit/translator/export_fixes.test: two writes into plain (input) tensor
// parameters (F375), each fixed by declaring the parameter pl::InOut.
#include <pl/dsl.hpp>

using T = pl::Tensor<pl::fp32, 16, 16>;

PL_FUNCTION(pl::FunctionType::InCore)
void accumulate(T a, pl::InOut<T> acc) {
  pl::store(pl::add(pl::load(a, {0, 0}, {16, 16}), pl::load(acc, {0, 0}, {16, 16})), {0, 0}, acc);
}

PL_FUNCTION(pl::FunctionType::InCore)
void overwrite(T a, pl::Tensor<pl::fp32, 16, 16> b) {
  pl::store(pl::load(a, {0, 0}, {16, 16}), {0, 0}, b);
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void run(T a, T acc, pl::Out<T> b) {
  accumulate(a, acc);
  overwrite(a, b);
}
