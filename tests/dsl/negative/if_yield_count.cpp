// expect-error: both branches must yield the same number of values [F353]
#include <pl/dsl.hpp>
int main() {
  auto r = pl::if_(true, [] { return pl::yield_(1, 2); }, [] { return pl::yield_(3); });
  (void)r;
}
