// expect-error: requires init_values to be specified
#include <pl/dsl.hpp>
int main() {
  pl::while_([] { pl::cond(false); });
}
