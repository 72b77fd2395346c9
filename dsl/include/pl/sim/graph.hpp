// pl/sim/graph.hpp — graph recording data: the key of a graph call, where a recorded task's tensors
// come from, rebasing onto new arguments.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "pl/sim/tensor.hpp"

namespace pl::sim {

/// A graph body: the printed form of a Graph function (`void(const CoreTaskArgs&)`), reading its
/// arguments with `args.tensor(i).ref()` / `args.scalar(i)` and submitting its tasks.
using GraphBody = void (*)(const CoreTaskArgs &);

namespace graph {

/// The layout of a tensor a recorded view is relative to: its element offset and origin.
struct RootLayout {
  std::int64_t start_offset = 0;
  std::array<std::int64_t, kMaxRank> origin{};
};

inline RootLayout rootLayout(const ChipTensor &t) { return RootLayout{t.start_offset, t.origin}; }

/// Where a recorded task's tensor argument comes from: graph argument `index` (`internal`
/// false) or the graph's `index`-th allocation, and the view itself (its buffer dropped: a
/// recording keeps no memory alive).
struct TensorSource {
  bool internal = false;
  std::uint32_t index = 0;
  ChipTensor view;
};

/// `view` (recorded relative to a root laid out as `recorded`) moved onto `now`, which has the
/// recorded root's shape and strides (the graph key guarantees it).
inline ChipTensor rebase(const ChipTensor &view, const RootLayout &recorded,
                         const ChipTensor &now) {
  ChipTensor t = view;
  t.buffer = now.buffer;
  t.start_offset = now.start_offset + (view.start_offset - recorded.start_offset);
  for (std::uint32_t k = 0; k < t.ndims; ++k)
    t.origin[k] = now.origin[k] + (view.origin[k] - recorded.origin[k]);
  return t;
}

/// Whether `inner` is a view inside `outer` (same buffer, layout and strides).
inline bool within(const ChipTensor &outer, const ChipTensor &inner) {
  if (outer.buffer.owner != inner.buffer.owner || outer.dtype != inner.dtype ||
      outer.ndims != inner.ndims || outer.strides != inner.strides)
    return false;
  for (std::uint32_t k = 0; k < outer.ndims; ++k)
    if (inner.origin[k] < outer.origin[k] ||
        inner.origin[k] + inner.shapes[k] > outer.origin[k] + outer.shapes[k])
      return false;
  return true;
}

/// What a recording is valid for: the body, each argument tensor's dtype, shape, strides and
/// direction, which arguments may overlap (the recorded edges between the body's tasks depend
/// on it) and the scalar count. A call with another key records anew.
inline std::vector<std::int64_t> key(GraphBody body, const CoreTaskArgs &args) {
  std::vector<std::int64_t> k;
  k.push_back(static_cast<std::int64_t>(reinterpret_cast<std::intptr_t>(body)));
  const auto &ts = args.tensors();
  k.push_back(static_cast<std::int64_t>(ts.size()));
  for (std::size_t i = 0; i < ts.size(); ++i) {
    const ChipTensor &t = ts[i];
    k.push_back(static_cast<std::int64_t>(t.dtype));
    k.push_back(static_cast<std::int64_t>(args.dirs()[i]));
    k.push_back(t.ndims);
    for (std::uint32_t d = 0; d < t.ndims; ++d) {
      k.push_back(t.shapes[d]);
      k.push_back(t.strides[d]);
    }
  }
  for (std::size_t i = 0; i < ts.size(); ++i)
    for (std::size_t j = i + 1; j < ts.size(); ++j)
      k.push_back(mayOverlap(ts[i], ts[j]) ? 1 : 0);
  k.push_back(static_cast<std::int64_t>(args.scalars().size()));
  return k;
}

/// The graph call being recorded: its arguments, the body's allocations so far, the first task.
struct Capture {
  const CoreTaskArgs *args = nullptr;
  std::int64_t firstTask = 0;
  std::vector<ChipTensor>
      allocs;       // the roots allocated inside the body (buffers held while recording)
  std::string name; // for messages
};

/// Classifies a tensor argument of a task submitted by the body being recorded; false when it is
/// neither (a view of) an argument nor an allocation of the body.
inline bool classify(const Capture &c, const ChipTensor &x, TensorSource &out) {
  out.view = x;
  out.view.buffer = BufferRef{};
  for (std::size_t j = 0; j < c.allocs.size(); ++j)
    if (c.allocs[j].buffer.owner == x.buffer.owner) {
      out.internal = true;
      out.index = static_cast<std::uint32_t>(j);
      return true;
    }
  const auto &ts = c.args->tensors();
  for (std::size_t i = 0; i < ts.size(); ++i)
    if (within(ts[i], x)) {
      out.internal = false;
      out.index = static_cast<std::uint32_t>(i);
      return true;
    }
  return false;
}

} // namespace graph
} // namespace pl::sim
