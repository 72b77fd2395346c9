// expect-error: constant expression
// (a pl::unroll bound is a consteval pl::LiteralBound: g++ says "the value of 'n' is not usable in a constant
// expression", clang "call to consteval function 'pl::LiteralBound::LiteralBound' is not a constant expression")
#include <pl/dsl.hpp>
int main(int argc, char**) {
  int n = argc;
  for (auto i : pl::unroll(n)) (void)i;
}
