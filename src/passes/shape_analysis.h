// Shape, dtype and device propagation: PyTorch's PropagateInputShapes, reached in Python as
// `torch._C._jit_pass_complete_shape_analysis(graph, inputs, with_grad)`. Starting from the types
// already set on the graph's inputs (complete TensorTypes, or partial ones: dtype and rank, or
// nothing), every tensor value of the graph gets the most precise type ember can prove.
//
// How a node's output types are found, in order:
//  1. Control flow and containers: an If's outputs merge its branches' types; a Loop's carried
//     values are merged with the body's outputs until nothing changes; tuples carry their
//     elements' types through TupleConstruct / TupleUnpack / TupleIndex.
//  2. All tensor inputs complete and every other input known (a constant, a list of constants,
//     or the size of a complete tensor): the operator runs on zero-filled tensors of those
//     sizes, strides, dtypes and devices, and the outputs' types are exact (PyTorch does the
//     same for the ops its complete rules lack). Not for ops whose output shape depends on the
//     data (nonzero, unique, masked_select, ...), ops with side effects, or more than
//     kMaxRepresentativeElements input elements in all.
//  3. Otherwise per-op rules (shape_rules.cpp): pointwise ops with broadcasting and type
//     promotion, reductions, matmul/linear/conv/pool, view and shape ops, factories.
//  4. Anything else: only the device, when the tensor inputs agree on one and no argument moves
//     the data (PyTorch's device rule); otherwise the unrefined `Tensor` (never a guess).
//
// Outputs get no requires_grad (that is propagate_requires_grad's job), as in PyTorch's output.
// Known differences from PyTorch 1.13: see docs/internals/passes.md ("Shape propagation").
#pragma once

#include <cstdint>
#include <memory>

namespace ember::jit {

class Graph;

constexpr int64_t kMaxRepresentativeElements = int64_t(1) << 20;

// The entry point for the executor: propagates from the input types set on the graph.
void propagateShapes(std::shared_ptr<Graph>& graph);
// The same; returns whether any type changed (for the pass registry).
bool propagateShapesOnGraph(const std::shared_ptr<Graph>& graph);
// `_jit_pass_erase_shape_information`: every tensor type in the graph (inputs, outputs, inside
// lists, tuples and optionals, nested blocks) back to the unrefined `Tensor`.
bool eraseShapeInformation(const std::shared_ptr<Graph>& graph);

}  // namespace ember::jit
