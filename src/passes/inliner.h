// Inlining: replaces prim::CallFunction of a graph function (the callee is a prim::Constant of
// FunctionType) and prim::CallMethod on an object whose class defines the method with a copy of
// the callee's graph, recursively, as PyTorch's Inline pass does. Calls of non-graph functions stay.
#pragma once

namespace ember::jit {

class Graph;

// Returns whether any call was inlined.
bool inlineCalls(Graph& graph);

}  // namespace ember::jit
