// Must not compile, one case per PL_TYPE_REJECT_* macro: what PTO-ISA's instructions reject,
// pl/sim's vendor layer rejects (ctest sim.type_reject_* expects each static_assert's message).
//   MATMUL      TMATMUL of half x float (no supported element type combination)
//   MATMUL_INT16 TMATMUL of int16_t x int16_t into int32_t
//   TRANS_TMP   TTRANS without its scratch tile
//   TRANS_ELEM  TTRANS of std::int64_t
#include <pto/pto-inst.hpp>

using namespace pto;

void rejected() {
#ifdef PL_TYPE_REJECT_MATMUL
  Tile<TileType::Left, half, 16, 16, BLayout::ColMajor, -1, -1, SLayout::RowMajor> l;
  Tile<TileType::Right, float, 16, 16, BLayout::RowMajor, -1, -1, SLayout::ColMajor> r;
  Tile<TileType::Acc, float, 16, 16, BLayout::ColMajor, -1, -1, SLayout::RowMajor, 1024> c;
  TMATMUL(c, l, r);
#endif
#ifdef PL_TYPE_REJECT_MATMUL_INT16
  Tile<TileType::Left, std::int16_t, 16, 16, BLayout::ColMajor, -1, -1, SLayout::RowMajor> l;
  Tile<TileType::Right, std::int16_t, 16, 16, BLayout::RowMajor, -1, -1, SLayout::ColMajor> r;
  Tile<TileType::Acc, std::int32_t, 16, 16, BLayout::ColMajor, -1, -1, SLayout::RowMajor, 1024> c;
  TMATMUL(c, l, r);
#endif
#ifdef PL_TYPE_REJECT_TRANS_TMP
  Tile<TileType::Vec, float, 8, 16, BLayout::RowMajor, -1, -1> s;
  Tile<TileType::Vec, float, 16, 8, BLayout::RowMajor, -1, -1> d;
  TTRANS(d, s);
#endif
#ifdef PL_TYPE_REJECT_TRANS_ELEM
  Tile<TileType::Vec, std::int64_t, 8, 16, BLayout::RowMajor, -1, -1> s;
  Tile<TileType::Vec, std::int64_t, 16, 8, BLayout::RowMajor, -1, -1> d;
  Tile<TileType::Vec, std::int64_t, 16, 16, BLayout::RowMajor, -1, -1> t;
  TTRANS(d, s, t);
#endif
}
