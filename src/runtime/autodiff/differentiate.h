// Symbolic differentiation of a prim::DifferentiableGraph's subgraph (PyTorch's `differentiate`):
// from a graph of differentiable nodes, the forward graph f (the original outputs, then what the
// backward needs: inputs and intermediates it reads, sizes and dtypes of tensors) and the
// backward graph df, built by inlining each node's derivative formula, the same TorchScript
// defs the eager engine runs (runtime/autograd/derivatives_source.cpp), in reverse order.
//
//   f:  (inputs...) -> (real outputs..., captured temporaries...)
//   df: (vjps..., captured inputs..., captured outputs...) -> (gradients of the inputs in df_output_vjps)
//
// with PyTorch's index lists: df_input_vjps (f outputs whose gradient df takes: the real
// outputs that may require grad, and captured temporaries, which need one for double backward),
// df_input_captured_inputs (f inputs df reads), df_input_captured_outputs (f outputs df reads),
// df_output_vjps (f inputs df computes the gradient of: those that may require grad, from the
// input types' requires_grad; unknown counts as true). Gradients of real outputs arrive defined
// (the runtime gives zeros for missing ones); those of temporaries may be None.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

namespace ember::jit {

class Graph;
class Node;

struct Gradient {
  std::shared_ptr<Graph> f, df;
  int64_t fRealOutputs = 0;
  std::vector<int64_t> dfInputVjps, dfInputCapturedInputs, dfInputCapturedOutputs, dfOutputVjps;
};

// `graph` is not changed. Every node must satisfy isDifferentiableNode.
Gradient differentiate(const std::shared_ptr<Graph>& graph);

// Differentiates the Subgraph of a prim::DifferentiableGraph node and stores the result on it:
// Subgraph becomes f, ReverseSubgraph holds df, and the index lists are int-list attributes under
// PyTorch's names (f_real_outputs, df_input_vjps, ...). The node's outputs stay the real
// outputs; the runtime keeps f's other outputs for the backward.
void differentiateNode(Node* node);

// Whether the node has a derivative formula the differentiator can inline (the predicate
// passes/create_autodiff_subgraphs.h uses; installed when the runtime is linked).
bool canDifferentiateNode(const Node* node);

}  // namespace ember::jit
