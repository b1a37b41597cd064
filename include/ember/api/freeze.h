// Freezing and inference optimisation of modules (torch.jit.freeze and
// torch.jit.optimize_for_inference).
//
//   Module frozen = ember::jit::freeze(model);                   // model must be in eval mode
//   Module fast = ember::jit::optimize_for_inference(model);      // freezes first if needed
//
// freeze() returns a new module of a new class (the name mangled, as PyTorch's
// `__torch__.___torch_mangle_N.Net`) whose `forward` (and the methods named in `preservedAttrs`)
// has every call inlined and every attribute that no method changes folded into the graph as a
// constant (parameters and buffers become tensor constants that share storage with the original
// module's). Attributes a method assigns (`self.count += 1`) or writes in place
// (`self.buf.add_(x)`), and the attributes named in `preservedAttrs`, stay attributes; every
// other attribute, submodule and method is dropped. Then the frozen-graph optimisations run:
// dropout removal and, with `optimizeNumerics`, batch norm, add/sub and mul/div folded into the
// convolution or linear layer before them (results may then differ in the last bits).
//
// optimize_for_inference() also pre-transposes the weights of linear layers (aten::linear becomes
// aten::matmul with the transposed weight, plus aten::add of the bias) and fuses each 2-D
// convolution with its residual add and activation (ember::conv2d_fused, see
// src/passes/fuse_conv_epilogue.h), and each matrix product with its bias, residual add and
// activation (ember::matmul_fused / linear_fused, src/passes/fuse_linear_epilogue.h). PyTorch additionally moves
// convolutions to MKLDNN tensors; ember's kernels read the plain layout, so that step does not
// exist here. It sets the given module to eval mode first, as PyTorch does.
#pragma once

#include <string>
#include <vector>

#include "ember/api/module.h"

namespace ember::jit {

Module freeze(const Module& module, const std::vector<std::string>& preservedAttrs = {},
              bool optimizeNumerics = true);

Module optimize_for_inference(Module module, const std::vector<std::string>& otherMethods = {});

}  // namespace ember::jit
