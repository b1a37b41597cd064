// FuseConvEpilogue (frozen graphs, run by optimize_for_inference): a 2-D convolution followed by
// a residual add and/or an activation becomes one ember::conv2d_fused node, whose kernel applies
// the add and the activation in place on the convolution's fresh output (ember's counterpart of
// PyTorch's fuse_frozen_conv_add_relu and of oneDNN post-ops).
//
//   %c = aten::conv2d(%x, %w, %b, %s, %p, %d, %g)
//   %r = aten::add_(%c, %identity, 1)                 (or aten::add, either operand order)
//   %y = aten::relu_(%r)
// becomes
//   %y = ember::conv2d_fused(%x, %w, %b, %s, %p, %d, %g, %identity, "relu", 0., 0.)
//
// Activations: relu, relu6, hardtanh (constant bounds), silu, gelu (constant approximate),
// hardswish, sigmoid, functional or in place. Conditions, checked with AliasDb: every
// intermediate (the convolution's result, the add's) has the next fused node as its only use;
// an in-place add writes the convolution's result, never the residual; the fused nodes sit in
// one block, and no node between the convolution and the last fused node writes to the
// convolution's inputs or the residual (the fused node runs where the last one was).
#pragma once

#include <memory>

namespace ember::jit {

class Graph;

bool fuseConvEpilogues(const std::shared_ptr<Graph>& graph);

}  // namespace ember::jit
