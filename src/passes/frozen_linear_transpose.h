// FrozenLinearTranspose (part of optimize_for_inference): aten::linear with a constant weight
// becomes a product with the weight transposed once, ahead of time, as PyTorch does:
//
//   %y = aten::linear(%x, %w, %b)   ->   %wt = prim::Constant[value=<w.t().contiguous()>]()
//                                        %p = aten::matmul(%x, %wt)
//                                        %y = aten::add(%p, %b, 1)     (without a bias: %p)
#pragma once

#include <memory>

namespace ember::jit {

class Graph;

// Returns whether the graph changed.
bool frozenLinearTranspose(const std::shared_ptr<Graph>& graph);

}  // namespace ember::jit
