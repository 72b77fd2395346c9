// Core affinity of kernel code (see core_affinity.h).
#include "passes/utils/core_affinity.h"

#include "ir/op_registry.h"
#include "ir/type.h"

#include <algorithm>

namespace pl::passes {

using namespace ir;

std::optional<CoreAffinity> memorySpaceSide(MemorySpace s) {
  switch (s) {
  case MemorySpace::Vec:
    return CoreAffinity::Vector;
  case MemorySpace::Mat:
  case MemorySpace::Left:
  case MemorySpace::Right:
  case MemorySpace::Acc:
  case MemorySpace::Bias:
  case MemorySpace::LeftScale:
  case MemorySpace::RightScale:
    return CoreAffinity::Cube;
  default:
    return std::nullopt; // DDR, ScalarLocal
  }
}

namespace {
std::optional<MemorySpace> tileSpace(const TypePtr &t) {
  auto *tt = t ? dynCast<TileType>(t) : nullptr;
  return tt ? tt->memorySpace() : std::nullopt;
}

std::optional<MemorySpace> firstTileArgSpace(const Call &c) {
  for (auto &a : c.args())
    if (auto s = tileSpace(a->type()))
      return s;
  return std::nullopt;
}

CoreAffinity classifyMove(const Call &c) {
  auto src = firstTileArgSpace(c);
  auto srcSide = src ? memorySpaceSide(*src) : std::nullopt;
  std::optional<CoreAffinity> dstSide;
  if (auto *v = findAttr(c.kwargs(), "target_memory"))
    if (auto *m = std::get_if<MemorySpace>(v))
      dstSide = memorySpaceSide(*m);
  if (srcSide && dstSide && *srcSide != *dstSide)
    return CoreAffinity::Mixed;
  return srcSide ? *srcSide : dstSide.value_or(CoreAffinity::Shared);
}

} // namespace

namespace {
bool isOneOf(std::string_view op, std::initializer_list<std::string_view> names) {
  return std::find(names.begin(), names.end(), op) != names.end();
}
} // namespace

bool reducesAlongAxis(std::string_view op, size_t axis) {
  if (op.rfind("tile.", 0) != 0)
    return false;
  std::string_view kind = op.substr(5);
  if (!kind.starts_with(axis == 0 ? "col_" : "row_"))
    return false;
  return isOneOf(kind.substr(4), {"sum", "max", "min", "prod", "argmax", "argmin"});
}

bool addressesPositions(std::string_view op) {
  return isOneOf(op, {"tile.transpose", "tile.reshape", "tile.slice", "tile.extract", "tile.read",
                      "tile.write", "tile.assemble", "tile.concat", "tile.insert"});
}

CoreAffinity combineAffinity(CoreAffinity a, CoreAffinity b) {
  if (a == CoreAffinity::Shared)
    return b;
  if (b == CoreAffinity::Shared || a == b)
    return a;
  return CoreAffinity::Mixed;
}

CoreAffinity classifyCallAffinity(const Call &c) {
  if (!c.target().isOp())
    return CoreAffinity::Shared;
  if (auto *v = findAttr(c.attrs(), "core_placement"))
    if (auto *s = std::get_if<std::string>(v); s && *s == "aiv")
      return CoreAffinity::Vector;
  if (c.target().op->name() == "tile.move")
    return classifyMove(c);
  auto space = tileSpace(c.type());
  if (!space)
    space = firstTileArgSpace(c);
  auto side = space ? memorySpaceSide(*space) : std::nullopt;
  return side.value_or(CoreAffinity::Shared);
}

} // namespace pl::passes
