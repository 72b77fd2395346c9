// tests/sim/test_pipes.cpp — clusters and cross-core pipes: mixed tasks run their AIC and AIV
// kernels at once; TPipe / TPUSH / TPOP / TFREE round trips, splits, the GM ring, and every error
// (deadlocks included), in every executor mode. Deterministic: no test depends on timing.
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
using pto::PipeDir;
using pto::PipeSplit;

namespace {

template <int R, int C>
using AccT = pto::Tile<pto::TileType::Acc, float, R, C, pto::BLayout::ColMajor, -1, -1,
                       pto::SLayout::RowMajor, 1024>;
template <int R, int C, class T = float>
using VecT = pto::Tile<pto::TileType::Vec, T, R, C, pto::BLayout::RowMajor, -1, -1>;
/// A Mat tile in the NZ layout (column-major boxes of row-major fractals).
using MatNZ = pto::Tile<pto::TileType::Mat, float, 16, 16, pto::BLayout::ColMajor, -1, -1,
                        pto::SLayout::RowMajor, 512>;
using C2V = pto::TPipe<PipeDir::C2V, PipeSplit::None>;
using V2C = pto::TPipe<PipeDir::V2C, PipeSplit::None>;
constexpr std::uint32_t kTileBytes = 16 * 16 * 4;

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
/// `s` holds rows [r0, r0 + rows) x cols [c0, c0 + cols) of test tile i plus `add`.
void expectWindow(const Seen &s, int i, std::int64_t r0, std::int64_t c0, float add = 0) {
  for (std::int64_t r = 0; r < s.rows; ++r)
    for (std::int64_t c = 0; c < s.cols; ++c)
      ASSERT_EQ(s.at(r, c), val(i, r0 + r, c0 + c) + add)
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

// Five Acc tiles stream to AIV0 through 1 and 2 slots (the AIC waits for freed slots); each
// arrives whole, in order, with its valid shape, in a Vec tile.
TEST_P(SimPipes, CubeToVectorStreamWaitsForFreeSlots) {
  for (std::uint32_t slots : {1u, 2u})
    for (int rep = 0; rep < reps(); ++rep) {
      std::vector<Seen> got;
      auto cube = [&](std::int64_t *) {
        C2V pipe(kTileBytes, slots);
        AccT<16, 16> acc;
        TASSIGN(acc, 0);
        for (int i = 0; i < 5; ++i) {
          fill(acc, i, 16 - i, 16 - 2 * i);
          TPUSH(pipe, acc);
        }
      };
      auto vec = [&](std::int64_t *) {
        C2V pipe(kTileBytes, slots);
        VecT<16, 16> v;
        TASSIGN(v, 0);
        for (int i = 0; i < 5; ++i) {
          TPOP(v, pipe);
          got.push_back(snap(v));
          TFREE(pipe);
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
}

// Five Vec tiles stream from AIV1 (the only lane) to the AIC, popped into an NZ Mat tile.
TEST_P(SimPipes, VectorToCubeStreamIntoNzMat) {
  for (std::uint32_t slots : {1u, 2u})
    for (int rep = 0; rep < reps(); ++rep) {
      std::vector<Seen> got;
      auto cube = [&](std::int64_t *) {
        V2C pipe(kTileBytes, slots);
        MatNZ m;
        TASSIGN(m, 0);
        for (int i = 0; i < 5; ++i) {
          TPOP(m, pipe);
          got.push_back(snap(m));
          TFREE(pipe);
        }
      };
      auto vec = [&](std::int64_t *) {
        V2C pipe(kTileBytes, slots);
        VecT<16, 16> v;
        TASSIGN(v, 0);
        for (int i = 0; i < 5; ++i) {
          fill(v, i, 3 + i, 16);
          TPUSH(pipe, v);
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
}

// A round trip per tile: the AIC sends tile i, AIV0 adds 1 to every element and sends it back,
// the AIC receives it. With the consumer rings declared (reserve_buffer / import_peer_buffer).
TEST_P(SimPipes, RoundTripThroughBothPipes) {
  for (std::uint32_t slots : {1u, 2u})
    for (int rep = 0; rep < reps(); ++rep) {
      std::vector<Seen> got;
      auto cube = [&](std::int64_t *) {
        pto::reserve_buffer("c2v_ring", slots * kTileBytes, 0);
        pto::import_peer_buffer("v2c_ring");
        C2V out(kTileBytes, slots);
        V2C in(kTileBytes, slots);
        AccT<16, 16> acc;
        MatNZ m;
        TASSIGN(acc, 0);
        TASSIGN(m, 0);
        for (int i = 0; i < 4; ++i) {
          fill(acc, i, 16, 16);
          TPUSH(out, acc);
          TPOP(m, in);
          got.push_back(snap(m));
          TFREE(in);
        }
      };
      auto vec = [&](std::int64_t *) {
        pto::reserve_buffer("v2c_ring", slots * kTileBytes, -1);
        pto::import_peer_buffer("c2v_ring");
        C2V in(kTileBytes, slots);
        V2C out(kTileBytes, slots);
        VecT<16, 16> a, b;
        TASSIGN(a, 0);
        TASSIGN(b, kTileBytes);
        for (int i = 0; i < 4; ++i) {
          TPOP(a, in);
          for (std::int64_t r = 0; r < 16; ++r)
            for (std::int64_t c = 0; c < 16; ++c)
              b.set(r, c, a.get(r, c) + 1);
          TFREE(in);
          TPUSH(out, b);
        }
      };
      ASSERT_EQ(runMixed(mode(), cube, vec, nullptr), "");
      ASSERT_EQ(got.size(), 4u);
      for (int i = 0; i < 4; ++i)
        expectWindow(got[i], i, 0, 0, 1.0f);
    }
}

/// A split round trip: the AIC pushes a [16, 16] Acc tile (values of `seed`, valid [11, 13]),
/// each lane pops its [HR, HC] half and sends it back, and the AIC's pop joins the halves into
/// an NZ Mat tile. Returns the lanes' and the joined tile's views.
template <PipeSplit S, int HR, int HC>
std::string splitRoundTrip(ExecMode mode, int seed, std::uint32_t slots, Seen (&lane)[2],
                           Seen &joined) {
  auto cube = [&](std::int64_t *) {
    pto::TPipe<PipeDir::C2V, S> out(kTileBytes / 2, slots);
    pto::TPipe<PipeDir::V2C, S> in(kTileBytes / 2, slots);
    AccT<16, 16> acc;
    MatNZ m;
    TASSIGN(acc, 0);
    TASSIGN(m, 0);
    fill(acc, seed, 11, 13);
    TPUSH(out, acc);
    TPOP(m, in);
    joined = snap(m);
    TFREE(in);
  };
  auto vec = [&](std::int64_t *) {
    pto::TPipe<PipeDir::C2V, S> in(kTileBytes / 2, slots);
    pto::TPipe<PipeDir::V2C, S> out(kTileBytes / 2, slots);
    VecT<HR, HC> h;
    TASSIGN(h, 0);
    TPOP(h, in);
    lane[pl::sim::get_subblock_idx()] = snap(h);
    TFREE(in);
    popThenPush();
    TPUSH(out, h);
  };
  return runMixed(mode, cube, vec, vec);
}

// Up-down split: lane k gets rows [8k, 8k + 8) of a [16, 16] tile with valid [11, 13] (lane 0
// valid [8, 13], lane 1 [3, 13]); the lanes send their halves back and the AIC's pop joins them
// into valid [11, 13] again.
TEST_P(SimPipes, UpDownSplitHalvesRowsAndJoinsThem) {
  for (int rep = 0; rep < reps(); ++rep) {
    Seen lane[2], joined;
    ASSERT_EQ((splitRoundTrip<PipeSplit::UpDown, 8, 16>(mode(), 3, 2, lane, joined)), "");
    EXPECT_EQ(std::tie(lane[0].vr, lane[0].vc), std::make_tuple(8, 13));
    EXPECT_EQ(std::tie(lane[1].vr, lane[1].vc), std::make_tuple(3, 13));
    expectWindow(lane[0], 3, 0, 0);
    expectWindow(lane[1], 3, 8, 0);
    EXPECT_EQ(std::tie(joined.vr, joined.vc), std::make_tuple(11, 13));
    expectWindow(joined, 3, 0, 0);
  }
}

// Left-right split: lane k gets columns [8k, 8k + 8) (valid [11, 8] and [11, 5]), and back.
TEST_P(SimPipes, LeftRightSplitHalvesColumnsAndJoinsThem) {
  for (int rep = 0; rep < reps(); ++rep) {
    Seen lane[2], joined;
    ASSERT_EQ((splitRoundTrip<PipeSplit::LeftRight, 16, 8>(mode(), 4, 1, lane, joined)), "");
    EXPECT_EQ(std::tie(lane[0].vr, lane[0].vc), std::make_tuple(11, 8));
    EXPECT_EQ(std::tie(lane[1].vr, lane[1].vc), std::make_tuple(11, 5));
    expectWindow(lane[0], 4, 0, 0);
    expectWindow(lane[1], 4, 0, 8);
    EXPECT_EQ(std::tie(joined.vr, joined.vc), std::make_tuple(11, 13));
    expectWindow(joined, 4, 0, 0);
  }
}

// Without a split the AIC's push goes to every lane, whole.
TEST_P(SimPipes, UnsplitPushReachesEveryLane) {
  Seen lane[2];
  auto cube = [&](std::int64_t *) {
    C2V out(kTileBytes, 1);
    AccT<16, 16> acc;
    TASSIGN(acc, 0);
    fill(acc, 5, 9, 16);
    TPUSH(out, acc);
  };
  auto vec = [&](std::int64_t *) {
    C2V in(kTileBytes, 1);
    VecT<16, 16> v;
    TASSIGN(v, 0);
    TPOP(v, in);
    lane[pl::sim::get_subblock_idx()] = snap(v);
    TFREE(in);
  };
  ASSERT_EQ(runMixed(mode(), cube, vec, vec), "");
  for (const Seen &s : lane) {
    EXPECT_EQ(std::tie(s.vr, s.vc), std::make_tuple(9, 16));
    expectWindow(s, 5, 0, 0);
  }
}

/// The GM pipe buffer of the a2a3 constructor: 4 · slots · slot bytes, as floats.
ChipTensor gmBuffer(std::uint32_t slotBytes, std::uint32_t slots) {
  return ChipTensor::allocate(DataType::FLOAT32, {4 * slotBytes * slots / 4});
}
void *gmArg(std::int64_t *args) { return tensorArg(args, 0).data(); }

// The third constructor stages every payload through the GM buffer: channel (d, k) at byte
// (2d + k) · slots · slot bytes. After three up-down tiles (slots 0, 1, 0) and their halves
// sent back (+1), each channel's slots hold the last payloads, row-major.
TEST_P(SimPipes, GmRingStagesPayloadsInTheBuffer) {
  constexpr std::uint32_t kSlot = kTileBytes / 2, kSlots = 2;
  for (int rep = 0; rep < reps(); ++rep) {
    std::vector<Seen> got;
    ChipTensor gm = gmBuffer(kSlot, kSlots);
    auto cube = [&](std::int64_t *args) {
      pto::TPipe<PipeDir::C2V, PipeSplit::UpDown> out(kSlot, kSlots, gmArg(args));
      pto::TPipe<PipeDir::V2C, PipeSplit::UpDown> in(kSlot, kSlots, gmArg(args));
      AccT<16, 16> acc;
      MatNZ m;
      TASSIGN(acc, 0);
      TASSIGN(m, 0);
      for (int i = 0; i < 3; ++i) {
        fill(acc, i, 16, 16);
        TPUSH(out, acc);
        TPOP(m, in);
        got.push_back(snap(m));
        TFREE(in);
      }
    };
    auto vec = [&](std::int64_t *args) {
      pto::TPipe<PipeDir::C2V, PipeSplit::UpDown> in(kSlot, kSlots, gmArg(args));
      pto::TPipe<PipeDir::V2C, PipeSplit::UpDown> out(kSlot, kSlots, gmArg(args));
      VecT<8, 16> h;
      TASSIGN(h, 0);
      for (int i = 0; i < 3; ++i) {
        TPOP(h, in);
        TFREE(in);
        for (std::int64_t r = 0; r < 8; ++r)
          for (std::int64_t c = 0; c < 16; ++c)
            h.set(r, c, h.get(r, c) + 1);
        popThenPush();
        TPUSH(out, h);
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
    const std::size_t slotFloats = kSlot / 4, ringFloats = kSlots * slotFloats;
    for (int d = 0; d < 2; ++d)
      for (int k = 0; k < 2; ++k)
        for (int slot = 0; slot < 2; ++slot) {
          const int tile = slot == 0 ? 2 : 1; // tiles 0, 1, 2 went to slots 0, 1, 0
          const float *s = f + static_cast<std::size_t>(2 * d + k) * ringFloats + slot * slotFloats;
          for (std::int64_t r = 0; r < 8; ++r)
            for (std::int64_t c = 0; c < 16; ++c)
              ASSERT_EQ(s[r * 16 + c],
                        val(tile, std::int64_t{8} * k + r, c) + static_cast<float>(d))
                  << "channel (" << d << ", " << k << ") slot " << slot;
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
    pto::TPipe<PipeDir::V2C, PipeSplit::UpDown> in(kTileBytes / 2, 1);
    pto::TPipe<PipeDir::C2V, PipeSplit::UpDown> out(kTileBytes / 2, 1);
    MatNZ m;
    TASSIGN(m, 0);
    TPOP(m, in); // both lanes have written their Vec tile
    TFREE(in);
    popThenPush();
    TPUSH(out, m);
  };
  auto vec = [&](std::int64_t *args) {
    const int lane = get_sub_block_id(args);
    note(1 + lane, args);
    pto::TPipe<PipeDir::V2C, PipeSplit::UpDown> out(kTileBytes / 2, 1);
    pto::TPipe<PipeDir::C2V, PipeSplit::UpDown> in(kTileBytes / 2, 1);
    VecT<8, 16> mine, h;
    TASSIGN(mine, 0);
    TASSIGN(h, 4096);
    mine.set(0, 0, 10.0 + lane);
    TPUSH(out, mine);
    TPOP(h, in); // the other lane has written its tile too
    TFREE(in);
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
    C2V out(kTileBytes, 1);
    AccT<16, 16> acc;
    TASSIGN(acc, 0);
    fill(acc, 0, 16, 16);
    TPUSH(out, acc);
  };
  auto vecFlagged = [&](std::int64_t *) {
    C2V in(kTileBytes, 1);
    VecT<16, 16> v;
    TASSIGN(v, 0);
    TPOP(v, in);
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    TADDS(v, v, 1.0f);
    TFREE(in);
  };
  EXPECT_EQ(runMixed(mode(), cube, vecFlagged, nullptr), "");
  auto vecUnflagged = [&](std::int64_t *) {
    C2V in(kTileBytes, 1);
    VecT<16, 16> v;
    TASSIGN(v, 0);
    TPOP(v, in);
    TFREE(in);
    TADDS(v, v, 1.0f);
  };
  expectTaskError(mode(), cube, vecUnflagged, nullptr,
                  {"kernel 'vec0' (AIV0): ", "TADDS on PIPE_V reads Vec bytes",
                   "that TPOP on PIPE_MTE2 writes"});
  auto vecPushUnflagged = [&](std::int64_t *) {
    V2C out(kTileBytes, 1);
    VecT<16, 16> v;
    TASSIGN(v, 0);
    TEXPANDS(v, 2.0f);
    TPUSH(out, v);
  };
  auto cubePop = [&](std::int64_t *) {
    V2C in(kTileBytes, 1);
    MatNZ m;
    TASSIGN(m, 0);
    TPOP(m, in);
    TFREE(in);
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

/// A cube kernel pushing `n` [16, 16] Acc tiles on a C2V pipe of `slots` slots of `bytes`.
KernelFn cubePushes(int n, std::uint32_t bytes = kTileBytes, std::uint32_t slots = 2) {
  return [=](std::int64_t *) {
    C2V out(bytes, slots);
    AccT<16, 16> acc;
    TASSIGN(acc, 0);
    for (int i = 0; i < n; ++i) {
      fill(acc, i, 16, 16);
      TPUSH(out, acc);
    }
  };
}
/// A vector kernel popping `n` tiles of type Tl (each freed when `free`) on a C2V pipe.
template <class Tl>
KernelFn vecPops(int n, bool free = true, std::uint32_t bytes = kTileBytes,
                 std::uint32_t slots = 2) {
  return [=](std::int64_t *) {
    C2V in(bytes, slots);
    Tl v;
    TASSIGN(v, 0);
    for (int i = 0; i < n; ++i) {
      TPOP(v, in);
      if (free)
        TFREE(in);
    }
  };
}

TEST_P(SimPipes, PayloadLargerThanASlotFails) {
  expectTaskError(mode(), cubePushes(1, 512), vecPops<VecT<16, 16>>(1, true, 512), nullptr,
                  {"kernel 'cube' (AIC): pl::sim 'TPUSH': ",
                   "the payload fp32[16, 16] of fp32[16, 16] in Acc is 1024 bytes, more than the "
                   "512-byte slot of pipe AIC->AIV0"});
}

TEST_P(SimPipes, PoppedShapeOrDtypeDifferentFromPushedFails) {
  expectTaskError(mode(), cubePushes(1), vecPops<VecT<8, 16>>(1), nullptr,
                  {"kernel 'vec0' (AIV0): pl::sim 'TPOP': ",
                   "pipe AIC->AIV0 delivers fp32[16, 16] (pushed from fp32[16, 16] in Acc), but "
                   "the tile expects fp32[8, 16]"});
  expectTaskError(mode(), cubePushes(1), vecPops<VecT<16, 16, std::int32_t>>(1), nullptr,
                  {"pipe AIC->AIV0 delivers fp32[16, 16]", "but the tile expects int32[16, 16]"});
}

TEST_P(SimPipes, EndsThatDisagreeFail) {
  expectTaskError(mode(), cubePushes(0, kTileBytes, 2), vecPops<VecT<16, 16>>(0, true, 512, 2),
                  nullptr,
                  {"the two ends of pipe AIC->AIV0 disagree: the AIC declares 2 slot(s) of 1024 "
                   "bytes, split none, AIV0 declares 2 slot(s) of 512 bytes, split none"});
  expectTaskError(mode(), cubePushes(0, kTileBytes, 2),
                  vecPops<VecT<16, 16>>(0, true, kTileBytes, 1), nullptr,
                  {"the AIC declares 2 slot(s) of 1024 bytes, split none, AIV0 declares 1 slot(s) "
                   "of 1024 bytes, split none"});
  auto cubeSplit = [](std::int64_t *) {
    pto::TPipe<PipeDir::C2V, PipeSplit::UpDown> out(kTileBytes, 2);
  };
  expectTaskError(mode(), cubeSplit, vecPops<VecT<16, 16>>(0), vecPops<VecT<16, 16>>(0),
                  {"split up-down, AIV", "declares 2 slot(s) of 1024 bytes, split none"});
  auto twice = [](std::int64_t *) {
    C2V a(kTileBytes, 2);
    C2V b(kTileBytes, 1);
  };
  expectTaskError(mode(), twice, vecPops<VecT<16, 16>>(0), nullptr,
                  {"kernel 'cube' (AIC): pl::sim 'TPipe': pipe AIC->AIV0 declared twice: first 2 "
                   "slot(s) of 1024 bytes, split none, then 1 slot(s) of 1024 bytes, split none"});
  auto empty = [](std::int64_t *) { C2V a(kTileBytes, 0); };
  expectTaskError(
      mode(), empty, vecPops<VecT<16, 16>>(0), nullptr,
      {"a pipe needs at least one slot of at least one byte (got 0 slots of 1024 bytes)"});
}

TEST_P(SimPipes, SplitWithOneLaneFails) {
  auto cube = [](std::int64_t *) {
    pto::TPipe<PipeDir::C2V, PipeSplit::LeftRight> out(kTileBytes, 2);
  };
  expectTaskError(mode(), cube, vecPops<VecT<16, 16>>(0), nullptr,
                  {"kernel 'cube' (AIC): pl::sim 'TPipe': ",
                   "a left-right split halves the tile between two AIV lanes, but the task has "
                   "only AIV0"});
}

TEST_P(SimPipes, PipeOperationsOutsideAMixedTaskFail) {
  const std::string outside = "a cross-core pipe operation outside a mixed task";
  // On the calling thread, no task at all.
  expectSimError([] { C2V p(kTileBytes, 2); }, "pl::sim 'TPipe': " + outside);
  expectSimError([] { pto::reserve_buffer("r", 64, 0); }, "pl::sim 'reserve_buffer': " + outside);
  expectSimError([] { pto::import_peer_buffer("r"); }, "pl::sim 'import_peer_buffer': " + outside);
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
  std::optional<C2V> kept;
  auto cube = [&](std::int64_t *) {
    if (!kept) {
      kept.emplace(kTileBytes, 2);
      return;
    }
    AccT<16, 16> acc;
    TASSIGN(acc, 0);
    TPUSH(*kept, acc);
  };
  auto vec = vecPops<VecT<16, 16>>(0);
  ASSERT_EQ(runMixed(mode(), cube, vec, nullptr), "");
  expectTaskError(mode(), cube, vec, nullptr,
                  {"pl::sim 'TPUSH': a pipe is used outside the kernel run that set it up"});
  expectSimError([&] { TFREE(*kept); }, "a cross-core pipe operation outside a mixed task");
}

TEST_P(SimPipes, WrongDirectionFails) {
  auto vecPushesC2V = [](std::int64_t *) {
    C2V p(kTileBytes, 2);
    VecT<16, 16> v;
    TASSIGN(v, 0);
    TPUSH(p, v);
  };
  expectTaskError(mode(), cubePushes(0), vecPushesC2V, nullptr,
                  {"kernel 'vec0' (AIV0): pl::sim 'TPUSH': a push to a pipe flowing into the AIV "
                   "lanes: a kernel pushes only to the pipes leaving it"});
  auto cubePopsC2V = [](std::int64_t *) {
    C2V p(kTileBytes, 2);
    MatNZ m;
    TASSIGN(m, 0);
    TPOP(m, p);
  };
  expectTaskError(
      mode(), cubePopsC2V, vecPops<VecT<16, 16>>(0), nullptr,
      {"kernel 'cube' (AIC): pl::sim 'TPOP': a pop from a pipe flowing out of the AIC"});
  auto cubeFreesC2V = [](std::int64_t *) {
    C2V p(kTileBytes, 2);
    TFREE(p);
  };
  expectTaskError(mode(), cubeFreesC2V, vecPops<VecT<16, 16>>(0), nullptr,
                  {"kernel 'cube' (AIC): pl::sim 'TFREE': a free of a slot of a pipe flowing out "
                   "of the AIC: slots are freed by the kernel that pops them"});
}

TEST_P(SimPipes, FreeWithoutPopFails) {
  auto vec = [](std::int64_t *) {
    C2V p(kTileBytes, 2);
    TFREE(p);
  };
  expectTaskError(mode(), cubePushes(0), vec, nullptr,
                  {"kernel 'vec0' (AIV0): pl::sim 'TFREE': pipe AIC->AIV0 has no popped slot to "
                   "free"});
}

TEST_P(SimPipes, UnsplitPopFromTwoLanesFails) {
  auto cube = [](std::int64_t *) {
    V2C p(kTileBytes, 2);
    MatNZ m;
    TASSIGN(m, 0);
    TPOP(m, p);
  };
  auto vec = [](std::int64_t *) { V2C p(kTileBytes, 2); };
  expectTaskError(mode(), cube, vec, vec,
                  {"kernel 'cube' (AIC): pl::sim 'TPOP': ",
                   "a pipe without a split from both AIV lanes cannot be popped by the AIC"});
}

TEST_P(SimPipes, SplitOfAnOddExtentFails) {
  auto cube = [](std::int64_t *) {
    pto::TPipe<PipeDir::C2V, PipeSplit::UpDown> p(kTileBytes, 2);
    AccT<15, 16> acc;
    TASSIGN(acc, 0);
    TPUSH(p, acc);
  };
  auto vec = [](std::int64_t *) { pto::TPipe<PipeDir::C2V, PipeSplit::UpDown> p(kTileBytes, 2); };
  expectTaskError(mode(), cube, vec, vec,
                  {"an up-down split halves the rows, but the tile has 15 of them (an odd count)"});
}

TEST_P(SimPipes, HalvesThatDoNotJoinFail) {
  auto cube = [](std::int64_t *) {
    pto::TPipe<PipeDir::V2C, PipeSplit::UpDown> p(kTileBytes, 2);
    MatNZ m;
    TASSIGN(m, 0);
    TPOP(m, p);
    TFREE(p);
  };
  auto vec = [](std::int64_t *) {
    pto::TPipe<PipeDir::V2C, PipeSplit::UpDown> p(kTileBytes, 2);
    VecT<8, 16> h;
    TASSIGN(h, 0);
    h.SetValidShape(3 + 2 * pl::sim::get_subblock_idx(), 16);
    TPUSH(p, h);
  };
  expectTaskError(mode(), cube, vec, vec,
                  {"the up-down halves' valid shapes [3, 16] (AIV0) and [5, 16] (AIV1) do not join "
                   "into one valid region of fp32[16, 16] in Mat"});
}

TEST_P(SimPipes, PopIntoAStaticValidShapeThatDiffersFails) {
  auto cube = [](std::int64_t *) {
    C2V out(kTileBytes, 1);
    AccT<16, 16> acc;
    TASSIGN(acc, 0);
    acc.SetValidShape(10, 16);
    TPUSH(out, acc);
  };
  expectTaskError(
      mode(), cube, vecPops<pto::Tile<pto::TileType::Vec, float, 16, 16>>(1, true, kTileBytes, 1),
      nullptr,
      {"the payload's valid shape [10, 16] differs from the static valid shape [16, 16] of "
       "fp32[16, 16] in Vec (declare it dynamic: -1)"});
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
      C2V out(kTileBytes, 2);
      V2C in(kTileBytes, 2);
      MatNZ m;
      AccT<16, 16> acc;
      TASSIGN(m, 0);
      TASSIGN(acc, 0);
      TPOP(m, in);
      TFREE(in);
      TPUSH(out, acc);
    };
    auto vec = [](std::int64_t *) {
      C2V in(kTileBytes, 2);
      V2C out(kTileBytes, 2);
      VecT<16, 16> v;
      TASSIGN(v, 0);
      TPOP(v, in);
      TFREE(in);
      TPUSH(out, v);
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
  expectTaskError(mode(), cubePushes(3, kTileBytes, 2), vecPops<VecT<16, 16>>(3, false), nullptr,
                  {"deadlock: every kernel still running is blocked and none can proceed: kernel "
                   "'cube' (AIC) waits to push to pipe AIC->AIV0 (2 of 2 slots held: 0 filled, 2 "
                   "popped and not freed); kernel 'vec0' (AIV0) waits to pop from pipe AIC->AIV0 "
                   "(empty)"});
}

// AIV1 waits for a tile the AIC never sends (the AIC returns), while AIV0 finishes.
TEST_P(SimPipes, WaitOnAReturnedPeerDeadlocks) {
  auto cube = [](std::int64_t *) { C2V out(kTileBytes, 2); };
  expectTaskError(mode(), cube, vecPops<VecT<16, 16>>(0), vecPops<VecT<16, 16>>(1),
                  {"deadlock: kernel 'vec1' (AIV1) waits to pop from pipe AIC->AIV1 (empty), and "
                   "the kernel at its other end, 'cube' (AIC), has returned"});
}

// A kernel that fails releases the others, whatever they wait for.
TEST_P(SimPipes, FailureReleasesTheOtherKernels) {
  auto cube = [](std::int64_t *) {
    C2V out(kTileBytes, 1);
    throw SimError("boom");
  };
  expectTaskError(mode(), cube, vecPops<VecT<16, 16>>(1, true, kTileBytes, 1),
                  vecPops<VecT<16, 16>>(1, true, kTileBytes, 1), {"kernel 'cube' (AIC): boom"});
  // The AIC waits for both halves, AIV0 sends its half and waits for a tile, AIV1 fails.
  auto cubeJoins = [](std::int64_t *) {
    pto::TPipe<PipeDir::V2C, PipeSplit::UpDown> in(kTileBytes, 1);
    MatNZ m;
    TASSIGN(m, 0);
    TPOP(m, in);
  };
  auto vec = [](std::int64_t *) {
    pto::TPipe<PipeDir::V2C, PipeSplit::UpDown> out(kTileBytes, 1);
    C2V in(kTileBytes, 1);
    if (pl::sim::get_subblock_idx() == 1)
      throw SimError("lane boom");
    VecT<8, 16> h;
    TASSIGN(h, 0);
    TPUSH(out, h);
    pushThenPop();
    TPOP(h, in);
  };
  expectTaskError(mode(), cubeJoins, vec, vec, {"kernel 'vec1' (AIV1): lane boom"});
}

TEST_P(SimPipes, GmRingErrors) {
  // A null buffer, and one smaller than 4 · slots · slot bytes.
  auto cubeNull = [](std::int64_t *) { C2V out(kTileBytes, 2, nullptr); };
  expectTaskError(mode(), cubeNull, vecPops<VecT<16, 16>>(0), nullptr,
                  {"pl::sim 'TPipe': the GM pipe buffer pointer is null"});
  auto cubeGm = [](std::int64_t *args) { C2V out(kTileBytes, 2, gmArg(args)); };
  auto vecGm = [](std::int64_t *args) { C2V in(kTileBytes, 2, gmArg(args)); };
  CoreTaskArgs small;
  const ChipTensor smallGm = ChipTensor::allocate(DataType::FLOAT32, {1024});
  small.add_inout(smallGm);
  expectTaskError(mode(), cubeGm, vecGm, nullptr,
                  {"the GM pipe buffer must hold 4 * slot_num * slot_size = 8192 bytes inside one "
                   "live allocation"},
                  small);
  // The two ends on different buffers.
  ChipTensor other = gmBuffer(kTileBytes, 2);
  auto vecOther = [&](std::int64_t *) { C2V in(kTileBytes, 2, other.data()); };
  CoreTaskArgs p;
  const ChipTensor gm = gmBuffer(kTileBytes, 2);
  p.add_inout(gm);
  expectTaskError(mode(), cubeGm, vecOther, nullptr,
                  {"the two ends of pipe AIC->AIV0 disagree", ", GM ring at "}, p);
  // Two directions with different slot sizes on one buffer: V2C lane 0 lands on C2V lane 1.
  auto cubeBoth = [](std::int64_t *args) {
    C2V out(kTileBytes, 2, gmArg(args));
    V2C in(kTileBytes / 2, 2, gmArg(args));
  };
  auto vecNone = [](std::int64_t *) {};
  expectTaskError(mode(), cubeBoth, vecNone, vecNone,
                  {"the GM ring of pipe AIV0->AIC (block 0) shares GM bytes with the GM ring of "
                   "pipe AIC->AIV1 (block 0)"},
                  p);
  // Two blocks of one launch on the same ring.
  KernelTable table{{0, cubeGm, "cube"}, {1, vecGm, "vec"}};
  Runtime rt(table, opts(mode()));
  RuntimeBinding bind(rt);
  CoreTaskArgs q;
  const ChipTensor gmBlocks = gmBuffer(kTileBytes, 2);
  q.add_inout(gmBlocks);
  q.launch_spec.set_block_num(2);
  rt_submit_task(MixedKernels{0, 1, INVALID_KERNEL_ID}, q);
  expectSimError([&] { rt.wait_all(); },
                 "shares GM bytes with the GM ring of pipe AIC->AIV0 (block ");
}

TEST_P(SimPipes, ReservedBufferErrors) {
  auto vecNone = [](std::int64_t *) {};
  auto reserve = [](const char *name, std::uint32_t bytes, std::int64_t base) {
    return [=](std::int64_t *) { pto::reserve_buffer(name, bytes, base); };
  };
  expectTaskError(
      mode(), reserve("ring", 600 * 1024, 0), vecNone, nullptr,
      {"kernel 'cube' (AIC): pl::sim 'reserve_buffer': ",
       "buffer 'ring' of 614400 bytes at 0 runs past the Mat capacity of 524288 bytes"});
  expectTaskError(mode(), vecNone, reserve("ring", 2048, std::int64_t{191} * 1024), nullptr,
                  {"kernel 'vec0' (AIV0): ", "runs past the Vec capacity of 196608 bytes"});
  expectTaskError(mode(), reserve("", 64, 0), vecNone, nullptr, {"the buffer needs a name"});
  expectTaskError(mode(), reserve("ring", 64, -2), vecNone, nullptr,
                  {"base -2 is negative (-1 is AUTO, else a byte address)"});
  auto twice = [](std::int64_t *) {
    pto::reserve_buffer("ring", 64, 0);
    pto::reserve_buffer("ring", 64, 64);
  };
  expectTaskError(mode(), twice, vecNone, nullptr, {"buffer 'ring' is reserved twice"});
  auto import = [](std::int64_t *) { pto::import_peer_buffer("ring"); };
  // Reserved by the importer itself is not a peer's buffer.
  auto both = [](std::int64_t *) {
    pto::reserve_buffer("ring", 64, 0);
    pto::import_peer_buffer("ring");
  };
  for (const KernelFn &cube : {KernelFn(import), KernelFn(both)})
    expectTaskError(mode(), cube, vecNone, nullptr,
                    {"kernel 'cube' (AIC) imports peer buffer 'ring', which no other kernel of the "
                     "task reserves (reserve_buffer)"});
  auto importEmpty = [](std::int64_t *) { pto::import_peer_buffer(""); };
  expectTaskError(mode(), importEmpty, vecNone, nullptr,
                  {"kernel 'cube' (AIC): pl::sim 'import_peer_buffer': the buffer needs a name"});
}

} // namespace
