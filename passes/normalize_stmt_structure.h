// NormalizeStmtStructure: puts every block into the canonical form the NormalizedStmtStructure
// verifier checks.
//
// Why: later passes (outlining, tensor→tile conversion, codegen) walk statement lists and
//   assume one shape per construct: a body is a lone statement or a flat Seq of two or more,
//   and an if without an else has no else branch (not an empty one).
// Properties: passes/passes.def (NoRedundantBlocks, structural, holds too).
// Rewrites: a Seq nested in a Seq is spliced into its parent; a Seq with one statement becomes
//   that statement; empty Seqs inside a Seq disappear; an else branch that is (or normalizes
//   to) an empty block is dropped. Everything else, including an empty then branch, an empty
//   loop body and an if with return vars, is kept as it is.
// Options: none. Diagnostics: none (any IR can be normalized).
// Example: `if (c) { x = f(a); } else {}` → `if (c) { x = f(a); }`;
//          `Seq[a, Seq[b, c]]` → `Seq[a, b, c]`.
// Test: tests/passes/normalize_stmt_structure.pir, tests/passes/normalize_stmt_structure_test.cpp
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm: f with normalized blocks (f itself when it already is normalized).
ir::FunctionPtr normalizeStmtStructure(const ir::FunctionPtr &f);
/// The same on one statement (nullptr stays nullptr).
ir::StmtPtr normalizeStmtStructure(const ir::StmtPtr &s);

Pass createNormalizeStmtStructurePass(PassOptions &opts);

} // namespace pl::passes
