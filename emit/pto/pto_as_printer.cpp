// emit/pto PTO-AS printer: one AIV/AIC kernel as a `func.func` of the MLIR `pto` dialect in its
// destination-passing form (ptoas's `--pto-level=level3` input: tile buffers at planned
// addresses; synchronisation inserted by ptoas's `--enable-insert-sync`). docs/backend.md "PTO-AS
// text" describes the output.
#include "emit/pto/printers.h"

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

/// The MLIR builtin type of a dtype (integers signless, as the pto dialect wants them).
std::optional<std::string> mlirType(DataType d) {
  if (d == DataType::Bool)
    return "i1";
  if (d == DataType::Index)
    return "index";
  if ((isSignedInt(d) || isUnsignedInt(d)) && dtypeBits(d) >= 8)
    return "i" + std::to_string(dtypeBits(d));
  if (d == DataType::FP16 || d == DataType::FP32)
    return "f" + std::to_string(dtypeBits(d));
  if (d == DataType::BF16)
    return "bf16";
  return std::nullopt;
}

/// The `#pto.address_space` of a memory space: the PTO-ISA tile type in lower case; "" for
/// the scale buffers (no PTO-AS spelling) and the spaces that hold no tiles.
std::string locName(MemorySpace m) {
  if (m == MemorySpace::LeftScale || m == MemorySpace::RightScale)
    return "";
  return lowerCase(tileTypeName(m));
}

/// PTO-AS spells the layouts as the IR does ("row_major", "none_box") and the pad value as its
/// code: 0 null, 1 zero, 2 max, 3 min, the order of ir::PadValue.
static_assert(static_cast<int>(PadValue::Null) == 0 && static_cast<int>(PadValue::Zero) == 1 &&
              static_cast<int>(PadValue::Max) == 2 && static_cast<int>(PadValue::Min) == 3);
int padCode(PadValue p) { return static_cast<int>(p); }

/// `pto.tmatmul.acc` from TMATMUL_ACC: the instruction name in lower case, `_` as `.`.
std::string asmOpName(std::string_view instr) {
  std::string s = "pto." + lowerCase(instr);
  for (char &ch : s)
    if (ch == '_')
      ch = '.';
  return s;
}

/// A float literal MLIR reads back exactly (hex bit patterns for infinities and NaN).
std::string floatLiteral(double v, DataType d) {
  if (std::isnan(v) || std::isinf(v)) {
    bool neg = std::signbit(v);
    switch (d) {
    case DataType::FP16:
      return std::isnan(v) ? "0x7E00" : neg ? "0xFC00" : "0x7C00";
    case DataType::BF16:
      return std::isnan(v) ? "0x7FC0" : neg ? "0xFF80" : "0x7F80";
    default:
      return std::isnan(v) ? "0x7FC00000" : neg ? "0xFF800000" : "0x7F800000";
    }
  }
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17e", v);
  return buf;
}

class AsmPrinter : ir::IRVisitor {
public:
  AsmPrinter(const KernelInfo &k, DiagnosticEngine &d) : k_(k), fn_(*k.fn), diags_(d) {}
  bool failed() const { return failed_; }

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
  // ---- diagnostics, names and output ---------------------------------------------------------
  void error(const char *code, const Span &span, const std::string &msg) {
    failed_ = true;
    diags_.error(code, span.valid() ? span : fn_.span(), msg);
  }

  static std::string ident(std::string_view hint) {
    std::string s;
    for (char c : hint)
      s += (std::isalnum(static_cast<unsigned char>(c)) || c == '_') ? c : '_';
    return s.empty() ? "v" : s;
  }

  std::string fresh(std::string_view hint) {
    std::string base = "%" + ident(hint), n = base;
    for (int k = 1; used_.count(n); ++k)
      n = base + "_" + std::to_string(k);
    used_.insert(n);
    return n;
  }

  const std::string &bind(const VarPtr &v) { return names_[v.get()] = fresh(v->name()); }

  std::string name(const ExprPtr &e) {
    if (auto *v = dyn_cast<Var>(e.get())) {
      auto it = names_.find(v);
      if (it != names_.end())
        return it->second;
      error("ES004", e->span(), "'" + v->name() + "' is not bound in kernel '" + fn_.name() + "'");
      return "%error";
    }
    error("ES004", e->span(),
          "the PTO-AS printer needs a variable here, found '" + printExpr(e) +
              "' (run pass FlattenCallExpr)");
    return "%error";
  }

  std::string loc(const Span &s) const {
    if (!s.valid())
      return "";
    return " loc(\"" + *s.file + "\":" + std::to_string(s.line) + ":" + std::to_string(s.col) + ")";
  }

  void line(const std::string &text, const Span &span = {}) {
    body_.append(static_cast<size_t>(indent_) * 2, ' ');
    body_ += text + loc(span) + "\n";
  }

  // ---- types ---------------------------------------------------------------------------------
  std::string scalarType(DataType d, const Span &span) {
    if (auto t = mlirType(d))
      return *t;
    error("ES003", span, "dtype '" + std::string(dtypeName(d)) + "' has no PTO-AS scalar type");
    return "i64";
  }
  std::optional<DataType> dtypeOf(const ExprPtr &e) { return scalarDType(e->type()); }

  /// Dynamic valid dims (`?`) when the tile's valid shape is not constant.
  static bool dynamicValid(const TileType &t) {
    if (!t.view() || t.view()->validShape.empty())
      return false;
    for (const ExprPtr &e : t.view()->validShape)
      if (!constIntValue(e))
        return true;
    return false;
  }

  std::string tileType(const TileType &t, const Span &span) {
    auto dims = tileDims(t);
    std::string l = t.memorySpace() ? locName(*t.memorySpace()) : "";
    auto elem = mlirType(t.dtype());
    if (!dims || l.empty() || !elem) {
      error("ES003", span,
            "a tile of dtype '" + std::string(dtypeName(t.dtype())) +
                "' has no PTO-AS tile_buf (a static 2-D tile in vec, mat, left, right, acc or "
                "bias with an integer or float dtype)");
      return "!pto.tile_buf<?>";
    }
    const TileView v = t.view().value_or(TileView{});
    std::string vr = std::to_string(dims->rows), vc = std::to_string(dims->cols);
    if (dynamicValid(t)) {
      vr = vc = "?";
    } else if (!v.validShape.empty()) {
      const ExprList &vs = v.validShape;
      vc = std::to_string(*constIntValue(vs.back()));
      vr = vs.size() >= 2 ? std::to_string(*constIntValue(vs[vs.size() - 2])) : "1";
    }
    return "!pto.tile_buf<loc=" + std::string(l) + ", dtype=" + *elem +
           ", rows=" + std::to_string(dims->rows) + ", cols=" + std::to_string(dims->cols) +
           ", v_row=" + vr + ", v_col=" + vc + ", blayout=" + std::string(enumName(v.blayout)) +
           ", slayout=" + std::string(enumName(v.slayout)) +
           ", fractal=" + std::to_string(v.fractal) + ", pad=" + std::to_string(padCode(v.pad)) +
           ">";
  }

  std::string viewType(const TensorType &t, const std::string &kind, const ExprList *shape) {
    std::string s = "!pto." + kind + "<";
    const ExprList &dims = shape ? *shape : t.shape();
    for (const ExprPtr &d : dims) {
      auto c = constIntValue(d);
      s += (c ? std::to_string(*c) : "?") + "x";
    }
    return s + scalarType(t.dtype(), {}) + ">";
  }

  std::string typeOfValue(const ExprPtr &e) {
    if (auto *t = tileOf(e->type()))
      return tileType(*t, e->span());
    return scalarType(dtypeOf(e).value_or(DataType::Index), e->span());
  }

  // ---- constants (hoisted to the top of the function, one per value and type) ----------------
  std::string constant(const std::string &literal, const std::string &type, std::string hint) {
    auto key = literal + ":" + type;
    auto it = consts_by_.find(key);
    if (it != consts_by_.end())
      return it->second;
    std::string n = fresh(hint);
    // `true` / `false` are i1 attributes already: MLIR takes no type after them.
    bool boolean = literal == "true" || literal == "false";
    consts_ += "    " + n + " = arith.constant " + literal + (boolean ? "" : " : " + type) + "\n";
    return consts_by_[key] = n;
  }
  std::string intConst(int64_t v, DataType d) {
    std::string t = scalarType(d, {});
    if (d == DataType::Bool)
      return constant(v ? "true" : "false", t, v ? "true" : "false");
    std::string hint = v == std::numeric_limits<int64_t>::min() ? "cmin"
                       : v < 0                                  ? "cneg" + std::to_string(-v)
                                                                : "c" + std::to_string(v);
    std::string n = constant(std::to_string(v), t, d == DataType::Index ? hint : hint + "_" + t);
    if (d == DataType::Index)
      constValue_[n] = v;
    return n;
  }
  std::string index(int64_t v) { return intConst(v, DataType::Index); }
  std::string floatConst(double v, DataType d) {
    return constant(floatLiteral(v, d), scalarType(d, {}), "cst");
  }

  // ---- scalar expressions as arith ops -------------------------------------------------------
  std::string op(const std::string &text, const std::string &hint, const Span &span) {
    std::string n = fresh(hint);
    line(n + " = " + text, span);
    return n;
  }

  /// `x` (a value of dtype `from`) as dtype `to`.
  std::string convert(const std::string &x, DataType from, DataType to, const Span &span) {
    if (from == to)
      return x;
    std::string ft = scalarType(from, span), tt = scalarType(to, span);
    if (ft == tt && from != DataType::Index && to != DataType::Index)
      return x; // signedness only: signless integers of one width
    bool fFloat = isFloat(from), tFloat = isFloat(to);
    if (to == DataType::Bool) {
      if (fFloat)
        return op("arith.cmpf une, " + x + ", " + floatConst(0, from) + " : " + ft, "b", span);
      return op("arith.cmpi ne, " + x + ", " + intConst(0, from) + " : " + ft, "b", span);
    }
    if (fFloat && tFloat)
      return op(std::string(dtypeBits(to) > dtypeBits(from) ? "arith.extf " : "arith.truncf ") + x +
                    " : " + ft + " to " + tt,
                "f", span);
    if (fFloat) { // float -> integer truncates toward zero, as C++ does
      DataType via = to == DataType::Index ? DataType::Int64 : to;
      std::string r = op(std::string(isUnsignedInt(to) ? "arith.fptoui " : "arith.fptosi ") + x +
                             " : " + ft + " to " + scalarType(via, span),
                         "i", span);
      return to == DataType::Index ? convert(r, DataType::Int64, to, span) : r;
    }
    if (tFloat) {
      if (from == DataType::Index)
        return convert(convert(x, from, DataType::Int64, span), DataType::Int64, to, span);
      bool u = isUnsignedInt(from) || from == DataType::Bool;
      return op(std::string(u ? "arith.uitofp " : "arith.sitofp ") + x + " : " + ft + " to " + tt,
                "f", span);
    }
    bool u = isUnsignedInt(from) || from == DataType::Bool;
    if (from == DataType::Index || to == DataType::Index)
      return op(std::string(u ? "arith.index_castui " : "arith.index_cast ") + x + " : " + ft +
                    " to " + tt,
                "i", span);
    if (dtypeBits(to) > dtypeBits(from))
      return op(std::string(u ? "arith.extui " : "arith.extsi ") + x + " : " + ft + " to " + tt,
                "i", span);
    return op("arith.trunci " + x + " : " + ft + " to " + tt, "i", span);
  }

  /// The value of `e` converted to dtype `to`.
  std::string exprAs(const ExprPtr &e, DataType to) {
    if (auto *c = dyn_cast<ConstInt>(e.get()); c && !isFloat(to))
      return intConst(c->value(), to);
    auto from = dtypeOf(e);
    std::string x = expr(e);
    return from ? convert(x, *from, to, e->span()) : x;
  }
  std::string indexExpr(const ExprPtr &e) { return exprAs(e, DataType::Index); }

  /// The dtype both operands of a comparison are compared in.
  std::optional<DataType> commonDType(DataType a, DataType b) {
    if (a == b)
      return a;
    if (isFloat(a) || isFloat(b)) {
      if (isFloat(a) && isFloat(b))
        return dtypeBits(a) >= dtypeBits(b) ? a : b;
      return isFloat(a) ? a : b;
    }
    bool ua = isUnsignedInt(a), ub = isUnsignedInt(b);
    if (ua == ub || a == DataType::Bool || b == DataType::Bool)
      return a == DataType::Index || dtypeBits(a) > dtypeBits(b) ? a : b;
    if (dtypeBits(a) < 64 && dtypeBits(b) < 64)
      return DataType::Int64; // both values fit: compare them signed
    return std::nullopt;
  }

  std::string binary(const Binary &b) {
    const Span &span = b.span();
    DataType rd = dtypeOf(b.lhs()).value_or(DataType::Index);
    if (auto r = scalarDType(b.type()))
      rd = *r;
    if (isComparison(b.op())) {
      DataType ld = dtypeOf(b.lhs()).value_or(DataType::Index);
      DataType rdt = dtypeOf(b.rhs()).value_or(DataType::Index);
      auto cd = commonDType(ld, rdt);
      if (!cd) {
        error("ES010", span,
              "PTO-AS has no comparison of '" + std::string(dtypeName(ld)) + "' with '" +
                  std::string(dtypeName(rdt)) + "' values");
        return "%error";
      }
      std::string l = exprAs(b.lhs(), *cd), r = exprAs(b.rhs(), *cd), t = scalarType(*cd, span);
      static const std::map<BinaryOp, std::pair<const char *, const char *>> kInt = {
          {BinaryOp::Eq, {"eq", "eq"}},   {BinaryOp::Ne, {"ne", "ne"}},
          {BinaryOp::Lt, {"slt", "ult"}}, {BinaryOp::Le, {"sle", "ule"}},
          {BinaryOp::Gt, {"sgt", "ugt"}}, {BinaryOp::Ge, {"sge", "uge"}}};
      static const std::map<BinaryOp, const char *> kFloat = {
          {BinaryOp::Eq, "oeq"}, {BinaryOp::Ne, "une"}, {BinaryOp::Lt, "olt"},
          {BinaryOp::Le, "ole"}, {BinaryOp::Gt, "ogt"}, {BinaryOp::Ge, "oge"}};
      if (isFloat(*cd))
        return op("arith.cmpf " + std::string(kFloat.at(b.op())) + ", " + l + ", " + r + " : " + t,
                  "cmp", span);
      auto [s, u] = kInt.at(b.op());
      return op("arith.cmpi " + std::string(isUnsignedInt(*cd) ? u : s) + ", " + l + ", " + r +
                    " : " + t,
                "cmp", span);
    }
    if (b.op() == BinaryOp::And || b.op() == BinaryOp::Or || b.op() == BinaryOp::Xor) {
      std::string l = exprAs(b.lhs(), DataType::Bool), r = exprAs(b.rhs(), DataType::Bool);
      const char *o = b.op() == BinaryOp::And ? "andi" : b.op() == BinaryOp::Or ? "ori" : "xori";
      return op("arith." + std::string(o) + " " + l + ", " + r + " : i1", "b", span);
    }
    std::string l = exprAs(b.lhs(), rd), r = exprAs(b.rhs(), rd), t = scalarType(rd, span);
    const bool f = isFloat(rd), u = isUnsignedInt(rd);
    auto bin = [&](const std::string &name) {
      return op("arith." + name + " " + l + ", " + r + " : " + t, "v", span);
    };
    switch (b.op()) {
    case BinaryOp::Add:
      return bin(f ? "addf" : "addi");
    case BinaryOp::Sub:
      return bin(f ? "subf" : "subi");
    case BinaryOp::Mul:
      return bin(f ? "mulf" : "muli");
    case BinaryOp::FloatDiv:
      return bin(f ? "divf" : u ? "divui" : "divsi");
    case BinaryOp::TruncDiv:
      return bin(f ? "divf" : u ? "divui" : "divsi");
    case BinaryOp::TruncMod:
      return bin(f ? "remf" : u ? "remui" : "remsi");
    case BinaryOp::FloorDiv:
      if (f)
        return op("math.floor " + bin("divf") + " : " + t, "v", span);
      return bin(u ? "divui" : "floordivsi");
    case BinaryOp::FloorMod: {
      if (u)
        return bin("remui");
      std::string q =
          f ? op("math.floor " + bin("divf") + " : " + t, "v", span) : bin("floordivsi");
      std::string m =
          op(std::string(f ? "arith.mulf " : "arith.muli ") + q + ", " + r + " : " + t, "v", span);
      return op(std::string(f ? "arith.subf " : "arith.subi ") + l + ", " + m + " : " + t, "v",
                span);
    }
    case BinaryOp::Min:
      return bin(f ? "minimumf" : u ? "minui" : "minsi");
    case BinaryOp::Max:
      return bin(f ? "maximumf" : u ? "maxui" : "maxsi");
    case BinaryOp::Pow:
      return op(std::string(f ? "math.powf " : "math.ipowi ") + l + ", " + r + " : " + t, "v",
                span);
    case BinaryOp::BitAnd:
      return bin("andi");
    case BinaryOp::BitOr:
      return bin("ori");
    case BinaryOp::BitXor:
      return bin("xori");
    case BinaryOp::Shl:
      return bin("shli");
    case BinaryOp::Shr:
      return bin(u ? "shrui" : "shrsi");
    default:
      break;
    }
    error("ES010", span,
          "PTO-AS has no form of the scalar operator '" + std::string(binaryOpName(b.op())) + "'");
    return "%error";
  }

  std::string unary(const Unary &u) {
    const Span &span = u.span();
    DataType d = dtypeOf(u.operand()).value_or(DataType::Index);
    DataType rd = scalarDType(u.type()).value_or(d);
    if (u.op() == UnaryOp::Cast)
      return exprAs(u.operand(), rd);
    std::string x = exprAs(u.operand(), rd), t = scalarType(rd, span);
    switch (u.op()) {
    case UnaryOp::Abs:
      return op(std::string(isFloat(rd) ? "math.absf " : "math.absi ") + x + " : " + t, "v", span);
    case UnaryOp::Neg:
      if (isFloat(rd))
        return op("arith.negf " + x + " : " + t, "v", span);
      return op("arith.subi " + intConst(0, rd) + ", " + x + " : " + t, "v", span);
    case UnaryOp::Not:
      return op("arith.xori " + x + ", " + intConst(1, DataType::Bool) + " : i1", "v", span);
    case UnaryOp::BitNot:
      return op("arith.xori " + x + ", " + intConst(-1, rd) + " : " + t, "v", span);
    case UnaryOp::Cast:
      break;
    }
    return x;
  }

  std::string expr(const ExprPtr &e) {
    switch (e->kind()) {
    case ExprKind::Var:
      return name(e);
    case ExprKind::ConstInt: {
      auto *c = dyn_cast<ConstInt>(e.get());
      return intConst(c->value(), c->dtype());
    }
    case ExprKind::ConstBool:
      return intConst(dyn_cast<ConstBool>(e.get())->value() ? 1 : 0, DataType::Bool);
    case ExprKind::ConstFloat: {
      auto *c = dyn_cast<ConstFloat>(e.get());
      return floatConst(c->value(), c->dtype());
    }
    case ExprKind::Binary:
      return binary(*dyn_cast<Binary>(e.get()));
    case ExprKind::Unary:
      return unary(*dyn_cast<Unary>(e.get()));
    case ExprKind::Call:
      if (auto s = scalarCall(*dyn_cast<Call>(e.get())))
        return *s;
      return "%error";
    default:
      break;
    }
    error("ES004", e->span(), "the PTO-AS printer cannot print '" + printExpr(e) + "' here");
    return "%error";
  }

  /// tensor.dim, tensor.read, tile.read and the block queries, as values.
  std::optional<std::string> scalarCall(const Call &c) {
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
      std::string et = scalarType(tt->dtype(), span);
      std::string v = op("pto.load_scalar " + paramPtr(c.args()[0]) + "[" + *off + "] : !pto.ptr<" +
                             et + "> -> " + et,
                         "v", span);
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
      return n + ": !pto.ptr<" + scalarType(tt->dtype(), v->span()) + ">";
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
      return unsupported(*c, " (cross-core pipes have no PTO-AS form yet; use --emit=pto)");
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
    line(n + " = pto.treshape " + src + " : " + tileType(*st, span) + " -> " +
             tileType(*tileOf(v->type()), span),
         span);
  }

  void unsupported(const Call &c, const std::string &why) {
    error("ES010", c.span(), "op '" + c.target().name() + "' has no PTO-AS form" + why);
  }

  void tileOp(const VarPtr &v, const Call &c, const PtoOpEntry &e, const Span &span) {
    if (e.form == PtoForm::Insert || e.form == PtoForm::Write) { // the result is the updated arg
      const TileType *at = tileOf(c.args()[0]->type());
      if (!at || !sameTileBytes(*tileOf(v->type()), *at))
        return sameTile(v, c.args()[0], span);
      names_[v.get()] = name(c.args()[0]);
      return inPlace(names_[v.get()], c, e, span);
    }
    if (c.target().name() == "tile.reshape") // ptoas's treshape returns its result: no buffer
      return reshape(v, c, span);
    if (!declareTile(v, span))
      return;
    const TileType &dt = *tileOf(v->type());
    const std::string &dst = names_[v.get()];
    const ExprList &a = c.args();
    const std::string opn = asmOpName(e.instr);
    auto need = [&](size_t n) {
      std::string why = missingArgs(c, n);
      if (!why.empty())
        error("ES003", span, why);
      return why.empty();
    };
    std::string types;
    std::vector<std::string> ins;
    // The forms that print their first argument as the first operand, after `n` are checked.
    auto firstOperand = [&](size_t n) {
      if (!need(n))
        return false;
      ins.push_back(operand(a[0], types));
      return true;
    };
    switch (e.form) {
    case PtoForm::Generic:
      if (boolAttr(c.kwargs(), "a_trans") || boolAttr(c.kwargs(), "b_trans"))
        return unsupported(c, " with a transposed operand (ConvertTensorToTileOps loads it "
                              "transposed)");
      for (const auto &x : a)
        ins.push_back(operand(x, types, dt.dtype()));
      return dps(opn, ins, types, dst, dt, span);
    case PtoForm::Scratch:
    case PtoForm::Sels: { // ins(..., %tmp[, scalar]): the planned scratch tile
      auto order = scratchOperands(c, e.form);
      if (!order)
        return unsupported(c, " without its scratch tile (run pass MaterializeScratchTiles)");
      for (size_t i : *order)
        ins.push_back(operand(a[i], types, dt.dtype()));
      return dps(opn, ins, types, dst, dt, span);
    }
    case PtoForm::ColSum:
      for (const auto &x : a)
        ins.push_back(operand(x, types, dt.dtype()));
      return dps(opn, ins, types, dst, dt, span, a.size() > 1 ? " {isBinary = true}" : "");
    case PtoForm::FirstArg:
    case PtoForm::Fillpad: // the pad value is part of the destination's tile type
      if (c.target().name() == "tile.transpose") { // ins(%src, %tmp): the planned scratch tile
        if (a.size() < 4)
          return unsupported(c, " without its scratch tile (run pass MaterializeScratchTiles)");
        ins.push_back(operand(a[0], types));
        ins.push_back(operand(a[3], types));
        return dps(opn, ins, types, dst, dt, span);
      }
      if (!firstOperand(1))
        return;
      return dps(opn, ins, types, dst, dt, span);
    case PtoForm::Extract: {
      if (!firstOperand(3))
        return;
      std::string r, col;
      if (c.target().name() == "tile.slice") {
        auto *mt = dyn_cast<MakeTuple>(a[2].get());
        if (!mt || mt->elements().size() != 2)
          return unsupported(c, " without two offsets");
        r = indexExpr(mt->elements()[0]);
        col = indexExpr(mt->elements()[1]);
      } else {
        r = indexExpr(a[1]);
        col = indexExpr(a[2]);
      }
      ins.push_back(r);
      ins.push_back(col);
      return dps(opn, ins, types + ", index, index", dst, dt, span);
    }
    case PtoForm::ShapeOf:
      if (!need(2))
        return;
      for (size_t i = 1; i < a.size(); ++i)
        ins.push_back(operand(a[i], types, dt.dtype()));
      return dps(opn, ins, types, dst, dt, span);
    case PtoForm::Cast: {
      if (!firstOperand(1))
        return;
      std::string mode = upperCase(stringKwarg(c, "mode").value_or("rint"));
      return dps(opn, ins, types, dst, dt, span, " {rmode = #pto<round_mode " + mode + ">}");
    }
    case PtoForm::Cmp:
      if (!firstOperand(2))
        return;
      ins.push_back(operand(a[1], types,
                            tileOf(a[0]->type()) ? tileOf(a[0]->type())->dtype() : DataType::FP32));
      return dps(opn, ins, types, dst, dt, span,
                 " {cmpMode = #pto<cmp " + lowerCase(stringKwarg(c, "mode").value_or("eq")) + ">}");
    case PtoForm::Lrelu: {
      if (!firstOperand(1))
        return;
      const AttrValue *s = findAttr(c.kwargs(), "slope");
      double slope = s && std::holds_alternative<double>(*s) ? std::get<double>(*s)
                     : s && std::holds_alternative<int64_t>(*s)
                         ? static_cast<double>(std::get<int64_t>(*s))
                         : 0.0;
      ins.push_back(floatConst(slope, DataType::FP32));
      return dps(opn, ins, types + ", f32", dst, dt, span);
    }
    case PtoForm::Move:
      if (!firstOperand(1))
        return;
      return dps(opn, ins, types, dst, dt, span);
    case PtoForm::Load:
      // PTO-ISA's form is a DN GlobalTensor into a ZN Mat tile; pl prints every ptoas tensor
      // view with the default (ND) layout and has no DN spelling checked against ptoas yet.
      if (boolAttr(c.kwargs(), "transpose"))
        return unsupported(c, " as a transposing load (a DN tensor view, which pl does not "
                              "print for ptoas yet)");
      return load(dst, dt, c, span);
    case PtoForm::Full:
      if (!need(2))
        return;
      ins.push_back(operand(a[1], types, dt.dtype()));
      return dps(opn, ins, types, dst, dt, span);
    case PtoForm::Create:
      return setValidShape(dst, dt, span);
    default:
      break;
    }
    unsupported(c, " here");
  }

  /// tile.assemble (TINSERT) and tile.write (TSETVAL) update the tile `dst` in place.
  void inPlace(const std::string &dst, const Call &c, const PtoOpEntry &e, const Span &span) {
    const ExprList &a = c.args();
    const TileType *dt = a.size() == 3 ? tileOf(a[0]->type()) : nullptr;
    if (!dt)
      return unsupported(c, " without a target tile and two more arguments");
    std::string types;
    std::vector<std::string> ins;
    if (e.form == PtoForm::Insert) {
      auto *mt = dyn_cast<MakeTuple>(a[2].get());
      if (!mt || mt->elements().empty() || mt->elements().size() > 2)
        return unsupported(c, " without one or two offsets");
      ins.push_back(operand(a[1], types));
      ins.push_back(mt->elements().size() == 2 ? indexExpr(mt->elements()[0]) : index(0));
      ins.push_back(indexExpr(mt->elements().back()));
      return dps(asmOpName(e.instr), ins, types + ", index, index", dst, *dt, span);
    }
    auto off = tileOffset(*dt, a[1]);
    if (!off)
      return;
    std::string et = scalarType(dt->dtype(), span);
    std::string v = exprAs(a[2], dt->dtype());
    dps(asmOpName(e.instr), {*off, v}, "index, " + et, dst, *dt, span);
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

  void load(const std::string &dst, const TileType &dt, const Call &c, const Span &span) {
    const ExprList &a = c.args();
    auto *tt = a.size() == 3 ? dyn_cast<TensorType>(a[0]->type().get()) : nullptr;
    auto *offs = a.size() == 3 ? dyn_cast<MakeTuple>(a[1].get()) : nullptr;
    auto *sizes = a.size() == 3 ? dyn_cast<MakeTuple>(a[2].get()) : nullptr;
    if (!tt || !offs || !sizes || offs->elements().size() != tt->rank() ||
        sizes->elements().size() != tt->rank())
      return error("ES003", span,
                   "PTO-AS needs 'tile.load' with one offset and one size per tensor dim");
    const ExprList *extents = &sizes->elements();
    if (const AttrValue *vs = findAttr(c.kwargs(), "valid_shape"))
      if (auto *valid = std::get_if<ExprList>(vs))
        extents = valid;
    warnUnproven(c, a[0]);
    std::string pv = partition(a[0], *tt, offs->elements(), *extents, span);
    setValidShape(dst, dt, span);
    line("pto.tload ins(" + pv + " : " + viewType(*tt, "partition_tensor_view", extents) +
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
    std::string et = scalarType(tt->dtype(), span);
    line("pto.store_scalar " + exprAs(a[2], tt->dtype()) + ", " + paramPtr(a[0]) + "[" + *off +
             "] : !pto.ptr<" + et + ">, " + et,
         span);
    if (v) {
      bind(v);
      aliasTensor(v.get(), a[0]);
    }
  }

  const KernelInfo &k_;
  const Function &fn_;
  DiagnosticEngine &diags_;
  bool failed_ = false;
  int indent_ = 2;
  std::string consts_, views_, allocs_, body_;
  std::map<std::string, std::string> consts_by_;
  std::map<std::string, int64_t> constValue_; ///< index constants by name (stride products)
  std::set<std::string> used_, queries_;
  std::vector<std::string> extraParams_;
  std::map<const Var *, std::string> names_, ptrs_, views_by_;
  std::vector<const Var *> tensorParams_;
  std::map<const Var *, const Var *> tensorBase_;
  std::map<std::pair<const Var *, size_t>, std::string> dims_;
  std::map<const Var *, bool> allocAddr_;
  std::vector<Frame *> frames_;
};

} // namespace

std::string printKernelAsm(const KernelInfo &k, DiagnosticEngine &diags, bool &ok) {
  AsmPrinter p(k, diags);
  std::string s = p.print();
  ok = !p.failed();
  return s;
}

} // namespace pl::emit::pto
