// emit/pto op table: one entry per kernel-side IR op, naming its pl::sim instruction and how its
// arguments print.
#pragma once

#include "ir/expr.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pl::emit::pto {

/// How a call's destination and arguments become the instruction's operands.
enum class PtoForm : uint8_t {
  Generic,  ///< INSTR(dst, args...)               tile.add, tile.matmul_acc(dst, acc, l, r), ...
  ColSum,   ///< TCOLSUM(dst, x); with a scratch tile TCOLSUM(dst, x, tmp, true): the scratch
            ///< form's `isBinary` flag (a binary-tree sum through tmp)
  FirstArg, ///< INSTR(dst, args[0])               shape/axis arguments dropped (reshape, transpose)
  Extract,  ///< INSTR(dst, src, row, col)         the shape argument dropped
  ShapeOf,  ///< dst takes args[0]'s valid shape, then INSTR(dst, args[1..])   expands, row_expand
  Scratch,  ///< INSTR(dst, args..., tmp)           the op's last argument is the instruction's
            ///< scratch tile (MaterializeScratchTiles plans it): TREM, TREMS, TPRELU, TSEL
  Sels,     ///< TSELS(dst, mask, src, tmp, scalar)  the scratch tile before the scalar
  Cast,     ///< TCVT(dst, x[, pl::RoundMode::M])  from kwarg `mode`
  Cmp,      ///< INSTR(dst, a, b, pl::CmpMode::M)  from kwarg `mode`
  Fillpad,  ///< TFILLPAD(dst, x, pl::PadValue::P) from kwarg `pad_value`
  Lrelu,    ///< TLRELU(dst, x, slope)             from kwarg `slope`
  Ci,       ///< pto::TCI<decltype(dst), T, descending>(dst, start)  from kwarg `descending`
  Move,     ///< TMOV(dst, x)
  Load,     ///< TLOAD(dst, view.partition({offsets}, {shapes | valid_shape})); kwarg
            ///< `transpose`: a DN view into a ZN Mat tile
  Store,    ///< TSTORE(view.partition({offsets}, {tile dims}), tile); result = the tensor
  Insert,   ///< result aliases target: TINSERT(dst, source, row, col)
  Write,    ///< result aliases the tile: dst.SetValue(offset of (row, col), value) (PTO-AS:
            ///< tsetval)
  Read,     ///< expression: static_cast<T>(tile.GetValue(offset of (row, col))) (PTO-AS:
            ///< tgetval)
  GmWrite,  ///< tensor.write: one element of global memory; result = the tensor
  Create,   ///< nothing: the declared tile is the value (contents undefined)
  Full,     ///< TEXPANDS(dst, value)
  Alloc,    ///< nothing: a MemRef base; addresses are printed at each TASSIGN
  Barrier,  ///< a statement: the instruction text as is, e.g. pipe_barrier(PIPE_ALL)
  Flag,     ///< a statement: INSTR(PIPE_src, PIPE_dst, EVENT_IDn) from kwargs set_pipe, wait_pipe,
            ///< event_id
  Query,    ///< an expression: the instruction text as is, e.g. get_block_idx()
  ValidDim, ///< an expression: the tile's GetValidRow() (axis 0) / GetValidCol() (PTO-AS: none)
  Pop,      ///< TPOP(dst, pipe_c2v | pipe_v2c): the next tile of a cross-core pipe into dst
  Pipe,     ///< a statement on a cross-core pipe: TPUSH(pipe, t), TFREE(pipe), the TPipe
            ///< declarations of *_initialize_pipe; reserve_buffer / import_peer_buffer
            ///< print a comment (AllocateMemoryAddr applied them to the TPipe)
};

struct PtoOpEntry {
  std::string_view op;    ///< IR op name, e.g. "tile.add"
  std::string_view instr; ///< pl::sim instruction, e.g. "TADD"
  PtoForm form;
};

/// What a call of each form is as a statement of its own (an Eval: its result unused), for both
/// PTO printers.
enum class EvalKind : uint8_t {
  Sync,        ///< Barrier, Flag: synchronisation
  GlobalWrite, ///< Store, GmWrite: a write to global memory
  InPlace,     ///< Write, Insert: updates its first argument
  CrossCore,   ///< Pipe: a cross-core pipe operation or declaration
  Value,       ///< the others: a value that nothing uses (no printer prints it)
};
EvalKind evalKind(PtoForm f);

/// The entry for an op, or nullptr when the simulator emitter has none (error ES001).
const PtoOpEntry *lookupPtoOp(std::string_view op);
/// The whole table, in op-name order (tests check it covers every registered tile op).
const std::vector<PtoOpEntry> &ptoOpTable();
/// The string value of a call's kwarg `key` (a mode, a pad value), if it has one.
std::optional<std::string> stringKwarg(const ir::Call &c, std::string_view key);
/// The printers' arity check of a form's operands: the message of error ES003 when `c` has fewer
/// than `n` arguments, else empty.
std::string missingArgs(const ir::Call &c, size_t n);
/// The operands of a Scratch or Sels call in the instruction's order (PTO-ISA's C++
/// and ptoas's `ins(...)` agree), as indices of the call's arguments; nullopt when the scratch
/// tile (the op's last argument) is missing: the printers' error ES003.
std::optional<std::vector<size_t>> scratchOperands(const ir::Call &c, PtoForm f);
/// The message of that error.
std::string missingScratch(const ir::Call &c, std::string_view instr);
/// "eq" -> "EQ", "rint" -> "RINT": an enumerator spelled from a string kwarg.
std::string upperCase(std::string s);
/// "TADD" -> "tadd".
std::string lowerCase(std::string_view s);
/// The PTO-ISA C++ enumerator of an IR enum name: "none_box" -> "NoneBox", "null" -> "Null".
std::string pascalCase(std::string_view snake);

/// The pipe object a cross-core op uses: "pipe_c2v" (cube to vector) or "pipe_v2c".
std::string_view crossCorePipe(std::string_view op);

/// Every instruction name of the table (reserved: never used as a variable name).
std::vector<std::string_view> ptoInstructionNames();

} // namespace pl::emit::pto
