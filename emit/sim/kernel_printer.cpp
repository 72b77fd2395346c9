// emit/sim kernel printer: one AIV/AIC function as `static void kernel_<name>(std::int64_t* args)` of pl::sim instructions.
#include "emit/sim/printers.h"

#include "emit/sim/sim_ops.h"
#include "emit/sim/sim_printer.h"
#include "emit/sim/sim_types.h"
#include "ir/op_registry.h"
#include "ir/printer.h"

#include "llvm/Support/Casting.h"

namespace pl::emit::sim {

using namespace ir;
using llvm::dyn_cast;
using llvm::isa;

namespace {

std::string join(const std::vector<std::string> &xs) {
  std::string s;
  for (size_t i = 0; i < xs.size(); ++i)
    s += (i ? ", " : "") + xs[i];
  return s;
}

const TileType *tileOf(const TypePtr &t) { return dyn_cast<TileType>(t.get()); }

std::optional<std::string> stringKwarg(const Call &c, std::string_view key) {
  if (const AttrValue *v = findAttr(c.kwargs(), key))
    if (auto *s = std::get_if<std::string>(v))
      return *s;
  return std::nullopt;
}

/// "eq" -> "Eq"; "rint" -> "Rint" (the pl enumerator spelling of a string kwarg).
std::string enumerator(std::string s) {
  if (!s.empty())
    s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
  return s;
}

class KernelPrinter final : public FunctionPrinter {
public:
  KernelPrinter(const KernelInfo &k, DiagnosticEngine &d) : FunctionPrinter(*k.fn, d), k_(k) {}

  std::string print() {
    out_ += "// " + std::string(k_.aic ? "AIC" : "AIV") + " kernel '" + fn_.name() +
            "', func id " + std::to_string(k_.funcId) + "\n";
    out_ += "static void " + k_.cppName + "(std::int64_t* args) {\n";
    params();
    stmt(fn_.body());
    out_ += "}\n";
    return out_;
  }

private:
  // ---- parameters: tensors first (slots 0..nT-1), then scalars, as the runtime packs them ----
  void params() {
    size_t nTensors = 0;
    for (const auto &p : fn_.params())
      nTensors += isa<TensorType>(p.var->type().get());
    size_t tensorSlot = 0, scalarSlot = nTensors;
    for (const auto &p : fn_.params()) {
      const TypePtr &t = p.var->type();
      if (auto *tt = dyn_cast<TensorType>(t.get())) {
        auto elem = elemCppType(tt->dtype());
        if (!elem) {
          error("ES003", p.var->span(), "tensor parameter '" + p.var->name() + "' has dtype '" +
                                            std::string(dtypeName(tt->dtype())) +
                                            "', which the simulator cannot hold");
          continue;
        }
        const std::string &n = bind(p.var);
        line("[[maybe_unused]] GlobalView<" + *elem + "> " + n + " = viewArg<" + *elem +
             ">(args, " + std::to_string(tensorSlot++) + ");");
      } else if (isa<ScalarType>(t.get())) {
        auto ct = scalarType(t, p.var->span());
        const std::string &n = bind(p.var);
        line("[[maybe_unused]] const " + ct.value_or("void") + " " + n + " = scalarArg<" +
             ct.value_or("void") + ">(args, " + std::to_string(scalarSlot++) + ");");
      } else {
        error("ES004", p.var->span(),
              "kernel parameter '" + p.var->name() + "' has type '" + printType(t) +
                  "'; the simulator kernel ABI passes tensors and scalars (run pass "
                  "ConvertTensorToTileOps)");
      }
    }
  }

  // ---- tiles: declaration at the planned address, buffer identity -------------------------------
  std::optional<int64_t> address(const TileType &t, const std::string &what, const Span &span) {
    const MemRefPtr &m = t.memref();
    if (!m) {
      error("ES002", span, "emitter needs a MemRef on tile '" + what + "' (run pass InitMemRef)");
      return std::nullopt;
    }
    auto off = constIntValue(m->byteOffset());
    if (!off) {
      error("ES002", span, "emitter needs a planned constant address for tile '" + what +
                               "' (run pass AllocateMemoryAddr)");
      return std::nullopt;
    }
    if (m->slotCount() > 1) {
      error("ES004", span, "tile '" + what + "' is multi-buffered (" +
                               std::to_string(m->slotCount()) +
                               " slots); not yet supported by the simulator emitter");
      return std::nullopt;
    }
    if (m->base()) { // AllocateMemoryAddr writes absolute offsets and the alloc's `addr`
      auto it = allocAddr_.find(m->base().get());
      if (it != allocAddr_.end() && !it->second) {
        error("ES002", span, "emitter needs a planned address for buffer '" + m->base()->name() +
                                 "' of tile '" + what + "' (run pass AllocateMemoryAddr)");
        return std::nullopt;
      }
    }
    return *off;
  }

  /// Declares the Tile object of `v` and places it; false after an error.
  bool declareTile(const VarPtr &v, const Span &span) {
    const TileType *t = tileOf(v->type());
    const std::string &n = bind(v); // named even on error: later uses do not cascade
    std::string why;
    auto cpp = tileCppType(*t, why);
    if (!cpp) {
      error(t->memorySpace() ? "ES003" : "ES002", span, "tile '" + v->name() + "': " + why);
      return false;
    }
    auto addr = address(*t, v->name(), span);
    if (!addr)
      return false;
    line(*cpp + " " + n + ";");
    line("TASSIGN(" + n + ", " + std::to_string(*addr) + ");");
    return true;
  }

  /// Same bytes: one MemRef, or the same space, base and constant offset (and same C++ type,
  /// so that one object could stand for both).
  static bool sameBuffer(const TileType &a, const TileType &b) {
    const MemRefPtr &x = a.memref(), &y = b.memref();
    if (!x || !y || a.memorySpace() != b.memorySpace())
      return false;
    if (x != y) {
      auto ox = constIntValue(x->byteOffset()), oy = constIntValue(y->byteOffset());
      if (x->base() != y->base() || !ox || !oy || *ox != *oy)
        return false;
    }
    std::string w;
    return tileCppType(a, w) == tileCppType(b, w);
  }

  /// `dst` takes tile `src`'s value in the same bytes (MaterializeTileMoves made every other
  /// copy a tile.move): only the valid shape.
  void copyTile(const VarPtr &dst, const ExprPtr &src, const Span &span) {
    const std::string d = name(dst), s = name(src);
    const TileType *dt = tileOf(dst->type()), *st = tileOf(src->type());
    if (d == s)
      return;
    if (!st)
      return error("ES004", span, "'" + printExpr(src) + "' is not a tile");
    if (!sameBuffer(*dt, *st))
      return otherBytes(dst, src, span);
    line(d + ".SetValidShape(" + s + ".GetValidRow(), " + s + ".GetValidCol());");
  }

  void otherBytes(const VarPtr &dst, const ExprPtr &src, const Span &span) {
    error("ES004", span,
          "tile '" + dst->name() + "' takes '" + printExpr(src) +
              "' from other bytes; emitter needs that copy as a tile.move (run pass "
              "MaterializeTileMoves)");
  }

  // ---- value hooks (carries, if results) --------------------------------------------------------
  void declareValue(const VarPtr &v, const ExprPtr &init, const Span &span) override {
    const TypePtr &t = v->type();
    if (tileOf(t)) {
      if (declareTile(v, span) && init)
        copyTile(v, init, span);
      return;
    }
    if (auto *tt = dyn_cast<TensorType>(t.get())) {
      std::string decl = "GlobalView<" + elemCppType(tt->dtype()).value_or("float") + "> ";
      std::string src = init ? name(init) : "";
      const std::string &n = bind(v);
      return line(decl + n + (init ? " = " + src : "") + ";");
    }
    auto ct = scalarType(t, span);
    std::string src = init ? expr(init) : "";
    const std::string &n = bind(v);
    line(ct.value_or("void") + " " + n + (init ? " = " + src : "{}") + ";");
  }

  void assignValue(const VarPtr &dst, const ExprPtr &src, const Span &span) override {
    if (tileOf(dst->type()))
      return copyTile(dst, src, span);
    std::string d = name(dst), s = isa<TensorType>(dst->type().get()) ? name(src) : expr(src);
    if (d != s)
      line(d + " = " + s + ";");
  }

  void bindResult(const VarPtr &result, const VarPtr &carry, const Span &span) override {
    const TileType *rt = tileOf(result->type()), *ct = tileOf(carry->type());
    if (rt && ct && !sameBuffer(*rt, *ct))
      return otherBytes(result, carry, span);
    alias(result.get(), name(carry));
  }

  // ---- statements -------------------------------------------------------------------------------
  void scope(const Scope &s) override {
    error("ES004", s.span(), "scope '" + std::string(scopeKindName(s.scopeKind())) +
                                 "' inside kernel '" + fn_.name() +
                                 "' (run pass OutlineIncoreScopes)");
  }

  void assign(const Assign &s) override {
    const VarPtr &v = s.var();
    const ExprPtr &val = s.value();
    if (auto *c = dyn_cast<Call>(val.get())) {
      if (!c->target().isOp())
        return error("ES004", s.span(), "kernel '" + fn_.name() + "' calls function '" +
                                            c->target().name() + "' (run pass InlineFunctions)");
      if (c->target().name() == "tensor.write")
        return gmWrite(v, *c, s.span());
      const SimOpEntry *e = lookupSimOp(c->target().name());
      if (!e && c->target().name() != "tensor.dim" && c->target().name() != "tensor.read") {
        bind(v);
        return error("ES001", val->span(), "op '" + c->target().name() +
                                               "' has no simulator instruction in a kernel");
      }
      if (e && e->form == SimForm::Alloc)
        return noteAlloc(v, *c);
      if (e && e->form == SimForm::Store)
        return store(v, *c, s.span());
      if (e && e->form != SimForm::Read && e->form != SimForm::Query && tileOf(v->type()))
        return tileOp(v, *c, *e, s.span());
    }
    if (tileOf(v->type()) || (isa<TensorType>(v->type().get()) && isa<Var>(val.get())))
      return declareValue(v, val, s.span()); // a copy `t2 = t1` (tile data, or a tensor handle)
    if (isa<TensorType>(v->type().get()) && isa<TupleGetItem>(val.get()))
      return alias(v.get(), name(val));
    auto ct = scalarType(v->type(), s.span());
    std::string rhs = expr(val);
    line(ct.value_or("void") + " " + bind(v) + " = " + rhs + ";");
  }

  void eval(const Eval &s) override {
    auto *c = dyn_cast<Call>(s.expr().get());
    const SimOpEntry *e = c && c->target().isOp() ? lookupSimOp(c->target().name()) : nullptr;
    if (e && e->form == SimForm::Store)
      return store(nullptr, *c, s.span());
    if (c && c->target().isOp() && c->target().name() == "tensor.write")
      return gmWrite(nullptr, *c, s.span());
    if (e && e->form == SimForm::Barrier)
      return line(std::string(e->instr) + ";");
    if (e && (e->form == SimForm::Write || e->form == SimForm::Insert))
      return line(instruction(name(c->args()[0]), *c, *e, s.span()));
    error("ES004", s.span(), "the simulator emitter cannot print the statement '" +
                                 printExpr(s.expr()) + "' (a value that is never used; run DCE)");
  }

  void noteAlloc(const VarPtr &v, const Call &c) {
    const AttrValue *a = findAttr(c.kwargs(), "addr");
    auto *addr = a ? std::get_if<int64_t>(a) : nullptr;
    allocAddr_[v.get()] = addr ? std::optional<int64_t>(*addr) : std::nullopt;
  }

  // ---- ops --------------------------------------------------------------------------------------
  std::optional<std::string> opExpr(const Call &c) override {
    const std::string &op = c.target().name();
    if (op == "tensor.dim") {
      auto axis = constIntValue(c.args()[1]);
      return name(c.args()[0]) + ".shape(" + (axis ? std::to_string(*axis) : expr(c.args()[1])) +
             ")";
    }
    if (op == "tensor.read" && c.args().size() == 2) { // a scalar read of a GM tensor
      auto t = scalarType(c.type(), c.span());
      return "static_cast<" + t.value_or("void") + ">(GMGETVAL(" + name(c.args()[0]) + ", " +
             braced(c.args()[1]) + "))";
    }
    const SimOpEntry *e = lookupSimOp(op);
    if (e && e->form == SimForm::Query)
      return std::string(e->instr);
    if (e && e->form == SimForm::Read) {
      auto t = scalarType(c.type(), c.span());
      return "static_cast<" + t.value_or("void") + ">(TGETVAL(" + name(c.args()[0]) + ", " +
             rowCol(c.args()[1]) + "))";
    }
    error("ES001", c.span(), "op '" + op + "' has no simulator instruction in a kernel");
    return std::nullopt;
  }

  /// Indices / offsets of a 2-D (or 1-D) tile as "row, col".
  std::string rowCol(const ExprPtr &tuple) {
    auto *mt = dyn_cast<MakeTuple>(tuple.get());
    if (!mt || mt->elements().empty() || mt->elements().size() > 2) {
      error("ES003", tuple->span(), "expected 1 or 2 tile indices, found '" + printExpr(tuple) + "'");
      return "0, 0";
    }
    if (mt->elements().size() == 1)
      return "0, " + indexExpr(mt->elements()[0]);
    return indexExpr(mt->elements()[0]) + ", " + indexExpr(mt->elements()[1]);
  }

  std::string braced(const ExprList &xs) {
    std::vector<std::string> p;
    for (const auto &x : xs)
      p.push_back(indexExpr(x));
    return "{" + join(p) + "}";
  }
  std::string braced(const ExprPtr &tuple) {
    if (auto *mt = dyn_cast<MakeTuple>(tuple.get()))
      return braced(mt->elements());
    error("ES003", tuple->span(), "expected a tuple, found '" + printExpr(tuple) + "'");
    return "{}";
  }

  /// An operand: tiles and views by name, scalars as expressions.
  std::string operand(const ExprPtr &a) {
    if (isa<TileType>(a->type().get()) || isa<TensorType>(a->type().get()))
      return name(a);
    return expr(a);
  }

  /// A tile-producing op assigned to `v`.
  void tileOp(const VarPtr &v, const Call &c, const SimOpEntry &e, const Span &span) {
    if (e.form == SimForm::Insert || e.form == SimForm::Write) { // the result is the updated arg
      const TileType *at = tileOf(c.args()[0]->type());
      if (!at || !sameBuffer(*tileOf(v->type()), *at))
        return otherBytes(v, c.args()[0], span);
      alias(v.get(), name(c.args()[0]));
      return line(instruction(name(v), c, e, span));
    }
    if (!declareTile(v, span))
      return;
    if (e.form != SimForm::Create)
      line(instruction(name(v), c, e, span));
  }

  /// The instruction text for a tile op writing `dst`.
  std::string instruction(const std::string &dst, const Call &c, const SimOpEntry &e,
                          const Span &span) {
    const ExprList &a = c.args();
    std::string in(e.instr);
    auto need = [&](size_t n) {
      if (a.size() >= n)
        return true;
      error("ES003", span, "op '" + c.target().name() + "' needs " + std::to_string(n) + " arguments");
      return false;
    };
    switch (e.form) {
    case SimForm::Generic: {
      for (const char *key : {"a_trans", "b_trans"})
        if (auto t = findAttr(c.kwargs(), key); t && std::holds_alternative<bool>(*t) &&
                                                std::get<bool>(*t)) {
          error("ES004", span,
                "'" + c.target().name() + "' with '" + key + "' has no simulator instruction; "
                "ConvertTensorToTileOps turns it into a transposing operand move");
          return "";
        }
      std::vector<std::string> ops{dst};
      for (const auto &x : a)
        ops.push_back(operand(x));
      return in + "(" + join(ops) + ");";
    }
    case SimForm::FirstArg:
      return need(1) ? in + "(" + dst + ", " + operand(a[0]) + ");" : "";
    case SimForm::Extract:
      if (c.target().name() == "tile.slice") // slice(input, shape, offset)
        return need(3) ? in + "(" + dst + ", " + name(a[0]) + ", " + rowCol(a[2]) + ");" : "";
      return need(3) ? in + "(" + dst + ", " + name(a[0]) + ", " + indexExpr(a[1]) + ", " +
                           indexExpr(a[2]) + ");"
                     : "";
    case SimForm::ShapeOf: {
      if (!need(2))
        return "";
      std::string s = name(a[0]);
      std::vector<std::string> ops{dst};
      for (size_t i = 1; i < a.size(); ++i)
        ops.push_back(operand(a[i]));
      return dst + ".SetValidShape(" + s + ".GetValidRow(), " + s + ".GetValidCol());\n" +
             std::string(static_cast<size_t>(indent_) * 2, ' ') + in + "(" + join(ops) + ");";
    }
    case SimForm::Cast: {
      auto m = stringKwarg(c, "mode");
      std::string mode = m && *m != "none" ? ", pl::RoundMode::" + enumerator(*m) : "";
      return need(1) ? in + "(" + dst + ", " + name(a[0]) + mode + ");" : "";
    }
    case SimForm::Cmp:
      return need(2) ? in + "(" + dst + ", " + operand(a[0]) + ", " + operand(a[1]) +
                           ", pl::CmpMode::" + enumerator(stringKwarg(c, "mode").value_or("eq")) + ");"
                     : "";
    case SimForm::Fillpad:
      return need(1) ? in + "(" + dst + ", " + name(a[0]) + ", pl::PadValue::" +
                           enumerator(stringKwarg(c, "pad_value").value_or("zero")) + ");"
                     : "";
    case SimForm::Lrelu: {
      const AttrValue *s = findAttr(c.kwargs(), "slope");
      double slope = 0;
      if (s && std::holds_alternative<double>(*s))
        slope = std::get<double>(*s);
      else if (s && std::holds_alternative<int64_t>(*s))
        slope = static_cast<double>(std::get<int64_t>(*s));
      return need(1) ? in + "(" + dst + ", " + name(a[0]) + ", " + formatDouble(slope) + ");" : "";
    }
    case SimForm::Move: {
      auto t = findAttr(c.kwargs(), "transpose");
      bool transpose = t && std::holds_alternative<bool>(*t) && std::get<bool>(*t);
      return need(1) ? std::string(transpose ? kTransposingMove : e.instr) + "(" + dst + ", " +
                           name(a[0]) + ");"
                     : "";
    }
    case SimForm::Load: return load(dst, c, span);
    case SimForm::Insert:
      return need(3) ? in + "(" + dst + ", " + name(a[1]) + ", " + rowCol(a[2]) + ");" : "";
    case SimForm::Write:
      return need(3) ? in + "(" + dst + ", " + rowCol(a[1]) + ", " + expr(a[2]) + ");" : "";
    case SimForm::Full: return need(2) ? in + "(" + dst + ", " + expr(a[1]) + ");" : "";
    case SimForm::Create:
    case SimForm::Alloc:
    case SimForm::Store:
    case SimForm::Read:
    case SimForm::Barrier:
    case SimForm::Query: break;
    }
    error("ES001", span, "op '" + c.target().name() + "' does not produce a tile here");
    return "";
  }

  std::string load(const std::string &dst, const Call &c, const Span &span) {
    const ExprList &a = c.args();
    auto *tt = a.size() == 3 ? dyn_cast<TensorType>(a[0]->type().get()) : nullptr;
    auto *offs = a.size() == 3 ? dyn_cast<MakeTuple>(a[1].get()) : nullptr;
    if (!tt || !offs || offs->elements().size() != tt->rank()) {
      error("ES003", span, "emitter needs 'tile.load' with one offset per tensor dim");
      return "";
    }
    std::string sizes = braced(a[2]);
    if (const AttrValue *vs = findAttr(c.kwargs(), "valid_shape"))
      if (auto *l = std::get_if<ExprList>(vs))
        sizes = braced(*l);
    return "TLOAD(" + dst + ", " + name(a[0]) + ".partition(" + braced(a[1]) + ", " + sizes + "));";
  }

  /// `r = tensor.write(view, {idx}, v)`: GMSETVAL of one element; `r` is the view itself.
  void gmWrite(const VarPtr &v, const Call &c, const Span &span) {
    const ExprList &a = c.args();
    auto *tt = a.size() == 3 ? dyn_cast<TensorType>(a[0]->type().get()) : nullptr;
    auto *idx = a.size() == 3 ? dyn_cast<MakeTuple>(a[1].get()) : nullptr;
    if (!tt || !idx || idx->elements().size() != tt->rank())
      return error("ES003", span, "emitter needs 'tensor.write' with one index per tensor dim");
    line("GMSETVAL(" + name(a[0]) + ", " + braced(a[1]) + ", " + expr(a[2]) + ");");
    if (v)
      alias(v.get(), name(a[0]));
  }

  /// `r = tile.store(t, offsets, view)`: TSTORE into the window; `r` is the view itself.
  void store(const VarPtr &v, const Call &c, const Span &span) {
    const ExprList &a = c.args();
    auto *tt = a.size() == 3 ? dyn_cast<TensorType>(a[2]->type().get()) : nullptr;
    auto *offs = a.size() == 3 ? dyn_cast<MakeTuple>(a[1].get()) : nullptr;
    const TileType *tile = a.size() == 3 ? tileOf(a[0]->type()) : nullptr;
    auto dims = tile ? tileDims(*tile) : std::nullopt;
    if (!tt || !offs || !dims || offs->elements().size() != tt->rank() || tt->rank() == 0)
      return error("ES003", span, "emitter needs 'tile.store' of a static 2-D tile with one "
                                  "offset per tensor dim");
    std::vector<std::string> sizes(tt->rank(), "1");
    sizes.back() = std::to_string(dims->cols);
    if (tt->rank() >= 2)
      sizes[tt->rank() - 2] = std::to_string(dims->rows);
    std::string view = name(a[2]);
    line("TSTORE(" + view + ".partition(" + braced(a[1]) + ", {" + join(sizes) + "}), " +
         name(a[0]) + ");");
    if (v)
      alias(v.get(), view);
  }

  const KernelInfo &k_;
  /// Bases bound by tile.alloc in this kernel: their planned `addr` (nullopt: not planned yet).
  std::map<const Var *, std::optional<int64_t>> allocAddr_;
};

} // namespace

std::string printKernel(const KernelInfo &k, DiagnosticEngine &diags, bool &ok) {
  KernelPrinter p(k, diags);
  std::string s = p.print();
  ok = !p.failed();
  return s;
}

} // namespace pl::emit::sim
