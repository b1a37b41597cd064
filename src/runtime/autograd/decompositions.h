// Decompositions: operators differentiated by running them as TorchScript built from
// differentiable ops (decompositions_source.cpp), as PyTorch's CompositeImplicitAutograd
// kernels are. When an input requires grad, the call runs the decomposition instead of the
// kernel, so every op inside is recorded and first and higher-order gradients come from those
// ops' formulas. Used for ops whose backward would be long to write by hand (aten::lstm, the
// pools, losses, group_norm) and for index-based ops (sort, topk, ...), whose decomposition finds
// the indices under no_grad and gathers the values. Without grad the kernel runs as usual.
#pragma once

#include "ember/core/function_schema.h"
#include "ember/core/stack.h"

namespace ember::autograd {

extern const char* const kDecompositionsSource;

// Runs the decomposition of `schema` on the last `nIn` values of `stack` (replaced by the op's
// results) and returns true, or returns false when the op has none.
bool runDecomposition(const jit::FunctionSchema& schema, jit::Stack& stack, size_t nIn);

}  // namespace ember::autograd
