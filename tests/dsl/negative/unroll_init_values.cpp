// expect-error: init_values are not allowed on an unrolled loop (it carries no state); use pl::range [F342]
#include <pl/dsl.hpp>
int main() {
  pl::unroll(4, pl::init_values(0), [](pl::Index, int x) { return pl::yield_(x); });
}
