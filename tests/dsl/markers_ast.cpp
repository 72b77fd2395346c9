// tests/dsl/markers_ast.cpp — input of the dsl.markers_annotate test: clang must attach
// AnnotateAttr "pl.function" with a pl::FunctionType constant (InCore = 2) to marked functions.
#include <pl/dsl.hpp>

PL_FUNCTION(pl::FunctionType::InCore) void marked_incore() {}
PL_JIT void marked_jit() {}
struct PL_PROGRAM marked_program {
  PL_FUNCTION(pl::FunctionType::Orchestration) static void run() { marked_incore(); }
};
