// FuseLinearEpilogue (frozen graphs, run by optimize_for_inference after the frozen linears
// became products with pre-transposed weights): a matrix product followed by a bias add, a
// residual add and/or an activation becomes one ember::matmul_fused (or ember::linear_fused)
// node, whose kernel applies them in one pass over the product's fresh output (the linear
// counterpart of fuse_conv_epilogue; ember/tensor/ops/linear_fused.h).
//
//   %p = aten::matmul(%x, %wt)
//   %q = aten::add(%p, %b, 1)                        (the bias: the first add)
//   %r = aten::add(%q, %identity, 1)                 (the residual: a second add)
//   %y = aten::relu(%r)
// becomes
//   %y = ember::matmul_fused(%x, %wt, %b, %identity, "relu", 0., 0.)
//
// and `aten::linear(%x, %w, %b)` followed by an add and/or an activation becomes
// ember::linear_fused(%x, %w, %b, %identity, "relu", 0., 0.). Adds have alpha 1, either operand
// order, or are in place writing the product's value; activations are fuse_conv_epilogue's.
// Conditions, checked with AliasDb: every intermediate has the next fused node as its only use,
// the fused nodes sit in one block, and no node between the product and the last fused node
// writes to the product's inputs or the added values (the fused node runs where the last one
// was).
#pragma once

#include <memory>

namespace ember::jit {

class Graph;

bool fuseLinearEpilogues(const std::shared_ptr<Graph>& graph);

}  // namespace ember::jit
