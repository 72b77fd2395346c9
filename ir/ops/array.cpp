// Array ops: fixed-size arrays of task ids in orchestration code (PyPTO's `pl.array.create(N,
// pl.TASK_ID)`, `tids[k]`, `tids[k] = t`), values like any other (an update is a new array).
#include "ir/ops/type_inference.h"

#include <utility>

namespace pl::ir {

using namespace ops;

namespace {

/// `array.create({.dtype = task_id, .size = N})`: N elements, each "no task".
TypePtr deduceCreate(const DeduceCall &c) {
  auto d = c.dtypeKw("dtype");
  auto n = c.intKw("size");
  if (!d || !n)
    return nullptr;
  if (*d != DataType::TaskId)
    return c.fail("T108",
                  "'array.create' makes arrays of task_id, not " + std::string(dtypeName(*d)));
  if (*n < 1)
    return c.fail("T106", "'array.create' needs a size >= 1, got " + std::to_string(*n));
  return ArrayType::make(*d, *n);
}

/// The array operand 0 and an integer index operand 1 (a constant one within the size).
const ArrayType *arrayAndIndex(const DeduceCall &c) {
  auto *at = c.hasArg(0) ? dynCast<ArrayType>(c.args[0]->type()) : nullptr;
  if (!at) {
    c.fail("T107", c.argLabel(0) + " must be an array");
    return nullptr;
  }
  std::optional<DataType> i = c.scalar(1);
  if (!i)
    return nullptr;
  if (!isIntLike(*i)) {
    c.fail("T107", c.argLabel(1) + " must be an integer index, got " + std::string(dtypeName(*i)));
    return nullptr;
  }
  if (auto k = constIntValue(c.args[1]); k && (*k < 0 || *k >= at->size())) {
    c.fail("T109", "index " + std::to_string(*k) + " is outside the array of " +
                       std::to_string(at->size()) + " elements");
    return nullptr;
  }
  return at;
}

TypePtr deduceGet(const DeduceCall &c) {
  const ArrayType *at = arrayAndIndex(c);
  return at ? ScalarType::get(at->dtype()) : nullptr;
}

TypePtr deduceUpdate(const DeduceCall &c) {
  const ArrayType *at = arrayAndIndex(c);
  if (!at)
    return nullptr;
  std::optional<DataType> v = c.scalar(2);
  if (!v)
    return nullptr;
  if (*v != at->dtype())
    return c.fail("T108", c.argLabel(2) + " must be a " + std::string(dtypeName(at->dtype())) +
                              ", got " + std::string(dtypeName(*v)));
  return c.args[0]->type();
}

} // namespace

void registerArrayOps(OpRegistry &r) {
  auto arrayOp = [&](const char *name, const char *what, std::initializer_list<const char *> args,
                     Deducer deduce) -> OpDef {
    OpDef op(r, name);
    op.category("array").describe(what).args(args).deduce(std::move(deduce));
    return op;
  };
  arrayOp("array.create", "an array of `size` task ids, each \"no task\"", {}, deduceCreate)
      .kwarg("dtype", AttrKind::DType, true)
      .kwarg("size", AttrKind::Int, true);
  arrayOp("array.get_element", "element `index` of the array", {"array", "index"}, deduceGet);
  arrayOp("array.update_element", "the array with element `index` replaced by `value`",
          {"array", "index", "value"}, deduceUpdate);
}

} // namespace pl::ir
