// emit/pto PTO-AS values: the part of the PTO-AS printer that names SSA values and prints types,
// hoisted constants and scalar expressions as `arith` / `math` ops (pto_as_printer.cpp prints
// the kernel around it).
#pragma once

#include "ir/diagnostics.h"
#include "ir/function.h"
#include "ir/visitor.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>

namespace pl::emit::pto {

/// The MLIR builtin type of a dtype (integers signless, as the pto dialect wants them).
std::optional<std::string> mlirType(ir::DataType d);
/// A float literal MLIR reads back exactly (hex bit patterns for infinities and NaN).
std::string floatLiteral(double v, ir::DataType d);

/// One kernel's SSA names, constants and scalar expressions in PTO-AS; the subclass prints the
/// statements, tiles and tensor views.
class AsmValuePrinter : protected ir::IRVisitor {
public:
  AsmValuePrinter(const ir::Function &f, ir::DiagnosticEngine &d) : fn_(f), diags_(d) {}
  bool failed() const { return failed_; }

protected:
  // ---- diagnostics, names and output ---------------------------------------------------------
  /// A located error (at the function when `span` is not valid); the kernel fails.
  void error(const char *code, const ir::Span &span, const std::string &msg);
  /// `hint` with every character that is not alphanumeric or `_` as `_`.
  static std::string ident(std::string_view hint);
  /// A fresh SSA name `%<hint>[_k]`, unique in the function.
  std::string fresh(std::string_view hint);
  /// Gives `v` a fresh SSA name and returns it.
  const std::string &bind(const ir::VarPtr &v);
  /// The SSA name of a bound variable; ES004 for anything else.
  std::string name(const ir::ExprPtr &e);
  /// ` loc("file":line:col)`, or "" without a span.
  std::string loc(const ir::Span &s) const;
  /// One line of the body at the current indent, with its location.
  void line(const std::string &text, const ir::Span &span = {});

  // ---- types ---------------------------------------------------------------------------------
  /// The MLIR type of a scalar dtype; ES003 when it has none.
  std::string scalarType(ir::DataType d, const ir::Span &span);
  /// The MLIR element type of a tensor in GM: a bool is its byte (`i8`, 0 or 1: ptoas stores a
  /// tile only into a view of its element's width, and pl's mask tiles are bytes), else
  /// scalarType.
  std::string gmType(ir::DataType d, const ir::Span &span);
  std::optional<ir::DataType> dtypeOf(const ir::ExprPtr &e);
  /// Dynamic valid dims (`?`) when the tile's valid shape is not constant.
  static bool dynamicValid(const ir::TileType &t);
  /// `!pto.tile_buf<loc=…, dtype=…, rows=…, …>`; ES003 when the tile has none.
  std::string tileType(const ir::TileType &t, const ir::Span &span);
  /// `!pto.<kind><DxDx…xT>` of a tensor (its shape, or `shape`), `?` for a dynamic dim.
  std::string viewType(const ir::TensorType &t, const std::string &kind, const ir::ExprList *shape);
  /// The MLIR type of a tile or scalar value.
  std::string typeOfValue(const ir::ExprPtr &e);

  // ---- constants (hoisted to the top of the function, one per value and type) ----------------
  std::string constant(const std::string &literal, const std::string &type,
                       const std::string &hint);
  std::string intConst(int64_t v, ir::DataType d);
  std::string index(int64_t v);
  std::string floatConst(double v, ir::DataType d);

  // ---- scalar expressions as arith ops -------------------------------------------------------
  /// `%<hint> = <text>` in the body; returns the new name.
  std::string op(const std::string &text, const std::string &hint, const ir::Span &span);
  /// `x` (a value of dtype `from`) as dtype `to`.
  std::string convert(const std::string &x, ir::DataType from, ir::DataType to,
                      const ir::Span &span);
  /// The value of `e` converted to dtype `to`.
  std::string exprAs(const ir::ExprPtr &e, ir::DataType to);
  std::string indexExpr(const ir::ExprPtr &e);
  /// The dtype both operands of a comparison are compared in.
  std::optional<ir::DataType> commonDType(ir::DataType a, ir::DataType b);
  std::string binary(const ir::Binary &b);
  std::string unary(const ir::Unary &u);
  /// A scalar expression as SSA ops; its value's name.
  std::string expr(const ir::ExprPtr &e);

  /// tensor.dim, tensor.read, tile.read and the block queries, as values.
  virtual std::optional<std::string> scalarCall(const ir::Call &c) = 0;

  const ir::Function &fn_;
  ir::DiagnosticEngine &diags_;
  bool failed_ = false;
  int indent_ = 2;
  std::string consts_, body_; ///< the hoisted constants; the function body
  std::map<std::string, std::string> consts_by_;
  std::map<std::string, int64_t> constValue_; ///< index constants by name (stride products)
  std::set<std::string> used_;
  std::map<const ir::Var *, std::string> names_;
};

} // namespace pl::emit::pto
