// Must not compile: TPUSH of a Left tile (PL_PIPE_REJECT_PUSH), TPOP into an Acc tile
// (PL_PIPE_REJECT_POP), and pl's former pipe spellings, which pto-isa does not have (issue 34):
// pto::PipeDir / pto::PipeSplit, a (slot_size, slot_num) constructor, TPUSH(pipe, tile) without
// the split axis. PL_PIPE_REJECT_NONE compiles pto-isa's forms: each case fails for its own line
// only (ctest sim.pipe_reject_* expect the compiler's messages).
#include <pto/pto-inst.hpp>

using namespace pto;

using C2V = TPipe<0, Direction::DIR_C2V, 1024, 2>;
using V2C = TPipe<2, Direction::DIR_V2C, 1024, 2>;

void pipeSpellings(void *gm) {
#ifdef PL_PIPE_REJECT_NONE
  C2V c2v(gm, 0, 4096);
  V2C v2c(nullptr, 4096, 0);
  Tile<TileType::Acc, float, 16, 16, BLayout::ColMajor, -1, -1, SLayout::RowMajor, 1024> acc;
  Tile<TileType::Vec, float, 8, 16, BLayout::RowMajor, -1, -1> v;
  TPUSH<C2V, decltype(acc), TileSplitAxis::TILE_UP_DOWN>(c2v, acc);
  TPOP<C2V, decltype(v), TileSplitAxis::TILE_UP_DOWN>(c2v, v);
  TFREE<C2V, TileSplitAxis::TILE_UP_DOWN>(c2v);
  TPUSH(v, v2c); // the reversed forms: TILE_NO_SPLIT
  TPOP(v, c2v);
  TFREE(c2v);
#endif
#ifdef PL_PIPE_REJECT_PUSH
  C2V pipe(gm, 0, 0);
  Tile<TileType::Left, float, 16, 16, BLayout::ColMajor, -1, -1, SLayout::RowMajor> t;
  TPUSH<C2V, decltype(t), TileSplitAxis::TILE_NO_SPLIT>(pipe, t);
#endif
#ifdef PL_PIPE_REJECT_POP
  V2C pipe(gm, 0, 0);
  Tile<TileType::Acc, float, 16, 16, BLayout::ColMajor, -1, -1, SLayout::RowMajor, 1024> t;
  TPOP(t, pipe);
#endif
#ifdef PL_PIPE_REJECT_PIPE_DIR
  TPipe<PipeDir::C2V, PipeSplit::None> pipe(1024, 2);
#endif
#ifdef PL_PIPE_REJECT_PIPE_SPLIT
  [[maybe_unused]] auto s = PipeSplit::UpDown;
#endif
#ifdef PL_PIPE_REJECT_SLOT_CTOR
  C2V pipe(1024, 2);
#endif
#ifdef PL_PIPE_REJECT_PUSH_NO_SPLIT
  C2V pipe(gm, 0, 0);
  Tile<TileType::Acc, float, 16, 16, BLayout::ColMajor, -1, -1, SLayout::RowMajor, 1024> t;
  TPUSH(pipe, t);
#endif
#ifdef PL_PIPE_REJECT_BOTH
  TPipe<0, Direction::DIR_BOTH, 1024, 2> pipe(gm, 0, 0);
#endif
#ifdef PL_PIPE_REJECT_RESERVE
  pto::reserve_buffer("ring", 2048, 0);
#endif
#ifdef PL_PIPE_REJECT_IMPORT
  pto::import_peer_buffer("ring");
#endif
  (void)gm;
}
