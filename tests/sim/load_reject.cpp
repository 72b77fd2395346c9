// Must not compile, one case per PL_LOAD_REJECT_* macro: the cube's operand paths PTO-ISA rejects,
// pl/sim's vendor layer rejects (ctest sim.load_reject_* expects each message). PTO-ISA has no
// transposing move: a transposed operand is loaded from a DN GlobalTensor into a ZN Mat tile and
// moved to Left / Right as it is. PL_LOAD_REJECT_NONE compiles those forms, so that each case
// fails for its own line only.
//   DN_NZ       TLOAD of a DN GlobalTensor into an NZ Mat tile (DN loads into ZN)
//   ND_ZN       TLOAD of an ND GlobalTensor into a ZN Mat tile (ND loads into NZ or ND)
//   VEC_ZN      TLOAD into a Vec tile of another layout than the window's (ND into DN)
//   MOV_SHAPE   TMOV of a Mat [8, 16] into a Right [16, 8] (the transposing move pto-isa lacks)
//   MOV_ND      TMOV of an ND Mat tile of 16 rows into Right (the cube reads NZ or ZN)
//   TRANSPOSE   TMOV_TRANSPOSE, pl's former transposing move, which pto-isa does not have
#include <pto/pto-inst.hpp>

using namespace pto;

using Sh = Shape<1, 1, 1, -1, -1>;
using St = Stride<1, 1, 1, -1, -1>;
using MatNz = Tile<TileType::Mat, half, 16, 16, BLayout::ColMajor, -1, -1, SLayout::RowMajor, 512>;
using MatZn = Tile<TileType::Mat, half, 16, 16, BLayout::RowMajor, -1, -1, SLayout::ColMajor, 512>;
using Right =
    Tile<TileType::Right, half, 16, 16, BLayout::RowMajor, -1, -1, SLayout::ColMajor, 512>;
using Left = Tile<TileType::Left, half, 16, 16, BLayout::RowMajor, -1, -1, SLayout::RowMajor, 512>;

void rejected(half *p) {
  GlobalTensor<half, Sh, St> nd(p, Sh(16, 16), St(16, 1));
  GlobalTensor<half, Sh, St, Layout::DN> dn(p, Sh(16, 16), St(1, 16));
#ifdef PL_LOAD_REJECT_NONE
  MatNz nz(16, 16);
  MatZn zn(16, 16);
  Right r(16, 16);
  Left l(16, 16);
  TLOAD(nz, nd);
  TLOAD(zn, dn);
  TMOV(r, zn);
  TMOV(l, zn);
  TMOV(r, nz);
  TMOV(l, nz);
#endif
#ifdef PL_LOAD_REJECT_DN_NZ
  MatNz nz(16, 16);
  TLOAD(nz, dn);
#endif
#ifdef PL_LOAD_REJECT_ND_ZN
  MatZn zn(16, 16);
  TLOAD(zn, nd);
#endif
#ifdef PL_LOAD_REJECT_VEC_ZN
  Tile<TileType::Vec, half, 16, 16, BLayout::ColMajor, -1, -1> v(16, 16);
  TLOAD(v, nd);
#endif
#ifdef PL_LOAD_REJECT_MOV_SHAPE
  Tile<TileType::Mat, half, 8, 16, BLayout::ColMajor, -1, -1, SLayout::RowMajor, 512> m(8, 16);
  Tile<TileType::Right, half, 16, 8, BLayout::RowMajor, -1, -1, SLayout::ColMajor, 512> r(8, 8);
  TMOV(r, m);
#endif
#ifdef PL_LOAD_REJECT_MOV_ND
  Tile<TileType::Mat, half, 16, 16> m(16, 16);
  Right r(16, 16);
  TMOV(r, m);
#endif
#ifdef PL_LOAD_REJECT_TRANSPOSE
  MatZn zn(16, 16);
  Right r(16, 16);
  TMOV_TRANSPOSE(r, zn);
#endif
}
