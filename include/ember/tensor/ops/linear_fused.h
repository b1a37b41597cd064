// Matrix products with their epilogue as one operator (ember::matmul_fused and
// ember::linear_fused, formed on frozen graphs by the fuse_linear_epilogue pass): the product,
// then an optional bias add, an optional residual add and an optional activation, applied in
// one pass over the product's fresh output (in place, while the rows are hot) where the unfused
// graph makes a pass per operator. The results equal the unfused operators' bit for bit: the
// same additions in the same order, the same clamps, the other activations' own kernels.
//
//   Tensor y = matmul_fused(x, wt, b, identity, "relu");
//   // == relu(add(add(matmul(x, wt), b), identity))
//   Tensor z = linear_fused(x, w, b, {}, "gelu");
//   // == gelu(linear(x, w, b))
//
// Activations are conv2d_fused's (conv_fused.h). A bias that is not a contiguous vector of the
// output's last dim and dtype, or a residual of another shape, dtype or layout, is added by
// aten::add's rules (broadcasting, promotion), one pass each.
#pragma once

#include <string_view>

#include "ember/tensor/tensor.h"

namespace ember {

Tensor matmul_fused(const Tensor& self, const Tensor& other, const Tensor& bias, const Tensor& residual,
                    std::string_view activation, double lo = 0.0, double hi = 0.0);

Tensor linear_fused(const Tensor& input, const Tensor& weight, const Tensor& bias, const Tensor& residual,
                    std::string_view activation, double lo = 0.0, double hi = 0.0);

}  // namespace ember
