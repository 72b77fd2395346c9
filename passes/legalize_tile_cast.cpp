// LegalizeTileCast: casts the SoC's TCVT lacks become chains of casts it has (see
// legalize_tile_cast.h).
#include "passes/legalize_tile_cast.h"

#include "ir/op_registry.h"
#include "passes/platform.h"
#include "passes/utils/kernel_rewrite.h"

#include <algorithm>
#include <array>

namespace pl::passes {

namespace {
using namespace ir;

/// One chain of a2a3 (`a2a3Casts` in passes/utils/soc.cpp): the dtypes between the ends. Why
/// each gives the direct conversion's bits (the unit test checks it value by value):
/// - int8 / uint8 / int16 widen exactly through fp16 or fp32 (their values fit the
///   significand), then convert an integral value;
/// - fp16 / bf16 widen exactly to fp32 first;
/// - a float to int8 / uint8 rounds once into int16 (or int32) with the cast's mode and
///   saturates there; int16 -> fp16 is exact up to 2048 and beyond it stays beyond the int8 /
///   uint8 range, so fp16 -> int8 / uint8 saturates exactly as the direct conversion;
/// - int64 -> int16 wraps twice (int64 -> int32 -> int16), which is one wrap.
struct A2a3Chain {
  DataType from, to;
  std::array<DataType, 2> via;
  int n; ///< how many of `via` are used
};
constexpr DataType F32 = DataType::FP32, F16 = DataType::FP16, BF = DataType::BF16,
                   I8 = DataType::Int8, U8 = DataType::UInt8, I16 = DataType::Int16,
                   I32 = DataType::Int32, I64 = DataType::Int64;
constexpr std::array<A2a3Chain, 23> kA2a3Chains{{
    {F32, I8, {I16, F16}, 2},  {F32, U8, {I16, F16}, 2},  {F16, BF, {F32, F32}, 1},
    {F16, I64, {F32, F32}, 1}, {BF, F16, {F32, F32}, 1},  {BF, I8, {I32, F16}, 2},
    {BF, U8, {I32, F16}, 2},   {BF, I16, {F32, F32}, 1},  {BF, I64, {F32, F32}, 1},
    {I8, F32, {F16, F16}, 1},  {I8, BF, {F16, F32}, 2},   {I8, I16, {F16, F16}, 1},
    {I8, I32, {F16, F16}, 1},  {I8, I64, {F16, I32}, 2},  {U8, F32, {F16, F16}, 1},
    {U8, BF, {F16, F32}, 2},   {U8, I16, {F16, F16}, 1},  {U8, I32, {F16, F16}, 1},
    {U8, I64, {F16, I32}, 2},  {I16, BF, {F32, F32}, 1},  {I16, I32, {F32, F32}, 1},
    {I16, I64, {F32, F32}, 1}, {I64, I16, {I32, I32}, 1},
}};

class CastLegalizer : public KernelRewriter {
public:
  CastLegalizer(const Function &f, const SocDesc &soc)
      : KernelRewriter(f, "LegalizeTileCast"), soc_(soc) {}

  StmtPtr rewriteOpCall(const Assign &a, const Call &c, const StmtPtr &out) override {
    if (c.target().op->name() != "tile.cast" || c.args().empty())
      return out;
    auto *src = dynCast<TileType>(c.args()[0]->type());
    auto *dst = dynCast<TileType>(c.type());
    if (!src || !dst || soc_.nativeCast(src->dtype(), dst->dtype()))
      return out;
    auto chain = castChain(soc_, src->dtype(), dst->dtype());
    if (!chain) // CheckTileConstraints reports it (TC005)
      return out;
    if (chain->size() == 1) // a same-dtype cast: the value itself
      return Assign::make(a.var(), c.args()[0], a.span());
    const auto *mode = findAttrAs<std::string>(c.kwargs(), "mode");
    std::vector<StmtPtr> stmts;
    ExprPtr x = c.args()[0];
    const std::string stem = stemOf(a.var(), "cast") + "_c";
    bool rounded = false;
    for (size_t k = 1; k < chain->size(); ++k) {
      const DataType from = (*chain)[k - 1], to = (*chain)[k];
      // The mode rounds where a float first becomes an integer; later float -> integer steps
      // see integral values.
      const bool rounds = !rounded && isFloat(from) && isIntLike(to);
      rounded |= rounds;
      AttrList kw{{"target_type", to}, {"mode", rounds && mode ? *mode : std::string("rint")}};
      ExprPtr call = opCall("tile.cast", {x}, std::move(kw), c.span());
      if (k + 1 == chain->size()) {
        stmts.push_back(Assign::make(a.var(), call, a.span()));
        break;
      }
      x = bind(stem, call, stmts, c.span());
    }
    return Seq::flatten(std::move(stmts), a.span());
  }

private:
  const SocDesc &soc_;
};

} // namespace

std::optional<std::vector<DataType>> castChain(const SocDesc &soc, DataType from, DataType to) {
  if (soc.nativeCast(from, to))
    return std::vector<DataType>{from, to};
  if (from == to)
    return std::vector<DataType>{from};
  if (soc.name != "a2a3")
    return std::nullopt;
  for (const A2a3Chain &ch : kA2a3Chains)
    if (ch.from == from && ch.to == to) {
      std::vector<DataType> out{from};
      out.insert(out.end(), ch.via.begin(), ch.via.begin() + ch.n);
      out.push_back(to);
      return out;
    }
  return std::nullopt;
}

std::string castRefusal(const SocDesc &soc, DataType from, DataType to) {
  for (DataType d : {from, to}) {
    const bool held = std::any_of(soc.nativeCasts.begin(), soc.nativeCasts.end(),
                                  [d](const auto &p) { return p.first == d || p.second == d; });
    if (!held)
      return "it converts no " + std::string(dtypeName(d));
  }
  if (isIntLike(from) && isIntLike(to))
    return "the cast wraps, where the conversions it has saturate or do not exist; mask the value "
           "into the target's range with bitwise ops first";
  if (isIntLike(from) && isFloat(to))
    return "through fp32 it would round twice; cast to fp32 explicitly if that is acceptable";
  return "no chain of its conversions gives the same result";
}

FunctionPtr legalizeTileCast(const FunctionPtr &f, const SocDesc &soc) {
  if (!isKernel(f->type()) || soc.nativeCasts.empty())
    return f;
  CastLegalizer l(*f, soc);
  return l.mutateFunction(f);
}

Pass createLegalizeTileCastPass(PassOptions &opts) {
  return createSocFunctionPass(PassClass::LegalizeTileCast, opts,
                               [](const FunctionPtr &f, const SocDesc &soc, DiagnosticEngine &) {
                                 return legalizeTileCast(f, soc);
                               });
}

} // namespace pl::passes
