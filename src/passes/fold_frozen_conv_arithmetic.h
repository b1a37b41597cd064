// Folding per-channel arithmetic on a convolution's output into its weights, in frozen graphs
// (PyTorch's FoldFrozenConvAddOrSub and FoldFrozenConvMulOrDiv):
//
//   %y = aten::conv2d(%x, %w, %b, ...)
//   %z = aten::add(%y, %k, %alpha)       ->   %z = aten::conv2d(%x, %w, %b + alpha * k, ...)
//   %z = aten::mul(%y, %k)               ->   %z = aten::conv2d(%x, %w * k, %b * k, ...)
// (sub and div alike), where %k is a constant Python number or a constant tensor that only
// scales channels: at most as many dimensions as the weight, every dimension but the channel
// dimension (1) of size 1, and one element or one per output channel. The convolution's output
// must have no other use and its weights must be floating point. Unlike PyTorch, a tensor %k
// whose dtype would promote the result (a float64 %k on float32 weights) is not folded, so the
// result keeps the dtype the unfused program has.
#pragma once

#include <memory>

namespace ember::jit {

class Graph;

// Each returns whether the graph changed.
bool foldFrozenConvAddOrSub(const std::shared_ptr<Graph>& graph);
bool foldFrozenConvMulOrDiv(const std::shared_ptr<Graph>& graph);

}  // namespace ember::jit
