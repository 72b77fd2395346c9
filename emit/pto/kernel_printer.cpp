// emit/pto kernel printer: one AIV/AIC function as a PTO-ISA C++ kernel, `kernel_entry(__gm__
// int64_t* args)`.
#include "emit/pto/printers.h"

#include "emit/pto/pto_instr.h"
#include "emit/pto/pto_ops.h"
#include "emit/pto/pto_printer.h"
#include "emit/pto/pto_types.h"
#include "ir/op_registry.h"
#include "ir/pipe.h"
#include "ir/printer.h"

#include "llvm/Support/Casting.h"

namespace pl::emit::pto {

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

class KernelPrinter final : public FunctionPrinter {
public:
  KernelPrinter(const KernelInfo &k, bool package, DiagnosticEngine &d)
      : FunctionPrinter(*k.fn, d), k_(k), package_(package) {}

  std::string print() {
    out_ += "// " + std::string(k_.aic ? "AIC" : "AIV") + " kernel '" + fn_.name() + "', func id " +
            std::to_string(k_.funcId) + "\n";
    if (!package_)
      out_ += "namespace " + k_.cppName + " {\n";
    out_ += std::string(package_ ? "extern \"C\" " : "") +
            "__aicore__ void kernel_entry(__gm__ int64_t* args) {\n";
    params();
    visitStmt(fn_.body());
    out_ += "}\n";
    if (!package_)
      out_ += "}  // namespace " + k_.cppName + "\n";
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
          error("ES003", p.var->span(),
                "tensor parameter '" + p.var->name() + "' has dtype '" +
                    std::string(dtypeName(tt->dtype())) + "', which has no PTO-ISA element type");
          continue;
        }
        const std::string &n = bind(p.var);
        line("[[maybe_unused]] __gm__ ChipTensor* " + n +
             " = reinterpret_cast<__gm__ ChipTensor*>(args[" + std::to_string(tensorSlot++) +
             "]);");
      } else if (isa<ScalarType>(t.get())) {
        auto ct = scalarType(t, p.var->span());
        const std::string &n = bind(p.var);
        line("[[maybe_unused]] const " + ct.value_or("void") + " " + n + " = ::pl::abi::from_u64<" +
             ct.value_or("void") + ">(static_cast<uint64_t>(args[" + std::to_string(scalarSlot++) +
             "]));");
      } else {
        error("ES004", p.var->span(),
              "kernel parameter '" + p.var->name() + "' has type '" + printType(t) +
                  "'; the kernel ABI passes tensors and scalars (run pass "
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
      error("ES002", span,
            "emitter needs a planned constant address for tile '" + what +
                "' (run pass AllocateMemoryAddr)");
      return std::nullopt;
    }
    if (m->slotCount() > 1) {
      error("ES004", span,
            "tile '" + what + "' is multi-buffered (" + std::to_string(m->slotCount()) +
                " slots); not yet supported by the PTO emitter");
      return std::nullopt;
    }
    if (m->base()) { // AllocateMemoryAddr writes absolute offsets and the alloc's `addr`
      auto it = allocAddr_.find(m->base().get());
      if (it != allocAddr_.end() && !it->second) {
        error("ES002", span,
              "emitter needs a planned address for buffer '" + m->base()->name() + "' of tile '" +
                  what + "' (run pass AllocateMemoryAddr)");
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
    line(*cpp + " " + n + "(" + validDims(*t) + ");");
    line("TASSIGN(" + n + ", " + std::to_string(*addr) + ");");
    return true;
  }

  /// The valid rows and columns a tile of type `t` is built with: its recorded valid shape
  /// (MaterializeTileValidShapes, a load's valid_shape), else its whole shape.
  std::string validDims(const TileType &t) {
    auto dims = tileDims(t);
    std::string rows = std::to_string(dims->rows), cols = std::to_string(dims->cols);
    if (t.view() && t.view()->validShape.size() == t.rank()) {
      const ExprList &v = t.view()->validShape;
      cols = indexExpr(v.back());
      if (v.size() == 2)
        rows = indexExpr(v[0]);
    }
    return rows + ", " + cols;
  }

  /// The window extents, one per dim of a rank-`rank` tensor, that are exactly the valid shape
  /// of tile `t` (leading 1s, its valid rows, its valid columns), as TLOAD / TSTORE need.
  static std::vector<std::string> validExtents(const std::string &t, size_t rank) {
    std::vector<std::string> e(rank, "1");
    e.back() = t + ".GetValidCol()";
    if (rank >= 2)
      e[rank - 2] = t + ".GetValidRow()";
    return e;
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
    if (!sameTileBytes(*dt, *st))
      return otherBytes(dst, src, span);
    line(validShapeFrom(d, s));
  }

  /// `d` takes `s`'s valid shape (both tiles have dynamic valid dimensions).
  static std::string validShapeFrom(const std::string &d, const std::string &s) {
    return d + ".SetValidRow(" + s + ".GetValidRow()); " + d + ".SetValidCol(" + s +
           ".GetValidCol());";
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
    if (isa<TensorType>(t.get())) {
      std::string src = init ? name(init) : "";
      const std::string &n = bind(v);
      return line("__gm__ ChipTensor* " + n + (init ? " = " + src : " = nullptr") + ";");
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
    if (rt && ct && !sameTileBytes(*rt, *ct))
      return otherBytes(result, carry, span);
    alias(result.get(), name(carry));
  }

  // ---- statements -------------------------------------------------------------------------------
  void visitScope(const Scope &s) override {
    error("ES004", s.span(),
          "scope '" + std::string(scopeKindName(s.scopeKind())) + "' inside kernel '" + fn_.name() +
              "' (run pass OutlineIncoreScopes)");
  }

  void visitAssign(const Assign &s) override {
    const VarPtr &v = s.var();
    const ExprPtr &val = s.value();
    if (auto *c = dyn_cast<Call>(val.get())) {
      if (!c->target().isOp())
        return functionCall(*c, s.span());
      const PtoOpEntry *e = lookupPtoOp(c->target().name());
      if (e && e->form == PtoForm::GmWrite)
        return gmWrite(v, *c, s.span());
      if (!e && c->target().name() != "tensor.dim" && c->target().name() != "tensor.read") {
        bind(v);
        return error("ES001", val->span(),
                     "op '" + c->target().name() + "' has no PTO-ISA instruction in a kernel");
      }
      if (e && e->form == PtoForm::Alloc)
        return noteAlloc(v, *c);
      if (e && e->form == PtoForm::Store)
        return store(v, *c, s.span());
      if (e && e->form != PtoForm::Read && e->form != PtoForm::Query && tileOf(v->type()))
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

  void visitEval(const Eval &s) override {
    auto *c = dyn_cast<Call>(s.expr().get());
    const PtoOpEntry *e = c && c->target().isOp() ? lookupPtoOp(c->target().name()) : nullptr;
    switch (evalKind(e ? e->form : PtoForm::Generic)) {
    case EvalKind::Sync:
      return e->form == PtoForm::Flag ? flag(*c, *e) : line(std::string(e->instr) + ";");
    case EvalKind::GlobalWrite:
      return e->form == PtoForm::Store ? store(nullptr, *c, s.span())
                                       : gmWrite(nullptr, *c, s.span());
    case EvalKind::InPlace:
      return line(instruction(name(c->args()[0]), *c, *e, nullptr, s.span()));
    case EvalKind::CrossCore:
      return crossCore(*c, *e);
    case EvalKind::Value:
      if (c && !c->target().isOp())
        return functionCall(*c, s.span());
      break; // nothing prints it
    }
    error("ES004", s.span(),
          "the PTO emitter cannot print the statement '" + printExpr(s.expr()) +
              "' (a value that is never used; run DCE)");
  }

  /// A kernel calling a function: only Inline functions can be called, and InlineFunctions
  /// splices those (the translator rejects recursion, F325, before they get here).
  void functionCall(const Call &c, const Span &span) {
    error("ES004", span,
          "kernel '" + fn_.name() + "' calls function '" + c.target().name() +
              "'; a kernel cannot call functions other than Inline ones, which pass "
              "InlineFunctions splices into it");
  }

  /// `set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);` from a system.sync_src / sync_dst (the op's type
  /// deduction checked the kwargs).
  void flag(const Call &c, const PtoOpEntry &e) {
    auto src = parsePipe(stringKwarg(c, "set_pipe").value_or(""));
    auto dst = parsePipe(stringKwarg(c, "wait_pipe").value_or(""));
    const AttrValue *ev = findAttr(c.kwargs(), "event_id");
    const int64_t *id = ev ? std::get_if<int64_t>(ev) : nullptr;
    if (!src || !dst || !id)
      return error("ES003", c.span(),
                   "'" + c.target().name() + "' needs kwargs set_pipe, wait_pipe and event_id");
    line(std::string(e.instr) + "(" + std::string(ptoPipeName(*src)) + ", " +
         std::string(ptoPipeName(*dst)) + ", EVENT_ID" + std::to_string(*id) + ");");
  }

  /// A cross-core pipe statement (docs/design.md "Mixed kernels and cross-core pipes"): the
  /// TPipe declarations of *_initialize_pipe, TPUSH / TFREE, the slot ring bookkeeping.
  void crossCore(const Call &c, const PtoOpEntry &e) {
    const std::string &op = c.target().name();
    auto intKw = [&](const char *key) {
      const int64_t *i = findAttrAs<int64_t>(c.kwargs(), key);
      return i ? *i : int64_t{0};
    };
    if (op.ends_with("_initialize_pipe")) {
      // One single-direction pto::TPipe per direction of the mask (FlagID 0 / 2: each uses its
      // flag and the next), with that direction's GM ring (InjectGMPipeBuffer's offset into
      // the gm_pipe_buffer argument; none: nullptr) and the consumer buffers in UB / L1
      // (AllocateMemoryAddr's addresses).
      const std::string bufs = ", " + std::to_string(intKw("c2v_consumer_buf")) + ", " +
                               std::to_string(intKw("v2c_consumer_buf")) + ");";
      const std::string local = findAttr(c.kwargs(), "local_slot_num")
                                    ? ", " + std::to_string(intKw("local_slot_num"))
                                    : "";
      for (int d = 0; d < 2; ++d) {
        if (!(intKw("dir_mask") & (1 << d)))
          continue;
        std::string gm = "nullptr";
        if (!c.args().empty())
          gm = "reinterpret_cast<__gm__ void*>(" + dataPointer(name(c.args()[0]), "uint8_t") +
               " + " + std::to_string(intKw(d ? "gm_v2c_offset" : "gm_c2v_offset")) + ")";
        line(std::string(e.instr) + "<" + (d ? "2" : "0") +
             ", pto::Direction::" + (d ? "DIR_V2C" : "DIR_C2V") + ", " +
             std::to_string(intKw("slot_size")) + ", " + std::to_string(intKw("slot_num")) + local +
             "> " + (d ? "pipe_v2c(" : "pipe_c2v(") + gm + bufs);
      }
      return;
    }
    if (op == "system.reserve_buffer" || op == "system.import_peer_buffer") {
      // No instruction: pto-isa's TPipe takes the consumer buffer's address, which
      // AllocateMemoryAddr placed as the reserve says and checked against the import.
      auto text = [&](const char *key) { // one comment line
        std::string t = stringKwarg(c, key).value_or("");
        std::replace_if(t.begin(), t.end(), [](char ch) { return ch == '\n' || ch == '\r'; }, ' ');
        return t;
      };
      if (op == "system.import_peer_buffer")
        return line("// import_peer_buffer \"" + text("name") + "\" of '" + text("peer_func") +
                    "': the pipe's consumer buffer");
      return line("// reserve_buffer \"" + text("name") + "\", " + std::to_string(intKw("size")) +
                  " bytes: this kernel's consumer buffer, given to its TPipe");
    }
    const std::string pipe(crossCorePipe(op));
    const std::string split = splitAxisName(c);
    if (op.find("tpush") != std::string::npos)
      return line(std::string(e.instr) + "<decltype(" + pipe + "), decltype(" + name(c.args()[0]) +
                  "), " + split + ">(" + pipe + ", " + name(c.args()[0]) + ");");
    line(std::string(e.instr) + "<decltype(" + pipe + "), " + split + ">(" + pipe + ");"); // TFREE
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
      return name(c.args()[0]) + "->shapes[" + (axis ? std::to_string(*axis) : expr(c.args()[1])) +
             "]";
    }
    if (op == "tensor.read" && c.args().size() == 2) { // a scalar read of a GM tensor
      auto t = scalarType(c.type(), c.span());
      auto element = gmElement(c.args()[0], c.args()[1], c.span());
      if (!element)
        return std::nullopt;
      return "static_cast<" + t.value_or("void") + ">(" + *element + ")";
    }
    const PtoOpEntry *e = lookupPtoOp(op);
    // A carried tile's valid shape, read at run time (MaterializeTileValidShapes).
    if (e && e->form == PtoForm::ValidDim) {
      auto axis = constIntValue(c.args()[1]);
      return name(c.args()[0]) + (axis && *axis == 0 ? ".GetValidRow()" : ".GetValidCol()");
    }
    if (e && e->form == PtoForm::Query)
      return std::string(e->instr);
    if (e && e->form == PtoForm::Read) {
      auto t = scalarType(c.type(), c.span());
      const std::string tile = name(c.args()[0]); // pto-isa's Tile::GetValue
      return "static_cast<" + t.value_or("void") + ">(" + tile +
             ".GetValue(::pl::abi::tileOffset<decltype(" + tile + ")>(" + rowCol(c.args()[1]) +
             ")))";
    }
    error("ES001", c.span(), "op '" + op + "' has no PTO-ISA instruction in a kernel");
    return std::nullopt;
  }

  /// Indices / offsets of a 2-D (or 1-D) tile as "row, col".
  std::string rowCol(const ExprPtr &tuple) {
    auto *mt = dyn_cast<MakeTuple>(tuple.get());
    if (!mt || mt->elements().empty() || mt->elements().size() > 2) {
      error("ES003", tuple->span(),
            "expected 1 or 2 tile indices, found '" + printExpr(tuple) + "'");
      return "0, 0";
    }
    if (mt->elements().size() == 1)
      return "0, " + indexExpr(mt->elements()[0]);
    return indexExpr(mt->elements()[0]) + ", " + indexExpr(mt->elements()[1]);
  }

  /// An operand: tiles and views by name, scalars as expressions.
  std::string operand(const ExprPtr &a) {
    if (isa<TileType>(a->type().get()) || isa<TensorType>(a->type().get()))
      return name(a);
    return expr(a);
  }

  /// A tile-producing op assigned to `v`.
  void tileOp(const VarPtr &v, const Call &c, const PtoOpEntry &e, const Span &span) {
    if (e.form == PtoForm::Insert || e.form == PtoForm::Write) { // the result is the updated arg
      const TileType *at = tileOf(c.args()[0]->type());
      if (!at || !sameTileBytes(*tileOf(v->type()), *at))
        return otherBytes(v, c.args()[0], span);
      alias(v.get(), name(c.args()[0]));
      return line(instruction(name(v), c, e, nullptr, span));
    }
    if (!declareTile(v, span))
      return;
    if (e.form != PtoForm::Create)
      line(instruction(name(v), c, e, tileOf(v->type()), span));
  }

  /// The instruction text for a tile op writing `dst` (of type `dt`; null for an in-place
  /// op): the call decoded into its record (pto_instr.h), spelled as PTO-ISA C++.
  std::string instruction(const std::string &dst, const Call &c, const PtoOpEntry &e,
                          const TileType *dt, const Span &span) {
    auto r = decodeInstr(
        c, e, dt, PtoSyntax::Cpp, span,
        [&](const char *code, const Span &at, const std::string &msg) { error(code, at, msg); });
    if (!r)
      return "";
    const std::string in(r->instr());
    if (r->form() == PtoForm::Load)
      return load(dst, r->window, tileOf(c.type()), span);
    if (r->form() == PtoForm::Pop) {
      const std::string pipe(crossCorePipe(r->entry->op));
      return in + "<decltype(" + pipe + "), decltype(" + dst + "), " + r->splitAxis + ">(" + pipe +
             ", " + dst + ");";
    }
    if (r->form() == PtoForm::Ci) { // PTO-ISA names the tile type, T and the direction
      const auto elem = dt ? elemCppType(dt->dtype()) : std::nullopt;
      if (!elem || r->ins.empty()) {
        error("ES003", span, "emitter needs 'tile.ci' with a start and an integer tile");
        return "";
      }
      return "pto::" + in + "<decltype(" + dst + "), " + *elem + ", " +
             (r->descending ? "1" : "0") + ">(" + dst + ", static_cast<" + *elem + ">(" +
             operand(r->ins[0].expr) + "));";
    }
    std::vector<std::string> ops{dst};
    for (const PtoOperand &o : r->ins)
      ops.push_back(o.kind == PtoOperand::Kind::Value ? operand(o.expr)
                    : o.expr                          ? indexExpr(o.expr)
                                                      : "0");
    switch (r->form()) {
    case PtoForm::Write: // pto-isa's Tile::SetValue (TSETVAL is the PTO-AS op)
      return dst + ".SetValue(::pl::abi::tileOffset<decltype(" + dst + ")>(" + ops[1] + ", " +
             ops[2] + "), " + ops[3] + ");";
    case PtoForm::Cast:
      ops.push_back("pto::RoundMode::CAST_" + r->roundMode);
      if (r->saturate)
        ops.push_back("pto::SaturationMode::ON");
      break;
    case PtoForm::Cmp:
      ops.push_back("pto::CmpMode::" + upperCase(r->cmpMode));
      break;
    case PtoForm::Lrelu:
      ops.push_back(formatDouble(r->slope));
      break;
    case PtoForm::ColSum:
      if (r->isBinary)
        ops.push_back("true");
      break;
    default:
      break;
    }
    return in + "(" + join(ops) + ");";
  }

  /// TLOAD into `dst` from its window; the tile was built with its valid shape (validDims): the
  /// window is exactly that, or its transpose for a transposing load (a DN view of the [R, C]
  /// window into a ZN Mat tile).
  std::string load(const std::string &dst, const PtoWindow &w, const TileType *tile,
                   const Span &span) {
    auto g = globalTensor(w.tensor, *w.tensorType, *w.offsets,
                          validExtents(dst, w.tensorType->rank()), tile, span, w.transpose);
    return g ? "TLOAD(" + dst + ", " + *g + ");" : "";
  }

  /// The element pointer of the tensor record `rec`: `(T*)rec->buffer.addr + rec->start_offset`.
  std::string dataPointer(const std::string &rec, const std::string &elem) {
    return "(reinterpret_cast<__gm__ " + elem + "*>(" + rec + "->buffer.addr) + " + rec +
           "->start_offset)";
  }

  /// Declares `pto::GlobalTensor<T, Shape<1, .., -1>, Stride<1, .., -1>> <t>_gm(ptr, shape,
  /// stride)` over the window of `tensor` at `offsets` with `extents` (one per dim, as C++
  /// expressions: a tile's valid shape, which MaterializeTileValidShapes clipped to the tensor
  /// where the window is not proven inside), and returns its name. Dims are right-aligned in the
  /// five of PTO; the leading ones are 1. The window of a column-major Vec tile (a [R, 1]
  /// column, InferTileLayouts) is `pto::Layout::DN`, as TLOAD / TSTORE need matching layouts.
  /// `transposed` (a 2-D tensor's window read by a transposing load, `extents` the tile's valid
  /// shape): the DN view of the window's transpose, the strides swapped (PTO-ISA loads DN into
  /// a ZN Mat tile).
  std::optional<std::string> globalTensor(const ExprPtr &tensor, const TensorType &tt,
                                          const ExprList &offsets,
                                          const std::vector<std::string> &extents,
                                          const TileType *tile, const Span &span,
                                          bool transposed = false) {
    auto elem = elemCppType(tt.dtype());
    const size_t rank = tt.rank();
    if (!elem || rank == 0 || rank > 5) {
      error("ES003", span,
            "emitter needs a tensor of rank 1..5 with an element type, found '" +
                printType(tensor->type()) + "'");
      return std::nullopt;
    }
    const std::string rec = name(tensor);
    std::string off, dims, shapeV, strideV;
    for (size_t k = 0; k < 5 - rank; ++k) {
      dims += "1, ";
      shapeV += "1, ";
      strideV += "1, ";
    }
    for (size_t k = 0; k < rank; ++k) {
      const std::string o = indexExpr(offsets[k]), dim = std::to_string(k);
      if (o != "0")
        off += " + (" + o + ") * " + rec + "->strides[" + dim + "]";
      const size_t from = transposed ? rank - 1 - k : k; // rank 2 when transposed
      dims += std::string(k ? ", " : "") + "-1";
      shapeV += std::string(k ? ", " : "") + extents[k];
      strideV += std::string(k ? ", " : "") + rec + "->strides[" + std::to_string(from) + "]";
    }
    const std::string shapeT = "pto::Shape<" + dims + ">", strideT = "pto::Stride<" + dims + ">";
    const bool dn = transposed || (tile && tile->memorySpace() == MemorySpace::Vec &&
                                   tile->view() && tile->view()->blayout == BLayout::ColMajor);
    std::string g = fresh(name(tensor) + "_gm");
    line("pto::GlobalTensor<" + *elem + ", " + shapeT + ", " + strideT +
         (dn ? ", pto::Layout::DN" : "") + "> " + g + "(" + dataPointer(rec, *elem) + off + ", " +
         shapeT + "(" + shapeV + "), " + strideT + "(" + strideV + "));");
    return g;
  }

  /// One element of a GM tensor: `ptr[i0 * stride0 + ...]` (indices as a tuple, one per dim).
  std::optional<std::string> gmElement(const ExprPtr &tensor, const ExprPtr &index,
                                       const Span &span) {
    auto *tt = dyn_cast<TensorType>(tensor->type().get());
    auto *idx = dyn_cast<MakeTuple>(index.get());
    auto elem = tt ? elemCppType(tt->dtype()) : std::nullopt;
    if (!tt || !idx || !elem || idx->elements().size() != tt->rank()) {
      error("ES003", span, "emitter needs one index per dim of tensor '" + printExpr(tensor) + "'");
      return std::nullopt;
    }
    const std::string rec = name(tensor);
    std::string off;
    for (size_t k = 0; k < tt->rank(); ++k)
      off += std::string(k ? " + " : "") + "(" + indexExpr(idx->elements()[k]) + ") * " + rec +
             "->strides[" + std::to_string(k) + "]";
    return dataPointer(rec, *elem) + "[" + off + "]";
  }

  /// `r = tensor.write(t, {idx}, v)`: one element of GM; `r` is the tensor itself.
  void gmWrite(const VarPtr &v, const Call &c, const Span &span) {
    const ExprList &a = c.args();
    if (a.size() != 3)
      return error("ES003", span, "emitter needs 'tensor.write' with (tensor, indices, value)");
    auto element = gmElement(a[0], a[1], span);
    if (!element)
      return;
    auto *tt = dyn_cast<TensorType>(a[0]->type().get());
    line(*element + " = " +
         convertScalar(expr(a[2]), scalarDType(a[2]->type()), tt->dtype(), span) + ";");
    if (v)
      alias(v.get(), name(a[0]));
  }

  /// `r = tile.store(t, offsets, tensor)`: TSTORE into the window; `r` is the tensor itself.
  void store(const VarPtr &v, const Call &c, const Span &span) {
    const ExprList &a = c.args();
    auto ops = storeOperands(c);
    if (!ops)
      return error("ES003", span,
                   "emitter needs 'tile.store' of a static 2-D tile with one "
                   "offset per tensor dim");
    const TensorType &tt = *ops->tensor;
    // TSTORE writes the tile's valid region, which must be the window. A window not proven
    // inside has its clip (MaterializeTileValidShapes' attr valid_shape): the store goes
    // through a tile on the same bytes whose valid shape is the source's, clipped to it.
    std::string src = name(a[0]);
    if (const ExprList *clip = findAttrAs<ExprList>(c.attrs(), "valid_shape")) {
      if (clip->size() != tt.rank())
        return error("ES003", span, "emitter needs a store's valid_shape with one extent per dim");
      std::string why;
      auto cpp = tileCppType(*ops->tile, why);
      auto addr = cpp ? address(*ops->tile, src, span) : std::nullopt;
      if (!cpp || !addr)
        return error("ES003", span, "emitter cannot place the clipped store of '" + src + "'");
      // The rows: the product of the clipped leading dims (a window of a rank-N tensor,
      // FlattenTileNdTo2D: each leading clip is 0 or 1); a rank-1 tensor's row is one.
      std::string rows = tt.rank() == 2 ? indexExpr((*clip)[0]) : tt.rank() == 1 ? "1" : "";
      for (size_t k = 0; tt.rank() > 2 && k + 1 < tt.rank(); ++k)
        rows += (k ? " * " : "") + std::string("(") + indexExpr((*clip)[k]) + ")";
      std::string view = fresh(src + "_st");
      line(*cpp + " " + view + "(std::min<int64_t>(" + src + ".GetValidRow(), " + rows +
           "), std::min<int64_t>(" + src + ".GetValidCol(), " + indexExpr(clip->back()) + "));");
      line("TASSIGN(" + view + ", " + std::to_string(*addr) + ");");
      src = view;
    }
    auto g = globalTensor(a[2], tt, *ops->offsets, validExtents(src, tt.rank()), ops->tile, span);
    if (!g)
      return;
    line("TSTORE(" + *g + ", " + src + ");");
    if (v)
      alias(v.get(), name(a[2]));
  }

  const KernelInfo &k_;
  bool package_; ///< ProgramInfo::package
  /// Bases bound by tile.alloc in this kernel: their planned `addr` (nullopt: not planned yet).
  std::map<const Var *, std::optional<int64_t>> allocAddr_;
};

} // namespace

std::string printKernel(const KernelInfo &k, const ProgramInfo &info, DiagnosticEngine &diags,
                        bool &ok) {
  KernelPrinter p(k, info.package, diags);
  std::string s = p.print();
  ok = !p.failed();
  return s;
}

} // namespace pl::emit::pto
