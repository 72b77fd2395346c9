// tests/sim/test_pipes.cpp — clusters and cross-core pipes: mixed tasks run their AIC and AIV
// kernels at once; pto-isa's TPipe / TPUSH / TPOP / TFREE round trips, splits, the per-direction
// GM ring and its slot layout, the consumer buffers, and every error (deadlocks included), in
// every executor mode. Deterministic: no test depends on timing.
#include <gtest/gtest.h>

#include <cstdint>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "pl/sim/sim.hpp"
#include "pl/sim/vendor/intrinsic.h"
#include "pl/sim/vendor/pto/pto-inst.hpp"
#include "sim_test_util.h"

using namespace pl::sim;
using pto::TILE_LEFT_RIGHT;
using pto::TILE_NO_SPLIT;
using pto::TILE_UP_DOWN;
using pto::TileSplitAxis;

namespace {

template <int R, int C>
using AccT = pto::Tile<pto::TileType::Acc, float, R, C, pto::BLayout::ColMajor, -1, -1,
                       pto::SLayout::RowMajor, 1024>;
template <int R, int C, class T = float>
using VecT = pto::Tile<pto::TileType::Vec, T, R, C, pto::BLayout::RowMajor, -1, -1>;
/// A Mat tile in the NZ layout (column-major boxes of row-major fractals).
using MatNZ = pto::Tile<pto::TileType::Mat, float, 16, 16, pto::BLayout::ColMajor, -1, -1,
                        pto::SLayout::RowMajor, 512>;
constexpr std::uint32_t kTileBytes = 16 * 16 * 4;
/// pto-isa's pipes of each direction (FlagID 0 and 2), `Bytes` per slot, `N` slots.
template <std::uint32_t Bytes = kTileBytes, std::uint32_t N = 2>
using C2V = pto::TPipe<0, pto::Direction::DIR_C2V, Bytes, N>;
template <std::uint32_t Bytes = kTileBytes, std::uint32_t N = 2>
using V2C = pto::TPipe<2, pto::Direction::DIR_V2C, Bytes, N>;
/// The consumer buffers (UB for C2V, L1 for V2C) the tests give every pipe: past their tiles.
constexpr std::uint32_t kBuf = 64 * 1024;

/// pto-isa's spellings with the split axis as a template argument.
template <TileSplitAxis S = TILE_NO_SPLIT, class P, class T> void push(P &p, T &t) {
  pto::TPUSH<P, T, S>(p, t);
}
template <TileSplitAxis S = TILE_NO_SPLIT, class P, class T> void pop(P &p, T &t) {
  pto::TPOP<P, T, S>(p, t);
}
template <TileSplitAxis S = TILE_NO_SPLIT, class P> void freeSlot(P &p) { pto::TFREE<P, S>(p); }

/// Element (r, c) of test tile i.
float val(int i, std::int64_t r, std::int64_t c) {
  return static_cast<float>(std::int64_t{i} * 1000 + r * 100 + c);
}
template <class Tl> void fill(Tl &t, int i, std::int64_t vr, std::int64_t vc) {
  for (std::int64_t r = 0; r < Tl::kRows; ++r)
    for (std::int64_t c = 0; c < Tl::kCols; ++c)
      t.set(r, c, val(i, r, c));
  t.SetValidShape(vr, vc);
}
/// A tile's every physical element and its valid shape.
struct Seen {
  std::int64_t rows = 0, cols = 0, vr = 0, vc = 0;
  std::vector<float> v;
  float at(std::int64_t r, std::int64_t c) const {
    return v[static_cast<std::size_t>(r * cols + c)];
  }
};
template <class Tl> Seen snap(const Tl &t) {
  Seen s{Tl::kRows, Tl::kCols, t.GetValidRow(), t.GetValidCol(), {}};
  for (std::int64_t r = 0; r < Tl::kRows; ++r)
    for (std::int64_t c = 0; c < Tl::kCols; ++c)
      s.v.push_back(static_cast<float>(t.get(r, c)));
  return s;
}
/// `s`'s valid region holds rows [r0, r0 + vr) x cols [c0, c0 + vc) of test tile i plus `add`
/// and the rest is padding (0): pto-isa's TPOP loads the tile's valid region.
void expectWindow(const Seen &s, int i, std::int64_t r0, std::int64_t c0, float add = 0) {
  for (std::int64_t r = 0; r < s.rows; ++r)
    for (std::int64_t c = 0; c < s.cols; ++c)
      ASSERT_EQ(s.at(r, c), r < s.vr && c < s.vc ? val(i, r0 + r, c0 + c) + add : 0.0f)
          << "tile " << i << " (" << r << ", " << c << ")";
}

/// The flag pairs a kernel needs between a TPOP (MTE2) and a TPUSH (MTE3) of the same tile, and
/// back (the pipe checker's rules).
void popThenPush() {
  set_flag(PIPE_MTE2, PIPE_MTE3, EVENT_ID0);
  wait_flag(PIPE_MTE2, PIPE_MTE3, EVENT_ID0);
}
void pushThenPop() {
  set_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID1);
  wait_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID1);
}

RuntimeOptions opts(ExecMode m) {
  RuntimeOptions o;
  o.mode = m;
  o.seed = 7;
  o.warn = false;
  o.aicWorkers = 2;
  o.aivWorkers = 2;
  return o;
}

/// One mixed task of kernels 'cube' (AIC), 'vec0' (AIV0), 'vec1' (AIV1) — a null one is left
/// out — run in `mode`; returns the join's error, empty when the task succeeded.
std::string runMixed(ExecMode mode, const KernelFn &aic, const KernelFn &aiv0, const KernelFn &aiv1,
                     const CoreTaskArgs &args = CoreTaskArgs{}) {
  KernelTable table;
  MixedKernels ks;
  if (aic) {
    table.add(0, aic, "cube");
    ks.aic = 0;
  }
  if (aiv0) {
    table.add(1, aiv0, "vec0");
    ks.aiv0 = 1;
  }
  if (aiv1) {
    table.add(2, aiv1, "vec1");
    ks.aiv1 = 2;
  }
  Runtime rt(table, opts(mode));
  RuntimeBinding bind(rt);
  try {
    rt_submit_task(ks, args);
    rt.wait_all();
  } catch (const SimError &e) {
    return e.what();
  }
  return "";
}
/// As runMixed, expecting the task to fail with a message containing every one of `needles`.
void expectTaskError(ExecMode mode, const KernelFn &aic, const KernelFn &aiv0, const KernelFn &aiv1,
                     const std::vector<std::string> &needles, const CoreTaskArgs &args = {}) {
  const std::string e = runMixed(mode, aic, aiv0, aiv1, args);
  ASSERT_FALSE(e.empty()) << "expected the task to fail with '" << needles.front() << "'";
  EXPECT_NE(e.find("task 0 (mixed 'cube') failed: "), std::string::npos) << e;
  for (const std::string &n : needles)
    EXPECT_NE(e.find(n), std::string::npos) << "missing '" << n << "' in: " << e;
}

class SimPipes : public ::testing::TestWithParam<ExecMode> {
protected:
  void SetUp() override {
    setPlatform(a2a3());
    setChecked(true);
  }
  ExecMode mode() const { return GetParam(); }
  /// Repetitions for the transfer tests: threads mode interleaves differently each time.
  int reps() const { return GetParam() == ExecMode::Threads ? 20 : 2; }
};

INSTANTIATE_TEST_SUITE_P(Modes, SimPipes,
                         ::testing::Values(ExecMode::Serial, ExecMode::Threads, ExecMode::Shuffle),
                         [](const auto &info) {
                           return std::string(info.param == ExecMode::Serial    ? "serial"
                                              : info.param == ExecMode::Threads ? "threads"
                                                                                : "shuffle");
                         });

// ---- transfers --------------------------------------------------------------------------------

/// `body.template operator()<N>()` for N = 1 and 2 slots.
template <class F> void forSlots(F &&body) {
  body.template operator()<1>();
  body.template operator()<2>();
}

// Five Acc tiles stream to AIV0 through 1 and 2 slots (the AIC waits for freed slots); each
// arrives whole, in order, in a Vec tile of its valid shape.
TEST_P(SimPipes, CubeToVectorStreamWaitsForFreeSlots) {
  forSlots([&]<std::uint32_t slots>() {
    for (int rep = 0; rep < reps(); ++rep) {
      std::vector<Seen> got;
      auto cube = [&](std::int64_t *) {
        C2V<kTileBytes, slots> pipe(nullptr, kBuf, kBuf);
        AccT<16, 16> acc;
        TASSIGN(acc, 0);
        for (int i = 0; i < 5; ++i) {
          fill(acc, i, 16 - i, 16 - 2 * i);
          push(pipe, acc);
        }
      };
      auto vec = [&](std::int64_t *) {
        C2V<kTileBytes, slots> pipe(nullptr, kBuf, kBuf);
        VecT<16, 16> v;
        TASSIGN(v, 0);
        for (int i = 0; i < 5; ++i) {
          v.SetValidShape(16 - i, 16 - 2 * i); // the consumer knows the shape it pops
          pop(pipe, v);
          got.push_back(snap(v));
          freeSlot(pipe);
        }
      };
      ASSERT_EQ(runMixed(mode(), cube, vec, nullptr), "");
      ASSERT_EQ(got.size(), 5u);
      for (int i = 0; i < 5; ++i) {
        EXPECT_EQ(got[i].vr, 16 - i);
        EXPECT_EQ(got[i].vc, 16 - 2 * i);
        expectWindow(got[i], i, 0, 0);
      }
    }
  });
}

// Five Vec tiles stream from AIV1 (the only lane) to the AIC, popped into an NZ Mat tile.
TEST_P(SimPipes, VectorToCubeStreamIntoNzMat) {
  forSlots([&]<std::uint32_t slots>() {
    for (int rep = 0; rep < reps(); ++rep) {
      std::vector<Seen> got;
      auto cube = [&](std::int64_t *) {
        V2C<kTileBytes, slots> pipe(nullptr, kBuf, kBuf);
        MatNZ m;
        TASSIGN(m, 0);
        for (int i = 0; i < 5; ++i) {
          m.SetValidShape(3 + i, 16);
          TPOP(m, pipe); // the reversed form: no split
          got.push_back(snap(m));
          TFREE(pipe);
        }
      };
      auto vec = [&](std::int64_t *) {
        V2C<kTileBytes, slots> pipe(nullptr, kBuf, kBuf);
        VecT<16, 16> v;
        TASSIGN(v, 0);
        for (int i = 0; i < 5; ++i) {
          fill(v, i, 3 + i, 16);
          TPUSH(v, pipe);
        }
      };
      ASSERT_EQ(runMixed(mode(), cube, nullptr, vec), "");
      ASSERT_EQ(got.size(), 5u);
      for (int i = 0; i < 5; ++i) {
        EXPECT_EQ(got[i].vr, 3 + i);
        EXPECT_EQ(got[i].vc, 16);
        expectWindow(got[i], i, 0, 0);
      }
    }
  });
}

// A round trip per tile: the AIC sends tile i, AIV0 adds 1 to every element and sends it back,
// the AIC receives it.
TEST_P(SimPipes, RoundTripThroughBothPipes) {
  forSlots([&]<std::uint32_t slots>() {
    for (int rep = 0; rep < reps(); ++rep) {
      std::vector<Seen> got;
      auto cube = [&](std::int64_t *) {
        C2V<kTileBytes, slots> out(nullptr, kBuf, kBuf);
        V2C<kTileBytes, slots> in(nullptr, kBuf, kBuf);
        AccT<16, 16> acc;
        MatNZ m;
        TASSIGN(acc, 0);
        TASSIGN(m, 0);
        for (int i = 0; i < 4; ++i) {
          fill(acc, i, 16, 16);
          push(out, acc);
          pop(in, m);
          got.push_back(snap(m));
          freeSlot(in);
        }
      };
      auto vec = [&](std::int64_t *) {
        C2V<kTileBytes, slots> in(nullptr, kBuf, kBuf);
        V2C<kTileBytes, slots> out(nullptr, kBuf, kBuf);
        VecT<16, 16> a, b;
        TASSIGN(a, 0);
        TASSIGN(b, kTileBytes);
        for (int i = 0; i < 4; ++i) {
          pop(in, a);
          for (std::int64_t r = 0; r < 16; ++r)
            for (std::int64_t c = 0; c < 16; ++c)
              b.set(r, c, a.get(r, c) + 1);
          freeSlot(in);
          push(out, b);
        }
      };
      ASSERT_EQ(runMixed(mode(), cube, vec, nullptr), "");
      ASSERT_EQ(got.size(), 4u);
      for (int i = 0; i < 4; ++i)
        expectWindow(got[i], i, 0, 0, 1.0f);
    }
  });
}

// pto-isa's TPOP places its tile in the consumer buffer, slot (pop count mod LocalSlotNum):
// the lane's Vec tiles land at kBuf, kBuf + SlotSize, kBuf, ... whatever TASSIGN said.
TEST_P(SimPipes, PopPlacesTheTileInTheConsumerBuffer) {
  std::vector<std::uint32_t> addrs;
  auto cube = [&](std::int64_t *) {
    C2V<> out(nullptr, 0, kBuf);
    AccT<16, 16> acc;
    TASSIGN(acc, 0);
    for (int i = 0; i < 3; ++i) {
      fill(acc, i, 16, 16);
      push(out, acc);
    }
  };
  auto vec = [&](std::int64_t *) {
    C2V<> in(nullptr, kBuf, 0);
    VecT<16, 16> v;
    TASSIGN(v, 0);
    for (int i = 0; i < 3; ++i) {
      pop(in, v);
      addrs.push_back(pto::detail::base(v).addr());
      expectWindow(snap(v), i, 0, 0);
      freeSlot(in);
    }
  };
  ASSERT_EQ(runMixed(mode(), cube, vec, nullptr), "");
  EXPECT_EQ(addrs, (std::vector<std::uint32_t>{kBuf, kBuf + kTileBytes, kBuf}));
}

/// A split round trip: the AIC pushes a [16, 16] Acc tile (values of `seed`, valid [VR, VC]),
/// each lane pops its part (a [HR, HC] tile of valid [LR, LC]) and sends it back, and the AIC's
/// pop joins the parts into an NZ Mat tile of valid [VR, VC]. Returns the lanes' and the joined
/// tile's views.
template <TileSplitAxis S, int HR, int HC, int VR, int VC, int LR, int LC, std::uint32_t Slots>
std::string splitRoundTrip(ExecMode mode, int seed, Seen (&lane)[2], Seen &joined) {
  auto cube = [&](std::int64_t *) {
    C2V<kTileBytes, Slots> out(nullptr, 0, kBuf);
    V2C<kTileBytes, Slots> in(nullptr, 0, kBuf);
    AccT<16, 16> acc;
    MatNZ m;
    TASSIGN(acc, 0);
    TASSIGN(m, 0);
    fill(acc, seed, VR, VC);
    push<S>(out, acc);
    m.SetValidShape(VR, VC);
    pop<S>(in, m);
    joined = snap(m);
    freeSlot<S>(in);
  };
  auto vec = [&](std::int64_t *) {
    C2V<kTileBytes, Slots> in(nullptr, kBuf, 0);
    V2C<kTileBytes, Slots> out(nullptr, kBuf, 0);
    VecT<HR, HC> h;
    TASSIGN(h, 0);
    h.SetValidShape(LR, LC);
    pop<S>(in, h);
    lane[pl::sim::get_subblock_idx()] = snap(h);
    freeSlot<S>(in);
    popThenPush();
    push<S>(out, h);
  };
  return runMixed(mode, cube, vec, vec);
}

// Up-down split: lane k gets rows [6k, 6k + 6) of a [16, 16] tile with valid [12, 14] (each
// lane valid [6, 14] in an [8, 16] tile); the lanes send their parts back and the AIC's pop
// joins them into valid [12, 14] again.
TEST_P(SimPipes, UpDownSplitHalvesRowsAndJoinsThem) {
  for (int rep = 0; rep < reps(); ++rep) {
    Seen lane[2], joined;
    ASSERT_EQ((splitRoundTrip<TILE_UP_DOWN, 8, 16, 12, 14, 6, 14, 2>(mode(), 3, lane, joined)), "");
    expectWindow(lane[0], 3, 0, 0);
    expectWindow(lane[1], 3, 6, 0);
    EXPECT_EQ(std::tie(joined.vr, joined.vc), std::make_tuple(12, 14));
    expectWindow(joined, 3, 0, 0);
  }
}

// Left-right split: lane k gets columns [6k, 6k + 6) of valid [11, 12], and back.
TEST_P(SimPipes, LeftRightSplitHalvesColumnsAndJoinsThem) {
  for (int rep = 0; rep < reps(); ++rep) {
    Seen lane[2], joined;
    ASSERT_EQ((splitRoundTrip<TILE_LEFT_RIGHT, 16, 8, 11, 12, 11, 6, 1>(mode(), 4, lane, joined)),
              "");
    expectWindow(lane[0], 4, 0, 0);
    expectWindow(lane[1], 4, 0, 6);
    EXPECT_EQ(std::tie(joined.vr, joined.vc), std::make_tuple(11, 12));
    expectWindow(joined, 4, 0, 0);
  }
}

// Without a split the AIC's push goes to every lane, whole.
TEST_P(SimPipes, UnsplitPushReachesEveryLane) {
  Seen lane[2];
  auto cube = [&](std::int64_t *) {
    C2V<kTileBytes, 1> out(nullptr, kBuf, kBuf);
    AccT<16, 16> acc;
    TASSIGN(acc, 0);
    fill(acc, 5, 9, 16);
    push(out, acc);
  };
  auto vec = [&](std::int64_t *) {
    C2V<kTileBytes, 1> in(nullptr, kBuf, kBuf);
    VecT<16, 16> v;
    TASSIGN(v, 0);
    v.SetValidShape(9, 16);
    pop(in, v);
    lane[pl::sim::get_subblock_idx()] = snap(v);
    freeSlot(in);
  };
  ASSERT_EQ(runMixed(mode(), cube, vec, vec), "");
  for (const Seen &s : lane) {
    EXPECT_EQ(std::tie(s.vr, s.vc), std::make_tuple(9, 16));
    expectWindow(s, 5, 0, 0);
  }
}

/// A GM buffer of `bytes` bytes (as floats) for the pipes' rings.
ChipTensor gmBuffer(std::uint32_t bytes) {
  return ChipTensor::allocate(DataType::FLOAT32, {bytes / 4});
}
/// Byte `offset` of the task's first tensor argument (the GM buffer).
void *gmArg(std::int64_t *args, std::size_t offset = 0) {
  return static_cast<std::byte *>(tensorArg(args, 0).data()) + offset;
}

// Each direction's ring is its own GM region (pto-isa's TPipe constructor takes its base): the
// C2V ring at byte 0, the V2C ring after it. A slot holds the AIC's whole valid region, rows
// `valid cols` apart; with an up-down split lane k's rows start at element k · 8 · 16. After
// three tiles (slots 0, 1, 0) and their halves sent back (+1), each ring's slots hold the last
// payloads as the vendor lays them out.
TEST_P(SimPipes, GmRingStagesPayloadsInTheBuffer) {
  constexpr std::uint32_t kSlots = 2, kRing = kSlots * kTileBytes;
  for (int rep = 0; rep < reps(); ++rep) {
    std::vector<Seen> got;
    ChipTensor gm = gmBuffer(2 * kRing);
    auto cube = [&](std::int64_t *args) {
      C2V<kTileBytes, kSlots> out(gmArg(args), 0, kBuf);
      V2C<kTileBytes, kSlots> in(gmArg(args, kRing), 0, kBuf);
      AccT<16, 16> acc;
      MatNZ m;
      TASSIGN(acc, 0);
      TASSIGN(m, 0);
      for (int i = 0; i < 3; ++i) {
        fill(acc, i, 16, 16);
        push<TILE_UP_DOWN>(out, acc);
        pop<TILE_UP_DOWN>(in, m);
        got.push_back(snap(m));
        freeSlot<TILE_UP_DOWN>(in);
      }
    };
    auto vec = [&](std::int64_t *args) {
      C2V<kTileBytes, kSlots> in(gmArg(args), kBuf, 0);
      V2C<kTileBytes, kSlots> out(gmArg(args, kRing), kBuf, 0);
      VecT<8, 16> h, back;
      TASSIGN(h, 0);
      TASSIGN(back, 1024);
      for (int i = 0; i < 3; ++i) {
        pop<TILE_UP_DOWN>(in, h);
        for (std::int64_t r = 0; r < 8; ++r)
          for (std::int64_t c = 0; c < 16; ++c)
            back.set(r, c, h.get(r, c) + 1);
        freeSlot<TILE_UP_DOWN>(in);
        popThenPush();
        push<TILE_UP_DOWN>(out, back);
        pushThenPop();
      }
    };
    CoreTaskArgs p;
    p.add_inout(gm);
    ASSERT_EQ(runMixed(mode(), cube, vec, vec, p), "");
    ASSERT_EQ(got.size(), 3u);
    for (int i = 0; i < 3; ++i)
      expectWindow(got[i], i, 0, 0, 1.0f);
    const auto *f = static_cast<const float *>(gm.data());
    const std::size_t slotFloats = kTileBytes / 4, ringFloats = kSlots * slotFloats;
    for (int d = 0; d < 2; ++d)
      for (int slot = 0; slot < 2; ++slot) {
        const int tile = slot == 0 ? 2 : 1; // tiles 0, 1, 2 went to slots 0, 1, 0
        const float *s = f + static_cast<std::size_t>(d) * ringFloats + slot * slotFloats;
        for (std::int64_t r = 0; r < 16; ++r)
          for (std::int64_t c = 0; c < 16; ++c)
            ASSERT_EQ(s[r * 16 + c], val(tile, r, c) + static_cast<float>(d))
                << "direction " << d << " slot " << slot;
      }
  }
}

// Each kernel of a cluster runs with its own block index, lane and core memory: the lanes' Vec
// tiles at the same address keep their own values across a handshake with the AIC.
TEST_P(SimPipes, KernelsSeeTheirLaneBlockAndOwnMemory) {
  std::mutex mu;
  std::set<std::tuple<int, int, int, int>> seen;  // role, block, block num, subblock
  std::vector<float> kept(4, -1);                 // by block and lane
  auto note = [&](int role, std::int64_t *args) { // the contexts the runtime appends
    std::lock_guard lk(mu);
    seen.emplace(role, get_block_idx(args), get_block_num(args),
                 role == 0 ? 0 : get_sub_block_id(args));
  };
  auto cube = [&](std::int64_t *args) {
    note(0, args);
    V2C<kTileBytes, 1> in(nullptr, 0, kBuf);
    C2V<kTileBytes, 1> out(nullptr, 0, kBuf);
    MatNZ m;
    TASSIGN(m, 0);
    pop<TILE_UP_DOWN>(in, m); // both lanes have written their Vec tile
    freeSlot<TILE_UP_DOWN>(in);
    popThenPush();
    push<TILE_UP_DOWN>(out, m);
  };
  auto vec = [&](std::int64_t *args) {
    const int lane = get_sub_block_id(args);
    note(1 + lane, args);
    V2C<kTileBytes, 1> out(nullptr, kBuf, 0);
    C2V<kTileBytes, 1> in(nullptr, kBuf, 0);
    VecT<8, 16> mine, h;
    TASSIGN(mine, 0);
    TASSIGN(h, 4096);
    mine.set(0, 0, 10.0 + lane);
    push<TILE_UP_DOWN>(out, mine);
    pop<TILE_UP_DOWN>(in, h); // the other lane has written its tile too
    freeSlot<TILE_UP_DOWN>(in);
    kept[(2 * static_cast<std::size_t>(get_block_idx(args))) + static_cast<std::size_t>(lane)] =
        static_cast<float>(mine.get(0, 0));
  };
  KernelTable table{{0, cube, "cube"}, {1, vec, "vec"}};
  Runtime rt(table, opts(mode()));
  RuntimeBinding bind(rt);
  CoreTaskArgs p;
  p.launch_spec.set_block_num(2);
  rt_submit_task(MixedKernels{0, 1, 1}, p);
  rt.wait_all();
  EXPECT_EQ(kept, (std::vector<float>{10, 11, 10, 11}));
  std::set<std::tuple<int, int, int, int>> want;
  for (int b = 0; b < 2; ++b)
    for (auto [role, sub] : {std::pair{0, 0}, std::pair{1, 0}, std::pair{2, 1}})
      want.emplace(role, b, 2, sub);
  EXPECT_EQ(seen, want);
}

// TPOP writes its tile on MTE2 and TPUSH reads on MTE3: the pipe checker wants the flags.
TEST_P(SimPipes, PipeOrderChecksCoverPushAndPop) {
  auto cube = [&](std::int64_t *) {
    C2V<kTileBytes, 1> out(nullptr, kBuf, kBuf);
    AccT<16, 16> acc;
    TASSIGN(acc, 0);
    fill(acc, 0, 16, 16);
    push(out, acc);
  };
  auto vecFlagged = [&](std::int64_t *) {
    C2V<kTileBytes, 1> in(nullptr, kBuf, kBuf);
    VecT<16, 16> v;
    TASSIGN(v, 0);
    pop(in, v);
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    TADDS(v, v, 1.0f);
    freeSlot(in);
  };
  EXPECT_EQ(runMixed(mode(), cube, vecFlagged, nullptr), "");
  auto vecUnflagged = [&](std::int64_t *) {
    C2V<kTileBytes, 1> in(nullptr, kBuf, kBuf);
    VecT<16, 16> v;
    TASSIGN(v, 0);
    pop(in, v);
    freeSlot(in);
    TADDS(v, v, 1.0f);
  };
  expectTaskError(mode(), cube, vecUnflagged, nullptr,
                  {"kernel 'vec0' (AIV0): ", "TADDS on PIPE_V reads Vec bytes",
                   "that TPOP on PIPE_MTE2 writes"});
  auto vecPushUnflagged = [&](std::int64_t *) {
    V2C<kTileBytes, 1> out(nullptr, kBuf, kBuf);
    VecT<16, 16> v;
    TASSIGN(v, 0);
    TEXPANDS(v, 2.0f);
    push(out, v);
  };
  auto cubePop = [&](std::int64_t *) {
    V2C<kTileBytes, 1> in(nullptr, kBuf, kBuf);
    MatNZ m;
    TASSIGN(m, 0);
    pop(in, m);
    freeSlot(in);
  };
  expectTaskError(mode(), cubePop, vecPushUnflagged, nullptr,
                  {"TPUSH on PIPE_MTE3 reads Vec bytes", "that TEXPANDS on PIPE_V writes"});
}

// A mixed task whose kernels never touch a pipe still runs every kernel once per block.
TEST_P(SimPipes, MixedTaskWithoutPipesRunsEveryKernel) {
  std::mutex mu;
  std::multiset<int> ran;
  auto k = [&](int role) {
    return [&, role](std::int64_t *) {
      std::lock_guard lk(mu);
      ran.insert(role * 10 + pl::sim::get_subblock_idx());
    };
  };
  EXPECT_EQ(runMixed(mode(), k(0), k(1), k(2)), "");
  EXPECT_EQ(ran, (std::multiset<int>{0, 10, 21}));
}

// ---- errors -----------------------------------------------------------------------------------

/// A cube kernel pushing `n` [16, 16] Acc tiles (split S) on a C2V pipe of `Slots` slots of
/// `Bytes`.
template <std::uint32_t Bytes = kTileBytes, std::uint32_t Slots = 2,
          TileSplitAxis S = TILE_NO_SPLIT>
KernelFn cubePushes(int n) {
  return [=](std::int64_t *) {
    C2V<Bytes, Slots> out(nullptr, kBuf, kBuf);
    AccT<16, 16> acc;
    TASSIGN(acc, 0);
    for (int i = 0; i < n; ++i) {
      fill(acc, i, 16, 16);
      push<S>(out, acc);
    }
  };
}
/// A vector kernel popping `n` tiles of type Tl (each freed when `free`) on a C2V pipe.
template <class Tl, std::uint32_t Bytes = kTileBytes, std::uint32_t Slots = 2>
KernelFn vecPops(int n, bool free = true) {
  return [=](std::int64_t *) {
    C2V<Bytes, Slots> in(nullptr, kBuf, kBuf);
    Tl v;
    TASSIGN(v, 0);
    for (int i = 0; i < n; ++i) {
      pop(in, v);
      if (free)
        freeSlot(in);
    }
  };
}

TEST_P(SimPipes, PayloadLargerThanASlotFails) {
  expectTaskError(mode(), cubePushes<512>(1), vecPops<VecT<16, 16>, 512>(0), nullptr,
                  {"kernel 'cube' (AIC): pl::sim 'TPUSH': ",
                   "the valid region fp32[16, 16] of fp32[16, 16] in Acc pushed to pipe AIC->AIV0 "
                   "reaches byte 1024 of the slot, past its 512 bytes (TPipe's SlotSize)"});
  // The consumer's tile must fit a slot of the consumer buffer too.
  expectTaskError(mode(), cubePushes<512>(0), vecPops<VecT<16, 16>, 512>(1), nullptr,
                  {"kernel 'vec0' (AIV0): pl::sim 'TPOP': ",
                   "takes 1024 bytes, more than a consumer-buffer slot of 512 (TPipe's SlotSize)"});
}

TEST_P(SimPipes, PoppedShapeDtypeOrSplitDifferentFromPushedFails) {
  expectTaskError(mode(), cubePushes(1), vecPops<VecT<8, 16>>(1), nullptr,
                  {"kernel 'vec0' (AIV0): pl::sim 'TPOP': ",
                   "pipe AIC->AIV0 delivers fp32[16, 16] (from fp32[16, 16] in Acc), but "
                   "fp32[8, 16] in Vec has the valid shape [8, 16] (pto-isa's TPOP reads the "
                   "tile's valid region)"});
  expectTaskError(mode(), cubePushes(1), vecPops<VecT<16, 16, std::int32_t>>(1), nullptr,
                  {"pipe AIC->AIV0 delivers fp32 (pushed from fp32[16, 16] in Acc), but the tile "
                   "holds int32"});
  expectTaskError(mode(), cubePushes<kTileBytes, 2, TILE_UP_DOWN>(1), vecPops<VecT<8, 16>>(1),
                  vecPops<VecT<8, 16>>(0),
                  {"pipe AIC->AIV0: the tile was pushed with TILE_UP_DOWN (fp32[16, 16] in Acc), "
                   "popped with TILE_NO_SPLIT"});
}

TEST_P(SimPipes, EndsThatDisagreeFail) {
  expectTaskError(mode(), cubePushes<kTileBytes, 2>(0), vecPops<VecT<16, 16>, 512, 2>(0), nullptr,
                  {"the ends of pipe C2V disagree: AIC declares 2 slot(s) of 1024 bytes, AIV0 "
                   "declares 2 slot(s) of 512 bytes"});
  expectTaskError(mode(), cubePushes<kTileBytes, 2>(0), vecPops<VecT<16, 16>, kTileBytes, 1>(0),
                  nullptr,
                  {"AIC declares 2 slot(s) of 1024 bytes, AIV0 declares 1 slot(s) of 1024 bytes"});
  auto twice = [](std::int64_t *) {
    C2V<kTileBytes, 2> a(nullptr, kBuf, kBuf);
    C2V<kTileBytes, 1> b(nullptr, kBuf, kBuf);
  };
  expectTaskError(mode(), twice, vecPops<VecT<16, 16>>(0), nullptr,
                  {"kernel 'cube' (AIC): pl::sim 'TPipe': pipe C2V declared twice: first 2 "
                   "slot(s) of 1024 bytes, then 1 slot(s) of 1024 bytes"});
}

TEST_P(SimPipes, SplitWithOneLaneFails) {
  expectTaskError(mode(), cubePushes<kTileBytes, 2, TILE_LEFT_RIGHT>(1), vecPops<VecT<16, 8>>(0),
                  nullptr,
                  {"kernel 'cube' (AIC): pl::sim 'TPUSH': ",
                   "a left-right split halves the tile between two AIV lanes, but the task has 1 "
                   "AIV lane(s)"});
}

TEST_P(SimPipes, PipeOperationsOutsideAMixedTaskFail) {
  const std::string outside = "a cross-core pipe operation outside a mixed task";
  // On the calling thread, no task at all.
  expectSimError([] { C2V<> p(nullptr, kBuf, kBuf); }, "pl::sim 'TPipe': " + outside);
  // An AIV task, and a mixed task with no AIV kernel.
  KernelTable table{{0, cubePushes(1), "cube"}};
  Runtime rt(table, opts(mode()));
  RuntimeBinding bind(rt);
  rt_submit_aiv_task(0, CoreTaskArgs{});
  expectSimError([&] { rt.wait_all(); }, "task 0 ('cube') failed: pl::sim 'TPipe': " + outside);
  rt_submit_task(MixedKernels{0, INVALID_KERNEL_ID, INVALID_KERNEL_ID}, CoreTaskArgs{});
  expectSimError([&] { rt.wait_all(); }, "failed: pl::sim 'TPipe': " + outside);
}

// A pipe object kept past its kernel run and used by another task's kernel.
TEST_P(SimPipes, PipeUsedOutsideItsKernelRunFails) {
  std::optional<C2V<>> kept;
  auto cube = [&](std::int64_t *) {
    if (!kept) {
      kept.emplace(nullptr, kBuf, kBuf);
      return;
    }
    AccT<16, 16> acc;
    TASSIGN(acc, 0);
    push(*kept, acc);
  };
  auto vec = vecPops<VecT<16, 16>>(0);
  ASSERT_EQ(runMixed(mode(), cube, vec, nullptr), "");
  expectTaskError(mode(), cube, vec, nullptr,
                  {"pl::sim 'TPUSH': a pipe is used outside the kernel run that set it up"});
  expectSimError([&] { TFREE(*kept); }, "a cross-core pipe operation outside a mixed task");
}

TEST_P(SimPipes, WrongDirectionFails) {
  auto vecPushesC2V = [](std::int64_t *) {
    C2V<> p(nullptr, kBuf, kBuf);
    VecT<16, 16> v;
    TASSIGN(v, 0);
    push(p, v);
  };
  expectTaskError(mode(), cubePushes(0), vecPushesC2V, nullptr,
                  {"kernel 'vec0' (AIV0): pl::sim 'TPUSH': a push to a pipe flowing into the AIV "
                   "lanes: a kernel pushes only to the pipes leaving it"});
  auto cubePopsC2V = [](std::int64_t *) {
    C2V<> p(nullptr, kBuf, kBuf);
    MatNZ m;
    TASSIGN(m, 0);
    pop(p, m);
  };
  expectTaskError(
      mode(), cubePopsC2V, vecPops<VecT<16, 16>>(0), nullptr,
      {"kernel 'cube' (AIC): pl::sim 'TPOP': a pop from a pipe flowing out of the AIC"});
  auto cubeFreesC2V = [](std::int64_t *) {
    C2V<> p(nullptr, kBuf, kBuf);
    freeSlot(p);
  };
  expectTaskError(mode(), cubeFreesC2V, vecPops<VecT<16, 16>>(0), nullptr,
                  {"kernel 'cube' (AIC): pl::sim 'TFREE': a free of a slot of a pipe flowing out "
                   "of the AIC: slots are freed by the kernel that pops them"});
}

TEST_P(SimPipes, FreeWithoutPopFails) {
  auto vec = [](std::int64_t *) {
    C2V<> p(nullptr, kBuf, kBuf);
    freeSlot(p);
  };
  expectTaskError(mode(), cubePushes(0), vec, nullptr,
                  {"kernel 'vec0' (AIV0): pl::sim 'TFREE': pipe AIC->AIV0 has no popped slot to "
                   "free"});
}

TEST_P(SimPipes, UnsplitPopFromTwoLanesFails) {
  auto cube = [](std::int64_t *) {
    V2C<> p(nullptr, kBuf, kBuf);
    MatNZ m;
    TASSIGN(m, 0);
    pop(p, m);
  };
  auto vec = [](std::int64_t *) { V2C<> p(nullptr, kBuf, kBuf); };
  expectTaskError(mode(), cube, vec, vec,
                  {"kernel 'cube' (AIC): pl::sim 'TPOP': ",
                   "a pipe without a split from both AIV lanes cannot be popped by the AIC"});
}

TEST_P(SimPipes, SplitOfAnOddExtentFails) {
  auto cube = [](std::int64_t *) {
    C2V<> p(nullptr, kBuf, kBuf);
    AccT<15, 16> acc;
    TASSIGN(acc, 0);
    push<TILE_UP_DOWN>(p, acc);
  };
  auto vec = [](std::int64_t *) { C2V<> p(nullptr, kBuf, kBuf); };
  expectTaskError(mode(), cube, vec, vec,
                  {"an up-down split halves the rows, but fp32[15, 16] in Acc has 15 valid ones "
                   "(an odd count)"});
}

TEST_P(SimPipes, HalvesThatDoNotJoinFail) {
  auto cube = [](std::int64_t *) {
    V2C<> p(nullptr, kBuf, kBuf);
    MatNZ m;
    TASSIGN(m, 0);
    pop<TILE_UP_DOWN>(p, m);
    freeSlot<TILE_UP_DOWN>(p);
  };
  auto vec = [](std::int64_t *) {
    V2C<> p(nullptr, kBuf, kBuf);
    VecT<8, 16> h;
    TASSIGN(h, 0);
    h.SetValidShape(3 + 2 * pl::sim::get_subblock_idx(), 16);
    push<TILE_UP_DOWN>(p, h);
  };
  expectTaskError(mode(), cube, vec, vec,
                  {"pipe AIV0->AIC: the lanes' parts [3, 16] (AIV0) and [5, 16] (AIV1) differ; "
                   "pto-isa joins equal halves only"});
}

// pto-isa's TPOP reads the tile's valid region: a static valid shape other than the pushed one
// would read bytes nobody wrote.
TEST_P(SimPipes, PopIntoAValidShapeThatDiffersFails) {
  auto cube = [](std::int64_t *) {
    C2V<kTileBytes, 1> out(nullptr, kBuf, kBuf);
    AccT<16, 16> acc;
    TASSIGN(acc, 0);
    acc.SetValidShape(10, 16);
    push(out, acc);
  };
  expectTaskError(mode(), cube,
                  vecPops<pto::Tile<pto::TileType::Vec, float, 16, 16>, kTileBytes, 1>(1), nullptr,
                  {"pipe AIC->AIV0 delivers fp32[10, 16] (from fp32[16, 16] in Acc), but "
                   "fp32[16, 16] in Vec has the valid shape [16, 16]"});
}

TEST_P(SimPipes, KernelReturningWithAHeldSlotFails) {
  expectTaskError(mode(), cubePushes(1), vecPops<VecT<16, 16>>(1, false), nullptr,
                  {"kernel 'vec0' (AIV0) returns holding 1 slot(s) of pipe AIC->AIV0 (popped and "
                   "never released by TFREE)"});
}

TEST_P(SimPipes, TilesNeverPoppedFail) {
  expectTaskError(mode(), cubePushes(2), vecPops<VecT<16, 16>>(0), nullptr,
                  {"task 0 (mixed 'cube') failed: pipe AIC->AIV0 still holds 2 tile(s) pushed and "
                   "never popped when the task ends"});
}

// The AIC pops from AIV0 first while AIV0 pops from the AIC first: both wait forever.
TEST_P(SimPipes, CrossedPopsDeadlock) {
  for (int rep = 0; rep < reps(); ++rep) {
    auto cube = [](std::int64_t *) {
      C2V<> out(nullptr, kBuf, kBuf);
      V2C<> in(nullptr, kBuf, kBuf);
      MatNZ m;
      AccT<16, 16> acc;
      TASSIGN(m, 0);
      TASSIGN(acc, 0);
      pop(in, m);
      freeSlot(in);
      push(out, acc);
    };
    auto vec = [](std::int64_t *) {
      C2V<> in(nullptr, kBuf, kBuf);
      V2C<> out(nullptr, kBuf, kBuf);
      VecT<16, 16> v;
      TASSIGN(v, 0);
      pop(in, v);
      freeSlot(in);
      push(out, v);
    };
    expectTaskError(mode(), cube, vec, nullptr,
                    {"task 0 (mixed 'cube') failed: deadlock: every kernel still running is "
                     "blocked and none can proceed: kernel 'cube' (AIC) waits to pop from pipe "
                     "AIV0->AIC (empty); kernel 'vec0' (AIV0) waits to pop from pipe AIC->AIV0 "
                     "(empty)"});
  }
}

// AIV0 keeps two popped slots and wants a third; the AIC waits for a free slot to push it.
TEST_P(SimPipes, FullRingDeadlockNamesTheHeldSlots) {
  expectTaskError(mode(), cubePushes<kTileBytes, 2>(3), vecPops<VecT<16, 16>>(3, false), nullptr,
                  {"deadlock: every kernel still running is blocked and none can proceed: kernel "
                   "'cube' (AIC) waits to push to pipe AIC->AIV0 (2 of 2 slots held: 0 filled, 2 "
                   "popped and not freed); kernel 'vec0' (AIV0) waits to pop from pipe AIC->AIV0 "
                   "(empty)"});
}

// AIV1 waits for a tile the AIC never sends (the AIC returns), while AIV0 finishes.
TEST_P(SimPipes, WaitOnAReturnedPeerDeadlocks) {
  auto cube = [](std::int64_t *) { C2V<> out(nullptr, kBuf, kBuf); };
  expectTaskError(mode(), cube, vecPops<VecT<16, 16>>(0), vecPops<VecT<16, 16>>(1),
                  {"deadlock: kernel 'vec1' (AIV1) waits to pop from pipe AIC->AIV1 (empty), and "
                   "the kernel at its other end, 'cube' (AIC), has returned"});
}

// A kernel that fails releases the others, whatever they wait for.
TEST_P(SimPipes, FailureReleasesTheOtherKernels) {
  auto cube = [](std::int64_t *) {
    C2V<kTileBytes, 1> out(nullptr, kBuf, kBuf);
    throw SimError("boom");
  };
  expectTaskError(mode(), cube, vecPops<VecT<16, 16>, kTileBytes, 1>(1),
                  vecPops<VecT<16, 16>, kTileBytes, 1>(1), {"kernel 'cube' (AIC): boom"});
  // The AIC waits for both halves, AIV0 sends its half and waits for a tile, AIV1 fails.
  auto cubeJoins = [](std::int64_t *) {
    V2C<kTileBytes, 1> in(nullptr, kBuf, kBuf);
    MatNZ m;
    TASSIGN(m, 0);
    pop<TILE_UP_DOWN>(in, m);
  };
  auto vec = [](std::int64_t *) {
    V2C<kTileBytes, 1> out(nullptr, kBuf, kBuf);
    C2V<kTileBytes, 1> in(nullptr, kBuf, kBuf);
    if (pl::sim::get_subblock_idx() == 1)
      throw SimError("lane boom");
    VecT<8, 16> h;
    TASSIGN(h, 0);
    push<TILE_UP_DOWN>(out, h);
    pushThenPop();
    pop<TILE_UP_DOWN>(in, h);
  };
  expectTaskError(mode(), cubeJoins, vec, vec, {"kernel 'vec1' (AIV1): lane boom"});
}

TEST_P(SimPipes, GmRingErrors) {
  // A buffer smaller than slot_num · slot_size.
  auto cubeGm = [](std::int64_t *args) { C2V<> out(gmArg(args), kBuf, kBuf); };
  auto vecGm = [](std::int64_t *args) { C2V<> in(gmArg(args), kBuf, kBuf); };
  CoreTaskArgs small;
  const ChipTensor smallGm = gmBuffer(1024);
  small.add_inout(smallGm);
  expectTaskError(mode(), cubeGm, vecGm, nullptr,
                  {"the GM ring of a pipe must hold slot_num * slot_size = 2048 bytes inside one "
                   "live allocation"},
                  small);
  // The two ends on different buffers.
  ChipTensor other = gmBuffer(2 * kTileBytes);
  auto vecOther = [&](std::int64_t *) { C2V<> in(other.data(), kBuf, kBuf); };
  CoreTaskArgs p;
  const ChipTensor gm = gmBuffer(4 * kTileBytes);
  p.add_inout(gm);
  expectTaskError(mode(), cubeGm, vecOther, nullptr,
                  {"the ends of pipe C2V disagree", ", GM ring at "}, p);
  // The two directions' rings overlapping: V2C starts inside the C2V ring.
  auto cubeBoth = [](std::int64_t *args) {
    C2V<> out(gmArg(args), kBuf, kBuf);
    V2C<> in(gmArg(args, kTileBytes), kBuf, kBuf);
  };
  auto vecNone = [](std::int64_t *) {};
  expectTaskError(mode(), cubeBoth, vecNone, vecNone,
                  {"the GM ring of pipe V2C (block 0) shares GM bytes with the GM ring of pipe C2V "
                   "(block 0)"},
                  p);
  // Two blocks of one launch on the same ring.
  KernelTable table{{0, cubeGm, "cube"}, {1, vecGm, "vec"}};
  Runtime rt(table, opts(mode()));
  RuntimeBinding bind(rt);
  CoreTaskArgs q;
  const ChipTensor gmBlocks = gmBuffer(4 * kTileBytes);
  q.add_inout(gmBlocks);
  q.launch_spec.set_block_num(2);
  rt_submit_task(MixedKernels{0, 1, INVALID_KERNEL_ID}, q);
  expectSimError([&] { rt.wait_all(); }, "shares GM bytes with the GM ring of pipe C2V (block ");
}

} // namespace
