// expect-error: LiteralBound
#include <pl/dsl.hpp>
int main(int argc, char**) {
  int n = argc;
  for (auto i : pl::unroll(n)) (void)i;
}
