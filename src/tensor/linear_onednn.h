// float32 linear layers (x @ W^T + b) on oneDNN's matmul primitive, with the weights in the
// blocked layout its kernels read, made once and cached (linear_onednn.cpp).
#pragma once

#include "ember/tensor/tensor.h"

namespace ember::linalg {

// What a linear layer's product may go through before it is stored: + residual (as aten::add_
// after it would add: a tensor of the output's shape, which the fused form reads in place when it
// is contiguous float32), or nothing when undefined.
struct LinearEpilogue {
  Tensor residual;
};

// input [..., K] @ weight[N, K]^T + bias[N] (bias may be undefined), then `epilogue`, on the
// packed route, or an undefined tensor when the product does not take it: not all float32, weight
// not a contiguous 2-D matrix used by a linear layer before at its current write version, a
// product shape not seen before (unless the weights were prepacked: prepackLinearWeight), a
// product too small for a primitive's fixed cost, or EMBER_GEMM forcing a route. Notes the
// weights' use and the shape either way.
Tensor packedLinear(const Tensor& input, const Tensor& weight, const Tensor& bias,
                    const LinearEpilogue& epilogue = {});

// packedLinear for a 2-D input, written into `out` ([rows, N], contiguous float32): for callers
// that own the result's memory (1x1 convolutions on channels-last tensors, conv_pointwise.cpp).
// false, with `out` untouched, when the route does not take the product.
bool packedLinearInto(const Tensor& out, const Tensor& input, const Tensor& weight, const Tensor& bias);

// linear(input, weight, bias), then `epilogue`: inside the packed product when it runs (a oneDNN
// post-op, no pass of its own), else after the product (the two round alike).
Tensor linearWithEpilogue(const Tensor& input, const Tensor& weight, const Tensor& bias,
                          const LinearEpilogue& epilogue);

// Packs a linear layer's weight [N, K] into the blocked layout of the packed route ahead of its
// first call, and marks it so that the first call of each product shape builds its plan there
// instead of taking the GEMM route (a module loaded for inference: jit::prepack_weights). The
// copy lives in the blocked-weight cache, dropped when the weight is written or freed. false when
// the weight is not one the route takes (see packedLinear) or the cache is full.
bool prepackLinearWeight(const Tensor& weight);

// Linear-layer plans (primitive with its weight reorder) built by this process so far (for tests).
size_t builtLinearPlanCount();

}  // namespace ember::linalg
