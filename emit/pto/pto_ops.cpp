// emit/pto op table: one entry per kernel-side IR op, naming its pl::sim instruction and how its
// arguments print.
#include "emit/pto/pto_ops.h"

#include "ir/op_registry.h"

#include <algorithm>
#include <cctype>

namespace pl::emit::pto {

namespace {

using F = PtoForm;

/// Sorted by op name (checked once at first use).
const std::vector<PtoOpEntry> kTable = {
    {"system.aic_initialize_pipe", "pto::TPipe", F::Pipe},
    {"system.aiv_initialize_pipe", "pto::TPipe", F::Pipe},
    {"system.bar_all", "pipe_barrier(PIPE_ALL)", F::Barrier},
    {"system.bar_m", "pipe_barrier(PIPE_M)", F::Barrier},
    {"system.bar_v", "pipe_barrier(PIPE_V)", F::Barrier},
    {"system.import_peer_buffer", "", F::Pipe},
    {"system.reserve_buffer", "", F::Pipe},
    {"system.sync_dst", "wait_flag", F::Flag},
    {"system.sync_src", "set_flag", F::Flag},
    {"tensor.write", "", F::GmWrite},
    {"tile.abs", "TABS", F::Generic},
    {"tile.add", "TADD", F::Generic},
    {"tile.adds", "TADDS", F::Generic},
    {"tile.alloc", "", F::Alloc},
    {"tile.and", "TAND", F::Generic},
    {"tile.ands", "TANDS", F::Generic},
    {"tile.assemble", "TINSERT", F::Insert},
    {"tile.cast", "TCVT", F::Cast},
    {"tile.ci", "TCI", F::Ci},
    {"tile.cmp", "TCMP", F::Cmp},
    {"tile.cmps", "TCMPS", F::Cmp},
    {"tile.col_argmax", "TCOLARGMAX", F::Generic},
    {"tile.col_argmin", "TCOLARGMIN", F::Generic},
    {"tile.col_expand", "TCOLEXPAND", F::ShapeOf},
    {"tile.col_expand_add", "TCOLEXPANDADD", F::Generic},
    {"tile.col_expand_div", "TCOLEXPANDDIV", F::Generic},
    {"tile.col_expand_expdif", "TCOLEXPANDEXPDIF", F::Generic},
    {"tile.col_expand_max", "TCOLEXPANDMAX", F::Generic},
    {"tile.col_expand_min", "TCOLEXPANDMIN", F::Generic},
    {"tile.col_expand_mul", "TCOLEXPANDMUL", F::Generic},
    {"tile.col_expand_sub", "TCOLEXPANDSUB", F::Generic},
    {"tile.col_max", "TCOLMAX", F::Generic},
    {"tile.col_min", "TCOLMIN", F::Generic},
    {"tile.col_prod", "TCOLPROD", F::Generic},
    {"tile.col_sum", "TCOLSUM", F::ColSum},
    {"tile.concat", "TCONCAT", F::Generic},
    {"tile.create", "", F::Create},
    {"tile.div", "TDIV", F::Generic},
    {"tile.divs", "TDIVS", F::Generic},
    {"tile.exp", "TEXP", F::Generic},
    {"tile.expands", "TEXPANDS", F::ShapeOf},
    {"tile.extract", "TEXTRACT", F::Extract},
    {"tile.fillpad", "TFILLPAD", F::Fillpad},
    {"tile.fmod", "TFMOD", F::Generic},
    {"tile.fmods", "TFMODS", F::Generic},
    {"tile.full", "TEXPANDS", F::Full},
    {"tile.get_block_idx", "get_block_idx(args)", F::Query},
    {"tile.get_block_num", "get_block_num(args)", F::Query},
    {"tile.get_subblock_idx", "get_sub_block_id(args)", F::Query},
    {"tile.load", "TLOAD", F::Load},
    {"tile.log", "TLOG", F::Generic},
    {"tile.lrelu", "TLRELU", F::Lrelu},
    {"tile.matmul", "TMATMUL", F::Generic},
    {"tile.matmul_acc", "TMATMUL_ACC", F::Generic},
    {"tile.matmul_bias", "TMATMUL_BIAS", F::Generic},
    {"tile.maximum", "TMAX", F::Generic},
    {"tile.maximums", "TMAXS", F::Generic},
    {"tile.minimum", "TMIN", F::Generic},
    {"tile.minimums", "TMINS", F::Generic},
    {"tile.move", "TMOV", F::Move},
    {"tile.mul", "TMUL", F::Generic},
    {"tile.muls", "TMULS", F::Generic},
    {"tile.neg", "TNEG", F::Generic},
    {"tile.not", "TNOT", F::Generic},
    {"tile.or", "TOR", F::Generic},
    {"tile.ors", "TORS", F::Generic},
    {"tile.part_add", "TPARTADD", F::Generic},
    {"tile.part_max", "TPARTMAX", F::Generic},
    {"tile.part_min", "TPARTMIN", F::Generic},
    {"tile.part_mul", "TPARTMUL", F::Generic},
    {"tile.prelu", "TPRELU", F::Scratch},
    {"tile.read", "TGETVAL", F::Read},
    {"tile.recip", "TRECIP", F::Generic},
    {"tile.relu", "TRELU", F::Generic},
    {"tile.rem", "TREM", F::Scratch},
    {"tile.rems", "TREMS", F::Scratch},
    {"tile.reshape", "TRESHAPE", F::FirstArg},
    {"tile.row_argmax", "TROWARGMAX", F::Generic},
    {"tile.row_argmin", "TROWARGMIN", F::Generic},
    {"tile.row_expand", "TROWEXPAND", F::ShapeOf},
    {"tile.row_expand_add", "TROWEXPANDADD", F::Generic},
    {"tile.row_expand_div", "TROWEXPANDDIV", F::Generic},
    {"tile.row_expand_expdif", "TROWEXPANDEXPDIF", F::Generic},
    {"tile.row_expand_max", "TROWEXPANDMAX", F::Generic},
    {"tile.row_expand_min", "TROWEXPANDMIN", F::Generic},
    {"tile.row_expand_mul", "TROWEXPANDMUL", F::Generic},
    {"tile.row_expand_sub", "TROWEXPANDSUB", F::Generic},
    {"tile.row_max", "TROWMAX", F::Generic},
    {"tile.row_min", "TROWMIN", F::Generic},
    {"tile.row_prod", "TROWPROD", F::Generic},
    {"tile.row_sum", "TROWSUM", F::Generic},
    {"tile.rsqrt", "TRSQRT", F::Generic},
    {"tile.sel", "TSEL", F::Scratch},
    {"tile.sels", "TSELS", F::Sels},
    {"tile.set_validshape", "TRESHAPE", F::FirstArg},
    {"tile.shl", "TSHL", F::Generic},
    {"tile.shls", "TSHLS", F::Generic},
    {"tile.shr", "TSHR", F::Generic},
    {"tile.shrs", "TSHRS", F::Generic},
    {"tile.slice", "TEXTRACT", F::Extract},
    {"tile.sqrt", "TSQRT", F::Generic},
    {"tile.store", "TSTORE", F::Store},
    {"tile.sub", "TSUB", F::Generic},
    {"tile.subs", "TSUBS", F::Generic},
    {"tile.tfree_to_aic", "TFREE", F::Pipe},
    {"tile.tfree_to_aiv", "TFREE", F::Pipe},
    {"tile.tpop_from_aic", "TPOP", F::Pop},
    {"tile.tpop_from_aiv", "TPOP", F::Pop},
    {"tile.tpush_to_aic", "TPUSH", F::Pipe},
    {"tile.tpush_to_aiv", "TPUSH", F::Pipe},
    {"tile.transpose", "TTRANS", F::FirstArg},
    {"tile.valid_dim", "", F::ValidDim},
    {"tile.write", "TSETVAL", F::Write},
    {"tile.xor", "TXOR", F::Scratch},
    {"tile.xors", "TXORS", F::Scratch},
};

} // namespace

const std::vector<PtoOpEntry> &ptoOpTable() { return kTable; }

const PtoOpEntry *lookupPtoOp(std::string_view op) {
  auto it = std::lower_bound(kTable.begin(), kTable.end(), op,
                             [](const PtoOpEntry &e, std::string_view k) { return e.op < k; });
  if (it == kTable.end() || it->op != op)
    return nullptr;
  return &*it;
}

std::optional<std::string> stringKwarg(const ir::Call &c, std::string_view key) {
  if (const ir::AttrValue *v = ir::findAttr(c.kwargs(), key))
    if (auto *s = std::get_if<std::string>(v))
      return *s;
  return std::nullopt;
}

std::string upperCase(std::string s) {
  for (char &ch : s)
    ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  return s;
}

EvalKind evalKind(PtoForm f) {
  switch (f) {
  case PtoForm::Barrier:
  case PtoForm::Flag:
    return EvalKind::Sync;
  case PtoForm::Store:
  case PtoForm::GmWrite:
    return EvalKind::GlobalWrite;
  case PtoForm::Write:
  case PtoForm::Insert:
    return EvalKind::InPlace;
  case PtoForm::Pipe:
    return EvalKind::CrossCore;
  default:
    return EvalKind::Value;
  }
}

std::string_view crossCorePipe(std::string_view op) {
  // A tfree returns the slot to the producer: tfree_to_aic frees a slot of the cube-to-vector
  // pipe.
  bool toVector = op.find("tfree") != std::string_view::npos
                      ? op.ends_with("to_aic")
                      : op.ends_with("to_aiv") || op.ends_with("from_aic");
  return toVector ? "pipe_c2v" : "pipe_v2c";
}

std::string missingArgs(const ir::Call &c, size_t n) {
  if (c.args().size() >= n)
    return "";
  return "op '" + c.target().name() + "' needs " + std::to_string(n) + " arguments";
}

std::optional<std::vector<size_t>> scratchOperands(const ir::Call &c, PtoForm f) {
  const size_t n = c.args().size();
  if (!c.target().isOp() || n < c.target().op->maxArgs() || n < 2)
    return std::nullopt;
  std::vector<size_t> order(n);
  for (size_t i = 0; i < n; ++i)
    order[i] = i;
  if (f == PtoForm::Sels) // IR (mask, src, scalar, tmp) -> TSELS(mask, src, tmp, scalar)
    std::swap(order[n - 2], order[n - 1]);
  return order;
}

std::string missingScratch(const ir::Call &c, std::string_view instr) {
  return "emitter needs the scratch tile of '" + c.target().name() + "' (PTO-ISA's " +
         std::string(instr) + " tmp; run pass MaterializeScratchTiles)";
}

std::string lowerCase(std::string_view s) {
  std::string o;
  for (char ch : s)
    o += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return o;
}

std::string pascalCase(std::string_view snake) {
  std::string o;
  bool up = true;
  for (char ch : snake) {
    if (ch == '_') {
      up = true;
      continue;
    }
    o += up ? static_cast<char>(std::toupper(static_cast<unsigned char>(ch))) : ch;
    up = false;
  }
  return o;
}

std::vector<std::string_view> ptoInstructionNames() {
  std::vector<std::string_view> out;
  for (const auto &e : kTable)
    if (!e.instr.empty() && e.form != PtoForm::Barrier && e.form != PtoForm::Query &&
        e.form != PtoForm::Flag && e.instr.find("::") == std::string_view::npos)
      out.push_back(e.instr);
  out.push_back(crossCorePipe("tile.tpush_to_aiv"));
  out.push_back(crossCorePipe("tile.tpush_to_aic"));
  return out;
}

} // namespace pl::emit::pto
