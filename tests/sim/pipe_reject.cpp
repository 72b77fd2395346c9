// Must not compile: TPUSH of a Left tile (PL_PIPE_REJECT_PUSH) and TPOP into an Acc tile
// (PL_PIPE_REJECT_POP). Pipes carry Acc, Mat or Vec tiles out and land in Vec or Mat ones (ctest
// sim.pipe_reject_push / sim.pipe_reject_pop expect the static_asserts' messages).
#include <pto/pto-inst.hpp>

using namespace pto;

void wrongPipeTile() {
#ifdef PL_PIPE_REJECT_PUSH
  TPipe<PipeDir::C2V, PipeSplit::None> pipe(1024, 2);
  Tile<TileType::Left, float, 16, 16, BLayout::ColMajor, -1, -1, SLayout::RowMajor> t;
  TPUSH(pipe, t);
#endif
#ifdef PL_PIPE_REJECT_POP
  TPipe<PipeDir::V2C, PipeSplit::None> pipe(1024, 2);
  Tile<TileType::Acc, float, 16, 16, BLayout::ColMajor, -1, -1, SLayout::RowMajor, 1024> t;
  TPOP(t, pipe);
#endif
}
