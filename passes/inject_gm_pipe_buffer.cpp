// InjectGMPipeBuffer: the GM slot-ring buffer of every mixed task on a2a3 (see
// inject_gm_pipe_buffer.h).
#include "passes/inject_gm_pipe_buffer.h"

#include "ir/find.h"
#include "ir/mutator.h"
#include "ir/op_registry.h"
#include "ir/visitor.h"
#include "passes/platform.h"
#include "passes/utils/soc.h"

#include <map>

namespace pl::passes {

namespace {
using namespace ir;

constexpr const char *kBufferName = "gm_pipe_buffer";

bool isInitPipe(const Call &c) {
  return c.target().isOp() && (c.target().name() == "system.aic_initialize_pipe" ||
                               c.target().name() == "system.aiv_initialize_pipe");
}

int64_t intKwarg(const Call &c, std::string_view key) {
  const int64_t *i = findAttrAs<int64_t>(c.kwargs(), key);
  return i ? *i : 0;
}

/// The bytes of one direction's slot ring (pto-isa's SlotNum * SlotSize).
int64_t ringOf(const Call &c) { return intKwarg(c, "slot_num") * intKwarg(c, "slot_size"); }

/// Bytes of the slot rings a kernel's pipe set-ups need (0: no pipes, or it has its buffer):
/// one ring per direction of the mask, C2V first.
int64_t ringBytes(const Function &k) {
  struct Finder : IRVisitor {
    int64_t bytes = 0;
    void visitCall(const Call &c) override {
      const int64_t mask = intKwarg(c, "dir_mask");
      if (isInitPipe(c) && c.args().empty())
        bytes = std::max(bytes, ((mask & 1) + ((mask >> 1) & 1)) * ringOf(c));
      IRVisitor::visitCall(c);
    }
  } finder;
  finder.visitStmt(k.body());
  return finder.bytes;
}

/// Adds `buf` as the last argument of the calls this rewriter is told about.
class ArgAppender : public IRMutator {
public:
  ArgAppender(std::set<std::string, std::less<>> callees, bool initPipes, ExprPtr buf)
      : callees_(std::move(callees)), initPipes_(initPipes), buf_(std::move(buf)) {}

  ExprPtr mutateCall(const std::shared_ptr<const Call> &c) override {
    ExprPtr m = IRMutator::mutateCall(c);
    auto *mc = dynCast<Call>(m);
    bool target = mc && ((initPipes_ && isInitPipe(*mc) && mc->args().empty()) ||
                         (!mc->target().isOp() && callees_.count(mc->target().function)));
    if (!target)
      return m;
    ExprList args = mc->args();
    args.push_back(buf_);
    AttrList kw = mc->kwargs();
    if (mc->target().isOp()) { // a pipe set-up: each direction's ring in the buffer, C2V first
      const int64_t mask = intKwarg(*mc, "dir_mask");
      if (mask & 1)
        kw.emplace_back("gm_c2v_offset", int64_t{0});
      if (mask & 2)
        kw.emplace_back("gm_v2c_offset", (mask & 1) ? ringOf(*mc) : int64_t{0});
    }
    return Call::make(mc->target(), std::move(args), std::move(kw), mc->attrs(), mc->type(),
                      mc->span());
  }

private:
  std::set<std::string, std::less<>> callees_;
  bool initPipes_;
  ExprPtr buf_;
};

/// Callers: a fresh buffer right before each call or submit of a Group that needs one.
class CallerRewriter : public IRMutator {
public:
  explicit CallerRewriter(const std::map<std::string, int64_t, std::less<>> &groups)
      : groups_(groups) {}

  StmtPtr mutateAssign(const std::shared_ptr<const Assign> &s) override {
    return withBuffer(s, s->value());
  }
  StmtPtr mutateEval(const std::shared_ptr<const Eval> &s) override {
    return withBuffer(s, s->expr());
  }

private:
  const std::map<std::string, int64_t, std::less<>> &groups_;

  StmtPtr withBuffer(const StmtPtr &s, const ExprPtr &value) {
    const CallTarget *t = nullptr;
    if (auto *c = dynCast<Call>(value))
      t = &c->target();
    else if (auto *sub = dynCast<Submit>(value))
      t = &sub->target();
    auto it = t && !t->isOp() ? groups_.find(t->function) : groups_.end();
    if (it == groups_.end())
      return s;
    const Span &span = s->span();
    DiagnosticEngine local; // valid by construction
    ExprPtr create = makeOpCall("tensor.create", {MakeTuple::make({ConstInt::make(it->second)})},
                                {{"dtype", DataType::UInt8}}, span, local);
    VarPtr buf = Var::make(kBufferName, create->type(), span);
    ArgAppender app({it->first}, false, buf);
    StmtPtr call = app.mutateStmt(s);
    return Seq::make({Assign::make(buf, create, span), call}, span);
  }
};

FunctionPtr withBufferParam(const Function &f, int64_t bytes, bool kernel,
                            const std::set<std::string, std::less<>> &callees) {
  VarPtr buf =
      Var::make(kBufferName, TensorType::make(DataType::UInt8, {ConstInt::make(bytes)}), f.span());
  ArgAppender app(callees, kernel, buf);
  StmtPtr body = app.mutateStmt(f.body());
  std::vector<Param> params = f.params();
  params.push_back({buf, ParamDirection::InOut});
  return Function::make(f.name(), f.type(), std::move(params), f.returnTypes(), body, f.level(),
                        f.role(), f.attrs(), f.span());
}

ProgramPtr inject(const ProgramPtr &p, const SocDesc &soc) {
  if (!soc.gmPipes)
    return p;
  std::map<std::string, int64_t, std::less<>> groups;  // Group -> ring bytes
  std::map<std::string, int64_t, std::less<>> kernels; // kernel -> ring bytes
  std::map<std::string, std::set<std::string, std::less<>>> groupKernels;
  for (const FunctionPtr &f : p->functions()) {
    if (f->type() != FunctionType::Group)
      continue;
    std::set<std::string, std::less<>> callees;
    collectCallees(*f, callees);
    int64_t bytes = 0;
    for (const std::string &n : callees)
      if (FunctionPtr k = p->lookup(n);
          k && (k->type() == FunctionType::AIC || k->type() == FunctionType::AIV))
        if (int64_t b = ringBytes(*k)) {
          bytes = std::max(bytes, b);
          groupKernels[f->name()].insert(n);
        }
    if (bytes)
      groups[f->name()] = bytes;
  }
  if (groups.empty())
    return p;
  for (auto &[g, ks] : groupKernels)
    for (const std::string &k : ks)
      kernels[k] = std::max(kernels[k], groups[g]);
  std::vector<FunctionPtr> out;
  CallerRewriter callers(groups);
  for (const FunctionPtr &f : p->functions()) {
    if (auto it = kernels.find(f->name()); it != kernels.end()) {
      out.push_back(withBufferParam(*f, it->second, true, {}));
      continue;
    }
    if (auto it = groups.find(f->name()); it != groups.end()) {
      out.push_back(withBufferParam(*f, it->second, false, groupKernels[f->name()]));
      continue;
    }
    out.push_back(callers.mutateFunction(f));
  }
  return p->withFunctions(std::move(out));
}
} // namespace

Pass createInjectGMPipeBufferPass(PassOptions &opts) {
  std::optional<Platform> platform = opts.takePlatform();
  return createProgramPass(PassClass::InjectGMPipeBuffer,
                           [platform](const ProgramPtr &p, PassContext &ctx) {
                             return inject(p, platformSoc(platform.value_or(ctx.platform())));
                           });
}

} // namespace pl::passes
