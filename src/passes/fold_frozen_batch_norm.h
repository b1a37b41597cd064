// Folding eval-mode batch norm into the layer before it, in frozen graphs (PyTorch's
// FoldFrozenConvBatchnorm and FoldFrozenLinearBatchnorm).
//
//   %y = aten::conv2d(%x, %w, %b, ...)          %y = aten::conv2d(%x, %w', %b', ...)
//   %z = aten::batch_norm(%y, %g, %beta, %m, %v, False, momentum, eps, cudnn)
// becomes the convolution alone, with, per output channel c,
//   s[c] = g[c] / sqrt(v[c] + eps);  w'[c] = w[c] * s[c];  b'[c] = (b[c] - m[c]) * s[c] + beta[c]
// (g = 1 and beta = 0 when the norm has no affine parameters, b = 0 when the convolution has
// no bias). Conditions: every parameter is a constant tensor (running statistics included),
// `training` is the constant False, the weights are floating point, and the convolution's (or
// linear's) output is used by the batch norm alone. aten::linear folds the same way with
// w'[o, :] = w[o, :] * s[o]. Transposed convolutions are not folded (their weight's first
// dimension is the input channels), as in PyTorch.
#pragma once

#include <memory>

namespace ember::jit {

class Graph;

// Each returns whether the graph changed.
bool foldFrozenConvBatchNorm(const std::shared_ptr<Graph>& graph);
bool foldFrozenLinearBatchNorm(const std::shared_ptr<Graph>& graph);

}  // namespace ember::jit
