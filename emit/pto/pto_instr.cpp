// emit/pto instruction records: the one place a kernel-side tile op call is decoded into the
// instruction both PTO printers spell.
#include "emit/pto/pto_instr.h"

#include "emit/pto/pto_types.h"
#include "ir/printer.h"

#include "llvm/Support/Casting.h"

namespace pl::emit::pto {

using namespace ir;
using llvm::dyn_cast;

namespace {

bool boolKwarg(const Call &c, std::string_view key) {
  const AttrValue *v = findAttr(c.kwargs(), key);
  return v && std::holds_alternative<bool>(*v) && std::get<bool>(*v);
}

class Decoder {
public:
  Decoder(const Call &c, const PtoOpEntry &e, const TileType *dst, PtoSyntax syntax,
          const Span &span, PtoErrorSink error)
      : c_(c), a_(c.args()), syntax_(syntax), span_(span), error_(error),
        dstDtype_(dst ? dst->dtype() : DataType::FP32) {
    r_.entry = &e;
  }

  std::optional<PtoInstr> run() {
    if (!decode())
      return std::nullopt;
    return std::move(r_);
  }

private:
  bool cpp() const { return syntax_ == PtoSyntax::Cpp; }

  bool fail(const char *code, const Span &span, const std::string &msg) {
    error_(code, span, msg);
    return false;
  }
  /// PTO-AS's error for a form it has not: ES010 at the call.
  bool noAsmForm(const std::string &why) {
    return fail("ES010", c_.span(), "op '" + c_.target().name() + "' has no PTO-AS form" + why);
  }
  bool need(size_t n) {
    std::string why = missingArgs(c_, n);
    return why.empty() || fail("ES003", span_, why);
  }

  void value(const ExprPtr &x, DataType scalarAs = DataType::FP32) {
    r_.ins.push_back({x, PtoOperand::Kind::Value, scalarAs});
  }
  void index(const ExprPtr &x) { r_.ins.push_back({x, PtoOperand::Kind::Index}); }

  /// A (row, col) offset tuple of a tile: one element is a column of row 0. `exact2`: PTO-AS's
  /// slice takes exactly two.
  bool rowCol(const ExprPtr &tuple, bool exact2 = false) {
    auto *mt = dyn_cast<MakeTuple>(tuple.get());
    const size_t n = mt ? mt->elements().size() : 0;
    if (n == 0 || n > 2 || (exact2 && n != 2))
      return badOffsets(tuple);
    index(n == 2 ? mt->elements()[0] : nullptr);
    index(mt->elements().back());
    return true;
  }
  bool badOffsets(const ExprPtr &tuple) {
    const std::string &op = c_.target().name();
    if (cpp() || r_.form() == PtoForm::Write)
      return fail("ES003", tuple->span(),
                  "expected 1 or 2 tile indices, found '" + printExpr(tuple) + "'");
    if (op == "tile.slice")
      return noAsmForm(" without two offsets");
    return noAsmForm(" without one or two offsets");
  }

  bool missingScratch() {
    if (!cpp())
      return noAsmForm(" without its scratch tile (run pass MaterializeScratchTiles)");
    if (c_.target().name() == "tile.transpose")
      return fail("ES003", span_,
                  "emitter needs the scratch tile of 'tile.transpose' (PTO-ISA's TTRANS tmp; "
                  "run pass MaterializeScratchTiles)");
    return fail("ES003", span_, pto::missingScratch(c_, r_.instr()));
  }

  bool decode() {
    const std::string &op = c_.target().name();
    switch (r_.form()) {
    case PtoForm::Generic:
      for (const char *key : {"a_trans", "b_trans"})
        if (boolKwarg(c_, key)) {
          if (!cpp())
            return noAsmForm(" with a transposed operand (ConvertTensorToTileOps loads it "
                             "transposed)");
          return fail("ES004", span_,
                      "'" + op + "' with '" + key +
                          "' has no PTO-ISA instruction; ConvertTensorToTileOps turns it into "
                          "a transposing operand load");
        }
      for (const ExprPtr &x : a_)
        value(x, dstDtype_);
      return true;
    case PtoForm::ColSum:
      for (const ExprPtr &x : a_)
        value(x, dstDtype_);
      r_.isBinary = a_.size() > 1;
      return true;
    case PtoForm::Scratch:
    case PtoForm::Sels: {
      auto order = scratchOperands(c_, r_.form());
      if (!order)
        return missingScratch();
      for (size_t i : *order)
        value(a_[i], dstDtype_);
      return true;
    }
    case PtoForm::FirstArg:
    case PtoForm::Fillpad:          // the pad value is the destination tile's (its TileView)
      if (op == "tile.transpose") { // TTRANS(dst, src, tmp): the planned scratch tile
        if (a_.size() < 4)
          return missingScratch();
        value(a_[0]);
        value(a_[3]);
        return true;
      }
      if (!need(1))
        return false;
      value(a_[0]);
      return true;
    case PtoForm::Extract:
      if (!need(3))
        return false;
      value(a_[0]);
      if (op == "tile.slice") // slice(input, shape, offset)
        return rowCol(a_[2], /*exact2=*/!cpp());
      index(a_[1]);
      index(a_[2]);
      return true;
    case PtoForm::ShapeOf:
      if (!need(2))
        return false;
      for (size_t i = 1; i < a_.size(); ++i)
        value(a_[i], dstDtype_);
      return true;
    case PtoForm::Cast:
      return cast();
    case PtoForm::Cmp: {
      if (!need(2))
        return false;
      const TileType *lt = tileOf(a_[0]->type());
      value(a_[0]);
      value(a_[1], lt ? lt->dtype() : DataType::FP32);
      r_.cmpMode = lowerCase(stringKwarg(c_, "mode").value_or("eq"));
      return true;
    }
    case PtoForm::Lrelu: {
      if (!need(1))
        return false;
      value(a_[0]);
      const AttrValue *s = findAttr(c_.kwargs(), "slope");
      if (s && std::holds_alternative<double>(*s))
        r_.slope = std::get<double>(*s);
      else if (s && std::holds_alternative<int64_t>(*s))
        r_.slope = static_cast<double>(std::get<int64_t>(*s));
      return true;
    }
    case PtoForm::Ci: // TCI's start has the tile's element type
      if (!need(1))
        return false;
      value(a_[0], dstDtype_);
      r_.descending = boolKwarg(c_, "descending");
      return true;
    case PtoForm::Move:
      if (!need(1))
        return false;
      value(a_[0]);
      return true;
    case PtoForm::Load:
      return load();
    case PtoForm::Insert:
    case PtoForm::Write:
      return inPlace();
    case PtoForm::Full:
      if (!need(2))
        return false;
      value(a_[1], dstDtype_);
      return true;
    case PtoForm::Pop:
      r_.splitAxis = splitAxisName(c_);
      return true;
    case PtoForm::Create:
      return true;
    case PtoForm::Alloc:
    case PtoForm::Store:
    case PtoForm::Read:
    case PtoForm::GmWrite:
    case PtoForm::Barrier:
    case PtoForm::Flag:
    case PtoForm::Query:
    case PtoForm::ValidDim:
    case PtoForm::Pipe:
      break;
    }
    if (!cpp())
      return noAsmForm(" here");
    return fail("ES001", span_, "op '" + op + "' does not produce a tile here");
  }

  /// docs/backend.md "Casts" (CheckTileConstraints rejected the modes PTO-ISA has not).
  bool cast() {
    if (!need(1))
      return false;
    value(a_[0]);
    std::string mode = upperCase(stringKwarg(c_, "mode").value_or("none"));
    // pl's default is round to nearest even; TCVT's CAST_NONE truncates.
    r_.roundMode = mode == "NONE" ? "RINT" : mode;
    const TileType *st = tileOf(a_[0]->type()), *dt = tileOf(c_.type());
    r_.saturate = st && dt && isFloat(st->dtype()) && isIntLike(dt->dtype());
    return true;
  }

  /// tile.assemble (TINSERT: source, row, col) and tile.write (TSETVAL: row, col, value)
  /// update their first argument in place.
  bool inPlace() {
    const bool write = r_.form() == PtoForm::Write;
    const TileType *target = a_.empty() ? nullptr : tileOf(a_[0]->type());
    if (cpp() && !need(3))
      return false;
    if (!cpp() && (a_.size() != 3 || !target))
      return noAsmForm(" without a target tile and two more arguments");
    if (!cpp() && write && !tileDims(*target)) // PTO-AS computes row * cols + col
      return badOffsets(a_[1]);
    if (!write)
      value(a_[1]);
    if (!rowCol(a_[write ? 1 : 2]))
      return false;
    if (write)
      value(a_[2], target ? target->dtype() : DataType::FP32);
    return true;
  }

  bool load() {
    PtoWindow &w = r_.window;
    w.transpose = boolKwarg(c_, "transpose");
    // PTO-ISA's form is a DN GlobalTensor into a ZN Mat tile; pl prints every ptoas tensor
    // view with the default (ND) layout and has no DN spelling checked against ptoas yet.
    if (w.transpose && !cpp())
      return noAsmForm(" as a transposing load (a DN tensor view, which pl does not print for "
                       "ptoas yet)");
    auto *tt = a_.size() == 3 ? dyn_cast<TensorType>(a_[0]->type().get()) : nullptr;
    auto *offs = a_.size() == 3 ? dyn_cast<MakeTuple>(a_[1].get()) : nullptr;
    auto *sizes = a_.size() == 3 ? dyn_cast<MakeTuple>(a_[2].get()) : nullptr;
    if (!tt || !offs || !sizes || offs->elements().size() != tt->rank() ||
        sizes->elements().size() != tt->rank())
      return fail("ES003", span_,
                  std::string(cpp() ? "emitter" : "PTO-AS") +
                      " needs 'tile.load' with one offset and one size per tensor dim");
    if (w.transpose && tt->rank() != 2)
      return fail("ES003", span_, "emitter needs a transposing 'tile.load' of a 2-D tensor");
    w.tensor = a_[0];
    w.tensorType = tt;
    w.offsets = &offs->elements();
    w.sizes = &sizes->elements();
    if (const AttrValue *vs = findAttr(c_.kwargs(), "valid_shape"))
      w.validShape = std::get_if<ExprList>(vs);
    return true;
  }

  const Call &c_;
  const ExprList &a_;
  PtoSyntax syntax_;
  const Span &span_;
  PtoErrorSink error_;
  DataType dstDtype_;
  PtoInstr r_;
};

} // namespace

std::optional<PtoInstr> decodeInstr(const Call &c, const PtoOpEntry &e, const TileType *dst,
                                    PtoSyntax syntax, const Span &span, PtoErrorSink error) {
  return Decoder(c, e, dst, syntax, span, error).run();
}

std::string splitAxisName(const Call &c) {
  static constexpr const char *kAxis[] = {"TILE_NO_SPLIT", "TILE_UP_DOWN", "TILE_LEFT_RIGHT"};
  const int64_t *s = findAttrAs<int64_t>(c.kwargs(), "split");
  return std::string("pto::TileSplitAxis::") + kAxis[s && *s >= 0 && *s <= 2 ? *s : 0];
}

} // namespace pl::emit::pto
