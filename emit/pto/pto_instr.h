// emit/pto instruction records: a kernel-side tile op call decoded once into the instruction it
// is (name, ordered source operands including scratch tiles, modes, operand dtypes), checked
// there; the PTO-ISA C++ printer and the PTO-AS printer only spell a record (LLVM's MCInst is
// the model).
#pragma once

#include "emit/pto/pto_ops.h"
#include "ir/expr.h"
#include "ir/type.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>
#include <string>
#include <vector>

namespace pl::emit::pto {

/// The output a record is decoded for: it decides only which diagnostic (code and text) a
/// malformed call gets, and which forms the target has at all (PTO-AS has no cross-core pop
/// and no transposing load yet).
enum class PtoSyntax : uint8_t {
  Cpp, ///< PTO-ISA C++ (`--emit=kernels`, the kernel package)
  Asm, ///< PTO-AS text (`--emit=pto-as`)
};

/// One source operand of an instruction, in the instruction's order.
struct PtoOperand {
  enum class Kind : uint8_t {
    Value, ///< a tile (by name) or a scalar (taken in dtype `scalarAs`)
    Index, ///< a row or column offset (an index); `expr` null: the row 0 of a 1-D offset
  };
  ir::ExprPtr expr;
  Kind kind = Kind::Value;
  /// The dtype the instruction takes a scalar value in (the destination tile's element type,
  /// a compared tile's for TCMPS, a written tile's for TSETVAL); tiles ignore it. The PTO-ISA
  /// C++ passes the scalar as is (its templates convert); PTO-AS converts it explicitly.
  ir::DataType scalarAs = ir::DataType::FP32;
};

/// A `tile.load`'s window: the tensor, one offset and one size per tensor dim.
struct PtoWindow {
  ir::ExprPtr tensor;
  const ir::TensorType *tensorType = nullptr;
  const ir::ExprList *offsets = nullptr;
  const ir::ExprList *sizes = nullptr;
  /// The load's kwarg `valid_shape` (the clipped window), null when it has none.
  const ir::ExprList *validShape = nullptr;
  /// A DN view of the window read into a ZN Mat tile (kwarg `transpose`).
  bool transpose = false;
};

/// One decoded instruction writing a tile (its destination is the printer's: the call's
/// result, or the updated first argument of Insert / Write).
struct PtoInstr {
  const PtoOpEntry *entry = nullptr;
  /// The source operands in the instruction's order (PTO-ISA's C++ arguments after the
  /// destination; ptoas's `ins(...)`): scratch tiles in their place, Sels' scratch tile before
  /// its scalar, Extract / Insert / Write offsets as (row, col) Index operands, Write's value
  /// last.
  std::vector<PtoOperand> ins;
  /// ColSum with its scratch tile: the binary-tree sum (`isBinary`).
  bool isBinary = false;
  /// Cast: the PTO-ISA round mode in upper case ("RINT", "FLOOR", ...): pl's `none` (round to
  /// nearest even) is RINT, as TCVT's CAST_NONE truncates; `saturate`: a float to integer cast,
  /// which saturates as the eager cast does (pto::SaturationMode::ON).
  std::string roundMode;
  bool saturate = false;
  /// Cmp: the comparison, lower case as the IR spells it ("eq", "lt", ...).
  std::string cmpMode;
  /// Lrelu: the slope of the negative side.
  double slope = 0;
  /// Ci: TCI counts down from its start (kwarg `descending`).
  bool descending = false;
  /// Pop: pto-isa's TileSplitAxis enumerator ("TILE_NO_SPLIT", ...).
  std::string splitAxis;
  /// Load: the window.
  PtoWindow window;

  PtoForm form() const { return entry->form; }
  std::string_view instr() const { return entry->instr; }
};

/// Where a decoding error goes: the printer's located error (code, span, message).
using PtoErrorSink =
    llvm::function_ref<void(const char *code, const ir::Span &span, const std::string &msg)>;

/// Decodes `c` (an op call of table entry `e`; `dst` the type of the tile it writes, whose
/// element type scalar operands take; null for Insert / Write, which take their first
/// argument's) into its instruction. A call the record cannot be built
/// from gets its diagnostic here, as `syntax`'s printer reports it (the located error with its
/// code: ES003 for missing operands, ES004 / ES010 for forms the target has not) through
/// `error`, and nullopt.
/// `span` locates errors of the statement, `c.span()` those of the call.
std::optional<PtoInstr> decodeInstr(const ir::Call &c, const PtoOpEntry &e, const ir::TileType *dst,
                                    PtoSyntax syntax, const ir::Span &span, PtoErrorSink error);

/// pto-isa's TileSplitAxis of a push, pop or free from its `split` kwarg (0 none, 1 up-down,
/// 2 left-right; the op's type deduction checked it).
std::string splitAxisName(const ir::Call &c);

} // namespace pl::emit::pto
