// pl/sim/tensor_map.hpp — the runtime's TensorMap: live tensor accesses indexed by base address and byte range.
#pragma once

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <map>
#include <unordered_map>
#include <utility>
#include <vector>

#include "pl/sim/tensor.hpp"

namespace pl::sim {

namespace detail {
/// `inner` lies inside `outer` (views of the same root layout), so a write of `outer` supersedes
/// every earlier access of `inner`.
inline bool covers(const ChipTensor& outer, const ChipTensor& inner) {
  if (outer.base() != inner.base() || outer.dtype != inner.dtype || outer.ndims != inner.ndims ||
      outer.strides != inner.strides)
    return false;
  for (std::uint32_t k = 0; k < outer.ndims; ++k)
    if (inner.origin[k] < outer.origin[k] || inner.origin[k] + inner.shapes[k] > outer.origin[k] + outer.shapes[k])
      return false;
  return true;
}
}  // namespace detail

/// One live access: the tensor, the submitting task, and its insertion number.
struct TensorAccess {
  ChipTensor t;
  std::int64_t task;
  std::uint64_t seq;
};

/// The live reads and writes of submitted tasks. Lookups return exactly the entries a scan of
/// one flat, insertion-ordered list with `mayOverlap` would (in that order), and a write retires
/// exactly the entries it `covers`, but neither touches unrelated buffers:
///  - entries are grouped by base address (`covers` needs equal bases, so retiring scans one
///    group); each group keeps the byte hull of its entries;
///  - groups whose hulls intersect share a cluster; clusters are disjoint byte intervals in an
///    ordered map, so a lookup visits only the clusters its byte range meets;
///  - entries with an empty byte range are not kept (they overlap nothing; retiring them is
///    invisible); entries whose range wraps around the address space are kept apart and always
///    scanned.
class TensorMap {
 public:
  TensorMap() = default;
  TensorMap(const TensorMap&) = delete;
  TensorMap& operator=(const TensorMap&) = delete;

  /// Appends to `out` every live write (`writes`) or read that may overlap `x`, in insertion
  /// order. The pointers stay valid until the next change to the map.
  void overlapping(const ChipTensor& x, bool writes, std::vector<const TensorAccess*>& out) const {
    const std::size_t first = out.size();
    const auto [lo, hi] = x.byteRange();
    if (lo == hi) return;
    int sources = 0;
    auto scan = [&](const Group& g) {
      const std::size_t before = out.size();
      for (const TensorAccess& a : writes ? g.writes : g.reads)
        if (mayOverlap(a.t, x)) out.push_back(&a);
      if (out.size() != before) ++sources;
    };
    scan(odd_);
    if (lo > hi) {
      for (const auto& [base, g] : groups_) scan(g);
    } else {
      for (auto it = firstCluster(lo); it != clusters_.end() && it->first < hi; ++it)
        for (const Group* g : it->second.groups)
          if (g->lo < hi && lo < g->hi) scan(*g);
    }
    if (sources > 1)
      std::sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(),
                [](const TensorAccess* a, const TensorAccess* b) { return a->seq < b->seq; });
  }

  void addRead(const ChipTensor& x, std::int64_t task) { add(x, task, false); }

  /// Retires every live access `x` covers, then records the write.
  void addWrite(const ChipTensor& x, std::int64_t task) {
    const auto [lo, hi] = x.byteRange();
    if (lo == hi) return;  // covers only accesses with an empty range, which are not kept
    auto covered = [&](const TensorAccess& a) { return detail::covers(x, a.t); };
    auto retire = [&](std::vector<TensorAccess>& v) { v.erase(std::remove_if(v.begin(), v.end(), covered), v.end()); };
    retire(odd_.writes);
    retire(odd_.reads);
    if (auto it = groups_.find(x.base()); it != groups_.end()) {
      Group& g = it->second;
      retire(g.writes);
      retire(g.reads);
      if (g.writes.empty() && g.reads.empty()) {
        detach(g);
        groups_.erase(it);
      } else {
        // The hull may only shrink; the cluster keeps its interval (a superset is still sound).
        g.lo = g.hi = 0;
        bool firstEntry = true;
        for (const auto* v : {&g.writes, &g.reads})
          for (const TensorAccess& a : *v) {
            const auto [alo, ahi] = a.t.byteRange();
            g.lo = firstEntry ? alo : std::min(g.lo, alo);
            g.hi = firstEntry ? ahi : std::max(g.hi, ahi);
            firstEntry = false;
          }
      }
    }
    add(x, task, true);
  }

  void clear() {
    clusters_.clear();
    groups_.clear();
    odd_.writes.clear();
    odd_.reads.clear();
  }

  /// Live entries (reads + writes).
  std::size_t size() const {
    std::size_t n = odd_.writes.size() + odd_.reads.size();
    for (const auto& [base, g] : groups_) n += g.writes.size() + g.reads.size();
    return n;
  }

 private:
  /// The live accesses with one base address; [lo, hi) is the byte hull of all of them.
  struct Group {
    const std::byte* base = nullptr;
    std::vector<TensorAccess> writes, reads;
    std::uintptr_t lo = 0, hi = 0;
    std::uintptr_t cluster = 0;  // key of the cluster holding it
    bool attached = false;
  };
  /// A byte interval [key, hi) holding the hulls of its groups; clusters never intersect.
  struct Cluster {
    std::uintptr_t hi = 0;
    std::vector<Group*> groups;
  };
  using Clusters = std::map<std::uintptr_t, Cluster>;

  /// The first cluster that may intersect an interval starting at `lo`.
  Clusters::const_iterator firstCluster(std::uintptr_t lo) const {
    auto it = clusters_.upper_bound(lo);
    if (it != clusters_.begin() && std::prev(it)->second.hi > lo) --it;
    return it;
  }

  void add(const ChipTensor& x, std::int64_t task, bool write) {
    const auto [lo, hi] = x.byteRange();
    if (lo == hi) return;
    TensorAccess a{x, task, seq_++};
    if (lo > hi) {
      (write ? odd_.writes : odd_.reads).push_back(std::move(a));
      return;
    }
    Group& g = groups_[x.base()];
    const bool fresh = g.writes.empty() && g.reads.empty();
    g.base = x.base();
    g.lo = fresh ? lo : std::min(g.lo, lo);
    g.hi = fresh ? hi : std::max(g.hi, hi);
    (write ? g.writes : g.reads).push_back(std::move(a));
    attach(g);
  }

  /// Makes the cluster holding `g` contain its hull, merging the clusters it now meets.
  void attach(Group& g) {
    std::uintptr_t lo = g.lo, hi = g.hi;
    std::vector<Group*> members;
    if (g.attached) {
      auto own = clusters_.find(g.cluster);
      if (own->first <= lo && hi <= own->second.hi) return;
      lo = std::min(lo, own->first);
      hi = std::max(hi, own->second.hi);
      members = std::move(own->second.groups);
      clusters_.erase(own);
    } else {
      members.push_back(&g);
    }
    auto it = clusters_.upper_bound(lo);
    if (it != clusters_.begin() && std::prev(it)->second.hi > lo) --it;
    while (it != clusters_.end() && it->first < hi) {
      lo = std::min(lo, it->first);
      hi = std::max(hi, it->second.hi);
      members.insert(members.end(), it->second.groups.begin(), it->second.groups.end());
      it = clusters_.erase(it);
    }
    for (Group* m : members) {
      m->cluster = lo;
      m->attached = true;
    }
    clusters_.emplace(lo, Cluster{hi, std::move(members)});
  }

  /// Removes an emptied group from its cluster (and the cluster, when it was the last).
  void detach(Group& g) {
    if (!g.attached) return;
    auto own = clusters_.find(g.cluster);
    auto& gs = own->second.groups;
    gs.erase(std::find(gs.begin(), gs.end(), &g));
    if (gs.empty()) clusters_.erase(own);
    g.attached = false;
  }

  std::unordered_map<const std::byte*, Group> groups_;  // by base address
  Clusters clusters_;
  Group odd_;  // accesses whose byte range wraps around
  std::uint64_t seq_ = 0;
};

}  // namespace pl::sim
