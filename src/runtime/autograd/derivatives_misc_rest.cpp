// Derivative formulas of the remaining copies, casts, views and in-place spellings that lacked
// one: the `*_copy` forms of views (as_strided_copy, split_copy, unbind_copy, view_as_real_copy,
// _reshape_alias_copy), private spellings (_reshape_alias, _to_copy, _index_put_impl_,
// pin_memory), and the in-place forms whose overload name differs from their functional op's
// (pow_.Tensor, transpose_, float_power_, fill_diagonal_). Most reuse the public op's formula;
// pow_.Scalar / float_power_.Scalar take a tensor base and a scalar exponent, unlike pow.Scalar,
// so they are mapped by their exact name. The operators PyTorch records without a derivative are
// in not_implemented.cpp, those it never differentiates in kNonDifferentiable (formulas.cpp).
#include <iterator>

#include "runtime/autograd/formulas.h"

namespace ember::autograd {

namespace {

constexpr const char* kSource = R"TS(
def d_fill_diagonal(grad: Tensor, wrap: bool):
    # The filled diagonal no longer depends on self.
    keep = torch.ones_like(grad)
    keep.fill_diagonal_(0.0, wrap)
    return grad * keep
)TS";

const std::pair<const char*, const char*> kOps[] = {
    {"aten::fill_diagonal", "d_fill_diagonal"},
    {"aten::_index_put_impl", "d_index_put"},
    {"aten::_index_put_impl.hacked_twin", "d_index_put_hacked_twin"},
    {"aten::_reshape_alias", "d_view"},
    {"aten::_reshape_alias_copy", "d_view"},
    {"aten::_to_copy", "d_identity"},
    {"aten::pin_memory", "d_identity"},
    {"aten::as_strided_copy", "d_as_strided"},
    {"aten::split_copy.Tensor", "d_split"},
    {"aten::split_with_sizes_copy", "d_split"},
    {"aten::unbind_copy.int", "d_unbind_int"},
    {"aten::view_as_real_copy", "d_view_as_real"},
    {"aten::transpose", "d_transpose_int"},
    {"aten::pow.Tensor", "d_pow_Tensor_Tensor"},
    {"aten::pow_.Scalar", "d_pow_Tensor_Scalar"},
    {"aten::float_power.Tensor", "d_pow_Tensor_Tensor"},
    {"aten::float_power_.Scalar", "d_pow_Tensor_Scalar"},
};

}  // namespace

const FormulaShard kMiscRestFormulas{kSource, kOps, std::size(kOps)};

}  // namespace ember::autograd
