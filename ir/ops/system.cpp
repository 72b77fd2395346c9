// System ops: block identity queries (tensor and tile forms), pipe barriers and pipe flags, and
// the orchestration's kernel-less task (system.task_dummy).
#include "ir/ops/type_inference.h"
#include "ir/pipe.h"

namespace pl::ir {

using namespace ops;

namespace {

TypePtr deduceIndex(const DeduceCall &) { return ScalarType::get(DataType::Index); }

/// Barriers produce no value: an empty tuple.
TypePtr deduceNone(const DeduceCall &) { return TupleType::make({}); }

/// `system.sync_src` / `sync_dst`: a flag from the pipe `set_pipe` to the pipe `wait_pipe` on
/// event `event_id` (PTO's set_flag / wait_flag); two different pipes, event 0..7.
TypePtr deduceFlag(const DeduceCall &c) {
  auto src = parsePipe(*c.stringKw("set_pipe")), dst = parsePipe(*c.stringKw("wait_pipe"));
  if (!src || !dst || *src == Pipe::All || *dst == Pipe::All)
    return c.fail("T106", "kwargs 'set_pipe' and 'wait_pipe' of '" + c.op.name() +
                              "' name a pipe: one of 's', 'v', 'm', 'mte1', 'mte2', 'mte3', 'fix'");
  if (*src == *dst)
    return c.fail("T106", "'" + c.op.name() +
                              "' orders two different pipes; within one pipe "
                              "use a barrier");
  auto ev = c.intKw("event_id");
  if (!ev || *ev < 0 || *ev > 7)
    return c.fail("T106", "kwarg 'event_id' of '" + c.op.name() + "' is an event 0..7");
  return TupleType::make({});
}

/// `system.task_dummy(t, ...)`: a task with no kernel that runs after the tasks it names (task
/// ids, or arrays of them: all their tasks); its result is its task id (a join point later tasks
/// depend on, PyPTO's `pl.system.task_dummy`).
TypePtr deduceTaskDummy(const DeduceCall &c) {
  for (size_t i = 0; i < c.args.size(); ++i) {
    if (auto *at = c.hasArg(i) ? dynCast<ArrayType>(c.args[i]->type()) : nullptr;
        at && at->dtype() == DataType::TaskId)
      continue; // every task of an array of task ids
    std::optional<DataType> d = c.scalar(i);
    if (!d)
      return nullptr;
    if (*d != DataType::TaskId)
      return c.fail("T107",
                    c.argLabel(i) + " must be a task_id, got " + std::string(dtypeName(*d)));
  }
  return ScalarType::get(DataType::TaskId);
}

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
  for (const OpFamily &fam : kOpFamilies)
    for (const Query &q : queries)
      OpDef(r, fam.op(q.name)).category("system").describe(q.what).args({}).deduce(deduceIndex);
  // Pipe barriers, and pipe flags (which name their two pipes and an event in kwargs).
  struct Sync {
    const char *name, *what;
    bool flag;
  };
  const Sync syncs[] = {
      {"bar_v", "barrier on the vector pipe", false},
      {"bar_m", "barrier on the cube (matrix) pipe", false},
      {"bar_all", "barrier on every pipe", false},
      {"sync_src", "sets the flag from pipe set_pipe to pipe wait_pipe (set_flag)", true},
      {"sync_dst", "waits, on pipe wait_pipe, for the flag set by pipe set_pipe (wait_flag)", true},
  };
  for (const Sync &s : syncs) {
    OpDef op(r, std::string("system.") + s.name);
    op.category("sync").describe(s.what).args({});
    if (s.flag)
      op.kwarg("set_pipe", AttrKind::String, true)
          .kwarg("wait_pipe", AttrKind::String, true)
          .kwarg("event_id", AttrKind::Int, true);
    op.deduce(s.flag ? deduceFlag : deduceNone);
  }
  OpDef(r, "system.task_dummy")
      .category("task")
      .describe("a task without a kernel, after the tasks it names (one or more); its task id")
      .args({"deps"})
      .variadic()
      .deduce(deduceTaskDummy);
}

} // namespace pl::ir
