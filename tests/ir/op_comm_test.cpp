// Type deduction, effects and classification of the communication ops (ir/ops/comm.cpp) and
// of tensor.view.
#include "ir/ops/comm.h"
#include "op_test_util.h"

namespace pl::ir::testing {
namespace {

using CommOps = OpTest;
using Dims = std::vector<int64_t>;

/// The empty tuple: the type of an op that only sends (a statement).
bool isNone(const TypePtr &t) {
  auto *tt = dynCast<TupleType>(t);
  return tt && tt->elements().empty();
}

TEST_F(CommOps, CollectivesReturnTheirBuffer) {
  ExprPtr x = tensorVar(DT::FP32, {128, 32}, "x");
  EXPECT_EQ(ok("pld.all_reduce", {x}, {{"reduce", std::string("max")}}), x->type());
  EXPECT_EQ(ok("pld.all_reduce_start", {x}), x->type());
  EXPECT_EQ(ok("pld.all_reduce_done", {x}), x->type());
  EXPECT_EQ(ok("pld.all_to_all", {x}), x->type());
  EXPECT_EQ(ok("pld.all_to_all_start", {x}), x->type());
  std::vector<int64_t> pairs = {0, 1, 1, 2};
  EXPECT_EQ(ok("pld.collective_permute", {x}, {{"pairs", pairs}}), x->type());
  EXPECT_EQ(ok("pld.collective_permute_start", {x}, {{"pairs", pairs}}), x->type());
  ExprPtr out = tensorVar(DT::FP32, {128, 128}, "out");
  EXPECT_EQ(ok("pld.all_gather", {out, x}, {{"axis", int64_t{1}}}), out->type());
  EXPECT_EQ(ok("pld.all_gather_start", {out, x}, {{"axis", int64_t{-1}}}), out->type());
  EXPECT_EQ(ok("pld.collective_permute_update", {out, x, tup({0, 0}), tup({0, 64}), tup({128, 32})},
               {{"pairs", pairs}}),
            out->type());
  // Tiles are accepted too.
  ExprPtr t = tileVar(DT::FP16, {16, 16});
  EXPECT_EQ(ok("pld.all_reduce", {t}), t->type());
}

TEST_F(CommOps, CollectiveErrors) {
  ExprPtr x = tensorVar(DT::FP32, {128, 32}, "x");
  bad("T107", "pld.all_reduce", {scalarVar(DT::FP32)});
  bad("T108", "pld.all_reduce", {tensorVar(DT::Bool, {4})});
  bad("T106", "pld.all_reduce", {x}, {{"reduce", std::string("avg")}});
  bad("T105", "pld.collective_permute", {x});
  bad("T106", "pld.collective_permute", {x}, {{"pairs", std::vector<int64_t>{0, 1, 2}}});
  bad("T106", "pld.collective_permute", {x}, {{"pairs", std::vector<int64_t>{0, -1}}});
  bad("T105", "pld.all_gather", {tensorVar(DT::FP32, {128, 128}), x});
  bad("T109", "pld.all_gather", {tensorVar(DT::FP32, {128, 100}), x}, {{"axis", int64_t{1}}});
  bad("T109", "pld.all_gather", {tensorVar(DT::FP32, {64, 128}), x}, {{"axis", int64_t{1}}});
  bad("T110", "pld.all_gather", {tensorVar(DT::FP32, {128}), x}, {{"axis", int64_t{0}}});
  bad("T108", "pld.all_gather", {tensorVar(DT::FP16, {128, 64}), x}, {{"axis", int64_t{1}}});
  bad("T113", "pld.all_gather", {tensorVar(DT::FP32, {128, 64}), x}, {{"axis", int64_t{2}}});
  std::vector<int64_t> pairs = {0, 1};
  ExprPtr out = tensorVar(DT::FP32, {128, 128}, "out");
  bad("T109", "pld.collective_permute_update", {out, x, tup({0, 0}), tup({0, 100}), tup({128, 32})},
      {{"pairs", pairs}});
  bad("T109", "pld.collective_permute_update", {out, x, tup({0, 8}), tup({0, 0}), tup({128, 32})},
      {{"pairs", pairs}});
  bad("T110", "pld.collective_permute_update", {out, x, tup({0}), tup({0, 0}), tup({128, 32})},
      {{"pairs", pairs}});
  bad("T112", "pld.collective_permute_update", {out, x, x, tup({0, 0}), tup({128, 32})},
      {{"pairs", pairs}});
}

TEST_F(CommOps, PointToPointAndSignals) {
  ExprPtr x = tensorVar(DT::FP32, {16}, "x"), y = tensorVar(DT::FP32, {16}, "y");
  AttrList ch = {{"channel_id", int64_t{3}}};
  EXPECT_EQ(ok("pld.send", {x}, ch), x->type());
  EXPECT_EQ(ok("pld.recv", {x}, {{"channel_id", int64_t{3}}, {"host_transfer", true}}), x->type());
  EXPECT_EQ(ok("pld.recv_done", {x}, ch), x->type());
  EXPECT_TRUE(isNone(ok("pld.send_done", {x}, ch)));
  EXPECT_EQ(ok("pld.get", {y, x, scalarVar(DT::Index)}), y->type());
  EXPECT_TRUE(isNone(ok("pld.put", {y, x, ConstInt::make(1)})));
  ExprPtr sig = tensorVar(DT::Int32, {1}, "sig");
  EXPECT_TRUE(isNone(ok("pld.notify", {sig, ConstInt::make(1)})));
  EXPECT_TRUE(isNone(ok("pld.wait", {sig}, {{"value", int64_t{2}}})));
  EXPECT_TRUE(isNone(ok("system.outfeed", {x, sig})));
  EXPECT_EQ(ok("system.infeed", {x}), x->type());

  bad("T105", "pld.send", {x});
  bad("T106", "pld.send", {x}, {{"channel_id", int64_t{-1}}});
  bad("T104", "pld.recv", {x}, {{"channel_id", int64_t{1}}, {"host_transfer", int64_t{1}}});
  bad("T107", "pld.send_done", {scalarVar(DT::FP32)}, ch);
  bad("T109", "pld.put", {tensorVar(DT::FP32, {8}), x, ConstInt::make(0)});
  bad("T108", "pld.get", {tensorVar(DT::FP16, {16}), x, ConstInt::make(0)});
  bad("T108", "pld.get", {y, x, scalarVar(DT::FP32)});
  bad("T108", "pld.notify", {x, ConstInt::make(0)});
  bad("T108", "pld.wait", {tensorVar(DT::Bool, {1})});
  bad("T102", "system.outfeed", {});
  bad("T107", "system.outfeed", {x, scalarVar(DT::Index)});
  bad("T107", "system.infeed", {scalarVar(DT::Index)});
}

TEST_F(CommOps, EffectsAndAliases) {
  const Op *ar = lookupOp("pld.all_reduce");
  EXPECT_EQ(argEffect(*ar, 0, {}), ArgEffect::ReadWrite);
  EXPECT_EQ(ar->outputAliasesArg, 0);
  const Op *ag = lookupOp("pld.all_gather_start");
  EXPECT_EQ(argEffect(*ag, 0, {}), ArgEffect::Write);
  EXPECT_EQ(argEffect(*ag, 1, {}), ArgEffect::Read);
  EXPECT_EQ(ag->outputAliasesArg, 0);
  EXPECT_EQ(argEffect(*lookupOp("pld.recv"), 0, {}), ArgEffect::Write);
  EXPECT_EQ(argEffect(*lookupOp("pld.send"), 0, {}), ArgEffect::Read);
  EXPECT_EQ(lookupOp("pld.send")->outputAliasesArg, 0);
  EXPECT_FALSE(lookupOp("pld.send_done")->outputAliasesArg);
  EXPECT_EQ(argEffect(*lookupOp("pld.put"), 0, {}), ArgEffect::Write);
  EXPECT_EQ(argEffect(*lookupOp("system.infeed"), 0, {}), ArgEffect::Write);
  EXPECT_EQ(lookupOp("system.infeed")->outputAliasesArg, 0);
}

TEST_F(CommOps, Classification) {
  EXPECT_EQ(commClass(*lookupOp("pld.all_reduce"), {}), CommClass::Comm);
  EXPECT_EQ(commClass(*lookupOp("pld.send"), {}), CommClass::Comm);
  EXPECT_EQ(commClass(*lookupOp("pld.send"), {{"host_transfer", false}}), CommClass::Comm);
  EXPECT_EQ(commClass(*lookupOp("pld.recv_done"), {{"host_transfer", true}}),
            CommClass::HostTransfer);
  EXPECT_EQ(commClass(*lookupOp("system.infeed"), {}), CommClass::Feed);
  EXPECT_EQ(commClass(*lookupOp("system.outfeed"), {}), CommClass::Feed);
  EXPECT_EQ(commClass(*lookupOp("system.bar_v"), {}), CommClass::None);
  EXPECT_EQ(commClass(*lookupOp("tile.add"), {}), CommClass::None);
  EXPECT_TRUE(isCommunicationOp(*lookupOp("pld.wait")));
  EXPECT_FALSE(isCommunicationOp(*lookupOp("system.sync_src")));
}

TEST_F(CommOps, TensorView) {
  ExprPtr x = tensorVar(DT::FP32, {8, 4}, "x");
  EXPECT_EQ(ok("tensor.view", {x}, {{"layout", std::string("ND")}}), x->type());
  EXPECT_EQ(ok("tensor.view", {x}), x->type());
  TypePtr dn = ok("tensor.view", {x}, {{"layout", std::string("DN")}});
  EXPECT_EQ(shapeOf(dn), (Dims{4, 8}));
  ASSERT_TRUE(asTensor(dn)->view());
  EXPECT_EQ(asTensor(dn)->view()->layout, TensorLayout::DN);
  // Back from DN to ND swaps again.
  ExprPtr y = Var::make("y", dn);
  TypePtr nd = ok("tensor.view", {y}, {{"layout", std::string("ND")}});
  EXPECT_EQ(shapeOf(nd), (Dims{8, 4}));
  EXPECT_FALSE(asTensor(nd)->view());
  TypePtr flat = ok("tensor.view", {x, tup({32})});
  EXPECT_EQ(shapeOf(flat), (Dims{32}));

  bad("T109", "tensor.view", {x, tup({4, 4})});
  bad("T106", "tensor.view", {x}, {{"layout", std::string("NZ")}});
  bad("T106", "tensor.view", {x}, {{"layout", std::string("xy")}});
  bad("T110", "tensor.view", {tensorVar(DT::FP32, {8})}, {{"layout", std::string("DN")}});
  bad("T107", "tensor.view", {tileVar(DT::FP32, {8, 4})});
  bad("T112", "tensor.view", {x, x});
}

} // namespace
} // namespace pl::ir::testing
