// expect-error: only tensors and tiles can be outputs
#include <pl/dsl.hpp>
void f(pl::InOut<pl::Scalar<pl::i64>> s) { (void)s; }
int main() {}
