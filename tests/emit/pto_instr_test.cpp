// emit/pto instruction records (pto_instr.h): each form decodes into the operands, order, modes
// and operand dtypes both printers spell, and a malformed call gets each printer's error.
#include "emit/pto/pto_instr.h"
#include "emit/pto/pto_types.h"
#include "ir/function.h"
#include "ir/op_registry.h"
#include "ir/parser.h"
#include "ir/printer.h"
#include "ir/visitor.h"

#include "llvm/Support/Casting.h"

#include <gtest/gtest.h>

#include <map>

using namespace pl;
using namespace pl::emit::pto;

namespace {

/// The op calls of a parsed kernel by the name of the variable they are assigned to.
class Calls final : ir::IRVisitor {
public:
  explicit Calls(const std::string &body) {
    ir::registerAllOps();
    const std::string text = "program p {\n  AIV k(In Tensor<fp32, 16, 64> x, In Tensor<fp32, "
                             "64, 16> y, In Tensor<fp32, 64> v, In index n, In fp32 s) {\n" +
                             body + "    return;\n  }\n}\n";
    program_ = ir::parseProgram(text, "t.pir", diags_);
    if (!program_)
      return;
    for (const ir::FunctionPtr &f : program_->functions())
      visitStmt(f->body());
  }
  bool ok() const { return program_ != nullptr; }
  std::string errors() const { return diags_.formatAll(); }
  const ir::Call &call(const std::string &var) const { return *calls_.at(var); }
  const ir::TileType *type(const std::string &var) const { return types_.at(var); }

private:
  void visitAssign(const ir::Assign &s) override {
    if (auto *c = llvm::dyn_cast<ir::Call>(s.value().get())) {
      calls_[s.var()->name()] = c;
      types_[s.var()->name()] = tileOf(s.var()->type());
    }
    IRVisitor::visitAssign(s);
  }
  ir::DiagnosticEngine diags_;
  ir::ProgramPtr program_;
  std::map<std::string, const ir::Call *> calls_;
  std::map<std::string, const ir::TileType *> types_;
};

struct Decoded {
  std::optional<PtoInstr> instr;
  std::vector<std::string> errors; ///< "CODE: message"
};

Decoded decode(const Calls &k, const std::string &var, PtoSyntax syntax, bool inPlace = false) {
  const ir::Call &c = k.call(var);
  const PtoOpEntry *e = lookupPtoOp(c.target().name());
  Decoded d;
  if (!e) {
    d.errors.push_back("no table entry for " + c.target().name());
    return d;
  }
  d.instr = decodeInstr(c, *e, inPlace ? nullptr : k.type(var), syntax, c.span(),
                        [&](const char *code, const ir::Span &, const std::string &msg) {
                          d.errors.push_back(std::string(code) + ": " + msg);
                        });
  return d;
}

/// The operands as text: a tile or scalar as printed, `@dtype` for a scalar's dtype, `idx:` for
/// an index, `0` for the row of a 1-D offset.
std::string operands(const PtoInstr &r) {
  std::string s;
  for (const PtoOperand &o : r.ins) {
    s += s.empty() ? "" : ", ";
    if (o.kind == PtoOperand::Kind::Index) {
      s += "idx:" + (o.expr ? ir::printExpr(o.expr) : std::string("0"));
      continue;
    }
    s += ir::printExpr(o.expr);
    if (!tileOf(o.expr->type()))
      s += "@" + std::string(ir::dtypeName(o.scalarAs));
  }
  return s;
}

const char *kBody = R"(    Tile<fp32, 16, 64, Vec> t = tile.load(x, {0, 0}, {16, 64});
    Tile<fp32, 16, 64, Vec> u = tile.load(x, {0, n}, {16, 64}, {.valid_shape = {16, 8}});
    Tile<fp32, 16, 64, Vec> tmp = tile.create({16, 64}, {.dtype = fp32, .target_memory = Vec});
    Tile<bool, 16, 64, Vec> m = tile.cmps(t, 0.5, {.mode = "ge"});
    Tile<fp32, 16, 64, Vec> sel = tile.sels(m, t, s, tmp);
    Tile<fp32, 16, 64, Vec> sum = tile.add(t, u);
    Tile<fp32, 16, 64, Vec> plus = tile.adds(t, n);
    Tile<int32, 16, 64, Vec> i = tile.cast(t, {.target_type = int32, .mode = "none"});
    Tile<int32, 16, 64, Vec> fl = tile.cast(t, {.target_type = int32, .mode = "floor"});
    Tile<fp32, 16, 64, Vec> back = tile.cast(i, {.target_type = fp32, .mode = "rint"});
    Tile<fp32, 1, 64, Vec> cs = tile.col_sum(t);
    Tile<fp32, 1, 64, Vec> cst = tile.col_sum(t, tmp);
    Tile<fp32, 16, 64, Vec> lr = tile.lrelu(t, {.slope = 2});
    Tile<fp32, 16, 64, Vec> ex = tile.expands(t, n);
    Tile<fp32, 8, 16, Vec> sl = tile.slice(t, {8, 16}, {4, 32});
    Tile<fp32, 16, 64, Vec> as = tile.assemble(t, sl, {4, 32});
    Tile<fp32, 64, Vec> r = tile.load(v, {0}, {64});
    Tile<fp32, 16, Vec> sl1 = tile.slice(r, {16}, {32});
    Tile<fp32, 64, Vec> as1 = tile.assemble(r, sl1, {32});
    Tile<fp32, 64, Vec> w1 = tile.write(r, {5}, s);
    Tile<fp32, 16, 64, Vec> w = tile.write(t, {3, 5}, n);
    Tile<fp32, 16, 64, Vec> mv = tile.move(t, {.target_memory = Vec});
    Tile<fp32, 64, 16, Mat> ym = tile.load(y, {0, 0}, {64, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 64, Mat> xt = tile.load(y, {0, 0}, {64, 16}, {.target_memory = Mat, .transpose = true});
)";

TEST(PtoInstr, ScratchAndSelectOperandsInInstructionOrder) {
  Calls k(kBody);
  ASSERT_TRUE(k.ok()) << k.errors();
  for (PtoSyntax s : {PtoSyntax::Cpp, PtoSyntax::Asm}) {
    Decoded d = decode(k, "sel", s);
    ASSERT_TRUE(d.instr) << d.errors.front();
    EXPECT_EQ(d.instr->instr(), "TSELS");
    // IR (mask, src, scalar, tmp) -> TSELS(mask, src, tmp, scalar); the scalar in fp32
    EXPECT_EQ(operands(*d.instr), "m, t, tmp, s@fp32");
  }
}

TEST(PtoInstr, ScalarOperandsTakeTheInstructionsDtype) {
  Calls k(kBody);
  ASSERT_TRUE(k.ok()) << k.errors();
  Decoded plus = decode(k, "plus", PtoSyntax::Asm);
  ASSERT_TRUE(plus.instr);
  EXPECT_EQ(operands(*plus.instr), "t, n@fp32"); // the destination's element type
  Decoded cmp = decode(k, "m", PtoSyntax::Asm);
  ASSERT_TRUE(cmp.instr);
  EXPECT_EQ(operands(*cmp.instr), "t, 0.5@fp32"); // the compared tile's, not the bool result's
  EXPECT_EQ(cmp.instr->cmpMode, "ge");
  Decoded w = decode(k, "w", PtoSyntax::Asm, /*inPlace=*/true);
  ASSERT_TRUE(w.instr);
  EXPECT_EQ(operands(*w.instr), "idx:3, idx:5, n@fp32"); // the written tile's
  Decoded ex = decode(k, "ex", PtoSyntax::Cpp);
  ASSERT_TRUE(ex.instr);
  EXPECT_EQ(operands(*ex.instr), "n@fp32"); // TEXPANDS(dst, n): dst declared with t's valid shape
}

TEST(PtoInstr, CastModes) {
  Calls k(kBody);
  ASSERT_TRUE(k.ok()) << k.errors();
  for (PtoSyntax s : {PtoSyntax::Cpp, PtoSyntax::Asm}) {
    Decoded i = decode(k, "i", s), fl = decode(k, "fl", s), back = decode(k, "back", s);
    ASSERT_TRUE(i.instr && fl.instr && back.instr);
    EXPECT_EQ(i.instr->roundMode, "RINT"); // pl's none rounds to nearest even
    EXPECT_TRUE(i.instr->saturate);
    EXPECT_EQ(fl.instr->roundMode, "FLOOR");
    EXPECT_TRUE(fl.instr->saturate);
    EXPECT_EQ(back.instr->roundMode, "RINT");
    EXPECT_FALSE(back.instr->saturate); // int -> float
    EXPECT_EQ(operands(*i.instr), "t");
  }
}

TEST(PtoInstr, ColSumLreluAndMove) {
  Calls k(kBody);
  ASSERT_TRUE(k.ok()) << k.errors();
  Decoded cs = decode(k, "cs", PtoSyntax::Cpp), cst = decode(k, "cst", PtoSyntax::Cpp);
  ASSERT_TRUE(cs.instr && cst.instr);
  EXPECT_FALSE(cs.instr->isBinary);
  EXPECT_TRUE(cst.instr->isBinary);
  EXPECT_EQ(operands(*cst.instr), "t, tmp");
  Decoded lr = decode(k, "lr", PtoSyntax::Asm);
  ASSERT_TRUE(lr.instr);
  EXPECT_EQ(lr.instr->slope, 2.0); // an integer slope kwarg
  EXPECT_EQ(operands(*lr.instr), "t");
  Decoded mv = decode(k, "mv", PtoSyntax::Cpp);
  ASSERT_TRUE(mv.instr);
  EXPECT_EQ(mv.instr->instr(), "TMOV");
  EXPECT_EQ(operands(*mv.instr), "t");
}

// tile.ci: TCI's start in the tile's element type and the direction from kwarg `descending`;
// the partial ops are TPART* on their two sources in order.
TEST(PtoInstr, CiAndPartialOps) {
  Calls k(R"(    Tile<int16, 1, 64, Vec> up = tile.ci(n, {1, 64}, {.dtype = int16});
    Tile<int32, 1, 64, Vec> down = tile.ci(n, {1, 64}, {.descending = true});
    Tile<fp32, 16, 64, Vec> t = tile.load(x, {0, 0}, {16, 64});
    Tile<fp32, 8, 64, Vec> h = tile.load(x, {0, 0}, {8, 64});
    Tile<fp32, 16, 64, Vec> pa = tile.part_add(h, t);
    Tile<fp32, 16, 64, Vec> pm = tile.part_min(t, h);
)");
  ASSERT_TRUE(k.ok()) << k.errors();
  for (PtoSyntax s : {PtoSyntax::Cpp, PtoSyntax::Asm}) {
    Decoded up = decode(k, "up", s), down = decode(k, "down", s);
    ASSERT_TRUE(up.instr && down.instr);
    EXPECT_EQ(up.instr->instr(), "TCI");
    EXPECT_EQ(operands(*up.instr), "n@int16");
    EXPECT_FALSE(up.instr->descending);
    EXPECT_EQ(operands(*down.instr), "n@int32");
    EXPECT_TRUE(down.instr->descending);
    Decoded pa = decode(k, "pa", s), pm = decode(k, "pm", s);
    ASSERT_TRUE(pa.instr && pm.instr);
    EXPECT_EQ(pa.instr->instr(), "TPARTADD");
    EXPECT_EQ(operands(*pa.instr), "h, t");
    EXPECT_EQ(pm.instr->instr(), "TPARTMIN");
    EXPECT_EQ(operands(*pm.instr), "t, h");
  }
}

TEST(PtoInstr, OffsetsAsRowAndColumn) {
  Calls k(kBody);
  ASSERT_TRUE(k.ok()) << k.errors();
  Decoded sl = decode(k, "sl", PtoSyntax::Asm);
  ASSERT_TRUE(sl.instr);
  EXPECT_EQ(operands(*sl.instr), "t, idx:4, idx:32");
  Decoded sl1 = decode(k, "sl1", PtoSyntax::Cpp);
  ASSERT_TRUE(sl1.instr);
  EXPECT_EQ(operands(*sl1.instr), "r, idx:0, idx:32"); // one offset: a column of row 0
  // PTO-AS's textract takes exactly two offsets
  Decoded sl1a = decode(k, "sl1", PtoSyntax::Asm);
  EXPECT_FALSE(sl1a.instr);
  ASSERT_EQ(sl1a.errors.size(), 1u);
  EXPECT_EQ(sl1a.errors[0], "ES010: op 'tile.slice' has no PTO-AS form without two offsets");
  for (PtoSyntax s : {PtoSyntax::Cpp, PtoSyntax::Asm}) {
    Decoded as = decode(k, "as", s, true), as1 = decode(k, "as1", s, true);
    ASSERT_TRUE(as.instr && as1.instr);
    EXPECT_EQ(operands(*as.instr), "sl, idx:4, idx:32");
    EXPECT_EQ(operands(*as1.instr), "sl1, idx:0, idx:32");
    Decoded w1 = decode(k, "w1", s, true);
    ASSERT_TRUE(w1.instr);
    EXPECT_EQ(operands(*w1.instr), "idx:0, idx:5, s@fp32");
  }
}

TEST(PtoInstr, LoadWindows) {
  Calls k(kBody);
  ASSERT_TRUE(k.ok()) << k.errors();
  Decoded t = decode(k, "t", PtoSyntax::Asm), u = decode(k, "u", PtoSyntax::Cpp);
  ASSERT_TRUE(t.instr && u.instr);
  EXPECT_EQ(ir::printExpr(t.instr->window.tensor), "x");
  EXPECT_EQ(t.instr->window.validShape, nullptr);
  ASSERT_NE(u.instr->window.validShape, nullptr);
  EXPECT_EQ(u.instr->window.validShape->size(), 2u);
  EXPECT_EQ(ir::printExpr(u.instr->window.offsets->back()), "n");
  Decoded xt = decode(k, "xt", PtoSyntax::Cpp);
  ASSERT_TRUE(xt.instr);
  EXPECT_TRUE(xt.instr->window.transpose);
  EXPECT_FALSE(decode(k, "ym", PtoSyntax::Cpp).instr->window.transpose);
  Decoded xta = decode(k, "xt", PtoSyntax::Asm);
  EXPECT_FALSE(xta.instr);
  ASSERT_EQ(xta.errors.size(), 1u);
  EXPECT_EQ(xta.errors[0].substr(0, 48), "ES010: op 'tile.load' has no PTO-AS form as a tr");
}

TEST(PtoInstr, MissingScratchAndTransposedOperandsAreEachPrintersError) {
  Calls k(R"(    Tile<fp32, 16, 16, Vec> a = tile.load(x, {0, 0}, {16, 16});
    Tile<fp32, 16, 16, Vec> at = tile.transpose(a, 0, 1);
    Tile<fp32, 16, 16, Vec> tmp = tile.create({16, 16}, {.dtype = fp32, .target_memory = Vec});
    Tile<fp32, 16, 16, Vec> att = tile.transpose(a, 0, 1, tmp);
    Tile<fp32, 16, 16, Mat> am = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Left> al = tile.move(am, {.target_memory = Left});
    Tile<fp32, 16, 16, Right> br = tile.move(am, {.target_memory = Right});
    Tile<fp32, 16, 16, Acc> c = tile.matmul(al, br, {.b_trans = true});
)");
  ASSERT_TRUE(k.ok()) << k.errors();
  Decoded att = decode(k, "att", PtoSyntax::Asm);
  ASSERT_TRUE(att.instr);
  EXPECT_EQ(operands(*att.instr), "a, tmp"); // TTRANS(dst, src, tmp): the axes dropped
  Decoded cpp = decode(k, "at", PtoSyntax::Cpp), asmd = decode(k, "at", PtoSyntax::Asm);
  EXPECT_FALSE(cpp.instr || asmd.instr);
  ASSERT_EQ(cpp.errors.size(), 1u);
  ASSERT_EQ(asmd.errors.size(), 1u);
  EXPECT_EQ(cpp.errors[0].substr(0, 6), "ES003:");
  EXPECT_EQ(asmd.errors[0], "ES010: op 'tile.transpose' has no PTO-AS form without its scratch "
                            "tile (run pass MaterializeScratchTiles)");
  Decoded mc = decode(k, "c", PtoSyntax::Cpp), ma = decode(k, "c", PtoSyntax::Asm);
  EXPECT_FALSE(mc.instr || ma.instr);
  ASSERT_EQ(mc.errors.size(), 1u);
  ASSERT_EQ(ma.errors.size(), 1u);
  EXPECT_EQ(mc.errors[0], "ES004: 'tile.matmul' with 'b_trans' has no PTO-ISA instruction; "
                          "ConvertTensorToTileOps turns it into a transposing operand load");
  EXPECT_EQ(ma.errors[0].substr(0, 47), "ES010: op 'tile.matmul' has no PTO-AS form with");
}

} // namespace
