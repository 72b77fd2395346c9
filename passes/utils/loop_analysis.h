// Loop analysis (XLA's while_loop_analysis on structured IR): for-loop trip counts with
// overflow checks, and for while loops the induction variable, exact trip count, trip-count
// upper bound, range and auxiliary induction variables. Read-only; used by UnrollLoops,
// WhileToFor and FlattenControlFlow (and open to Simplify).
//
// A while loop is analysed in its iter_args form (XLA's loop tuple): `while (cond) carry
// (v0 = init0, ...) { ...; yield(u0, ...); }`. "Index k" is an iter_args position. The
// loop-body values are resolved through the body's top-level assignments of variables that are
// assigned once in the body (XLA looks through copies and fusions the same way). A scalar
// expression is *pure* when it has only variables, integer / bool constants, Binary and Unary
// nodes (no call, submit or tuple; the project's counterpart of XLA's IsScalarOp).
// All arithmetic is int64 with overflow checks; a value that leaves the range of its dtype
// (or of the induction variable's dtype) makes the result unknown instead of wrapping.
#pragma once

#include "ir/stmt.h"
#include "ir/visitor.h"

#include <optional>
#include <unordered_map>
#include <vector>

namespace pl::ir {
class Function;
}

namespace pl::passes {

/// Variables whose integer value is known (bool: 0 / 1), by identity.
using KnownValues = std::unordered_map<const ir::Var *, int64_t>;

/// Value of a pure integer / bool expression; nullopt when it reads a variable not in `env`,
/// is not pure, divides by zero, or overflows int64 or its dtype.
std::optional<int64_t> evaluateScalar(const ir::ExprPtr &e, const KnownValues &env);
/// True when `e` is a pure scalar expression (see the banner).
bool isPureScalarExpr(const ir::ExprPtr &e);
/// Scalars assigned exactly once in `f` (parameters excluded) whose value evaluates to a
/// constant from the ones found before them, in program order.
KnownValues collectKnownConstants(const ir::Function &f);
/// Smallest and largest value of an integer dtype within int64 (UInt64 is capped at
/// INT64_MAX); nullopt for non-integer dtypes.
std::optional<std::pair<int64_t, int64_t>> intDTypeRange(ir::DataType d);

// ---- For loops ---------------------------------------------------------------------------------

/// Iterations of `for i in range(start, stop, step)`: max(0, ceil((stop − start) / step)),
/// counting down for a negative step. nullopt when step == 0 or the count exceeds int64.
std::optional<int64_t> computeForTripCount(int64_t start, int64_t stop, int64_t step);

enum class ForTripStatus : uint8_t {
  Ok,
  NonConstant, ///< a bound does not evaluate to a constant
  ZeroStep,
  Overflow, ///< the count exceeds int64, or a bound is outside the loop variable's dtype
};
struct ForTripCount {
  ForTripStatus status = ForTripStatus::NonConstant;
  int64_t start = 0, stop = 0, step = 0;
  int64_t count = 0; ///< valid when status == Ok
};
/// Trip count of a For loop whose bounds evaluate to constants (with `known`).
ForTripCount analyzeForTripCount(const ir::For &f, const KnownValues &known = {});

// ---- While loops -------------------------------------------------------------------------------

struct InductionVar {
  size_t index = 0;   ///< iter_args position
  ir::VarPtr var;     ///< the iter_arg variable
  ir::ExprPtr update; ///< the yielded value for it (as written in the yield)
};
/// XLA's GetLoopInductionVarTupleIdx: the condition is pure and reads exactly one iter_arg that
/// is not a loop-invariant pass-through with a constant initial value; the yielded value for
/// it is a pure expression of itself, constants and loop invariants; its dtype is an integer.
std::optional<InductionVar> findInductionVar(const ir::While &w, const KnownValues &known = {});

/// The step C when the IV update is `iv + C`, `C + iv` or `iv − C` (C a constant, C != 0;
/// negative steps are accepted, unlike XLA).
std::optional<int64_t> matchInductionStep(const ir::While &w, const InductionVar &iv,
                                          const KnownValues &known = {});

/// Iterations of `while (iv OP n) iv += step` from `init`, with OP one of Lt, Le, Gt, Ge, Ne,
/// Eq (IV on the left). nullopt when the loop does not terminate or a value leaves `ivType`.
std::optional<int64_t> countTrips(int64_t init, ir::BinaryOp op, int64_t n, int64_t step,
                                  ir::DataType ivType);

/// {start, last value taken (inclusive), step, trip count}; for an empty loop `last` is
/// meaningless and tripCount == 0.
struct LoopRange {
  int64_t start = 0, last = 0, step = 0, tripCount = 0;
  bool empty() const { return tripCount == 0; }
};
/// Pattern match only: a constant initial value, a ±C update and a condition `iv OP n` or
/// `n OP iv` (normalised by operand position; NE when the distance is a multiple of the step).
std::optional<LoopRange> matchLoopRange(const ir::While &w, const KnownValues &known = {});

constexpr int64_t kDefaultBruteForceLimit = 128;
/// Exact trip count: the pattern match first (its result may exceed the limit), then brute
/// force on constants for at most `maxBruteForceIters` iterations when the condition and the
/// update depend only on the IV and known values.
std::optional<int64_t> computeWhileTripCount(const ir::While &w,
                                             int64_t maxBruteForceIters = kDefaultBruteForceLimit,
                                             const KnownValues &known = {});
/// The exact count when known; else 1 when the condition reads one iter_arg that the body sets
/// to a constant for which the condition is false; else nullopt.
std::optional<int64_t> computeWhileTripCountUpperBound(const ir::While &w,
                                                       const KnownValues &known = {});
/// Iter_args positions whose yielded value is reached from the iter_arg through a chain of
/// + − * / nodes, each with exactly one non-constant operand (may include the IV itself).
std::vector<size_t> findAuxiliaryInductionVars(const ir::While &w);

// ---- Conditional paths --------------------------------------------------------------------

/// An IRVisitor that knows whether the statement it visits is on a conditional path: inside an
/// if branch, a while body or a for body that may not run (no constant trip count >= 1). A
/// condition and a for loop's bounds are visited on the enclosing path's terms, except a
/// while's condition (part of the loop).
class ConditionalPathVisitor : public ir::IRVisitor {
public:
  void visitIf(const ir::If &s) override;
  void visitWhile(const ir::While &s) override;
  void visitFor(const ir::For &s) override;

protected:
  bool onConditionalPath() const { return depth_ > 0; }

private:
  int depth_ = 0;
};

} // namespace pl::passes
