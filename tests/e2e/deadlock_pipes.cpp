// tests/e2e/deadlock_pipes.cpp — a hand-written mixed task whose kernels each wait for the other
// first: the cube kernel pops from the vector core before it pushes, the vector kernel pops from
// the cube core before it pushes. On the simulator both block; the translated run must report the
// deadlock naming both kernels and both pipes (ctest e2e.deadlock_pipes.*), in every executor
// mode, instead of hanging. (The eager run stops at the first pop: an empty pipe.)
#include <cstdio>
#include <exception>
#include <pl/dsl.hpp>

using T = pl::Tensor<pl::fp32, 16, 64>;
using VecTile = pl::Tile<pl::fp32, 16, 64>;
using MatTile = pl::Tile<pl::fp32, 16, 64, pl::Mem::Mat>;

PL_FUNCTION(pl::FunctionType::AIC) void cube(T a, pl::Out<T> o) {
  pl::aic_initialize_pipe({.dir_mask = 3, .slot_size = 4096, .slot_num = 2});
  auto back = pl::tpop_from_aiv<MatTile>(); // waits for the vector core ...
  pl::tfree_to_aiv(back);
  MatTile t = pl::load(a, {0, 0}, {16, 64}, {.target_memory = pl::Mem::Mat});
  pl::tpush_to_aiv(t);
  (void)o; // the vector kernel writes the output
}

PL_FUNCTION(pl::FunctionType::AIV) void vec(T a, pl::Out<T> o) {
  pl::aiv_initialize_pipe({.dir_mask = 3, .slot_size = 4096, .slot_num = 2});
  VecTile t = pl::tpop_from_aic<VecTile>(); // ... which waits for the cube core
  pl::tfree_to_aic(t);
  pl::tpush_to_aic(t);
  pl::store(t, {0, 0}, o);
  (void)a;
}

PL_FUNCTION(pl::FunctionType::Group) void crossed(T a, pl::Out<T> o) {
  cube(a, o);
  vec(a, o);
}

PL_FUNCTION(pl::FunctionType::Orchestration) void run(T a, pl::Out<T> o) { crossed(a, o); }

int main() {
  T a(pl::random_vector(16 * 64, 9)), o;
  try {
    run(a, o);
  } catch (const std::exception &e) {
    std::printf("%s\n", e.what());
    return 1;
  }
  std::printf("no deadlock reported\n");
  return 0;
}
