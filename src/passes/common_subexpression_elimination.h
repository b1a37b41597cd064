// Common subexpression elimination (PyTorch's EliminateCommonSubexpression): a node equal to an
// earlier one (same kind, same inputs, equal attributes, same output types) is replaced by it.
// A node in a nested block may be replaced by an equal node of an enclosing block that comes
// before it. Left alone: nodes with side effects or blocks, nondeterministic ops, and nodes whose
// inputs or outputs may be written (alias analysis), since two calls then need not agree; a
// merge that would make two graph outputs alias each other is not done either.
#pragma once

#include <memory>

namespace ember::jit {

class Graph;

// Returns whether the graph changed.
bool eliminateCommonSubexpression(const std::shared_ptr<Graph>& graph);

}  // namespace ember::jit
