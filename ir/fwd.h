// Forward declarations and pointer aliases shared by every IR header.
#pragma once

#include <memory>
#include <vector>

namespace pl::ir {

class Type;
class Expr;
class Var;
class MemRef;
class Stmt;
class Function;
class Program;
class Op;

using TypePtr = std::shared_ptr<const Type>;
using ExprPtr = std::shared_ptr<const Expr>;
using VarPtr = std::shared_ptr<const Var>;
using MemRefPtr = std::shared_ptr<const MemRef>;
using StmtPtr = std::shared_ptr<const Stmt>;
using FunctionPtr = std::shared_ptr<const Function>;
using ProgramPtr = std::shared_ptr<const Program>;
using ExprList = std::vector<ExprPtr>;

/// LLVM-style casting on IR nodes (each node class has `static bool classof(const Base *)`).
template <typename T, typename B> bool isa(const B *n) { return n && T::classof(n); }
template <typename T, typename B> bool isa(const std::shared_ptr<const B> &n) {
  return n && T::classof(n.get());
}
template <typename T, typename B> const T *dynCast(const B *n) {
  return isa<T>(n) ? static_cast<const T *>(n) : nullptr;
}
template <typename T, typename B> const T *dynCast(const std::shared_ptr<const B> &n) {
  return isa<T>(n) ? static_cast<const T *>(n.get()) : nullptr;
}
/// A raw pointer into a temporary shared_ptr (a function's result) dangles as soon as the
/// statement ends (`auto *f = dynCast<For>(normalize(s));` read freed memory in two places that
/// ASan found): keep the result in a variable first, or use as<T>.
template <typename T, typename B> const T *dynCast(std::shared_ptr<const B> &&n) = delete;
/// Shared-pointer downcast; nullptr when the node is not a T.
template <typename T, typename B> std::shared_ptr<const T> as(const std::shared_ptr<const B> &n) {
  return isa<T>(n) ? std::static_pointer_cast<const T>(n) : nullptr;
}

} // namespace pl::ir
