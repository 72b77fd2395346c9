// MemoryReuse: lifetime-based buffer coalescing (see memory_reuse.h).
#include "passes/memory_reuse.h"

#include "passes/utils/tile_buffers.h"

#include <algorithm>

namespace pl::passes {
using namespace ir;

namespace {
/// First-fit decreasing: the representative buffer of each buffer.
std::vector<size_t> packBuffers(const std::vector<TileBuffer> &bufs,
                                const std::vector<std::set<size_t>> &conf) {
  std::vector<size_t> order(bufs.size()), rep(bufs.size());
  for (size_t i = 0; i < bufs.size(); ++i)
    order[i] = rep[i] = i;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { // largest first, ties in order
    return bufs[a].size != bufs[b].size ? bufs[a].size > bufs[b].size : a < b;
  });
  std::vector<std::vector<size_t>> groups; // open groups, members in packing order
  for (size_t b : order) {
    if (bufs[b].pinned)
      continue;
    auto fits = [&](const std::vector<size_t> &g) {
      if (bufs[g.front()].space != bufs[b].space)
        return false;
      return std::none_of(g.begin(), g.end(), [&](size_t m) { return conf[b].count(m) > 0; });
    };
    auto it = std::find_if(groups.begin(), groups.end(), fits);
    if (it == groups.end()) {
      groups.push_back({b});
      continue;
    }
    it->push_back(b);
    rep[b] = it->front();
  }
  return rep;
}

} // namespace

FunctionPtr reuseMemory(const FunctionPtr &f) {
  if (!isKernel(f->type()))
    return f;
  TileBuffers bufs = collectTileBuffers(*f);
  if (bufs.buffers.size() < 2)
    return f;
  return mergeTileBuffers(f, bufs, packBuffers(bufs.buffers, tileBufferConflicts(*f, bufs)));
}

PL_DEFINE_FUNCTION_PASS(MemoryReuse, reuseMemory)

} // namespace pl::passes
