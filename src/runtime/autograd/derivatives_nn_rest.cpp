// Derivative formulas of the NN, loss, FFT and sampling operators that lacked one and that
// PyTorch 1.13 differentiates: the private FFT kernels every torch.fft function calls
// (_fft_c2c / _fft_r2c / _fft_c2r, each differentiated by a transform in the other direction),
// _ctc_loss and multilabel_margin_loss_forward (through their *_backward operators, as PyTorch's
// formulas are), rrelu_with_noise (the noise the forward drew is the slope), and _standard_gamma
// (reparameterised through _standard_gamma_grad). Operators PyTorch records but cannot
// differentiate are in not_implemented.cpp.
#include <iterator>

#include "runtime/autograd/formulas.h"

namespace ember::autograd {

namespace {

constexpr const char* kSource = R"TS(
def _fft_rest_dims(dim: List[int], ndim: int) -> List[int]:
    out: List[int] = []
    for d in dim:
        out.append(_dim_of(d, ndim))
    return out

def d__fft_c2c(grad: Tensor, dim: List[int], normalization: int, forward: bool):
    # The adjoint of a DFT is the DFT in the other direction with the same scaling.
    return torch._fft_c2c(grad, dim, normalization, not forward)

def d__fft_r2c(grad: Tensor, self_size: List[int], dim: List[int], normalization: int, onesided: bool):
    # A one-sided spectrum is the full one with its upper half dropped: zero-fill it back, then
    # take the real part of the adjoint of the full transform.
    dims = _fft_rest_dims(dim, len(self_size))
    last = dims[-1]
    g = grad
    if onesided and g.size(last) < self_size[last]:
        pad = g.size()
        pad[last] = self_size[last] - g.size(last)
        g = torch.cat([g, torch.zeros(pad, dtype=g.dtype)], last)
    return torch.real(torch._fft_c2c(g, dims, normalization, False))

def d__fft_c2r(grad: Tensor, dim: List[int], normalization: int):
    # The half spectrum stands for the full Hermitian one: each of its bins that has a mirror
    # image in the full spectrum receives the gradient twice.
    dims = _fft_rest_dims(dim, grad.dim())
    last = dims[-1]
    r = torch._fft_r2c(grad, dims, normalization, True)
    m = r.size(last)
    double = grad.size(last) - m
    if double > 0:
        r = torch.cat([r.narrow(last, 0, 1), r.narrow(last, 1, double) * 2.0, r.narrow(last, 1 + double, m - 1 - double)], last)
    return r

def d__ctc_loss(grad0: Tensor, log_probs: Tensor, targets: Tensor, input_lengths: List[int], target_lengths: List[int], blank: int, zero_infinity: bool, result0: Tensor, result1: Tensor):
    return torch._ctc_loss_backward(grad0, log_probs, targets, input_lengths, target_lengths, result0, result1, blank, zero_infinity), None

def d__ctc_loss_Tensor(grad0: Tensor, log_probs: Tensor, targets: Tensor, input_lengths: Tensor, target_lengths: Tensor, blank: int, zero_infinity: bool, result0: Tensor, result1: Tensor):
    g = torch._ctc_loss_backward(grad0, log_probs, targets, input_lengths, target_lengths, result0, result1, blank, zero_infinity)
    return g, None, None, None

def d_multilabel_margin_loss_forward(grad0: Tensor, self: Tensor, target: Tensor, reduction: int, result1: Tensor):
    return torch.multilabel_margin_loss_backward(grad0, self, target, reduction, result1), None

def d_rrelu_with_noise(grad: Tensor, self: Tensor, noise: Tensor, lower: float, upper: float, training: bool):
    # In training the forward wrote each element's slope into noise (1 where self > 0).
    return torch.rrelu_with_noise_backward(grad, self, noise, lower, upper, training, False), None

def d__standard_gamma(grad: Tensor, self: Tensor, result: Tensor):
    # d sample / d alpha at the drawn sample (implicit reparameterisation).
    return grad * torch._standard_gamma_grad(self, result)
)TS";

const std::pair<const char*, const char*> kOps[] = {
    {"aten::_fft_c2c", "d__fft_c2c"},
    {"aten::_fft_r2c", "d__fft_r2c"},
    {"aten::_fft_c2r", "d__fft_c2r"},
    {"aten::_ctc_loss", "d__ctc_loss"},
    {"aten::_ctc_loss.Tensor", "d__ctc_loss_Tensor"},
    {"aten::multilabel_margin_loss_forward", "d_multilabel_margin_loss_forward"},
    {"aten::rrelu_with_noise", "d_rrelu_with_noise"},
    {"aten::_standard_gamma", "d__standard_gamma"},
};

}  // namespace

const FormulaShard kNnRestFormulas{kSource, kOps, std::size(kOps)};

}  // namespace ember::autograd
