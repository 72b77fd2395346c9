// expect-error: requires init_values to be specified (even just a counter) [F355]
#include <pl/dsl.hpp>
int main() {
  pl::while_([] { pl::cond(false); });
}
