// System ops: block identity queries (tensor and tile forms) and pipe barriers.
#include "ir/ops/type_inference.h"

namespace pl::ir {

using namespace ops;

namespace {

TypePtr deduceIndex(const DeduceCall &) { return ScalarType::get(DataType::Index); }

/// Barriers produce no value: an empty tuple.
TypePtr deduceNone(const DeduceCall &) { return TupleType::make({}); }

} // namespace

void registerSystemOps(OpRegistry &r) {
  struct Query {
    const char *name, *what;
  };
  const Query queries[] = {
      {"get_block_idx", "index of the current block (core) in the launch"},
      {"get_block_num", "number of blocks in the launch"},
      {"get_subblock_idx", "index of the vector sub-core within its cluster"},
  };
  for (const char *fam : {"tensor", "tile"})
    for (const Query &q : queries)
      OpDef(r, std::string(fam) + "." + q.name)
          .category("system")
          .describe(q.what)
          .args({})
          .deduce(deduceIndex);
  const Query barriers[] = {
      {"bar_v", "barrier on the vector pipe"},
      {"bar_m", "barrier on the cube (matrix) pipe"},
      {"bar_all", "barrier on every pipe"},
  };
  for (const Query &q : barriers)
    OpDef(r, std::string("system.") + q.name)
        .category("sync")
        .describe(q.what)
        .args({})
        .deduce(deduceNone);
}

} // namespace pl::ir
