// pl/sim/tensor_map.hpp — the runtime's TensorMap: live tensor accesses indexed by base address and byte range.
#pragma once

#include <algorithm>
#include <cstdint>
#include <deque>
#include <iterator>
#include <map>
#include <memory_resource>
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
/// Storage is recycled so that the per-submission cost is a few comparisons: groups live in a
/// pool (kept, with their entry vectors' capacity, until clear(), even when a write retires all
/// their entries), a flat open-addressing table maps a base address to its group, a cluster
/// links its groups through the groups themselves, and the clusters' map nodes come from a
/// pool resource.
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
      for (std::size_t i = 0; i < used_; ++i)
        scan(pool_[i]);
    } else {
      for (auto it = firstCluster(lo); it != clusters_.end() && it->first < hi; ++it)
        for (const Group *g = it->second.head; g; g = g->next)
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
    if (Group *g = find(x.base())) {
      retire(g->writes);
      retire(g->reads);
      // The hull may only shrink; the cluster keeps its interval (a superset is still sound).
      // An emptied group keeps its place (its hull empty) for the next access of its base.
      g->lo = g->hi = 0;
      bool firstEntry = true;
      for (const auto *v : {&g->writes, &g->reads})
        for (const TensorAccess &a : *v) {
          const auto [alo, ahi] = a.t.byteRange();
          g->lo = firstEntry ? alo : std::min(g->lo, alo);
          g->hi = firstEntry ? ahi : std::max(g->hi, ahi);
          firstEntry = false;
        }
    }
    add(x, task, true);
  }

  void clear() {
    clusters_.clear();
    for (std::size_t i = 0; i < used_; ++i) {
      Group &g = pool_[i];
      slots_[g.slot] = nullptr;
      g.writes.clear();
      g.reads.clear();
      g.attached = false;
      g.next = nullptr;
    }
    used_ = 0;
    odd_.writes.clear();
    odd_.reads.clear();
  }

  /// Live entries (reads + writes).
  std::size_t size() const {
    std::size_t n = odd_.writes.size() + odd_.reads.size();
    for (std::size_t i = 0; i < used_; ++i)
      n += pool_[i].writes.size() + pool_[i].reads.size();
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
    Group *next = nullptr; // the next group of its cluster
    std::size_t slot = 0;  // its entry in slots_
  };
  /// A byte interval [key, hi) holding the hulls of its groups; clusters never intersect.
  struct Cluster {
    std::uintptr_t hi = 0;
    Group *head = nullptr; // its groups, linked through Group::next
  };
  using Clusters = std::pmr::map<std::uintptr_t, Cluster>;

  /// The first cluster that may intersect an interval starting at `lo`.
  Clusters::const_iterator firstCluster(std::uintptr_t lo) const {
    auto it = clusters_.upper_bound(lo);
    if (it != clusters_.begin() && std::prev(it)->second.hi > lo) --it;
    return it;
  }

  static std::size_t hashOf(const std::byte *base) {
    auto h = static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(base));
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9ULL;
    h ^= h >> 32;
    return static_cast<std::size_t>(h);
  }
  /// The group of `base`, or nullptr.
  Group *find(const std::byte *base) const {
    if (slots_.empty())
      return nullptr;
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = hashOf(base) & mask;; i = (i + 1) & mask) {
      Group *g = slots_[i];
      if (!g || g->base == base)
        return g;
    }
  }
  /// The group of `base`, made (from the pool) when there is none.
  Group &groupOf(const std::byte *base) {
    if (Group *g = find(base))
      return *g;
    if (2 * (used_ + 1) > slots_.size())
      rehash();
    if (used_ == pool_.size())
      pool_.emplace_back();
    Group &g = pool_[used_++];
    g.base = base;
    const std::size_t mask = slots_.size() - 1;
    std::size_t i = hashOf(base) & mask;
    while (slots_[i])
      i = (i + 1) & mask;
    slots_[i] = &g;
    g.slot = i;
    return g;
  }
  void rehash() {
    slots_.assign(std::max<std::size_t>(64, 2 * slots_.size()), nullptr);
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t n = 0; n < used_; ++n) {
      Group &g = pool_[n];
      std::size_t i = hashOf(g.base) & mask;
      while (slots_[i])
        i = (i + 1) & mask;
      slots_[i] = &g;
      g.slot = i;
    }
  }

  void add(const ChipTensor& x, std::int64_t task, bool write) {
    const auto [lo, hi] = x.byteRange();
    if (lo == hi) return;
    TensorAccess a{x, task, seq_++};
    if (lo > hi) {
      (write ? odd_.writes : odd_.reads).push_back(std::move(a));
      return;
    }
    Group &g = groupOf(x.base());
    const bool fresh = g.writes.empty() && g.reads.empty();
    g.lo = fresh ? lo : std::min(g.lo, lo);
    g.hi = fresh ? hi : std::max(g.hi, hi);
    (write ? g.writes : g.reads).push_back(std::move(a));
    attach(g);
  }

  /// Makes the cluster holding `g` contain its hull, merging the clusters it now meets.
  void attach(Group& g) {
    std::uintptr_t lo = g.lo, hi = g.hi;
    Group *members = nullptr;
    if (g.attached) {
      auto own = clusters_.find(g.cluster);
      if (own->first <= lo && hi <= own->second.hi) return;
      lo = std::min(lo, own->first);
      hi = std::max(hi, own->second.hi);
      members = own->second.head;
      clusters_.erase(own);
    } else {
      g.next = nullptr;
      members = &g;
    }
    auto it = clusters_.upper_bound(lo);
    if (it != clusters_.begin() && std::prev(it)->second.hi > lo) --it;
    while (it != clusters_.end() && it->first < hi) {
      lo = std::min(lo, it->first);
      hi = std::max(hi, it->second.hi);
      Group *tail = it->second.head; // splice the cluster's groups in front
      while (tail->next)
        tail = tail->next;
      tail->next = members;
      members = it->second.head;
      it = clusters_.erase(it);
    }
    for (Group *m = members; m; m = m->next) {
      m->cluster = lo;
      m->attached = true;
    }
    clusters_.emplace(lo, Cluster{hi, members});
  }

  std::deque<Group> pool_; // groups [0, used_) are live; stable addresses
  std::size_t used_ = 0;
  std::vector<Group *> slots_; // open addressing by base address (linear probing, 2^k)
  std::pmr::unsynchronized_pool_resource nodes_; // the clusters' map nodes
  Clusters clusters_{&nodes_};
  Group odd_;  // accesses whose byte range wraps around
  std::uint64_t seq_ = 0;
};

}  // namespace pl::sim
