// Communication ops between ranks (pld.*: collectives and their async start/done pairs,
// send / recv, put / get, notify / wait) and the host's data queues (system.infeed / outfeed).
//
// Value semantics as for tile.store: an op that fills a buffer takes it as an argument, writes
// it and returns it (the result aliases that argument), so the result type is the buffer's type
// (layout and view included). An op that only sends returns nothing (the empty tuple) and is a
// statement. An async pair's start returns the buffer in flight; its done takes that value. None
// of these ops has a DSL surface or a PTO-ISA instruction: FlattenControlFlow stubs them out for
// stand-alone runs, and the emitters report them (ES001 for a value, ES004 for a statement).
#include "ir/ops/comm.h"
#include "ir/ops/type_inference.h"

#include <algorithm>

namespace pl::ir {

using namespace ops;

namespace {

TypePtr none() { return TupleType::make({}); }

/// A tensor or a tile (T107 otherwise).
const ShapedType *shaped(const DeduceCall &c, size_t i) {
  if (auto *t = dynCast<ShapedType>(c.args[i]->type()))
    return t;
  c.fail("T107", c.argLabel(i) + " must be a tensor or a tile");
  return nullptr;
}

/// An integer scalar such as a peer rank (T107 / T108 otherwise).
bool intScalar(const DeduceCall &c, size_t i) {
  auto d = c.scalar(i);
  return d && checkDType(c, i, *d, isIntLike(*d), "an integer scalar");
}

/// An integer dtype (signals are counters).
bool intOperand(const DeduceCall &c, size_t i, const ShapedType &t) {
  return checkDType(c, i, t.dtype(), isIntLike(t.dtype()) && t.dtype() != DataType::Bool,
                    "an integer dtype");
}

bool checkChannel(const DeduceCall &c) {
  auto ch = c.intKw("channel_id");
  if (ch && *ch < 0) {
    c.fail("T106",
           "kwarg 'channel_id' of '" + c.op.name() + "' must be >= 0, got " + std::to_string(*ch));
    return false;
  }
  return true;
}

bool checkReduceKind(const DeduceCall &c) {
  auto k = c.stringKw("reduce");
  if (!k || *k == "sum" || *k == "max" || *k == "min" || *k == "prod")
    return true;
  c.fail("T106", "kwarg 'reduce' of '" + c.op.name() + "' is one of 'sum', 'max', 'min', " +
                     "'prod', got '" + *k + "'");
  return false;
}

/// `pairs` = {source0, target0, source1, target1, ...}: ranks >= 0, an even, non-zero count.
bool checkPairs(const DeduceCall &c) {
  const AttrValue *v = findAttr(c.kwargs, "pairs");
  auto &pairs = std::get<std::vector<int64_t>>(*v);
  bool ranksOk = std::all_of(pairs.begin(), pairs.end(), [](int64_t r) { return r >= 0; });
  if (!pairs.empty() && pairs.size() % 2 == 0 && ranksOk)
    return true;
  c.fail("T106", "kwarg 'pairs' of '" + c.op.name() +
                     "' lists (source, target) rank pairs: an even, non-zero count of ranks >= 0");
  return false;
}

/// The result is argument 0 (the buffer the op fills, or the one in flight).
TypePtr deduceBuffer(const DeduceCall &c) {
  if (!shaped(c, 0) || !checkChannel(c))
    return nullptr;
  return c.args[0]->type();
}

TypePtr deduceSendDone(const DeduceCall &c) {
  return shaped(c, 0) && checkChannel(c) ? none() : nullptr;
}

TypePtr deduceAllReduce(const DeduceCall &c) {
  auto *x = shaped(c, 0);
  if (!x || !checkDType(c, 0, x->dtype(), isNumeric(x->dtype()), "a numeric dtype") ||
      !checkReduceKind(c))
    return nullptr;
  return c.args[0]->type();
}

TypePtr deducePermute(const DeduceCall &c) {
  return shaped(c, 0) && checkPairs(c) ? c.args[0]->type() : nullptr;
}

/// all_gather(out, x): x's blocks of all ranks concatenated along `axis` into out.
TypePtr deduceAllGather(const DeduceCall &c) {
  auto *out = shaped(c, 0);
  auto *x = out ? shaped(c, 1) : nullptr;
  if (!x || !checkSameDType(c, out->dtype(), x->dtype(), "the output and the input"))
    return nullptr;
  if (out->rank() != x->rank())
    return c.fail("T110", "'" + c.op.name() + "' gathers " + shapeStr(x->shape()) + " into " +
                              shapeStr(out->shape()) + "; expected equal ranks");
  auto axis = normalizeAxis(c, *c.intKw("axis"), x->rank(), "kwarg 'axis'");
  if (!axis)
    return nullptr;
  for (size_t i = 0; i < x->rank(); ++i) {
    auto o = constIntValue(out->shape()[i]), d = constIntValue(x->shape()[i]);
    bool bad = i == *axis ? (o && d && *o % *d != 0)
                          : compareDims(out->shape()[i], x->shape()[i]) == DimMatch::Mismatch;
    if (bad)
      return c.fail("T109", "'" + c.op.name() + "' cannot gather " + shapeStr(x->shape()) +
                                " into " + shapeStr(out->shape()) + " along axis " +
                                std::to_string(*axis) +
                                "; expected equal other dims and a multiple along the axis");
  }
  return c.args[0]->type();
}

/// A constant window [offset, offset + size) inside a constant shape (T109 otherwise).
bool windowFits(const DeduceCall &c, const ExprList &shape, const ExprList &offset,
                const ExprList &size, const char *what) {
  for (size_t i = 0; i < size.size(); ++i) {
    auto d = constIntValue(shape[i]), o = constIntValue(offset[i]), s = constIntValue(size[i]);
    if (d && o && s && (*o < 0 || *s <= 0 || *o + *s > *d)) {
      c.fail("T109", "'" + c.op.name() + "' window " + shapeStr(size) + " at " + shapeStr(offset) +
                         " does not fit in the " + what + " " + shapeStr(shape));
      return false;
    }
  }
  return true;
}

/// collective_permute_update(target, source, source_offset, target_offset, shape).
TypePtr deducePermuteUpdate(const DeduceCall &c) {
  auto *dst = shaped(c, 0);
  auto *src = dst ? shaped(c, 1) : nullptr;
  if (!src || !checkSameDType(c, dst->dtype(), src->dtype(), "the target and the source") ||
      !checkPairs(c))
    return nullptr;
  std::optional<ExprList> t[3];
  for (size_t k = 0; k < 3; ++k) {
    t[k] = c.tuple(2 + k);
    if (!t[k])
      return nullptr;
    if (t[k]->size() != src->rank() || dst->rank() != src->rank())
      return c.fail("T110", c.argLabel(2 + k) + " has " + std::to_string(t[k]->size()) +
                                " entries for a source of rank " + std::to_string(src->rank()) +
                                " and a target of rank " + std::to_string(dst->rank()) +
                                "; expected one per dim of both");
  }
  if (!windowFits(c, src->shape(), *t[0], *t[2], "source") ||
      !windowFits(c, dst->shape(), *t[1], *t[2], "target"))
    return nullptr;
  return c.args[0]->type();
}

/// put(dst, src, peer) / get(dst, src, peer): equal shapes and dtypes, an integer peer rank.
TypePtr deduceOneSided(const DeduceCall &c, bool returnsDst) {
  auto *dst = shaped(c, 0);
  auto *src = dst ? shaped(c, 1) : nullptr;
  if (!src || !checkSameDType(c, dst->dtype(), src->dtype(), "the destination and the source") ||
      !checkSameShape(c, dst->shape(), src->shape(), "the destination and the source") ||
      !intScalar(c, 2))
    return nullptr;
  return returnsDst ? c.args[0]->type() : none();
}

TypePtr deduceNotify(const DeduceCall &c) {
  auto *s = shaped(c, 0);
  return s && intOperand(c, 0, *s) && intScalar(c, 1) ? none() : nullptr;
}

TypePtr deduceWait(const DeduceCall &c) {
  auto *s = shaped(c, 0);
  return s && intOperand(c, 0, *s) ? none() : nullptr;
}

TypePtr deduceOutfeed(const DeduceCall &c) {
  for (size_t i = 0; i < c.args.size(); ++i)
    if (!shaped(c, i))
      return nullptr;
  return none();
}

/// Registers a collective and its async start (same arguments, kwargs and effects; the start
/// returns the buffer in flight) and done (takes that value, returns the result).
template <class Configure>
void collective(OpRegistry &r, const std::string &name, const std::string &what,
                Configure configure) {
  configure(OpDef(r, name).category("collective").describe(what));
  configure(
      OpDef(r, name + "_start")
          .category("collective")
          .describe("starts " + name + " (the same arguments); returns the buffer in flight"));
  OpDef(r, name + "_done")
      .category("collective")
      .describe("completes " + name + "_start on the buffer in flight; returns the result")
      .args({"x"})
      .effect(0, ArgEffect::ReadWrite)
      .aliasesArg(0)
      .deduce(deduceBuffer);
}

void registerCollectives(OpRegistry &r) {
  collective(r, "pld.all_reduce",
             "reduces x elementwise over all ranks (reduce: sum, max, min, prod; default sum)",
             [](OpDef &d) {
               d.args({"x"})
                   .kwarg("reduce", AttrKind::String)
                   .effect(0, ArgEffect::ReadWrite)
                   .aliasesArg(0)
                   .deduce(deduceAllReduce);
             });
  collective(r, "pld.all_gather", "concatenates every rank's x along axis into out", [](OpDef &d) {
    d.args({"out", "x"})
        .kwarg("axis", AttrKind::Int, true)
        .effect(0, ArgEffect::Write)
        .aliasesArg(0)
        .deduce(deduceAllGather);
  });
  collective(r, "pld.all_to_all", "exchanges the i-th block of x with rank i (x keeps its shape)",
             [](OpDef &d) {
               d.args({"x"}).effect(0, ArgEffect::ReadWrite).aliasesArg(0).deduce(deduceBuffer);
             });
  collective(r, "pld.collective_permute",
             "each (source, target) rank pair of pairs sends x from source to target",
             [](OpDef &d) {
               d.args({"x"})
                   .kwarg("pairs", AttrKind::IntList, true)
                   .effect(0, ArgEffect::ReadWrite)
                   .aliasesArg(0)
                   .deduce(deducePermute);
             });
  OpDef(r, "pld.collective_permute_update")
      .category("collective")
      .describe("collective_permute of a window: the source window at source_offset goes to the "
                "target at target_offset")
      .args({"target", "source", "source_offset", "target_offset", "shape"})
      .kwarg("pairs", AttrKind::IntList, true)
      .effect(0, ArgEffect::ReadWrite)
      .aliasesArg(0)
      .deduce(deducePermuteUpdate);
}

/// A point-to-point op on a channel (kwargs channel_id, host_transfer); `configure` adds its
/// arguments, effects and type deduction.
template <class Configure>
void onChannel(OpRegistry &r, const char *name, const char *what, Configure configure) {
  configure(OpDef(r, name)
                .category("p2p")
                .describe(what)
                .kwarg("channel_id", AttrKind::Int, true)
                .kwarg("host_transfer", AttrKind::Bool));
}

void registerPointToPoint(OpRegistry &r) {
  onChannel(r, "pld.send",
            "starts sending x on channel_id (to the host with host_transfer); returns x in flight",
            [](OpDef &d) { d.args({"x"}).aliasesArg(0).deduce(deduceBuffer); });
  onChannel(r, "pld.send_done", "waits until the send of x on channel_id is done",
            [](OpDef &d) { d.args({"x"}).deduce(deduceSendDone); });
  onChannel(r, "pld.recv",
            "starts receiving into buf on channel_id (from the host with host_transfer); returns "
            "buf in flight",
            [](OpDef &d) {
              d.args({"buf"}).effect(0, ArgEffect::Write).aliasesArg(0).deduce(deduceBuffer);
            });
  onChannel(r, "pld.recv_done",
            "waits until the receive into buf on channel_id is done; returns buf", [](OpDef &d) {
              d.args({"buf"}).effect(0, ArgEffect::ReadWrite).aliasesArg(0).deduce(deduceBuffer);
            });
  OpDef(r, "pld.put")
      .category("p2p")
      .describe("writes the local src into dst on rank peer")
      .args({"dst", "src", "peer"})
      .effect(0, ArgEffect::Write)
      .deduce([](const DeduceCall &c) { return deduceOneSided(c, false); });
  OpDef(r, "pld.get")
      .category("p2p")
      .describe("reads src of rank peer into the local dst; returns dst")
      .args({"dst", "src", "peer"})
      .effect(0, ArgEffect::Write)
      .aliasesArg(0)
      .deduce([](const DeduceCall &c) { return deduceOneSided(c, true); });
  OpDef(r, "pld.notify")
      .category("signal")
      .describe("adds value (default 1) to the integer signal on rank peer")
      .args({"signal", "peer"})
      .kwarg("value", AttrKind::Int)
      .effect(0, ArgEffect::Write)
      .deduce(deduceNotify);
  OpDef(r, "pld.wait")
      .category("signal")
      .describe("waits until the local integer signal reaches value (default 1)")
      .args({"signal"})
      .kwarg("value", AttrKind::Int)
      .deduce(deduceWait);
}

} // namespace

void registerCommOps(OpRegistry &r) {
  registerCollectives(r);
  registerPointToPoint(r);
  OpDef(r, "system.infeed")
      .category("host")
      .describe("fills buf from the host's infeed queue; returns buf")
      .args({"buf"})
      .effect(0, ArgEffect::Write)
      .aliasesArg(0)
      .deduce(deduceBuffer);
  OpDef(r, "system.outfeed")
      .category("host")
      .describe("appends the operands to the host's outfeed queue (one or more)")
      .args({"x"})
      .variadic()
      .deduce(deduceOutfeed);
}

bool isCommunicationOp(const Op &op) {
  return op.family() == "pld" || op.name() == "system.infeed" || op.name() == "system.outfeed";
}

CommClass commClass(const Op &op, const AttrList &kwargs) {
  if (!isCommunicationOp(op))
    return CommClass::None;
  if (op.family() == "system")
    return CommClass::Feed;
  if (const AttrValue *v = findAttr(kwargs, "host_transfer"))
    if (auto *b = std::get_if<bool>(v); b && *b)
      return CommClass::HostTransfer;
  return CommClass::Comm;
}

} // namespace pl::ir
