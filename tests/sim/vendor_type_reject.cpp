// Must not compile, one case per PL_TYPE_REJECT_* macro: what PTO-ISA's instructions reject,
// pl/sim's vendor layer rejects (ctest sim.type_reject_* expects each static_assert's message).
//   MATMUL      TMATMUL of half x float (no supported element type combination)
//   MATMUL_INT16 TMATMUL of int16_t x int16_t into int32_t
//   MATMUL_HALF_ACC TMATMUL of half x half into a half Acc (PTO-ISA's Acc is float)
//   MATMUL_ACC_BF16_ACC TMATMUL_ACC of bfloat16_t x bfloat16_t into a bfloat16_t Acc
//   TRANS_TMP   TTRANS without its scratch tile
//   TRANS_ELEM  TTRANS of std::int64_t
//   REM_TMP     TREM without its scratch tile
//   REMS_TMP    TREMS without its scratch tile
//   REMS_TMP_TYPE TREMS with a scratch tile of another tile type than dst's
//   PRELU_TMP   TPRELU without its scratch tile
//   PRELU_TMP_ELEM TPRELU with a float scratch tile (PTO-ISA's is a uint8_t mask)
//   SEL_TMP     TSEL without its scratch tile
//   SELS_TMP    TSELS without its scratch tile (the scalar where tmp goes)
//   XOR_TMP     TXOR without its scratch tile
//   SEL_MASK    TSEL with a bool mask (PTO-ISA's is the packed uint8_t mask TCMP writes)
//   CMP_MASK    TCMP into a float tile (PTO-ISA writes a packed uint8_t mask)
//   SEL_PAD     TSEL whose sources differ from dst in pad value (one tile type, PTO-ISA's TileData)
//   AND_PAD     TAND likewise; OR_PAD TOR likewise
//   CMP_BOOL    TCMP into a bool tile (pl's former unpacked mask; PTO-ISA has no bool tile)
//   CMPS_BOOL   TCMPS likewise
//   AND_BOOL    TAND of bool tiles (masks combine as their packed uint8_t bytes)
//   OR_BOOL     TOR likewise; XOR_BOOL TXOR likewise; NOT_BOOL TNOT likewise
//   CVT_BOOL    TCVT from a bool tile; CVT_TO_BOOL TCVT into one
//   LOAD_BOOL   TLOAD into a bool tile (a bool tensor's bytes load into a uint8_t tile)
//   STORE_BOOL  TSTORE of a bool tile
//   GETVAL / SETVAL pl's former TGETVAL / TSETVAL (pto-isa has Tile::GetValue / SetValue)
//   GETVALUE_MAT Tile::GetValue of a Mat tile (Vec tiles only)
//   SIN / COS   TSIN / TCOS: PTO-ISA has neither (LowerCompositeOps lowers sin / cos to chains)
#include <pto/pto-inst.hpp>

using namespace pto;

using BoolTile = Tile<TileType::Vec, bool, 8, 32, BLayout::RowMajor, -1, -1>;
using BoolGm = GlobalTensor<bool, Shape<1, 1, 1, -1, -1>, Stride<1, 1, 1, -1, -1>>;

void rejected() {
#ifdef PL_TYPE_REJECT_CMP_BOOL
  Tile<TileType::Vec, float, 8, 32, BLayout::RowMajor, -1, -1> a, b;
  BoolTile d;
  TCMP(d, a, b, CmpMode::LT);
#endif
#ifdef PL_TYPE_REJECT_CMPS_BOOL
  Tile<TileType::Vec, float, 8, 32, BLayout::RowMajor, -1, -1> a;
  BoolTile d;
  TCMPS(d, a, 0.0f, CmpMode::GT);
#endif
#ifdef PL_TYPE_REJECT_AND_BOOL
  BoolTile a, b, d;
  TAND(d, a, b);
#endif
#ifdef PL_TYPE_REJECT_OR_BOOL
  BoolTile a, b, d;
  TOR(d, a, b);
#endif
#ifdef PL_TYPE_REJECT_XOR_BOOL
  BoolTile a, b, d, t;
  TXOR(d, a, b, t);
#endif
#ifdef PL_TYPE_REJECT_NOT_BOOL
  BoolTile a, d;
  TNOT(d, a);
#endif
#ifdef PL_TYPE_REJECT_CVT_BOOL
  BoolTile a;
  Tile<TileType::Vec, float, 8, 32, BLayout::RowMajor, -1, -1> d;
  TCVT(d, a, RoundMode::CAST_RINT);
#endif
#ifdef PL_TYPE_REJECT_CVT_TO_BOOL
  Tile<TileType::Vec, half, 8, 32, BLayout::RowMajor, -1, -1> a;
  BoolTile d;
  TCVT(d, a, RoundMode::CAST_RINT);
#endif
#ifdef PL_TYPE_REJECT_LOAD_BOOL
  bool *p = nullptr;
  BoolGm g(p, Shape<1, 1, 1, -1, -1>(8, 32), Stride<1, 1, 1, -1, -1>(32, 1));
  BoolTile d;
  TLOAD(d, g);
#endif
#ifdef PL_TYPE_REJECT_STORE_BOOL
  bool *p = nullptr;
  BoolGm g(p, Shape<1, 1, 1, -1, -1>(8, 32), Stride<1, 1, 1, -1, -1>(32, 1));
  BoolTile a;
  TSTORE(g, a);
#endif
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
#ifdef PL_TYPE_REJECT_MATMUL_HALF_ACC
  Tile<TileType::Left, half, 16, 16, BLayout::ColMajor, -1, -1, SLayout::RowMajor> l;
  Tile<TileType::Right, half, 16, 16, BLayout::RowMajor, -1, -1, SLayout::ColMajor> r;
  Tile<TileType::Acc, half, 16, 16, BLayout::ColMajor, -1, -1, SLayout::RowMajor, 1024> c;
  TMATMUL(c, l, r);
#endif
#ifdef PL_TYPE_REJECT_MATMUL_ACC_BF16_ACC
  Tile<TileType::Left, bfloat16_t, 16, 16, BLayout::ColMajor, -1, -1, SLayout::RowMajor> l;
  Tile<TileType::Right, bfloat16_t, 16, 16, BLayout::RowMajor, -1, -1, SLayout::ColMajor> r;
  Tile<TileType::Acc, bfloat16_t, 16, 16, BLayout::ColMajor, -1, -1, SLayout::RowMajor, 1024> c;
  TMATMUL_ACC(c, c, l, r);
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
#ifdef PL_TYPE_REJECT_REM_TMP
  Tile<TileType::Vec, float, 8, 16, BLayout::RowMajor, -1, -1> a, b, d;
  TREM(d, a, b);
#endif
#ifdef PL_TYPE_REJECT_REMS_TMP
  Tile<TileType::Vec, float, 8, 16, BLayout::RowMajor, -1, -1> a, d;
  TREMS(d, a, 2.0f);
#endif
#ifdef PL_TYPE_REJECT_REMS_TMP_TYPE
  Tile<TileType::Vec, float, 8, 16, BLayout::RowMajor, -1, -1> a, d;
  Tile<TileType::Vec, float, 1, 16, BLayout::RowMajor, -1, -1> t;
  TREMS(d, a, 2.0f, t);
#endif
#ifdef PL_TYPE_REJECT_PRELU_TMP
  Tile<TileType::Vec, float, 8, 16, BLayout::RowMajor, -1, -1> a, b, d;
  TPRELU(d, a, b);
#endif
#ifdef PL_TYPE_REJECT_PRELU_TMP_ELEM
  Tile<TileType::Vec, float, 8, 16, BLayout::RowMajor, -1, -1> a, b, d;
  Tile<TileType::Vec, float, 9, 16, BLayout::RowMajor, -1, -1> t;
  TPRELU(d, a, b, t);
#endif
#ifdef PL_TYPE_REJECT_SEL_TMP
  Tile<TileType::Vec, float, 8, 16, BLayout::RowMajor, -1, -1> a, b, d;
  Tile<TileType::Vec, std::uint8_t, 8, 32, BLayout::RowMajor, -1, -1> m;
  TSEL(d, m, a, b);
#endif
#ifdef PL_TYPE_REJECT_SELS_TMP
  Tile<TileType::Vec, float, 8, 16, BLayout::RowMajor, -1, -1> a, d;
  Tile<TileType::Vec, std::uint8_t, 8, 32, BLayout::RowMajor, -1, -1> m;
  TSELS(d, m, a, 0.0f);
#endif
#ifdef PL_TYPE_REJECT_SEL_MASK
  Tile<TileType::Vec, float, 8, 16, BLayout::RowMajor, -1, -1> a, b, d;
  Tile<TileType::Vec, bool, 8, 32, BLayout::RowMajor, -1, -1> m;
  Tile<TileType::Vec, std::uint32_t, 1, 8, BLayout::RowMajor, -1, -1> t;
  TSEL(d, m, a, b, t);
#endif
#ifdef PL_TYPE_REJECT_CMP_MASK
  Tile<TileType::Vec, float, 8, 16, BLayout::RowMajor, -1, -1> a, b, d;
  TCMP(d, a, b, CmpMode::LT);
#endif
#ifdef PL_TYPE_REJECT_XOR_TMP
  Tile<TileType::Vec, std::int32_t, 8, 16, BLayout::RowMajor, -1, -1> a, b, d;
  TXOR(d, a, b);
#endif
#ifdef PL_TYPE_REJECT_SEL_PAD
  Tile<TileType::Vec, float, 8, 16, BLayout::RowMajor, -1, -1> a, d;
  Tile<TileType::Vec, float, 8, 16, BLayout::RowMajor, -1, -1, SLayout::NoneBox, 512,
       PadValue::Zero>
      b;
  Tile<TileType::Vec, std::uint8_t, 8, 32, BLayout::RowMajor, -1, -1> m;
  Tile<TileType::Vec, std::uint32_t, 1, 8, BLayout::RowMajor, -1, -1> t;
  TSEL(d, m, a, b, t);
#endif
#ifdef PL_TYPE_REJECT_AND_PAD
  Tile<TileType::Vec, std::int32_t, 8, 16, BLayout::RowMajor, -1, -1> a, d;
  Tile<TileType::Vec, std::int32_t, 8, 16, BLayout::RowMajor, -1, -1, SLayout::NoneBox, 512,
       PadValue::Max>
      b;
  TAND(d, a, b);
#endif
#ifdef PL_TYPE_REJECT_GETVAL
  Tile<TileType::Vec, float, 8, 16, BLayout::RowMajor, -1, -1> a;
  (void)TGETVAL(a, 0, 0);
#endif
#ifdef PL_TYPE_REJECT_SETVAL
  Tile<TileType::Vec, float, 8, 16, BLayout::RowMajor, -1, -1> a;
  TSETVAL(a, 0, 0, 1.0f);
#endif
#ifdef PL_TYPE_REJECT_GETVALUE_MAT
  Tile<TileType::Mat, float, 16, 16, BLayout::ColMajor, -1, -1, SLayout::RowMajor> a;
  (void)a.GetValue(0);
#endif
#ifdef PL_TYPE_REJECT_OR_PAD
  Tile<TileType::Vec, std::int32_t, 8, 16, BLayout::RowMajor, -1, -1, SLayout::NoneBox, 512,
       PadValue::Zero>
      a;
  Tile<TileType::Vec, std::int32_t, 8, 16, BLayout::RowMajor, -1, -1> b, d;
  TOR(d, a, b);
#endif
#ifdef PL_TYPE_REJECT_SIN
  Tile<TileType::Vec, float, 8, 16, BLayout::RowMajor, -1, -1> a, d;
  TSIN(d, a);
#endif
#ifdef PL_TYPE_REJECT_COS
  Tile<TileType::Vec, float, 8, 16, BLayout::RowMajor, -1, -1> a, d;
  TCOS(d, a);
#endif
}
