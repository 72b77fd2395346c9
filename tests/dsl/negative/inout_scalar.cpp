// expect-error: only tensors and tiles can be outputs (scalar parameters are inputs; return a scalar instead) [F104]
#include <pl/dsl.hpp>
void f(pl::InOut<pl::Scalar<pl::i64>> s) { (void)s; }
int main() {}
