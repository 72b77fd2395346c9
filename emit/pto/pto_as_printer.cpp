// emit/pto PTO-AS printer: one AIV/AIC kernel as a `func.func` of the MLIR `pto` dialect in its
// destination-passing form (ptoas's `--pto-level=level3` input: tile buffers at planned
// addresses; synchronisation inserted by ptoas's `--enable-insert-sync`). docs/backend.md "PTO-AS
// text" describes the output.
#include "emit/pto/printers.h"

#include "emit/pto/pto_as_target.h"
#include "emit/pto/pto_as_values.h"
#include "emit/pto/pto_instr.h"
#include "emit/pto/pto_ops.h"
#include "emit/pto/pto_types.h"
#include "ir/op_registry.h"
#include "ir/printer.h"
#include "ir/visitor.h"

#include "llvm/Support/Casting.h"

#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <set>

namespace pl::emit::pto {

using namespace ir;
using llvm::dyn_cast;
using llvm::isa;

namespace {

bool boolAttr(const AttrList &attrs, std::string_view key) {
  const AttrValue *v = findAttr(attrs, key);
  return v && std::holds_alternative<bool>(*v) && std::get<bool>(*v);
}

/// `pto.tmatmul.acc` from TMATMUL_ACC: the instruction name in lower case, `_` as `.`.
std::string asmOpName(std::string_view instr) {
  std::string s = "pto." + lowerCase(instr);
  for (char &ch : s)
    if (ch == '_')
      ch = '.';
  return s;
}

class AsmPrinter final : public AsmValuePrinter {
public:
  AsmPrinter(const KernelInfo &k, std::string_view arch, DiagnosticEngine &d)
      : AsmValuePrinter(*k.fn, d), k_(k), arch_(arch) {}

  std::string print() {
    std::vector<std::string> params;
    for (const auto &p : fn_.params())
      params.push_back(param(p.var));
    indent_ = 2;
    visitStmt(fn_.body());
    for (const std::string &extra : extraParams_)
      params.push_back(extra);
    // The symbol becomes a C++ function of ptoas's output: never a C++ keyword (cppIdentifier).
    std::string s = "  func.func @" + cppIdentifier(fn_.name()) + "(";
    for (size_t i = 0; i < params.size(); ++i)
      s += (i ? ", " : "") + params[i];
    // Every kernel is a device entry of its own: ptoas marks only a module's single function
    // without `pto.entry`.
    s += ") attributes {pto.entry, pto.kernel_kind = #pto.kernel_kind<" +
         std::string(k_.aic ? "cube" : "vector") + ">} {\n";
    s += consts_ + views_ + allocs_ + body_;
    s += "    return\n  }\n";
    return s;
  }

private:
  /// tensor.dim, tensor.read, tile.read and the block queries, as values.
  std::optional<std::string> scalarCall(const Call &c) override {
    const std::string &opn = c.target().name();
    const Span &span = c.span();
    if (!c.target().isOp()) {
      error("ES004", span,
            "a call to '" + opn + "' inside an expression (run pass FlattenCallExpr)");
      return std::nullopt;
    }
    if (opn == "tensor.dim") {
      auto *tt = dyn_cast<TensorType>(c.args()[0]->type().get());
      auto axis = constIntValue(c.args()[1]);
      if (!tt || !axis || *axis < 0 || static_cast<size_t>(*axis) >= tt->rank()) {
        error("ES003", span, "'tensor.dim' needs a tensor and a constant axis in PTO-AS");
        return std::nullopt;
      }
      return dimValue(c.args()[0], *tt, static_cast<size_t>(*axis));
    }
    if (opn == "tensor.read" && c.args().size() == 2) {
      auto *tt = dyn_cast<TensorType>(c.args()[0]->type().get());
      auto off = tt ? linearOffset(c.args()[0], *tt, c.args()[1]) : std::nullopt;
      if (!off)
        return std::nullopt;
      std::string et = gmType(tt->dtype(), span);
      std::string v = op("pto.load_scalar " + paramPtr(c.args()[0]) + "[" + *off + "] : !pto.ptr<" +
                             et + "> -> " + et,
                         "v", span);
      if (tt->dtype() == DataType::Bool) // the byte 0 / 1 as the i1 it holds
        v = op("arith.trunci " + v + " : i8 to i1", "b", span);
      return convert(v, tt->dtype(), scalarDType(c.type()).value_or(tt->dtype()), span);
    }
    const PtoOpEntry *e = lookupPtoOp(opn);
    if (e && e->form == PtoForm::Read) {
      const TileType *t = tileOf(c.args()[0]->type());
      auto off = t ? tileOffset(*t, c.args()[1]) : std::nullopt;
      if (!off)
        return std::nullopt;
      std::string et = scalarType(t->dtype(), span);
      std::string v = op("pto.tgetval ins(" + name(c.args()[0]) + ", " + *off + " : " +
                             tileType(*t, span) + ", index) outs : " + et,
                         "v", span);
      return convert(v, t->dtype(), scalarDType(c.type()).value_or(t->dtype()), span);
    }
    if (e && e->form == PtoForm::Query) {
      std::string p =
          "%" + lowerCase(opn.substr(opn.find('.') + 5)); // tile.get_block_idx -> block_idx
      if (!queries_.count(p)) {
        queries_.insert(p);
        extraParams_.push_back(p + ": i32");
      }
      return convert(p, DataType::Int32, scalarDType(c.type()).value_or(DataType::Index), span);
    }
    if (e && e->form == PtoForm::ValidDim)
      error("ES010", span,
            "PTO-AS has no read of a tile's run-time valid shape (a tile whose valid shape "
            "differs between the iterations of a loop or the branches of an if)");
    else
      error("ES010", span, "op '" + opn + "' has no PTO-AS form in a kernel");
    return std::nullopt;
  }

  // ---- parameters, tensor views --------------------------------------------------------------
  std::string param(const VarPtr &v) {
    const std::string &n = bind(v);
    if (auto *tt = dyn_cast<TensorType>(v->type().get())) {
      ptrs_[v.get()] = n;
      tensorParams_.push_back(v.get());
      std::string view = fresh(v->name() + "_view");
      std::vector<std::string> shape, strides;
      for (size_t k = 0; k < tt->rank(); ++k)
        shape.push_back(dimValue(v, *tt, k));
      if (tt->view() && !tt->view()->stride.empty()) {
        for (const ExprPtr &s : tt->view()->stride)
          strides.push_back(topIndex(s));
      } else {
        std::string acc = index(1);
        strides.assign(tt->rank(), "");
        for (size_t k = tt->rank(); k-- > 0;) {
          strides[k] = acc;
          auto c = constIntValue(tt->shape()[k]);
          auto a = constValue_.find(acc);
          if (c && a != constValue_.end())
            acc = index(a->second * *c);
          else
            acc = topOp("arith.muli " + acc + ", " + shape[k] + " : index", "stride");
        }
      }
      views_ += "    " + view + " = pto.make_tensor_view " + n + ", shape = [" + join(shape) +
                "], strides = [" + join(strides) + "] : " + viewType(*tt, "tensor_view", nullptr) +
                "\n";
      views_by_[v.get()] = view;
      return n + ": !pto.ptr<" + gmType(tt->dtype(), v->span()) + ">";
    }
    auto d = scalarDType(v->type());
    if (!d) {
      error("ES004", v->span(),
            "kernel parameter '" + v->name() + "' has type '" + printType(v->type()) +
                "'; the kernel ABI passes tensors and scalars");
      return n + ": i64";
    }
    return n + ": " + scalarType(*d, v->span());
  }

  static std::string join(const std::vector<std::string> &xs) {
    std::string s;
    for (size_t i = 0; i < xs.size(); ++i)
      s += (i ? ", " : "") + xs[i];
    return s;
  }

  /// An op in the view section (function top: it may use parameters and constants only).
  std::string topOp(const std::string &text, const std::string &hint) {
    std::string n = fresh(hint);
    views_ += "    " + n + " = " + text + "\n";
    return n;
  }
  /// An index expression of parameters and constants, printed in the view section.
  std::string topIndex(const ExprPtr &e) {
    if (auto c = constIntValue(e))
      return index(*c);
    std::swap(body_, views_);
    int saved = indent_;
    indent_ = 2;
    std::string r = indexExpr(e);
    indent_ = saved;
    std::swap(body_, views_);
    return r;
  }

  /// Dim `k` of tensor `t`: a constant, or an `index` parameter `%<t>_dim<k>` appended to the
  /// signature (the tensor record's shape at run time).
  std::string dimValue(const ExprPtr &tensor, const TensorType &tt, size_t k) {
    if (auto c = constIntValue(tt.shape()[k])) {
      constValue_[index(*c)] = *c;
      return index(*c);
    }
    auto *v = dyn_cast<Var>(tensor.get());
    const Var *base = v ? baseTensor(v) : nullptr;
    if (!base) {
      error("ES003", tensor->span(), "PTO-AS needs the tensor of a dynamic dim to be a parameter");
      return index(0);
    }
    auto key = std::make_pair(base, k);
    auto it = dims_.find(key);
    if (it != dims_.end())
      return it->second;
    std::string p = "%" + ident(base->name()) + "_dim" + std::to_string(k);
    used_.insert(p);
    extraParams_.push_back(p + ": index");
    return dims_[key] = p;
  }

  /// The parameter a tensor value names (its carries and store results alias it).
  const Var *baseTensor(const Var *v) {
    auto it = tensorBase_.find(v);
    if (it != tensorBase_.end())
      return it->second;
    for (const Var *p : tensorParams_)
      if (p == v)
        return p;
    return nullptr;
  }
  /// The tensor parameter behind `tensor`; nullptr after reporting ES004.
  const Var *paramOf(const ExprPtr &tensor) {
    auto *v = dyn_cast<Var>(tensor.get());
    const Var *b = v ? baseTensor(v) : nullptr;
    if (!b)
      error("ES004", tensor->span(),
            "PTO-AS needs '" + printExpr(tensor) + "' to name a tensor parameter");
    return b;
  }
  std::string paramPtr(const ExprPtr &tensor) {
    const Var *b = paramOf(tensor);
    return b ? ptrs_[b] : "%error";
  }
  std::string viewOf(const ExprPtr &tensor) {
    const Var *b = paramOf(tensor);
    return b ? views_by_[b] : "%error";
  }
  void aliasTensor(const Var *v, const ExprPtr &to) {
    auto *t = dyn_cast<Var>(to.get());
    if (const Var *b = t ? baseTensor(t) : nullptr)
      tensorBase_[v] = b;
  }

  /// The linear element offset of `indices` (a tuple, one per dim) in a packed tensor.
  std::optional<std::string> linearOffset(const ExprPtr &tensor, const TensorType &tt,
                                          const ExprPtr &indices) {
    auto *mt = dyn_cast<MakeTuple>(indices.get());
    if (!mt || mt->elements().size() != tt.rank()) {
      error("ES003", indices->span(),
            "PTO-AS needs one index per dim of '" + printExpr(tensor) + "'");
      return std::nullopt;
    }
    std::string acc;
    for (size_t k = 0; k < tt.rank(); ++k) {
      std::string i = indexExpr(mt->elements()[k]);
      if (!acc.empty())
        acc = op("arith.muli " + acc + ", " + dimValue(tensor, tt, k) + " : index", "off", {});
      acc = acc.empty() ? i : op("arith.addi " + acc + ", " + i + " : index", "off", {});
    }
    return acc;
  }
  /// row * cols + col of a tile element.
  std::optional<std::string> tileOffset(const TileType &t, const ExprPtr &indices) {
    auto *mt = dyn_cast<MakeTuple>(indices.get());
    auto dims = tileDims(t);
    if (!mt || !dims || mt->elements().empty() || mt->elements().size() > 2) {
      error("ES003", indices->span(),
            "expected 1 or 2 tile indices, found '" + printExpr(indices) + "'");
      return std::nullopt;
    }
    if (mt->elements().size() == 1)
      return indexExpr(mt->elements()[0]);
    std::string r = indexExpr(mt->elements()[0]), c = indexExpr(mt->elements()[1]);
    std::string m = op("arith.muli " + r + ", " + index(dims->cols) + " : index", "off", {});
    return op("arith.addi " + m + ", " + c + " : index", "off", {});
  }

  // ---- tiles: one alloc_tile per tile value at its planned address ---------------------------
  std::optional<int64_t> address(const TileType &t, const std::string &what, const Span &span) {
    const MemRefPtr &m = t.memref();
    auto off = m ? constIntValue(m->byteOffset()) : std::nullopt;
    if (!off || (m->base() && allocAddr_.count(m->base().get()) && !allocAddr_[m->base().get()])) {
      error("ES002", span,
            "PTO-AS needs a planned constant address for tile '" + what +
                "' (run passes InitMemRef and AllocateMemoryAddr)");
      return std::nullopt;
    }
    if (m->slotCount() > 1) {
      error("ES004", span, "tile '" + what + "' is multi-buffered; not yet supported in PTO-AS");
      return std::nullopt;
    }
    return *off;
  }

  /// Declares `v`'s tile buffer (in the allocation section) and binds its name.
  bool declareTile(const VarPtr &v, const Span &span) {
    const TileType *t = tileOf(v->type());
    const std::string &n = bind(v);
    std::string ty = tileType(*t, span);
    auto addr = address(*t, v->name(), span);
    if (!addr)
      return false;
    std::string a = constant(std::to_string(*addr), "i64", "c" + std::to_string(*addr) + "_i64");
    std::string valid;
    if (dynamicValid(*t)) {
      auto dims = tileDims(*t);
      valid = " valid_row = " + index(dims->rows) + " valid_col = " + index(dims->cols);
    }
    allocs_ += "    " + n + " = pto.alloc_tile addr = " + a + valid + " : " + ty + "\n";
    return true;
  }

  /// `pto.set_validshape` to the tile type's valid shape (dynamic valid dims only).
  void setValidShape(const std::string &tile, const TileType &t, const Span &span) {
    if (!dynamicValid(t))
      return;
    const ExprList &vs = t.view()->validShape;
    std::string vc = indexExpr(vs.back());
    std::string vr = vs.size() >= 2 ? indexExpr(vs[vs.size() - 2]) : index(1);
    line("pto.set_validshape " + tile + ", " + vr + ", " + vc + " : " + tileType(t, span), span);
  }

  /// A tile value `src` that `dst` must already hold (a carry, a yield, a copy): DPS buffers,
  /// nothing is printed; other bytes need a tile.move first.
  void sameTile(const VarPtr &dst, const ExprPtr &src, const Span &span) {
    const TileType *dt = tileOf(dst->type()), *st = tileOf(src->type());
    if (!st || !sameTileBytes(*dt, *st))
      error("ES004", span,
            "tile '" + dst->name() + "' takes '" + printExpr(src) +
                "' from other bytes; PTO-AS needs that copy as a tile.move (run pass "
                "MaterializeTileMoves)");
  }

  // ---- statements ----------------------------------------------------------------------------
  struct Frame {
    const std::vector<VarPtr> *vars = nullptr; ///< the carries or if results a yield feeds
    std::vector<std::string> yielded;          ///< the scalar values of the yield seen
  };

  // One IRVisitor hook per statement kind (visitStmt dispatches; Seq is the visitor's own).
  void visitReturn(const Return &) override {}
  void visitBreak(const Break &s) override { structuredOnly(s.span()); }
  void visitContinue(const Continue &s) override { structuredOnly(s.span()); }
  void structuredOnly(const Span &span) {
    error("ES004", span,
          "PTO-AS needs structured control flow without break/continue (run pass "
          "CtrlFlowTransform)");
  }
  void visitScope(const Scope &s) override {
    error("ES004", s.span(),
          "a scope inside kernel '" + fn_.name() + "' (run pass OutlineIncoreScopes)");
  }

  static bool isScalar(const VarPtr &v) { return scalarDType(v->type()).has_value(); }

  /// The name of the SSA results of a loop or if: its first scalar result's.
  std::string resultName(const std::vector<VarPtr> &rets) {
    for (const VarPtr &r : rets)
      if (isScalar(r))
        return fresh(r->name());
    return fresh("res");
  }

  /// The scalar-typed entries of `vars` as MLIR types.
  std::vector<std::string> scalarTypes(const std::vector<VarPtr> &vars) {
    std::vector<std::string> out;
    for (const VarPtr &v : vars)
      if (isScalar(v))
        out.push_back(scalarType(*scalarDType(v->type()), v->span()));
    return out;
  }

  /// Non-scalar carries and results: a tile gets its buffer (it must hold `init`'s bytes), a
  /// tensor names its parameter.
  void declareBuffer(const VarPtr &v, const ExprPtr &init, const Span &span) {
    if (tileOf(v->type())) {
      if (declareTile(v, span) && init)
        sameTile(v, init, span);
    } else if (isa<TensorType>(v->type().get())) {
      bind(v);
      if (init)
        aliasTensor(v.get(), init);
    } else {
      error("ES004", span,
            "PTO-AS cannot carry '" + v->name() + "' of type '" + printType(v->type()) + "'");
    }
  }

  /// Binds the results of a loop or if: scalars to `%res#k`, the rest to their carries' buffers.
  void bindResults(const std::vector<VarPtr> &rets, const std::vector<VarPtr> *carries,
                   const std::string &res, size_t nScalar, const Span &span) {
    size_t k = 0;
    for (size_t i = 0; i < rets.size(); ++i) {
      const VarPtr &r = rets[i];
      if (isScalar(r)) {
        names_[r.get()] = nScalar == 1 ? res : res + "#" + std::to_string(k);
        ++k;
      } else if (carries && tileOf(r->type())) {
        const TileType *rt = tileOf(r->type()), *ct = tileOf((*carries)[i]->type());
        if (!ct || !sameTileBytes(*rt, *ct))
          error("ES004", span, "loop result '" + r->name() + "' is in other bytes than its carry");
        names_[r.get()] = names_[(*carries)[i].get()];
      } else if (carries) {
        names_[r.get()] = names_[(*carries)[i].get()];
        tensorBase_[r.get()] = baseTensor((*carries)[i].get());
      } else {
        declareBuffer(r, nullptr, span);
      }
    }
  }

  /// A nested region; its yield carries the scalar values (scf.while's body always ends in one).
  void region(const StmtPtr &b, Frame &frame, bool forceYield = false) {
    ++indent_;
    frames_.push_back(&frame);
    visitStmt(b);
    frames_.pop_back();
    if (!frame.yielded.empty())
      line("scf.yield " + join(frame.yielded) + " : " + join(scalarTypes(*frame.vars)));
    else if (forceYield)
      line("scf.yield");
    --indent_;
  }

  void visitFor(const For &s) override {
    const Span &span = s.span();
    auto step = constIntValue(s.step());
    if (!step || *step == 0)
      return error("ES010", span, "PTO-AS needs a for loop with a constant, non-zero step");
    DataType lt = scalarDType(s.loopVar()->type()).value_or(DataType::Index);
    std::string lb = exprAs(s.start(), lt), ub = exprAs(s.stop(), lt);
    std::string ty = scalarType(lt, span);
    std::vector<VarPtr> carries;
    std::vector<std::string> inits = carriedInits(s.iterArgs(), carries, span);
    std::vector<std::string> types = scalarTypes(carries);
    std::string iv = fresh(s.loopVar()->name()), counter = iv;
    std::string header;
    if (*step > 0) {
      header = "scf.for " + iv + " = " + lb + " to " + ub + " step " + intConst(*step, lt);
    } else { // scf.for counts up: k in [0, trips), i = start + k * step
      std::string span_ = op("arith.subi " + lb + ", " + ub + " : " + ty, "span", span);
      std::string up =
          op("arith.addi " + span_ + ", " + intConst(-*step - 1, lt) + " : " + ty, "v", span);
      std::string trips =
          op("arith.divsi " + up + ", " + intConst(-*step, lt) + " : " + ty, "trips", span);
      trips = op("arith.maxsi " + trips + ", " + intConst(0, lt) + " : " + ty, "trips", span);
      counter = fresh(s.loopVar()->name() + "_k");
      header = "scf.for " + counter + " = " + intConst(0, lt) + " to " + trips + " step " +
               intConst(1, lt);
    }
    std::vector<std::string> argNames;
    size_t si = 0;
    for (const VarPtr &c : carries)
      if (isScalar(c)) {
        argNames.push_back(bind(c) + " = " + inits[si++]);
      }
    std::string res;
    if (!types.empty()) {
      res = resultName(s.returnVars());
      header = res + (types.size() > 1 ? ":" + std::to_string(types.size()) : "") + " = " + header +
               " iter_args(" + join(argNames) + ") -> (" + join(types) + ")";
    }
    if (lt != DataType::Index)
      header += " : " + ty;
    line(header + " {");
    Frame frame{&carries, {}};
    if (*step < 0) {
      ++indent_;
      std::string m =
          op("arith.muli " + counter + ", " + intConst(*step, lt) + " : " + ty, "v", span);
      names_[s.loopVar().get()] =
          op("arith.addi " + lb + ", " + m + " : " + ty, s.loopVar()->name(), span);
      --indent_;
    } else {
      names_[s.loopVar().get()] = iv;
    }
    region(s.body(), frame);
    line("}", span);
    if (s.returnVars().size() != carries.size())
      return error("ES004", span,
                   "loop has " + std::to_string(carries.size()) + " carried values but " +
                       std::to_string(s.returnVars().size()) + " results");
    bindResults(s.returnVars(), &carries, res, types.size(), span);
  }

  /// A loop's carries (appended to `carries`): the scalar ones' initial values as iter_args,
  /// the buffers declared in place.
  std::vector<std::string> carriedInits(const std::vector<IterArg> &iters,
                                        std::vector<VarPtr> &carries, const Span &span) {
    std::vector<std::string> inits;
    for (const auto &ia : iters) {
      carries.push_back(ia.var);
      if (isScalar(ia.var))
        inits.push_back(exprAs(ia.init, *scalarDType(ia.var->type())));
      else
        declareBuffer(ia.var, ia.init, span);
    }
    return inits;
  }

  void visitWhile(const While &s) override {
    const Span &span = s.span();
    std::vector<VarPtr> carries;
    std::vector<std::string> inits = carriedInits(s.iterArgs(), carries, span);
    std::vector<std::string> types = scalarTypes(carries);
    std::string res = types.empty() ? "" : resultName(s.returnVars());
    std::string head =
        (res.empty() ? ""
                     : res + (types.size() > 1 ? ":" + std::to_string(types.size()) : "") + " = ") +
        std::string("scf.while (");
    std::vector<std::string> before, after;
    size_t si = 0;
    for (const VarPtr &c : carries)
      if (isScalar(c)) {
        std::string a = fresh(c->name() + "_b");
        head += std::string(si ? ", " : "") + a + " = " + inits[si];
        before.push_back(a);
        ++si;
      }
    line((before.empty() ? head.substr(0, head.size() - 2) : head + ")") + " : (" + join(types) +
         ") -> (" + join(types) + ") {");
    ++indent_;
    si = 0;
    for (const VarPtr &c : carries)
      if (isScalar(c))
        names_[c.get()] = before[si++];
    std::string cond = exprAs(s.cond(), DataType::Bool);
    line("scf.condition(" + cond + ")" +
         (before.empty() ? "" : " " + join(before) + " : " + join(types)));
    --indent_;
    std::string bb = "^bb0(";
    si = 0;
    for (const VarPtr &c : carries)
      if (isScalar(c)) {
        std::string a = fresh(c->name());
        names_[c.get()] = a;
        bb += std::string(si ? ", " : "") + a + ": " + types[si];
        ++si;
      }
    line("} do {");
    if (!types.empty())
      line(bb + "):");
    Frame frame{&carries, {}};
    region(s.body(), frame, /*forceYield=*/true);
    line("}", span);
    bindResults(s.returnVars(), &carries, res, types.size(), span);
  }

  void visitIf(const If &s) override {
    const Span &span = s.span();
    std::string cond = exprAs(s.cond(), DataType::Bool);
    std::vector<std::string> types = scalarTypes(s.returnVars());
    for (const VarPtr &r : s.returnVars())
      if (!isScalar(r))
        declareBuffer(r, nullptr, span);
    std::string res = types.empty() ? "" : resultName(s.returnVars());
    line((res.empty()
              ? ""
              : res + (types.size() > 1 ? ":" + std::to_string(types.size()) : "") + " = ") +
         "scf.if " + cond + (types.empty() ? "" : " -> (" + join(types) + ")") + " {");
    Frame thenF{&s.returnVars(), {}}, elseF{&s.returnVars(), {}};
    region(s.thenBody(), thenF);
    if (s.elseBody()) {
      line("} else {");
      region(s.elseBody(), elseF);
    } else if (!types.empty()) {
      error("ES004", span, "an if with results needs an else branch");
    }
    line("}", span);
    size_t k = 0;
    for (const VarPtr &r : s.returnVars())
      if (isScalar(r)) {
        names_[r.get()] = types.size() == 1 ? res : res + "#" + std::to_string(k);
        ++k;
      }
  }

  void visitYield(const Yield &s) override {
    if (frames_.empty())
      return error("ES004", s.span(), "yield outside a loop body or if branch");
    Frame &f = *frames_.back();
    const auto &vars = *f.vars;
    if (vars.size() != s.values().size())
      return error("ES004", s.span(),
                   "yield of " + std::to_string(s.values().size()) + " values for " +
                       std::to_string(vars.size()));
    for (size_t k = 0; k < vars.size(); ++k) {
      const VarPtr &v = vars[k];
      const ExprPtr &x = s.values()[k];
      if (isScalar(v))
        f.yielded.push_back(exprAs(x, *scalarDType(v->type())));
      else if (tileOf(v->type()))
        sameTile(v, x, s.span());
      else
        yieldTensor(v, x, s.span());
    }
  }

  /// A tensor yielded for carry or if result `v`: both must name one parameter (an if result
  /// takes the parameter of its first branch's yield).
  void yieldTensor(const VarPtr &v, const ExprPtr &x, const Span &span) {
    auto *xv = dyn_cast<Var>(x.get());
    const Var *xb = xv ? baseTensor(xv) : nullptr;
    auto it = tensorBase_.find(v.get());
    if (xb && it == tensorBase_.end()) {
      tensorBase_[v.get()] = xb;
      return;
    }
    if (!xb || it->second != xb)
      error("ES010", span,
            "'" + printExpr(x) + "' is yielded for tensor '" + v->name() +
                "', which names another tensor; PTO-AS tensor views are fixed per parameter");
  }

  void visitAssign(const Assign &s) override {
    const VarPtr &v = s.var();
    const ExprPtr &val = s.value();
    const Span &span = s.span();
    if (auto *c = dyn_cast<Call>(val.get()); c && c->target().isOp()) {
      const std::string &opn = c->target().name();
      const PtoOpEntry *e = lookupPtoOp(opn);
      if (e && e->form == PtoForm::GmWrite)
        return gmWrite(v, *c, span);
      if (e && e->form == PtoForm::Alloc) {
        const AttrValue *a = findAttr(c->kwargs(), "addr");
        auto *addr = a ? std::get_if<int64_t>(a) : nullptr;
        allocAddr_[v.get()] = addr != nullptr;
        return;
      }
      if (e && e->form == PtoForm::Store)
        return store(v, *c, span);
      if (e && tileOf(v->type()) && e->form != PtoForm::Read && e->form != PtoForm::Query)
        return tileOp(v, *c, *e, span);
    } else if (auto *c2 = dyn_cast<Call>(val.get()); c2 && !c2->target().isOp()) {
      return error("ES004", span,
                   "kernel '" + fn_.name() + "' calls function '" + c2->target().name() +
                       "' (run pass InlineFunctions)");
    }
    if (tileOf(v->type())) { // a copy: the same bytes
      if (declareTile(v, span))
        sameTile(v, val, span);
      return;
    }
    if (isa<TensorType>(v->type().get())) {
      bind(v);
      return aliasTensor(v.get(), val);
    }
    auto d = scalarDType(v->type());
    if (!d)
      return error("ES004", span,
                   "PTO-AS cannot bind '" + v->name() + "' of type '" + printType(v->type()) + "'");
    names_[v.get()] = exprAs(val, *d);
  }

  void visitEval(const Eval &s) override {
    auto *c = dyn_cast<Call>(s.expr().get());
    const PtoOpEntry *e = c && c->target().isOp() ? lookupPtoOp(c->target().name()) : nullptr;
    switch (evalKind(e ? e->form : PtoForm::Generic)) {
    case EvalKind::Sync:
      return; // ptoas inserts the synchronisation itself
    case EvalKind::GlobalWrite:
      return e->form == PtoForm::Store ? store(nullptr, *c, s.span())
                                       : gmWrite(nullptr, *c, s.span());
    case EvalKind::InPlace:
      return inPlace(name(c->args()[0]), *c, *e, s.span());
    case EvalKind::CrossCore:
      return crossCore(*c, s.span());
    case EvalKind::Value:
      break; // nothing prints it
    }
    error("ES004", s.span(),
          "the PTO-AS printer cannot print the statement '" + printExpr(s.expr()) + "'");
  }

  // ---- tile ops ------------------------------------------------------------------------------
  std::string operand(const ExprPtr &a, std::string &types, DataType scalarAs = DataType::FP32) {
    if (auto *t = tileOf(a->type())) {
      types += (types.empty() ? "" : ", ") + tileType(*t, a->span());
      return name(a);
    }
    DataType to = scalarAs;
    types += (types.empty() ? "" : ", ") + scalarType(to, a->span());
    return exprAs(a, to);
  }

  /// `pto.<op> ins(<ins> : <types>) outs(<dst> : <dst type>)`.
  void dps(const std::string &opn, const std::vector<std::string> &ins, const std::string &types,
           const std::string &dst, const TileType &dt, const Span &span,
           const std::string &attr = "") {
    line(opn + " ins(" + join(ins) + attr + " : " + types + ") outs(" + dst + " : " +
             tileType(dt, span) + ")",
         span);
  }

  /// `%r = pto.treshape %src : <src type> -> <result type>`: the result is the source's bytes
  /// under another shape (the same planned address), so it takes no alloc_tile.
  void reshape(const VarPtr &v, const Call &c, const Span &span) {
    std::string why = missingArgs(c, 1);
    const TileType *st = why.empty() ? tileOf(c.args()[0]->type()) : nullptr;
    if (!st) {
      error("ES003", span, why.empty() ? "tile.reshape of a value that is not a tile" : why);
      return;
    }
    std::string src = name(c.args()[0]);
    std::string n = bind(v);
    const TileType &dt = *tileOf(v->type());
    line(n + " = pto.treshape " + src + " : " + tileType(*st, span) + " -> " + tileType(dt, span),
         span);
    setValidShape(n, dt, span); // tile.set_validshape's, or a dynamic one a reshape keeps
  }

  void unsupported(const Call &c, const std::string &why) {
    error("ES010", c.span(), "op '" + c.target().name() + "' has no PTO-AS form" + why);
  }

  // ---- cross-core pipes (docs/backend.md "Mixed tasks and cross-core pipes") ------------------
  /// ptoas's pipe handles, one per direction as the C++ backend's TPipes:
  /// `pto.initialize_l2g2l_pipe` through the GM ring InjectGMPipeBuffer planned (without one,
  /// `pto.initialize_l2l_pipe`), the consumer buffer at the address AllocateMemoryAddr placed;
  /// then `pto.tpush` / `pto.tpop` / `pto.tfree` on them.
  void crossCore(const Call &c, const Span &span) {
    const std::string &opn = c.target().name();
    if (opn == "system.reserve_buffer" || opn == "system.import_peer_buffer")
      return; // the consumer buffers are the pipes' planned addresses
    if (opn.ends_with("_initialize_pipe"))
      return initPipes(c, span);
    const std::string pipe = pipeHandle(c, span);
    if (pipe.empty())
      return;
    const std::string split = " {split = " + std::to_string(splitOf(c)) + "}";
    if (opn.find("tpush") != std::string::npos) {
      const TileType *t = c.args().empty() ? nullptr : tileOf(c.args()[0]->type());
      if (!t)
        return error("ES003", span, "'" + opn + "' needs the tile it pushes");
      return line("pto.tpush(" + name(c.args()[0]) + ", " + pipe + " : " + tileType(*t, span) +
                      ", !pto.pipe)" + split,
                  span);
    }
    line("pto.tfree(" + pipe + " : !pto.pipe)" + split, span); // the oldest popped slot
  }

  static int64_t splitOf(const Call &c) {
    const int64_t *s = findAttrAs<int64_t>(c.kwargs(), "split");
    return s ? *s : 0;
  }

  void initPipes(const Call &c, const Span &span) {
    auto intKw = [&](const char *key) -> std::optional<int64_t> {
      const int64_t *i = findAttrAs<int64_t>(c.kwargs(), key);
      return i ? std::optional<int64_t>(*i) : std::nullopt;
    };
    const int64_t mask = intKw("dir_mask").value_or(0), slots = intKw("slot_num").value_or(0);
    if (slots != 4 && slots != 8) {
      pipes_[0] = pipes_[1] = "%error"; // reported once, here
      return error("ES010", span,
                   "ptoas's cross-core pipes have 4 or 8 slots, this one " + std::to_string(slots) +
                       ": give the pl::at scope .optimizations = {pl::cross_core_slot(4)} (or 8)");
    }
    std::string head = ", slot_size = " + std::to_string(intKw("slot_size").value_or(0)) +
                       ", slot_num = " + std::to_string(slots);
    const TensorType *gt =
        c.args().empty() ? nullptr : dyn_cast<TensorType>(c.args()[0]->type().get());
    const std::string elem = gt ? "<" + gmType(gt->dtype(), span) + ">" : "";
    const std::string ptr = "!pto.ptr" + elem;
    for (int d = 0; d < 2; ++d) {
      if (!(mask & (1 << d)))
        continue;
      const int64_t buf = intKw(d ? "v2c_consumer_buf" : "c2v_consumer_buf").value_or(0);
      const std::string local =
          constant(std::to_string(buf), "i32", "c" + std::to_string(buf) + "_i32");
      std::string attrs = "{dir_mask = " + std::to_string(1 << d) + head;
      std::string operands;
      if (gt) {
        if (auto l = intKw("local_slot_num"))
          attrs += ", local_slot_num = " + std::to_string(*l);
        std::string gm = paramPtr(c.args()[0]);
        if (int64_t off = intKw(d ? "gm_v2c_offset" : "gm_c2v_offset").value_or(0))
          gm =
              op("pto.addptr " + gm + ", " + index(off) + " : " + elem + " -> " + elem, "gm", span);
        operands = gm + " : " + ptr + ", ";
      }
      attrs += std::string(", flag_base = ") + (d ? "2" : "0") + "}";
      pipes_[d] = op(std::string(gt ? "pto.initialize_l2g2l_pipe " : "pto.initialize_l2l_pipe ") +
                         attrs + "(" + operands + local + " : i32) -> !pto.pipe",
                     d ? "pipe_v2c" : "pipe_c2v", span);
    }
  }

  /// The handle of the pipe a push / pop / free uses; "" after ES003.
  std::string pipeHandle(const Call &c, const Span &span) {
    const int d = crossCorePipe(c.target().name()) == "pipe_v2c" ? 1 : 0;
    if (pipes_[d].empty())
      error("ES003", span,
            "'" + c.target().name() + "' uses the " + (d ? "vector-to-cube" : "cube-to-vector") +
                " pipe before a *_initialize_pipe sets it up");
    return pipes_[d];
  }

  /// `v = tpop`: a declared tile bound to the pipe's next slot (ptoas's DPS pop).
  void pop(const VarPtr &v, const Call &c, const Span &span) {
    const std::string pipe = pipeHandle(c, span);
    if (pipe.empty())
      return;
    const TileType &t = *tileOf(v->type());
    const std::string &n = bind(v);
    const std::string ty = tileType(t, span);
    line(n + " = pto.declare_tile -> " + ty, span);
    line("pto.tpop(" + n + ", " + pipe + " : " + ty +
             ", !pto.pipe) {split = " + std::to_string(splitOf(c)) + "}",
         span);
    setValidShape(n, t, span);
  }

  void tileOp(const VarPtr &v, const Call &c, const PtoOpEntry &e, const Span &span) {
    if (e.form == PtoForm::Pop)
      return pop(v, c, span);
    if (e.form == PtoForm::Insert || e.form == PtoForm::Write) { // the result is the updated arg
      const TileType *at = tileOf(c.args()[0]->type());
      if (!at || !sameTileBytes(*tileOf(v->type()), *at))
        return sameTile(v, c.args()[0], span);
      names_[v.get()] = name(c.args()[0]);
      return inPlace(names_[v.get()], c, e, span);
    }
    if (c.target().op && c.target().op->viewOfArg) // ptoas's treshape returns its result
      return reshape(v, c, span);
    if (!declareTile(v, span))
      return;
    const TileType &dt = *tileOf(v->type());
    const std::string &dst = names_[v.get()];
    auto r = decode(c, e, &dt, span);
    if (!r)
      return;
    if (r->form() == PtoForm::Create)
      return setValidShape(dst, dt, span);
    if (r->form() == PtoForm::Load)
      return load(dst, dt, r->window, c, span);
    spell(*r, dst, dt, span);
  }

  /// The call decoded into its instruction record (pto_instr.h); nullopt after its error.
  std::optional<PtoInstr> decode(const Call &c, const PtoOpEntry &e, const TileType *dt,
                                 const Span &span) {
    return decodeInstr(
        c, e, dt, PtoSyntax::Asm, span,
        [&](const char *code, const Span &at, const std::string &msg) { error(code, at, msg); });
  }

  /// tile.assemble (TINSERT) and tile.write (TSETVAL) update the tile `dst` in place.
  void inPlace(const std::string &dst, const Call &c, const PtoOpEntry &e, const Span &span) {
    if (auto r = decode(c, e, nullptr, span))
      spell(*r, dst, *tileOf(c.args()[0]->type()), span);
  }

  /// `pto.<instr> ins(<operands> : <types>) outs(<dst> : <dst type>)` of a decoded record.
  void spell(const PtoInstr &r, const std::string &dst, const TileType &dt, const Span &span) {
    if (r.instr() == "TEXPANDS" && arch_ == "a2a3")
      if (auto row = columnAsRow(dt)) { // a3's texpands fills row-major Vec tiles only
        setValidShape(dst, dt, span);
        std::string n = fresh(dst.substr(1) + "_row");
        line(n + " = pto.treshape " + dst + " : " + tileType(dt, span) + " -> " +
                 tileType(*row, span),
             span);
        return spell(r, n, *row, span);
      }
    if (auto why = ptoasRejects(r, dt, arch_))
      return error("ES010", span,
                   "'" + asmOpName(r.instr()) + "' has no form ptoas takes for " +
                       std::string(arch_) + ": " + *why);
    setValidShape(dst, dt, span); // a computed tile's valid shape (MaterializeTileValidShapes)
    std::string types, attr;
    std::vector<std::string> ins;
    size_t k = 0;
    if (r.form() == PtoForm::Write) { // the element's linear offset: row * cols + col
      const ExprPtr &row = r.ins[0].expr, &col = r.ins[1].expr;
      std::string off = indexExpr(row ? row : col);
      if (row) {
        std::string m =
            op("arith.muli " + off + ", " + index(tileDims(dt)->cols) + " : index", "off", {});
        off = op("arith.addi " + m + ", " + indexExpr(col) + " : index", "off", {});
      }
      ins.push_back(off);
      types = "index";
      k = 2;
    }
    for (; k < r.ins.size(); ++k) {
      const PtoOperand &o = r.ins[k];
      if (o.kind == PtoOperand::Kind::Value) {
        ins.push_back(operand(o.expr, types, o.scalarAs));
        continue;
      }
      ins.push_back(o.expr ? indexExpr(o.expr) : index(0));
      types += std::string(types.empty() ? "" : ", ") + "index";
    }
    switch (r.form()) {
    case PtoForm::Cast:
      attr = " {rmode = #pto<round_mode " + r.roundMode + ">}";
      break;
    case PtoForm::Cmp:
      attr = " {cmpMode = #pto<cmp " + r.cmpMode + ">}";
      break;
    case PtoForm::Lrelu:
      ins.push_back(floatConst(r.slope, DataType::FP32));
      types += ", f32";
      break;
    case PtoForm::ColSum:
      if (r.isBinary)
        attr = " {isBinary = true}";
      break;
    case PtoForm::Ci:
      attr = std::string(" {descending = ") + (r.descending ? "true" : "false") + "}";
      break;
    default:
      break;
    }
    dps(asmOpName(r.instr()), ins, types, dst, dt, span, attr);
  }

  /// A column-major [R, 1] Vec tile without boxes as the row-major [1, R] tile of the same bytes
  /// (element r at r in both), its valid shape transposed; nullopt for any other tile.
  static std::optional<TileType> columnAsRow(const TileType &t) {
    auto dims = tileDims(t);
    const TileView v = t.view().value_or(TileView{});
    if (!dims || dims->cols != 1 || t.memorySpace() != MemorySpace::Vec ||
        v.blayout != BLayout::ColMajor || v.slayout != SLayout::NoneBox)
      return std::nullopt;
    TileView rv = v;
    rv.blayout = BLayout::RowMajor;
    if (v.validShape.size() == 2)
      rv.validShape = {v.validShape[1], v.validShape[0]};
    return TileType(
        t.dtype(),
        {ConstInt::make(1, DataType::Index), ConstInt::make(dims->rows, DataType::Index)},
        t.memorySpace(), rv, t.memref());
  }

  /// The window of `tensor` at `offsets` with `extents`: `pto.partition_view`.
  std::string partition(const ExprPtr &tensor, const TensorType &tt, const ExprList &offsets,
                        const ExprList &extents, const Span &span) {
    std::vector<std::string> offs, sizes;
    for (const ExprPtr &o : offsets)
      offs.push_back(indexExpr(o));
    for (const ExprPtr &x : extents)
      sizes.push_back(indexExpr(x));
    std::string pv = fresh("pv");
    line(pv + " = pto.partition_view " + viewOf(tensor) + ", offsets = [" + join(offs) +
             "], sizes = [" + join(sizes) + "] : " + viewType(tt, "tensor_view", nullptr) + " -> " +
             viewType(tt, "partition_tensor_view", &extents),
         span);
    return pv;
  }

  void warnUnproven(const Call &c, const ExprPtr &tensor) {
    if (boolAttr(c.attrs(), "in_bounds"))
      return;
    diags_.warning("ES101", c.span(),
                   "PTO-AS prints this window of '" + printExpr(tensor) +
                       "' unclipped, but it is not proven inside the tensor (pass "
                       "BoundTileWindows); pl pads a window past the end, ptoas does not");
  }

  void load(const std::string &dst, const TileType &dt, const PtoWindow &w, const Call &c,
            const Span &span) {
    const ExprList *extents = w.validShape ? w.validShape : w.sizes;
    warnUnproven(c, w.tensor);
    std::string pv = partition(w.tensor, *w.tensorType, *w.offsets, *extents, span);
    setValidShape(dst, dt, span);
    line("pto.tload ins(" + pv + " : " + viewType(*w.tensorType, "partition_tensor_view", extents) +
             ") outs(" + dst + " : " + tileType(dt, span) + ")",
         span);
  }

  void store(const VarPtr &v, const Call &c, const Span &span) {
    const ExprList &a = c.args();
    auto ops = storeOperands(c);
    if (!ops)
      return error("ES003", span,
                   "PTO-AS needs 'tile.store' of a static 2-D tile with one offset per tensor dim");
    const TensorType *tt = ops->tensor;
    const TileType *tile = ops->tile;
    ExprList extents(tt->rank(), ConstInt::make(1));
    const ExprList *valid =
        tile->view() && !tile->view()->validShape.empty() ? &tile->view()->validShape : nullptr;
    extents.back() = valid ? valid->back() : ConstInt::make(ops->dims.cols);
    if (tt->rank() >= 2)
      extents[tt->rank() - 2] = valid && valid->size() >= 2 ? (*valid)[valid->size() - 2]
                                                            : ConstInt::make(ops->dims.rows);
    warnUnproven(c, a[2]);
    std::string pv = partition(a[2], *tt, *ops->offsets, extents, span);
    line("pto.tstore ins(" + name(a[0]) + " : " + tileType(*tile, span) + ") outs(" + pv + " : " +
             viewType(*tt, "partition_tensor_view", &extents) + ")",
         span);
    if (v) {
      bind(v);
      aliasTensor(v.get(), a[2]);
    }
  }

  void gmWrite(const VarPtr &v, const Call &c, const Span &span) {
    const ExprList &a = c.args();
    auto *tt = a.size() == 3 ? dyn_cast<TensorType>(a[0]->type().get()) : nullptr;
    if (!tt)
      return error("ES003", span, "PTO-AS needs 'tensor.write' with (tensor, indices, value)");
    auto off = linearOffset(a[0], *tt, a[1]);
    if (!off)
      return;
    std::string et = gmType(tt->dtype(), span);
    std::string x = exprAs(a[2], tt->dtype());
    if (tt->dtype() == DataType::Bool) // stored as its byte 0 / 1
      x = op("arith.extui " + x + " : i1 to i8", "byte", span);
    line("pto.store_scalar " + x + ", " + paramPtr(a[0]) + "[" + *off + "] : !pto.ptr<" + et +
             ">, " + et,
         span);
    if (v) {
      bind(v);
      aliasTensor(v.get(), a[0]);
    }
  }

  const KernelInfo &k_;
  std::string_view arch_; ///< "a2a3" or "a5": the verifier ptoas runs (pto.target_arch)
  std::string pipes_[2];  ///< the cube-to-vector and vector-to-cube pipe handles
  std::string views_, allocs_;
  std::set<std::string> queries_;
  std::vector<std::string> extraParams_;
  std::map<const Var *, std::string> ptrs_, views_by_;
  std::vector<const Var *> tensorParams_;
  std::map<const Var *, const Var *> tensorBase_;
  std::map<std::pair<const Var *, size_t>, std::string> dims_;
  std::map<const Var *, bool> allocAddr_;
  std::vector<Frame *> frames_;
};

} // namespace

std::string printKernelAsm(const KernelInfo &k, std::string_view arch, DiagnosticEngine &diags,
                           bool &ok) {
  AsmPrinter p(k, arch, diags);
  std::string s = p.print();
  ok = !p.failed();
  return s;
}

} // namespace pl::emit::pto
