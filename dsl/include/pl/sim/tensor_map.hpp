// pl/sim/tensor_map.hpp — the runtime's TensorMap: live tensor accesses indexed by base address and byte range.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <iterator>
#include <map>
#include <memory>
#include <memory_resource>
#include <mutex>
#include <new>
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

/// Append-only storage in chunks of 2^Bits elements that never move: a reference stays valid
/// while the owner appends more (under its lock, from another thread too). `take(n)` hands out n
/// contiguous elements (n ≤ 2^Bits; a range does not straddle two chunks). `reset` and
/// `truncate` only move the end back: the chunks, and the elements' old values, stay for reuse,
/// so a caller assigns what it takes. The chunks of a store that ends go to a process-wide cache
/// for the next store of the type (up to 8 MiB of them): a runtime made per orchestration call
/// reuses the pages of the previous one instead of faulting in fresh ones.
template <class T, unsigned Bits> class Chunked {
public:
  static constexpr std::size_t kChunk = std::size_t{1} << Bits;
  Chunked() = default;
  Chunked(const Chunked &) = delete;
  Chunked &operator=(const Chunked &) = delete;
  ~Chunked() {
    Cache &c = cache();
    std::lock_guard lk(c.mu);
    for (auto &ch : chunks_)
      if (c.free.size() < kKeep)
        c.free.push_back(std::move(ch));
  }
  std::size_t take(std::size_t n) {
    std::size_t at = size_;
    if (n > 0 && (at & (kChunk - 1)) + n > kChunk)
      at = (at | (kChunk - 1)) + 1; // the next chunk's start
    const std::size_t end = at + n;
    while (chunks_.size() * kChunk < end)
      chunks_.push_back(fresh());
    size_ = end;
    return at;
  }
  T &operator[](std::size_t i) { return chunks_[i >> Bits][i & (kChunk - 1)]; }
  const T &operator[](std::size_t i) const { return chunks_[i >> Bits][i & (kChunk - 1)]; }
  std::size_t size() const { return size_; }
  void truncate(std::size_t n) { size_ = std::min(size_, n); }
  void reset() { size_ = 0; }

private:
  static constexpr std::size_t kKeep =
      std::max<std::size_t>(1, (std::size_t{8} << 20) / (sizeof(T) * kChunk));
  struct Cache {
    std::mutex mu;
    std::vector<std::unique_ptr<T[]>> free;
  };
  static Cache &cache() {
    static Cache *c = new Cache; // never destroyed: stores may end during static destruction
    return *c;
  }
  static std::unique_ptr<T[]> fresh() {
    Cache &c = cache();
    std::lock_guard lk(c.mu);
    if (c.free.empty())
      return std::make_unique<T[]>(kChunk);
    std::unique_ptr<T[]> ch = std::move(c.free.back());
    c.free.pop_back();
    return ch;
  }
  std::vector<std::unique_ptr<T[]>> chunks_;
  std::size_t size_ = 0;
};

/// The memory of a node-based container's nodes (TensorMap's ordered map of clusters): nodes
/// from Chunked blocks, freed ones reused, and `reset` forgets every node at once, so that the
/// container that used them can be dropped without visiting its nodes (TensorMap::clear makes
/// a new one in its place). A request larger than a block (no std::map node of a few words
/// is) comes from the heap and is freed at the reset.
class NodeArena : public std::pmr::memory_resource {
public:
  void reset() {
    blocks_.reset();
    free_ = nullptr;
    large_.clear();
  }

private:
  struct alignas(std::max_align_t) Block {
    std::byte bytes[96];
  };
  void *do_allocate(std::size_t bytes, std::size_t align) override {
    if (bytes > sizeof(Block) || align > alignof(Block)) {
      large_.push_back(std::make_unique<Block[]>((bytes + sizeof(Block) - 1) / sizeof(Block)));
      return large_.back().get();
    }
    if (Free *f = free_) {
      free_ = f->next;
      return f;
    }
    return &blocks_[blocks_.take(1)];
  }
  void do_deallocate(void *p, std::size_t bytes, std::size_t align) override {
    if (bytes > sizeof(Block) || align > alignof(Block))
      return; // freed at the reset
    free_ = ::new (p) Free{free_};
  }
  bool do_is_equal(const std::pmr::memory_resource &o) const noexcept override {
    return this == &o;
  }
  struct Free {
    Free *next;
  };
  Chunked<Block, 8> blocks_;
  Free *free_ = nullptr;
  std::vector<std::unique_ptr<Block[]>> large_;
};
}  // namespace detail

/// One live access: the tensor (the caller's, see TensorMap), the submitting task, its insertion
/// number and byte range.
struct TensorAccess {
  const ChipTensor *t;
  std::int64_t task;
  std::uint64_t seq;
  std::uintptr_t lo, hi;
  std::int32_t next; // the next access of its group's list (-1: none)
};

/// The live reads and writes of submitted tasks. Lookups return exactly the entries a scan of
/// one flat, insertion-ordered list with `mayOverlap` would (in that order), and a write retires
/// exactly the entries it `covers`, but neither touches unrelated buffers:
///  - entries are grouped by base address (`covers` needs equal bases, so retiring scans one
///    group); each group keeps the byte hull of its entries;
///  - groups whose hulls intersect share a cluster; clusters are disjoint byte intervals in an
///    ordered map, so a lookup visits only the clusters its byte range meets; a lookup inside
///    the cluster of its own base's group (the usual case: a view of a buffer already accessed)
///    finds that cluster through the group, without the map;
///  - entries with an empty byte range are not kept (they overlap nothing; retiring them is
///    invisible); entries whose range wraps around the address space are kept apart and always
///    scanned.
/// An entry refers to the caller's tensor, which must stay where it is, unchanged, until the
/// entry is retired or the map cleared (the runtime keeps its tasks' argument tensors until the
/// join that clears the map). Storage is recycled so that the per-access cost is a few
/// comparisons and no allocation once the pools have grown: entries live in one pool (linked
/// per group, retired ones reused), groups in another (kept until clear(), even when a write
/// retires all their entries), a flat open-addressing table maps a base address to its group,
/// a cluster links its groups through the groups themselves, and the clusters' map nodes come
/// from a pool resource.
class TensorMap {
 public:
   TensorMap() {
     slots_ = spareSlots().take();
     publishSlots();
   }
  TensorMap(const TensorMap&) = delete;
  TensorMap& operator=(const TensorMap&) = delete;
  ~TensorMap() {
    store_.map.~Clusters();
    // The next map of the process (the next runtime's) starts with this table: grown, and
    // its pages faulted in already. Emptied first: only the slots of groups were used.
    for (std::size_t i = 0; i < groups_.size(); ++i)
      slots_[groups_[i].slot] = Slot{};
    slotsAt_.store(nullptr, std::memory_order_relaxed);
    spareSlots().give(std::move(slots_));
  }

  /// Starts loading the table slot `x` will be looked up in, so that the cache miss overlaps
  /// other work (a submission asks for all its tensors' slots before it takes the runtime's
  /// lock). Safe without the map's lock: it reads only an atomic copy of the table's address
  /// and size, and a prefetch of a stale address (a table since regrown) is harmless.
  void prefetch(const ChipTensor &x) const {
    const std::size_t mask = slotsMask_.load(std::memory_order_relaxed);
    if (const Slot *at = slotsAt_.load(std::memory_order_relaxed)) // (an address, not an access)
      __builtin_prefetch(reinterpret_cast<const void *>(reinterpret_cast<std::uintptr_t>(at) +
                                                        (hashOf(x.base()) & mask) * sizeof(Slot)));
  }

  /// Appends to `out` every live write (`writes`) or read that may overlap `x`, in insertion
  /// order. The pointers stay valid until the next change to the map.
  void overlapping(const ChipTensor& x, bool writes, std::vector<const TensorAccess*>& out) const {
    collect(x, writes ? &out : nullptr, writes ? nullptr : &out);
  }
  /// Both lookups of a written tensor at once (one range computation and one search): the live
  /// writes that may overlap `x` to `writesOut`, the reads to `readsOut`, each as `overlapping`.
  void overlappingBoth(const ChipTensor &x, std::vector<const TensorAccess *> &writesOut,
                       std::vector<const TensorAccess *> &readsOut) const {
    collect(x, &writesOut, &readsOut);
  }

  /// Records a read of `x`; false when it is not kept (an empty byte range).
  bool addRead(const ChipTensor &x, std::int64_t task) { return add(x, task, false); }

  /// Retires every live access `x` covers, then records the write; false when it is not kept.
  bool addWrite(const ChipTensor &x, std::int64_t task) {
    const auto [lo, hi] = x.byteRange();
    if (lo == hi)
      return false; // covers only accesses with an empty range, which are not kept
    retire(odd_.writes, x);
    retire(odd_.reads, x);
    if (Group *g = find(x.base())) {
      retire(g->writes, x);
      retire(g->reads, x);
      // The hull may only shrink; the cluster keeps its interval (a superset is still sound).
      // An emptied group keeps its place (its hull empty) for the next access of its base.
      g->lo = g->hi = 0;
      bool firstEntry = true;
      for (const List *l : {&g->writes, &g->reads})
        for (std::int32_t i = l->head; i >= 0;) {
          const TensorAccess &a = entries_[static_cast<std::size_t>(i)];
          g->lo = firstEntry ? a.lo : std::min(g->lo, a.lo);
          g->hi = firstEntry ? a.hi : std::max(g->hi, a.hi);
          firstEntry = false;
          i = a.next;
        }
    }
    return add(x, task, true);
  }

  void clear() {
    // The nodes go at once; the old map is dropped without a visit (its destructor would only
    // give its nodes back to nodes_, which forgets them) and a new, empty one takes its place.
    nodes_.reset();
    ::new (&store_.map) Clusters(&nodes_);
    for (std::size_t i = 0; i < groups_.size(); ++i)
      slots_[groups_[i].slot] = Slot{};
    groups_.reset();
    lastValid_ = false;
    last_ = nullptr;
    firstValid_ = false;
    madeValid_ = false;
    odd_ = Group{};
    entries_.reset();
    free_ = -1;
    live_ = 0;
  }

  /// Live entries (reads + writes).
  std::size_t size() const { return live_; }

private:
  /// An insertion-ordered list of entries (indices into entries_, linked through `next`).
  struct List {
    std::int32_t head = -1, tail = -1;
  };
  struct Group;
  /// A byte interval [key, hi) holding the hulls of its groups; clusters never intersect.
  struct Cluster {
    std::uintptr_t hi = 0;
    Group *head = nullptr; // its groups, linked through Group::next
  };
  using Clusters = std::pmr::map<std::uintptr_t, Cluster>;
  /// The live accesses with one base address; [lo, hi) is the byte hull of all of them.
  struct Group {
    const std::byte* base = nullptr;
    List writes, reads;
    std::uintptr_t lo = 0, hi = 0;
    Clusters::iterator cluster{}; // the cluster holding it (when attached)
    bool attached = false;
    Group *next = nullptr; // the next group of its cluster
    std::size_t slot = 0;  // its entry in slots_
  };

  /// overlapping's work for the outputs asked for (null: that list is not looked at).
  void collect(const ChipTensor &x, std::vector<const TensorAccess *> *wOut,
               std::vector<const TensorAccess *> *rOut) const {
    const std::size_t wFirst = wOut ? wOut->size() : 0, rFirst = rOut ? rOut->size() : 0;
    const auto [lo, hi] = x.byteRange();
    if (lo == hi)
      return;
    int wSources = 0, rSources = 0;
    auto scanList = [&](const List &l, std::vector<const TensorAccess *> &out, int &sources) {
      const std::size_t before = out.size();
      for (std::int32_t i = l.head; i >= 0;) {
        const TensorAccess &a = entries_[static_cast<std::size_t>(i)];
        // (mayOverlap, its byte ranges known: the entry's kept, x's computed above)
        if (a.lo < hi && lo < a.hi && boxesMayMeet(*a.t, x))
          out.push_back(&a);
        i = a.next;
      }
      if (out.size() != before)
        ++sources;
    };
    auto scan = [&](const Group &g) {
      if (wOut)
        scanList(g.writes, *wOut, wSources);
      if (rOut)
        scanList(g.reads, *rOut, rSources);
    };
    if (odd_.writes.head >= 0 || odd_.reads.head >= 0)
      scan(odd_);
    if (lo > hi) {
      for (std::size_t i = 0; i < groups_.size(); ++i)
        scan(groups_[i]);
    } else if (const Group *own = find(x.base());
               own && own->attached && own->cluster->first <= lo && hi <= own->cluster->second.hi) {
      scanCluster(own->cluster->second, lo, hi, scan);
    } else {
      for (auto it = firstCluster(lo); it != clusters_.end() && it->first < hi; ++it)
        scanCluster(it->second, lo, hi, scan);
    }
    auto bySeq = [](const TensorAccess *a, const TensorAccess *b) { return a->seq < b->seq; };
    if (wSources > 1)
      std::sort(wOut->begin() + static_cast<std::ptrdiff_t>(wFirst), wOut->end(), bySeq);
    if (rSources > 1)
      std::sort(rOut->begin() + static_cast<std::ptrdiff_t>(rFirst), rOut->end(), bySeq);
  }

  template <class Scan>
  static void scanCluster(const Cluster &c, std::uintptr_t lo, std::uintptr_t hi, Scan &scan) {
    for (const Group *g = c.head; g; g = g->next)
      if (g->lo < hi && lo < g->hi)
        scan(*g);
  }

  /// Unlinks (and frees) the entries of `l` that `x` covers.
  void retire(List &l, const ChipTensor &x) {
    std::int32_t prev = -1;
    for (std::int32_t i = l.head; i >= 0;) {
      TensorAccess &a = entries_[static_cast<std::size_t>(i)];
      const std::int32_t next = a.next;
      if (detail::covers(x, *a.t)) {
        (prev < 0 ? l.head : entries_[static_cast<std::size_t>(prev)].next) = next;
        if (l.tail == i)
          l.tail = prev;
        a.next = free_;
        free_ = i;
        --live_;
      } else {
        prev = i;
      }
      i = next;
    }
  }

  /// The first cluster that may intersect an interval starting at `lo`. The last answer is kept
  /// until the clusters change: a submission asks for the same new buffer's start up to three
  /// times (its writers, its readers, then attach when the write is recorded).
  Clusters::iterator firstCluster(std::uintptr_t lo) const {
    if (firstValid_ && firstLo_ == lo)
      return first_;
    auto &cs = const_cast<Clusters &>(clusters_); // the iterator is used for changes by attach
    // The answer is the first cluster whose end lies above lo (clusters are disjoint, so their
    // ends are ordered as their starts). Before a search of the map, two answers checked in a
    // few steps: the end (lo above every cluster: buffers allocated one after another) and the
    // cluster after the one made last (lo between it and the next).
    auto fits = [&](Clusters::iterator c) {
      return (c == cs.end() || c->second.hi > lo) &&
             (c == cs.begin() || std::prev(c)->second.hi <= lo);
    };
    Clusters::iterator it;
    if (fits(cs.end())) {
      it = cs.end();
    } else if (madeValid_ && fits(std::next(made_))) {
      it = std::next(made_);
    } else {
      it = cs.upper_bound(lo);
      if (it != cs.begin() && std::prev(it)->second.hi > lo)
        --it;
    }
    firstLo_ = lo;
    first_ = it;
    firstValid_ = true;
    return it;
  }

  static std::size_t hashOf(const std::byte *base) {
    auto h = static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(base));
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9ULL;
    h ^= h >> 32;
    return static_cast<std::size_t>(h);
  }
  /// The group of `base`, or nullptr. A submission asks for the same base several times in a
  /// row: the last answer is kept, "none" too (groupOf replaces it when it makes the group).
  Group *find(const std::byte *base) const {
    if (lastValid_ && lastBase_ == base)
      return last_;
    Group *g = nullptr;
    if (!slots_.empty()) {
      const std::size_t mask = slots_.size() - 1;
      for (std::size_t i = hashOf(base) & mask;; i = (i + 1) & mask) {
        const Slot &sl = slots_[i];
        if (!sl.group || sl.base == base) {
          g = sl.group;
          break;
        }
      }
    }
    lastValid_ = true;
    lastBase_ = base;
    last_ = g;
    return g;
  }
  /// The group of `base`, made (from the pool) when there is none.
  Group &groupOf(const std::byte *base) {
    if (Group *g = find(base))
      return *g;
    if (2 * (groups_.size() + 1) > slots_.size())
      rehash();
    Group &g = groups_[groups_.take(1)];
    g = Group{};
    g.base = base;
    const std::size_t mask = slots_.size() - 1;
    std::size_t i = hashOf(base) & mask;
    while (slots_[i].group)
      i = (i + 1) & mask;
    slots_[i] = Slot{base, &g};
    g.slot = i;
    lastValid_ = true;
    lastBase_ = base;
    last_ = &g;
    return g;
  }
  void rehash() {
    slots_.assign(std::max<std::size_t>(64, 2 * slots_.size()), Slot{});
    publishSlots();
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t n = 0; n < groups_.size(); ++n) {
      Group &g = groups_[n];
      std::size_t i = hashOf(g.base) & mask;
      while (slots_[i].group)
        i = (i + 1) & mask;
      slots_[i] = Slot{g.base, &g};
      g.slot = i;
    }
  }

  bool add(const ChipTensor &x, std::int64_t task, bool write) {
    const auto [lo, hi] = x.byteRange();
    if (lo == hi)
      return false;
    std::int32_t i = free_;
    if (i >= 0) {
      free_ = entries_[static_cast<std::size_t>(i)].next;
    } else {
      i = static_cast<std::int32_t>(entries_.take(1));
    }
    entries_[static_cast<std::size_t>(i)] = TensorAccess{&x, task, seq_++, lo, hi, -1};
    ++live_;
    if (lo > hi) {
      append(write ? odd_.writes : odd_.reads, i);
      return true;
    }
    Group &g = groupOf(x.base());
    const bool fresh = g.writes.head < 0 && g.reads.head < 0;
    g.lo = fresh ? lo : std::min(g.lo, lo);
    g.hi = fresh ? hi : std::max(g.hi, hi);
    append(write ? g.writes : g.reads, i);
    attach(g);
    return true;
  }
  void append(List &l, std::int32_t i) {
    (l.tail < 0 ? l.head : entries_[static_cast<std::size_t>(l.tail)].next) = i;
    l.tail = i;
  }

  /// Makes the cluster holding `g` contain its hull, merging the clusters it now meets.
  void attach(Group& g) {
    std::uintptr_t lo = g.lo, hi = g.hi;
    Group *members = nullptr;
    Clusters::iterator it;
    if (g.attached) {
      auto own = g.cluster;
      if (own->first <= lo && hi <= own->second.hi) return;
      lo = std::min(lo, own->first);
      hi = std::max(hi, own->second.hi);
      members = own->second.head;
      firstValid_ = false;
      madeValid_ = false;
      clusters_.erase(own);
    } else {
      g.next = nullptr;
      members = &g;
    }
    it = firstCluster(lo);
    firstValid_ = false; // the clusters change below
    while (it != clusters_.end() && it->first < hi) {
      lo = std::min(lo, it->first);
      hi = std::max(hi, it->second.hi);
      Group *tail = it->second.head; // splice the cluster's groups in front
      while (tail->next)
        tail = tail->next;
      tail->next = members;
      members = it->second.head;
      madeValid_ = false;
      it = clusters_.erase(it);
    }
    const auto made = clusters_.emplace_hint(it, lo, Cluster{hi, members});
    made_ = made;
    madeValid_ = true;
    for (Group *m = members; m; m = m->next) {
      m->cluster = made;
      m->attached = true;
    }
  }

  detail::Chunked<TensorAccess, 10> entries_; // live ones linked from groups, the rest from free_
  std::int32_t free_ = -1;
  std::size_t live_ = 0;
  detail::Chunked<Group, 8> groups_; // stable addresses
  /// A slot of the open-addressing table by base address (linear probing, 2^k slots).
  struct Slot {
    const std::byte *base = nullptr;
    Group *group = nullptr;
  };
  std::vector<Slot> slots_;
  std::atomic<const Slot *> slotsAt_{nullptr}; // slots_.data() and size - 1, for prefetch
  std::atomic<std::size_t> slotsMask_{0};
  void publishSlots() {
    slotsAt_.store(slots_.empty() ? nullptr : slots_.data(), std::memory_order_relaxed);
    slotsMask_.store(slots_.empty() ? 0 : slots_.size() - 1, std::memory_order_relaxed);
  }
  /// Emptied tables of ended maps, for the next ones (up to kKeep, the largest first).
  class SpareSlots {
  public:
    std::vector<Slot> take() {
      std::lock_guard lk(mu_);
      if (free_.empty())
        return {};
      std::vector<Slot> v = std::move(free_.back());
      free_.pop_back();
      return v;
    }
    void give(std::vector<Slot> v) {
      if (v.empty())
        return;
      std::lock_guard lk(mu_);
      if (free_.size() < kKeep) {
        free_.push_back(std::move(v));
        std::sort(free_.begin(), free_.end(),
                  [](const auto &a, const auto &b) { return a.size() < b.size(); });
      }
    }

  private:
    static constexpr std::size_t kKeep = 4;
    std::mutex mu_;
    std::vector<std::vector<Slot>> free_;
  };
  static SpareSlots &spareSlots() {
    static auto *s = new SpareSlots; // never destroyed: maps may end during static destruction
    return *s;
  }
  mutable bool lastValid_ = false; // find's last question and answer
  mutable const std::byte *lastBase_ = nullptr;
  mutable Group *last_ = nullptr;
  detail::NodeArena nodes_; // the clusters' map nodes
  /// The clusters' map, in a union so that clear() can drop it with its nodes (nodes_.reset())
  /// instead of visiting them, and make a new one in its place.
  union ClusterStore {
    explicit ClusterStore(std::pmr::memory_resource *r) : map(r) {}
    ~ClusterStore() {} // TensorMap's destructor ends the map
    ClusterStore(const ClusterStore &) = delete;
    ClusterStore &operator=(const ClusterStore &) = delete;
    Clusters map;
  } store_{&nodes_};
  Clusters &clusters_ = store_.map;
  mutable bool firstValid_ = false; // firstCluster's last question and answer (reset by changes)
  mutable std::uintptr_t firstLo_ = 0;
  mutable Clusters::iterator first_{};
  bool madeValid_ = false; // the cluster attach made last (until a cluster is erased)
  Clusters::iterator made_{};
  Group odd_;  // accesses whose byte range wraps around
  std::uint64_t seq_ = 0;
};

}  // namespace pl::sim
