// Derivative formulas of the remaining copies, casts, views and in-place spellings that lacked
// one: the `*_copy` forms of views (as_strided_copy, split_copy, unbind_copy, view_as_real_copy,
// _reshape_alias_copy), private spellings (_reshape_alias, _to_copy, _index_put_impl_,
// pin_memory), to_padded_tensor and the _nested_tensor_from_mask before it (so a padded batch
// made nested and back differentiates as in PyTorch), and the in-place forms whose overload name differs from their functional op's
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

def d_to_padded_tensor(grad: Tensor, self: Tensor):
    # Only the entries of each sequence are copied out: the rows past a sequence's length (and
    # the output_size margin) are padding. A nested tensor's entries are those equal under two
    # paddings.
    p0 = torch.ops.aten.to_padded_tensor(self, 0.0)
    inside = (p0 == torch.ops.aten.to_padded_tensor(self, 1.0)) | torch.isnan(p0)
    g = grad
    for d in range(1, grad.dim()):
        g = g.narrow(d, 0, self.size(d))
    return g.masked_fill(inside.logical_not(), 0.0)

def d__nested_tensor_from_mask(grad: Tensor, t_size: List[int], mask: Tensor):
    # The nested tensor holds t's first (longest length) rows where mask is set.
    n = grad.size(1)
    g = grad.masked_fill(mask.narrow(1, 0, n).logical_not().unsqueeze(-1), 0.0)
    return _zeros(t_size, g).slice_scatter(g, 1, 0, n, 1), None
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
    {"aten::to_padded_tensor", "d_to_padded_tensor"},
    {"aten::_nested_tensor_from_mask", "d__nested_tensor_from_mask"},
};

}  // namespace

const FormulaShard kMiscRestFormulas{kSource, kOps, std::size(kOps)};

}  // namespace ember::autograd
