// Conversion of the IR emitter's pre-SSA graphs to SSA form (the spec's "Conversion To SSA").
//
// The emitter writes variables as `prim::Store[name="x"](%v)` and reads them as
// `%v = prim::Load[name="x"]()`, exits as prim::ReturnStmt / prim::BreakStmt / prim::ContinueStmt,
// comprehension bodies inside prim::ComprehensionScope, and a loop's condition as the second
// block of its prim::Loop (whose only input is the trip count). Conversion runs, in order:
//   1. control-flow loads and stores: prim::If outputs for the variables its branches assign,
//      loop-carried values for the variables a loop body assigns that exist before the loop;
//   2. loop continuations: break/continue become prim::LoopContinuation(cond, carried...);
//   3. loop conditions: evaluated once before the loop and again at the end of the body;
//   4. loads and stores erased: each load becomes the variable's value in scope;
//   5. the exit transform (exit_transform.h) removes the continuations and return statements;
//   6. for-loops that may stop early get their own counter (canonicalize_modified_loops.h), which
//      PyTorch runs right after conversion to SSA.
#pragma once

#include <memory>

#include "ember/ir/ir.h"

namespace ember::jit {

void convertToSSA(std::shared_ptr<Graph>& graph);

// The steps one by one, for tests.
void addControlFlowLoadStores(Graph& graph);
void convertBreakContinue(Graph& graph);
void inlineLoopConditions(Graph& graph);
void eraseLoadStores(Graph& graph);

}  // namespace ember::jit
