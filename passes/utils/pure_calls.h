// Loop analysis through calls (XLA's look-through of fusions and calls in while_loop_analysis):
// a call to a pure scalar function is replaced by the value it returns, so that the induction
// variable, its start, step and condition are found when they go through such a call.
//
// A function of the program is a *pure scalar function* when every parameter is an `In` integer
// or bool scalar and its body is a straight list of scalar assignments followed by one return,
// every value a pure scalar expression (loop_analysis.h's isPureScalarExpr) once its parameters,
// its earlier assignments and the pure scalar functions it calls (at most 8 deep) are
// substituted. A multi-value return is a tuple: `t = f(i); t[0]` reads its first value (XLA's
// multi-output fusion). A call to anything else, or with an argument that is not pure, stays.
// Used by FlattenControlFlow (the bound of a while loop) and the loop-analysis tests.
#pragma once

#include "ir/function.h"

namespace pl::passes {

/// `s` with every call to a pure scalar function of `p` replaced by the value it returns
/// (parameters bound to the arguments), and `t[k]` of such a value by its k-th element; meant
/// for analysis, not as a program to emit. nullptr when no call was replaced.
ir::StmtPtr inlinePureScalarCalls(const ir::StmtPtr &s, const ir::Program &p);

/// The value `f(args)` returns when `f` is a pure scalar function of `p` (a MakeTuple for
/// several values); nullptr otherwise.
ir::ExprPtr pureScalarCallValue(const ir::Function &f, const ir::ExprList &args,
                                const ir::Program &p);

} // namespace pl::passes
