// expect-error: if one branch yields, the other must yield too (or neither may) [F353]
#include <pl/dsl.hpp>
int main() {
  pl::if_(true, [] { return pl::yield_(1); }, [] {});
}
