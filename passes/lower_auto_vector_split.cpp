// LowerAutoVectorSplit: an automatic split becomes up-down, left-right or none (see
// lower_auto_vector_split.h).
#include "passes/lower_auto_vector_split.h"

#include "ir/visitor.h"
#include "passes/utils/core_affinity.h"

namespace pl::passes {

namespace {
using namespace ir;

constexpr int64_t kAuto = 3;

/// Which axes the vector work can be halved along.
class SplitFeasibility : public IRVisitor {
public:
  bool axisOk[2] = {true, true};

  void visitType(const TypePtr &t) override {
    IRVisitor::visitType(t);
    auto *tt = dynCast<TileType>(t);
    if (!tt || tt->memorySpace() != MemorySpace::Vec || tt->shape().size() != 2)
      return;
    for (size_t a = 0; a < 2; ++a) {
      auto e = constIntValue(tt->shape()[a]);
      if (e && *e == 1)
        continue;
      if (!e || *e % 2 != 0)
        axisOk[a] = false;
      if (tt->view() && tt->view()->validShape.size() == 2) {
        auto v = constIntValue(tt->view()->validShape[a]);
        if (!v || !e || *v != *e)
          axisOk[a] = false;
      }
    }
  }

  void visitCall(const Call &c) override {
    IRVisitor::visitCall(c);
    if (!c.target().isOp() || classifyCallAffinity(c) != CoreAffinity::Vector)
      return;
    const std::string &op = c.target().name();
    if (addressesPositions(op))
      axisOk[0] = axisOk[1] = false;
    for (size_t a = 0; a < 2; ++a)
      if (reducesAlongAxis(op, a))
        axisOk[a] = false;
    if (op == "tile.load")
      if (const AttrValue *v = findAttr(c.kwargs(), "valid_shape"))
        if (auto *vs = std::get_if<ExprList>(v); vs && vs->size() == 2)
          for (size_t a = 0; a < 2; ++a)
            if (!constIntValue((*vs)[a]))
              axisOk[a] = false;
  }
};
} // namespace

FunctionPtr lowerAutoVectorSplit(const FunctionPtr &f) {
  if (f->type() != FunctionType::InCore)
    return f;
  const int64_t *split = findAttrAs<int64_t>(f->attrs(), "split");
  if (!split || *split != kAuto)
    return f;
  SplitFeasibility sf;
  sf.visitFunction(*f);
  int64_t mode = sf.axisOk[0] ? 1 : sf.axisOk[1] ? 2 : 0;
  AttrList attrs = withAttr(f->attrs(), "split", mode);
  return Function::make(f->name(), f->type(), f->params(), f->returnTypes(), f->body(), f->level(),
                        f->role(), std::move(attrs), f->span());
}

PL_DEFINE_FUNCTION_PASS(LowerAutoVectorSplit, lowerAutoVectorSplit)

} // namespace pl::passes
