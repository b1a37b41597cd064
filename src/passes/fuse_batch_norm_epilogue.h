// FuseBatchNormEpilogue (inference plans of the profiling executor, unfrozen graphs): an
// evaluation-mode batch norm (its `training` argument the constant False, which the executor's
// training-flag specialisation makes it for modules in eval mode) becomes one operator with the
// 2-D convolution that produces it and the residual add and activation that follow it:
//
//   %c = aten::conv2d(%x, %w, %b, %s, %p, %d, %g)
//   %n = aten::batch_norm(%c, %bw, %bb, %mean, %var, %false, %momentum, %eps, %cudnn)
//   %r = aten::add_(%n, %identity, 1)                 (optional; or aten::add, either order)
//   %y = aten::relu_(%r)                              (optional)
// becomes
//   %y = ember::conv2d_bn_fused(%x, %w, %b, %s, %p, %d, %g, %bw, %bb, %mean, %var, %eps, %identity, "relu", 0., 0.)
//
// and, with the convolution and no residual, a max pool of the result (resnet's stem):
//
//   %q = aten::max_pool2d(%y, %k, %ps, %pp, %pd, %ceil)
// becomes
//   %q = ember::conv2d_bn_max_pool2d(%x, %w, ..., %eps, %none, "relu", 0., 0., %k, %ps, %pp, %pd, %ceil)
//
// and without the convolution (the batch norm's input made elsewhere), when an add or an
// activation follows, ember::batch_norm_fused(%in, %bw, %bb, %mean, %var, %eps, %identity, "relu",
// 0., 0.). Activations as fuse_conv_epilogue.h lists them. The running statistics are read when
// the fused node runs, so the graph need not be frozen. Conditions, checked with a (non-frozen)
// AliasDb: every intermediate has the next fused node as its only use; the nodes sit in one
// block; the residual is not the batch norm's own result; no node between the first fused node and
// the last writes to the convolution's inputs, the batch norm's parameters and statistics, or the
// residual (the fused node runs where the last one was). The fused operators are not
// differentiable: the executor runs this only when no profiled tensor requires grad, or grad mode
// is off and its guard keeps it off.
#pragma once

#include <memory>

namespace ember::jit {

class Graph;

bool fuseBatchNormEpilogues(const std::shared_ptr<Graph>& graph);

}  // namespace ember::jit
