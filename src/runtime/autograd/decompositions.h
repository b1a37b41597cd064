// Decompositions: operators differentiated through TorchScript built from differentiable ops
// (decompositions_source.cpp), as PyTorch's CompositeImplicitAutograd kernels are: first and
// higher-order gradients come from those ops' formulas. Used for ops whose backward would be
// long to write by hand (aten::lstm, the pools, losses, group_norm) and for index-based ops
// (sort, topk, ...), whose decomposition finds the indices under no_grad and gathers the values.
#pragma once

#include <string>
#include <utility>

#include "ember/core/function_schema.h"
#include "ember/core/stack.h"
#include "ember/runtime/autograd.h"

namespace ember::autograd {

extern const char* const kDecompositionsSource;

// A further file of decompositions (decompositions_<family>.cpp): TorchScript defs compiled in
// one unit after kDecompositionsSource, and the operators they decompose.
struct DecompositionShard {
  const char* source;
  const std::pair<const char*, const char*>* ops;
  size_t count;
};

extern const DecompositionShard kLinalgNormDecompositions;
extern const DecompositionShard kBagsResampleDecompositions;
extern const DecompositionShard kCompositeDecompositions;
extern const DecompositionShard kPackedRnnDecompositions;
extern const DecompositionShard kTransformerDecompositions;
extern const DecompositionShard kNnMissingDecompositions;
extern const DecompositionShard kAliasDecompositions;
extern const DecompositionShard kNnRestDecompositions;
extern const DecompositionShard kMiscRestDecompositions;

// The in-place ops of decompositions_misc_rest.cpp (the dropouts, renorm_): their
// decomposition, which writes self through recorded ops, is their forward when an input
// requires grad.
bool decomposesInPlace(const std::string& name);

// Most ops with a decomposition run their kernel forward (same values and speed as without
// grad) and get a recompute node: backward runs the decomposition again on the saved inputs
// and differentiates it (under create_graph, on the inputs themselves, so higher orders
// connect). Ops whose forward must be the decomposition's own run it instead: those with side
// effects or randomness the recompute would repeat (instance_norm updating running stats, RNNs
// with dropout in training, rrelu in training).

// Runs the decomposition of `schema` in place of the kernel on the last `nIn` values of `stack`
// (replaced by the op's results) when the op is one of those; returns false otherwise. Of the
// in-place ops, only those of decomposesInPlace are.
bool runDecompositionForward(const jit::FunctionSchema& schema, jit::Stack& stack, size_t nIn);

// The recompute node of an op with a decomposition (its edges still to be added), or null.
// `args`: the op's inputs.
std::shared_ptr<Node> makeRecomputeNode(const jit::FunctionSchema& schema, const jit::IValue* args, size_t nIn);
// How many tensor results the op gave (the node's gradient slots), set after the call.
void setRecomputeOutputs(Node& node, size_t n);

}  // namespace ember::autograd
