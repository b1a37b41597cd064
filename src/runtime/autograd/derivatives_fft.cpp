// Derivative formulas of the FFT family (fft_*: c2c, r2c, c2r and Hermitian transforms in one,
// two and n dimensions, fftshift) and of the complex views and constructors (real, imag,
// view_as_real, view_as_complex, conj, complex, polar, angle). The gradient of a discrete
// Fourier transform is the transform in the other direction with the other normalisation
// (the adjoint of the DFT matrix is its conjugate), resized back to the input where `n` / `s`
// padded or trimmed it; the one-sided transforms add the zero-filled or doubled half.
//
// Complex gradients follow PyTorch's convention: for a real loss L of z = x + iy the gradient is
// dL/dx + i dL/dy, and a real input gets the real part of what reaches it.
#include <iterator>

#include "runtime/autograd/formulas.h"

namespace ember::autograd {

namespace {

constexpr const char* kSource = R"TS(
def _fft_norm_swap(norm: Optional[str]) -> str:
    if norm is None:
        return "forward"
    if norm == "backward":
        return "forward"
    if norm == "forward":
        return "backward"
    return "ortho"

def _fft_dims(ndim: int, s: Optional[List[int]], dim: Optional[List[int]]) -> List[int]:
    out: List[int] = []
    if dim is not None:
        for d in dim:
            out.append(_dim_of(d, ndim))
    elif s is not None:
        for i in range(len(s)):
            out.append(ndim - len(s) + i)
    else:
        for i in range(ndim):
            out.append(i)
    return out

def _fft_resize(g: Tensor, d: int, n: int) -> Tensor:
    # g trimmed or zero-padded at the end of dim d to length n.
    m = g.size(d)
    if m > n:
        return g.narrow(d, 0, n)
    if m < n:
        pad = g.size()
        pad[d] = n - m
        return torch.cat([g, torch.zeros(pad, dtype=g.dtype)], d)
    return g

def _fft_fit(g: Tensor, size: List[int], dims: List[int]) -> Tensor:
    for d in dims:
        g = _fft_resize(g, d, size[d])
    return g

def _fft_c2c_back(g: Tensor, self: Tensor, dims: List[int], norm: Optional[str], forward: bool) -> Tensor:
    if forward:
        r = torch.fft.ifftn(g, None, dims, _fft_norm_swap(norm))
    else:
        r = torch.fft.fftn(g, None, dims, _fft_norm_swap(norm))
    r = _fft_fit(r, self.size(), dims)
    if not self.is_complex():
        r = torch.real(r)
    return r

def _fft_r2c_back(g: Tensor, size: List[int], dims: List[int], norm: Optional[str], s: Optional[List[int]]) -> Tensor:
    # The one-sided spectrum, completed with zeros, through the adjoint of the full transform.
    last = dims[-1]
    n = size[last]
    if s is not None:
        n = s[-1]
    full = _fft_resize(g, last, n)
    r = torch.real(torch.fft.ifftn(full, None, dims, _fft_norm_swap(norm)))
    return _fft_fit(r, size, dims)

def _fft_c2r_back(g: Tensor, size: List[int], dims: List[int], norm: Optional[str]) -> Tensor:
    # The bins of the half spectrum that stand for two bins of the full one count twice.
    last = dims[-1]
    r = torch.fft.rfftn(g, None, dims, _fft_norm_swap(norm))
    n = g.size(last)
    m = r.size(last)
    double = n - m
    if double > 0:
        r = torch.cat([r.narrow(last, 0, 1), r.narrow(last, 1, double) * 2.0, r.narrow(last, 1 + double, m - 1 - double)], last)
    return _fft_fit(r, size, dims)

def _fft_one(n: Optional[int]) -> Optional[List[int]]:
    if n is None:
        return None
    return [n]

def d_fft_fft(grad: Tensor, self: Tensor, n: Optional[int], dim: int, norm: Optional[str]):
    return _fft_c2c_back(grad, self, [_dim_of(dim, self.dim())], norm, True)

def d_fft_ifft(grad: Tensor, self: Tensor, n: Optional[int], dim: int, norm: Optional[str]):
    return _fft_c2c_back(grad, self, [_dim_of(dim, self.dim())], norm, False)

def d_fft_fftn(grad: Tensor, self: Tensor, s: Optional[List[int]], dim: Optional[List[int]], norm: Optional[str]):
    return _fft_c2c_back(grad, self, _fft_dims(self.dim(), s, dim), norm, True)

def d_fft_ifftn(grad: Tensor, self: Tensor, s: Optional[List[int]], dim: Optional[List[int]], norm: Optional[str]):
    return _fft_c2c_back(grad, self, _fft_dims(self.dim(), s, dim), norm, False)

def d_fft_rfft(grad: Tensor, self_size: List[int], n: Optional[int], dim: int, norm: Optional[str]):
    return _fft_r2c_back(grad, self_size, [_dim_of(dim, len(self_size))], norm, _fft_one(n))

def d_fft_rfftn(grad: Tensor, self_size: List[int], s: Optional[List[int]], dim: Optional[List[int]], norm: Optional[str]):
    return _fft_r2c_back(grad, self_size, _fft_dims(len(self_size), s, dim), norm, s)

def d_fft_irfft(grad: Tensor, self_size: List[int], n: Optional[int], dim: int, norm: Optional[str]):
    return _fft_c2r_back(grad, self_size, [_dim_of(dim, len(self_size))], norm)

def d_fft_irfftn(grad: Tensor, self_size: List[int], s: Optional[List[int]], dim: Optional[List[int]], norm: Optional[str]):
    return _fft_c2r_back(grad, self_size, _fft_dims(len(self_size), s, dim), norm)

def d_fft_hfft(grad: Tensor, self_size: List[int], n: Optional[int], dim: int, norm: Optional[str]):
    # hfft(x) = irfft(conj(x)) with the other normalisation.
    return torch.conj_physical(_fft_c2r_back(grad, self_size, [_dim_of(dim, len(self_size))], _fft_norm_swap(norm)))

def d_fft_hfftn(grad: Tensor, self_size: List[int], s: Optional[List[int]], dim: Optional[List[int]], norm: Optional[str]):
    return torch.conj_physical(_fft_c2r_back(grad, self_size, _fft_dims(len(self_size), s, dim), _fft_norm_swap(norm)))

def d_fft_ihfft(grad: Tensor, self_size: List[int], n: Optional[int], dim: int, norm: Optional[str]):
    # ihfft(x) = conj(rfft(x)) with the other normalisation.
    return _fft_r2c_back(torch.conj_physical(grad), self_size, [_dim_of(dim, len(self_size))], _fft_norm_swap(norm), _fft_one(n))

def d_fft_ihfftn(grad: Tensor, self_size: List[int], s: Optional[List[int]], dim: Optional[List[int]], norm: Optional[str]):
    return _fft_r2c_back(torch.conj_physical(grad), self_size, _fft_dims(len(self_size), s, dim), _fft_norm_swap(norm), s)

def d_fft_fftshift(grad: Tensor, dim: Optional[List[int]]):
    return torch.fft.ifftshift(grad, dim)

def d_fft_ifftshift(grad: Tensor, dim: Optional[List[int]]):
    return torch.fft.fftshift(grad, dim)

def _cx_zeros_like(g: Tensor) -> Tensor:
    return torch.zeros_like(g)

def d_real(grad: Tensor, self: Tensor):
    if not self.is_complex():
        return grad
    return torch.complex(grad, _cx_zeros_like(grad))

def d_imag(grad: Tensor):
    return torch.complex(_cx_zeros_like(grad), grad)

def d_view_as_real(grad: Tensor):
    # A fresh contiguous copy: the gradient may be a view at an odd offset (a slice of a cat).
    return torch.view_as_complex(grad.clone(memory_format=torch.contiguous_format))

def d_view_as_complex(grad: Tensor):
    return torch.view_as_real(grad.contiguous())

def d_conj(grad: Tensor):
    return torch.conj_physical(grad)

def d_complex(grad: Tensor):
    return torch.real(grad), torch.imag(grad)

def d_polar(grad: Tensor, abs: Tensor, angle: Tensor):
    # d result / d abs = e^{i angle}, d result / d angle = i result; in real operations so that
    # it differentiates again.
    gr = torch.real(grad)
    gi = torch.imag(grad)
    c = torch.cos(angle)
    s = torch.sin(angle)
    return gr * c + gi * s, abs * (gi * c - gr * s)

def d_angle(grad: Tensor, self: Tensor):
    if not self.is_complex():
        return torch.zeros_like(self)
    re = torch.real(self)
    im = torch.imag(self)
    den = re * re + im * im
    return torch.complex(-grad * im / den, grad * re / den)
)TS";

const std::pair<const char*, const char*> kOps[] = {
    {"aten::fft_fft", "d_fft_fft"},
    {"aten::fft_ifft", "d_fft_ifft"},
    {"aten::fft_fft2", "d_fft_fftn"},
    {"aten::fft_ifft2", "d_fft_ifftn"},
    {"aten::fft_fftn", "d_fft_fftn"},
    {"aten::fft_ifftn", "d_fft_ifftn"},
    {"aten::fft_rfft", "d_fft_rfft"},
    {"aten::fft_rfft2", "d_fft_rfftn"},
    {"aten::fft_rfftn", "d_fft_rfftn"},
    {"aten::fft_irfft", "d_fft_irfft"},
    {"aten::fft_irfft2", "d_fft_irfftn"},
    {"aten::fft_irfftn", "d_fft_irfftn"},
    {"aten::fft_hfft", "d_fft_hfft"},
    {"aten::fft_hfft2", "d_fft_hfftn"},
    {"aten::fft_hfftn", "d_fft_hfftn"},
    {"aten::fft_ihfft", "d_fft_ihfft"},
    {"aten::fft_ihfft2", "d_fft_ihfftn"},
    {"aten::fft_ihfftn", "d_fft_ihfftn"},
    {"aten::fft_fftshift", "d_fft_fftshift"},
    {"aten::fft_ifftshift", "d_fft_ifftshift"},
    {"aten::real", "d_real"},
    {"aten::imag", "d_imag"},
    {"aten::view_as_real", "d_view_as_real"},
    {"aten::view_as_complex", "d_view_as_complex"},
    {"aten::conj", "d_conj"},
    {"aten::conj_physical", "d_conj"},
    {"aten::resolve_conj", "d_identity"},
    {"aten::resolve_neg", "d_identity"},
    {"aten::complex", "d_complex"},
    {"aten::polar", "d_polar"},
    {"aten::angle", "d_angle"},
};

}  // namespace

const FormulaShard kFftFormulas{kSource, kOps, std::size(kOps)};

}  // namespace ember::autograd
