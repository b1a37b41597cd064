// Derivative formulas of smaller ops that lacked one: addr, the internal linalg forms PyTorch's
// decompositions call (_linalg_det, _linalg_slogdet, _linalg_solve_ex), _logcumsumexp, frexp's
// mantissa, the h/v/dsplit views and tensor_split with a tensor of indices, narrow with a tensor
// start, nll_loss_forward, native_dropout, sgn, _batch_norm_impl_index. Each reuses the formula of the public op it is a form of where there is one.
#include <iterator>

#include "runtime/autograd/formulas.h"

namespace ember::autograd {

namespace {

constexpr const char* kSource = R"TS(
def d_addr(grad: Tensor, self_size: List[int], vec1: Tensor, vec2: Tensor, beta: float, alpha: float):
    return _sum_to(grad * beta, self_size), grad.matmul(vec2) * alpha, grad.mT.matmul(vec1) * alpha

def d__linalg_det(grad0: Tensor, A: Tensor, result0: Tensor):
    return (grad0 * result0.conj()).unsqueeze(-1).unsqueeze(-1) * torch.linalg.inv(A).mT.conj()

def d__linalg_slogdet(grad0: Tensor, grad1: Tensor, A: Tensor, result0: Tensor):
    return _slogdet_back(grad0, grad1, A, result0)

def d__batch_norm_impl_index(grad0: Tensor, input: Tensor, weight: Optional[Tensor], bias: Optional[Tensor], running_mean: Optional[Tensor], running_var: Optional[Tensor], training: bool, eps: float):
    # batch_norm's output with the saved statistics beside it: batch_norm's gradient.
    return d_batch_norm(grad0, input, weight, bias, running_mean, running_var, training, eps)

def d__linalg_solve_ex(grad0: Tensor, A: Tensor, B: Tensor, left: bool, result0: Tensor):
    return d_linalg_solve(grad0, A, B, left, result0)

def d_frexp_Tensor(grad0: Tensor, result1: Tensor):
    # self = mantissa * 2^exponent with the exponent piecewise constant.
    return grad0 / torch.pow(2.0, result1.to(grad0.dtype))

def d_hsplit(grads: List[Tensor], self_size: List[int]):
    return torch.cat(grads, 1 if len(self_size) > 1 else 0)

def d_vsplit(grads: List[Tensor]):
    return torch.cat(grads, 0)

def d_dsplit(grads: List[Tensor]):
    return torch.cat(grads, 2)

def d_tensor_split_tensor(grads: List[Tensor], dim: int):
    return torch.cat(grads, dim), None

def d_narrow_Tensor(grad: Tensor, self_size: List[int], dim: int, start: Tensor, length: int):
    s = int(start.item())
    d = _dim_of(dim, len(self_size))
    if s < 0:
        s = s + self_size[d]
    return _zeros(self_size, grad).slice_scatter(grad, d, s, s + length, 1), None

def d_nll_loss_forward(grad0: Tensor, self: Tensor, target: Tensor, weight: Optional[Tensor], reduction: int, ignore_index: int):
    return d_nll_loss_nd(grad0, self, target, weight, reduction, ignore_index)

def d_native_dropout(grad0: Tensor, p: float, train: Optional[bool], result1: Tensor):
    if train is not None and not train:
        return grad0
    scale = 0.0 if p >= 1.0 else 1.0 / (1.0 - p)
    return grad0 * result1.to(grad0.dtype) * scale

def d_sgn(grad: Tensor, self: Tensor):
    # Real: piecewise constant. Complex: sgn(z) = z / |z| moves only across the circle, in real
    # operations so that it differentiates again.
    if not self.is_complex():
        return torch.zeros_like(grad)
    re = torch.real(self)
    im = torch.imag(self)
    r = torch.sqrt(re * re + im * im)
    sr = re / r
    si = im / r
    gr = torch.real(grad)
    gi = torch.imag(grad)
    proj = gr * sr + gi * si
    return torch.complex((gr - proj * sr) / r, (gi - proj * si) / r)
)TS";

const std::pair<const char*, const char*> kOps[] = {
    {"aten::addr", "d_addr"},
    {"aten::_linalg_det", "d__linalg_det"},
    {"aten::_linalg_slogdet", "d__linalg_slogdet"},
    {"aten::_batch_norm_impl_index", "d__batch_norm_impl_index"},
    {"aten::_linalg_solve_ex", "d__linalg_solve_ex"},
    {"aten::_logcumsumexp", "d_logcumsumexp"},
    {"aten::frexp.Tensor", "d_frexp_Tensor"},
    {"aten::hsplit.int", "d_hsplit"},
    {"aten::hsplit.array", "d_hsplit"},
    {"aten::vsplit.int", "d_vsplit"},
    {"aten::vsplit.array", "d_vsplit"},
    {"aten::dsplit.int", "d_dsplit"},
    {"aten::dsplit.array", "d_dsplit"},
    {"aten::tensor_split.tensor_indices_or_sections", "d_tensor_split_tensor"},
    {"aten::narrow.Tensor", "d_narrow_Tensor"},
    {"aten::nll_loss_forward", "d_nll_loss_forward"},
    {"aten::nll_loss2d_forward", "d_nll_loss_forward"},
    {"aten::native_dropout", "d_native_dropout"},
    {"aten::sgn", "d_sgn"},
};

}  // namespace

const FormulaShard kMiscFormulas{kSource, kOps, std::size(kOps)};

}  // namespace ember::autograd
