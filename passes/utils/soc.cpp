// Backend / SoC descriptions and tile buffer sizing (see soc.h).
#include "passes/utils/soc.h"

#include "ir/expr.h"

namespace pl::passes {

namespace {
using ir::BLayout;
using ir::MemorySpace;
using ir::SLayout;
constexpr int64_t KiB = 1024;

MemorySpaceDesc cube(MemorySpace s, int64_t kib, BLayout b = BLayout::RowMajor,
                     SLayout sl = SLayout::NoneBox, int64_t fractal = 512) {
  return {s, CoreKind::AIC, kib * KiB, kib * KiB, b, sl, fractal};
}
MemorySpaceDesc mat(int64_t kib) {
  return cube(MemorySpace::Mat, kib, BLayout::ColMajor, SLayout::RowMajor); // NZ
}
MemorySpaceDesc right(int64_t kib) {
  return cube(MemorySpace::Right, kib, BLayout::RowMajor, SLayout::ColMajor);
}
MemorySpaceDesc acc(int64_t kib) {
  return cube(MemorySpace::Acc, kib, BLayout::ColMajor, SLayout::RowMajor, 1024);
}
} // namespace

std::string_view coreKindName(CoreKind k) { return k == CoreKind::AIC ? "AIC" : "AIV"; }

const MemorySpaceDesc *SocDesc::space(MemorySpace s) const {
  for (auto &d : spaces)
    if (d.space == s)
      return &d;
  return nullptr;
}

int64_t SocDesc::safeCapacity(MemorySpace s) const {
  auto *d = space(s);
  return d ? d->safeBytes : 0;
}

bool SocDesc::nativeCast(ir::DataType from, ir::DataType to) const {
  if (nativeCasts.empty())
    return true;
  for (const auto &[f, t] : nativeCasts)
    if (f == from && t == to)
      return true;
  return false;
}

namespace {
/// pto-isa's a2a3 TCVT (its npu/a2a3/TCvt.hpp dispatch): the pairs it has an instruction
/// sequence for. Any other pair compiles there to no conversion at all (its dispatch falls
/// through), so it must never be printed.
std::vector<std::pair<ir::DataType, ir::DataType>> a2a3Casts() {
  using D = ir::DataType;
  return {{D::FP32, D::FP32},  {D::FP32, D::FP16},   {D::FP32, D::BF16},   {D::FP32, D::Int16},
          {D::FP32, D::Int32}, {D::FP32, D::Int64},  {D::FP16, D::FP32},   {D::FP16, D::Int32},
          {D::FP16, D::Int16}, {D::FP16, D::Int8},   {D::FP16, D::UInt8},  {D::FP16, D::Int4},
          {D::BF16, D::FP32},  {D::BF16, D::Int32},  {D::Int4, D::FP16},   {D::Int8, D::FP16},
          {D::UInt8, D::FP16}, {D::Int16, D::FP16},  {D::Int16, D::FP32},  {D::Int32, D::FP32},
          {D::Int32, D::FP16}, {D::Int32, D::Int16}, {D::Int32, D::Int64}, {D::Int64, D::Int32},
          {D::Int64, D::FP32}};
}
} // namespace

const SocDesc &a2a3Soc() {
  static const SocDesc soc{"a2a3",
                           {mat(512),
                            cube(MemorySpace::Left, 64, BLayout::RowMajor, SLayout::RowMajor),
                            right(64),
                            acc(128),
                            cube(MemorySpace::Bias, 1),
                            {MemorySpace::Vec, CoreKind::AIV, 192 * KiB, 184 * KiB}},
                           24,
                           48,
                           32,
                           /*gmPipes=*/true,
                           a2a3Casts()};
  return soc;
}

const SocDesc &a5Soc() {
  static const SocDesc soc{
      "a5",
      {mat(512),
       cube(MemorySpace::Left, 64, BLayout::ColMajor, SLayout::RowMajor),
       right(64),
       acc(256),
       cube(MemorySpace::Bias, 4),
       cube(MemorySpace::LeftScale, 4),
       cube(MemorySpace::RightScale, 4),
       {MemorySpace::Vec, CoreKind::AIV, 248 * KiB, 240 * KiB}},
      18,
      36,
      32,
      /*gmPipes=*/false,
      /*nativeCasts=*/{}}; // pto-isa's a5 TCVT: no table derived (docs/passes.md)
  return soc;
}

int64_t alignUp(int64_t n, int64_t align) { return (n + align - 1) / align * align; }

std::optional<int64_t> tileBufferBytes(const ir::TileType &t, int64_t align) {
  int64_t elems = 1;
  for (size_t i = 0; i < t.rank(); ++i) {
    auto d = t.constDim(i);
    if (!d || *d < 0)
      return std::nullopt;
    elems *= *d;
  }
  // A bool tile holds one byte per element (the simulator's and PTO's mask tiles); sized as
  // bits it overlapped its neighbour, a silent miscompile of cmp. 4-bit types stay packed.
  int64_t bitsPer = t.dtype() == ir::DataType::Bool ? 8 : ir::dtypeBits(t.dtype());
  int64_t bits = elems * bitsPer;
  return alignUp((bits + 7) / 8, align);
}

std::optional<int64_t> columnVectorRows(const ir::TileType &t) {
  if (t.rank() != 2)
    return std::nullopt;
  auto r = t.constDim(0), c = t.constDim(1);
  if (r && c && *c == 1 && *r > 1)
    return r;
  return std::nullopt;
}

std::optional<ir::TileView> explicitView(ir::TileView v) {
  if (v.validShape.empty() && v.stride.empty() && !v.startOffset &&
      v.blayout == ir::BLayout::RowMajor && v.slayout == ir::SLayout::NoneBox && v.fractal == 512 &&
      v.pad == ir::PadValue::Null && !v.compact)
    return std::nullopt;
  return v;
}

} // namespace pl::passes
