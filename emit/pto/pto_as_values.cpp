// emit/pto PTO-AS values: SSA names, types, hoisted constants and scalar expressions as `arith`
// / `math` ops.
#include "emit/pto/pto_as_values.h"

#include "emit/pto/pto_ops.h"
#include "emit/pto/pto_types.h"
#include "ir/printer.h"

#include "llvm/Support/Casting.h"

#include <cmath>
#include <cstdio>
#include <limits>

namespace pl::emit::pto {

using namespace ir;
using llvm::dyn_cast;

namespace {

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

} // namespace

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

void AsmValuePrinter::error(const char *code, const Span &span, const std::string &msg) {
  failed_ = true;
  diags_.error(code, span.valid() ? span : fn_.span(), msg);
}

std::string AsmValuePrinter::ident(std::string_view hint) {
  std::string s;
  for (char c : hint)
    s += (std::isalnum(static_cast<unsigned char>(c)) || c == '_') ? c : '_';
  return s.empty() ? "v" : s;
}

std::string AsmValuePrinter::fresh(std::string_view hint) {
  std::string base = "%" + ident(hint), n = base;
  for (int k = 1; used_.count(n); ++k)
    n = base + "_" + std::to_string(k);
  used_.insert(n);
  return n;
}

const std::string &AsmValuePrinter::bind(const VarPtr &v) {
  return names_[v.get()] = fresh(v->name());
}

std::string AsmValuePrinter::name(const ExprPtr &e) {
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

std::string AsmValuePrinter::loc(const Span &s) const {
  if (!s.valid())
    return "";
  return " loc(\"" + *s.file + "\":" + std::to_string(s.line) + ":" + std::to_string(s.col) + ")";
}

void AsmValuePrinter::line(const std::string &text, const Span &span) {
  body_.append(static_cast<size_t>(indent_) * 2, ' ');
  body_ += text + loc(span) + "\n";
}

std::string AsmValuePrinter::scalarType(DataType d, const Span &span) {
  if (auto t = mlirType(d))
    return *t;
  error("ES003", span, "dtype '" + std::string(dtypeName(d)) + "' has no PTO-AS scalar type");
  return "i64";
}

std::optional<DataType> AsmValuePrinter::dtypeOf(const ExprPtr &e) {
  return scalarDType(e->type());
}

bool AsmValuePrinter::dynamicValid(const TileType &t) {
  if (!t.view() || t.view()->validShape.empty())
    return false;
  for (const ExprPtr &e : t.view()->validShape)
    if (!constIntValue(e))
      return true;
  return false;
}

std::string AsmValuePrinter::gmType(DataType d, const Span &span) {
  return d == DataType::Bool ? "i8" : scalarType(d, span);
}

std::string AsmValuePrinter::tileType(const TileType &t, const Span &span) {
  auto dims = tileDims(t);
  std::string l = t.memorySpace() ? locName(*t.memorySpace()) : "";
  auto elem = mlirType(t.dtype());
  // A tile of unsigned integers is `ui<N>` (ptoas's C++ element type is then uint<N>_t, as
  // PTO-ISA's TCMP needs for its uint8 mask); arith's scalars stay signless.
  if (elem && isUnsignedInt(t.dtype()) && dtypeBits(t.dtype()) >= 8)
    elem = "u" + *elem;
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
         ", fractal=" + std::to_string(v.fractal) + ", pad=" + std::to_string(padCode(v.pad)) + ">";
}

std::string AsmValuePrinter::viewType(const TensorType &t, const std::string &kind,
                                      const ExprList *shape) {
  std::string s = "!pto." + kind + "<";
  const ExprList &dims = shape ? *shape : t.shape();
  for (const ExprPtr &d : dims) {
    auto c = constIntValue(d);
    s += (c ? std::to_string(*c) : "?") + "x";
  }
  return s + gmType(t.dtype(), {}) + ">";
}

std::string AsmValuePrinter::typeOfValue(const ExprPtr &e) {
  if (auto *t = tileOf(e->type()))
    return tileType(*t, e->span());
  return scalarType(dtypeOf(e).value_or(DataType::Index), e->span());
}

std::string AsmValuePrinter::constant(const std::string &literal, const std::string &type,
                                      const std::string &hint) {
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

std::string AsmValuePrinter::intConst(int64_t v, DataType d) {
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

std::string AsmValuePrinter::index(int64_t v) { return intConst(v, DataType::Index); }

std::string AsmValuePrinter::floatConst(double v, DataType d) {
  return constant(floatLiteral(v, d), scalarType(d, {}), "cst");
}

std::string AsmValuePrinter::op(const std::string &text, const std::string &hint,
                                const Span &span) {
  std::string n = fresh(hint);
  line(n + " = " + text, span);
  return n;
}

std::string AsmValuePrinter::convert(const std::string &x, DataType from, DataType to,
                                     const Span &span) {
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
  // A narrower integer becomes an index through i64: ptoas (PTOAS a56b18c) emits no C++ for a
  // window offset computed from `index_cast i32 to index`.
  if (to == DataType::Index && from != DataType::Index && from != DataType::Int64 &&
      from != DataType::UInt64)
    return convert(convert(x, from, u ? DataType::UInt64 : DataType::Int64, span),
                   u ? DataType::UInt64 : DataType::Int64, to, span);
  if (from == DataType::Index || to == DataType::Index)
    return op(std::string(u ? "arith.index_castui " : "arith.index_cast ") + x + " : " + ft +
                  " to " + tt,
              "i", span);
  if (dtypeBits(to) > dtypeBits(from))
    return op(std::string(u ? "arith.extui " : "arith.extsi ") + x + " : " + ft + " to " + tt, "i",
              span);
  return op("arith.trunci " + x + " : " + ft + " to " + tt, "i", span);
}

std::string AsmValuePrinter::exprAs(const ExprPtr &e, DataType to) {
  if (auto *c = dyn_cast<ConstInt>(e.get()); c && !isFloat(to))
    return intConst(c->value(), to);
  auto from = dtypeOf(e);
  std::string x = expr(e);
  return from ? convert(x, *from, to, e->span()) : x;
}

std::string AsmValuePrinter::indexExpr(const ExprPtr &e) { return exprAs(e, DataType::Index); }

std::optional<DataType> AsmValuePrinter::commonDType(DataType a, DataType b) {
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

std::string AsmValuePrinter::binary(const Binary &b) {
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
    if (f) { // ptoas (PTOAS a56b18c) lowers no arith.addf to C++: l - (-r), the same IEEE sum
      std::string n = op("arith.negf " + r + " : " + t, "neg", span);
      return op("arith.subf " + l + ", " + n + " : " + t, "v", span);
    }
    return bin("addi");
  case BinaryOp::Sub:
    return bin(f ? "subf" : "subi");
  case BinaryOp::Mul:
    return bin(f ? "mulf" : "muli");
  case BinaryOp::FloatDiv:
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
    std::string q = f ? op("math.floor " + bin("divf") + " : " + t, "v", span) : bin("floordivsi");
    std::string m =
        op(std::string(f ? "arith.mulf " : "arith.muli ") + q + ", " + r + " : " + t, "v", span);
    return op(std::string(f ? "arith.subf " : "arith.subi ") + l + ", " + m + " : " + t, "v", span);
  }
  case BinaryOp::Min:
    return bin(f ? "minimumf" : u ? "minui" : "minsi");
  case BinaryOp::Max:
    return bin(f ? "maximumf" : u ? "maxui" : "maxsi");
  case BinaryOp::Pow:
    return op(std::string(f ? "math.powf " : "math.ipowi ") + l + ", " + r + " : " + t, "v", span);
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

std::string AsmValuePrinter::unary(const Unary &u) {
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

std::string AsmValuePrinter::expr(const ExprPtr &e) {
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

} // namespace pl::emit::pto
