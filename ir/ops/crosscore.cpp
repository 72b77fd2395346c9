// Cross-core ops: the pipes between the cube core (AIC) and the vector cores (AIV) of a cluster
// (tile.tpush_* / tile.tpop_* / tile.tfree_*) and their set-up (system.*_initialize_pipe,
// system.reserve_buffer, system.import_peer_buffer). docs/ops.md "Cross-core pipes" gives the
// protocol; `split` is 0 (none), 1 (up-down: rows halved between the two AIV lanes) or 2
// (left-right: columns halved).
#include "ir/ops/type_inference.h"

namespace pl::ir {

using namespace ops;

namespace {

TypePtr none() { return TupleType::make({}); }

bool checkSplit(const DeduceCall &c) {
  if (auto s = c.intKw("split"); s && (*s < 0 || *s > 2)) {
    c.fail("T106", "kwarg 'split' of '" + c.op.name() +
                       "' is 0 (none), 1 (up-down) or 2 (left-right); got " + std::to_string(*s));
    return false;
  }
  return true;
}

/// tpush / tfree: one tile operand, no result.
TypePtr deduceTileEffect(const DeduceCall &c) {
  if (!c.tile(0) || !checkSplit(c))
    return nullptr;
  return none();
}

/// tpop: a new tile of `shape` and `dtype` in the consumer's space (Vec on a vector core, Mat on
/// the cube core: the cube core has no Vec memory).
TypePtr deducePop(const DeduceCall &c) {
  auto shape = c.tuple(0);
  bool toVector = c.op.name() == "tile.tpop_from_aic";
  if (!shape || !checkSplit(c) ||
      !checkTargetSpace(c, {toVector ? MemorySpace::Vec : MemorySpace::Mat}))
    return nullptr;
  for (size_t i = 0; i < shape->size(); ++i)
    if (auto v = constIntValue((*shape)[i]); v && *v <= 0)
      return c.fail("T106", "dim " + std::to_string(i) + " of the popped tile is " +
                                std::to_string(*v) + "; expected a positive size");
  return c.makeShaped(*c.dtypeKw("dtype"), *shape);
}

TypePtr deduceInitPipe(const DeduceCall &c) {
  if (c.hasArg(0) && !c.tensor(0))
    return nullptr;
  auto mask = c.intKw("dir_mask"), size = c.intKw("slot_size"), num = c.intKw("slot_num");
  if (!mask || *mask < 1 || *mask > 3)
    return c.fail("T106", "kwarg 'dir_mask' of '" + c.op.name() +
                              "' is 1 (cube to vector), 2 (vector to cube) or 3 (both)");
  if (!size || *size <= 0 || !num || *num <= 0)
    return c.fail("T106", "kwargs 'slot_size' and 'slot_num' of '" + c.op.name() +
                              "' are positive (bytes per slot, slots per pipe)");
  if (!checkSplit(c))
    return nullptr;
  return none();
}

TypePtr deduceReserve(const DeduceCall &c) {
  if (auto size = c.intKw("size"); !size || *size <= 0)
    return c.fail("T106", "kwarg 'size' of 'system.reserve_buffer' is a positive byte count");
  return none();
}

} // namespace

void registerCrossCoreOps(OpRegistry &r) {
  struct Push {
    const char *name, *what;
    std::vector<MemorySpace> spaces;
  };
  const Push pushes[] = {
      {"tile.tpush_to_aiv",
       "sends a tile from the cube core to the vector core(s) (split: halves)",
       {MemorySpace::Acc, MemorySpace::Mat}},
      {"tile.tpush_to_aic", "sends a tile from a vector core to the cube core", kVecOnly},
      {"tile.tfree_to_aic", "a vector core releases the pipe slot of a tile it popped", kVecOnly},
      {"tile.tfree_to_aiv",
       "the cube core releases the pipe slot of a tile it popped",
       {MemorySpace::Mat, MemorySpace::Vec}},
  };
  for (const Push &p : pushes)
    OpDef(r, p.name)
        .category("crosscore")
        .describe(p.what)
        .args({"tile"})
        .kwarg("split", AttrKind::Int)
        .argSpace(0, p.spaces)
        .deduce(deduceTileEffect);
  struct Pop {
    const char *name, *what;
    MemorySpace space;
  };
  const Pop pops[] = {
      {"tile.tpop_from_aic",
       "a vector core receives the next tile the cube core pushed (its half with split)",
       MemorySpace::Vec},
      {"tile.tpop_from_aiv",
       "the cube core receives the next tile the vector core(s) pushed (halves joined)",
       MemorySpace::Mat},
  };
  for (const Pop &p : pops)
    OpDef(r, p.name)
        .category("crosscore")
        .describe(p.what)
        .args({"shape"})
        .kwarg("dtype", AttrKind::DType, true)
        .kwarg("split", AttrKind::Int)
        .kwarg("target_memory", AttrKind::MemSpace)
        .resultSpaceKwarg("target_memory", p.space)
        .deduce(deducePop);
  for (const char *side : {"aic", "aiv"})
    OpDef(r, std::string("system.") + side + "_initialize_pipe")
        .category("crosscore")
        .describe(std::string("sets up the ") + side +
                  " end of the cluster's pipes: directions, slot bytes, slot count, split; "
                  "optionally the GM tensor that holds the slot rings (a2a3; each direction's "
                  "ring at gm_c2v_offset / gm_v2c_offset, InjectGMPipeBuffer) and the consumer "
                  "buffers of local_slot_num slots in UB / L1 (AllocateMemoryAddr)")
        .args({"gm_buffer"}, 1)
        .kwarg("dir_mask", AttrKind::Int, true)
        .kwarg("slot_size", AttrKind::Int, true)
        .kwarg("slot_num", AttrKind::Int, true)
        .kwarg("split", AttrKind::Int)
        .kwarg("gm_c2v_offset", AttrKind::Int)
        .kwarg("gm_v2c_offset", AttrKind::Int)
        .kwarg("c2v_consumer_buf", AttrKind::Int)
        .kwarg("v2c_consumer_buf", AttrKind::Int)
        .kwarg("local_slot_num", AttrKind::Int)
        .deduce(deduceInitPipe);
  OpDef(r, "system.reserve_buffer")
      .category("crosscore")
      .describe("reserves the consumer's pipe slot ring in its local memory (base -1: placed by "
                "the allocator)")
      .args({})
      .kwarg("name", AttrKind::String, true)
      .kwarg("size", AttrKind::Int, true)
      .kwarg("base", AttrKind::Int)
      .deduce(deduceReserve);
  OpDef(r, "system.import_peer_buffer")
      .category("crosscore")
      .describe("the producer learns the address of the slot ring its peer reserved")
      .args({})
      .kwarg("name", AttrKind::String, true)
      .kwarg("peer_func", AttrKind::String, true)
      .deduce([](const DeduceCall &) { return none(); });
}

} // namespace pl::ir
