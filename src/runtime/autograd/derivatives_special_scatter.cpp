// Derivative formulas of the special functions (modified Bessel i0/i1 and their scaled forms,
// erfcx, the normal distribution's ndtr/ndtri/log_ndtr, xlog1py, entr, zeta and the incomplete
// gamma functions with respect to their second argument, multigammaln, copysign, ldexp) and of
// the reducing scatters (scatter_reduce with every reduction and include_self, index_reduce,
// put). Derivatives from the functions' definitions; the scatter reductions send the gradient
// where PyTorch's do (amax/amin: split evenly between the elements equal to the result; prod:
// the product of the other contributions, without dividing by a zero).
#include <iterator>

#include "runtime/autograd/formulas.h"

namespace ember::autograd {

namespace {

constexpr const char* kSource = R"TS(
def d_i0(grad: Tensor, self: Tensor):
    return grad * torch.special.i1(self)

def d_special_i0e(grad: Tensor, self: Tensor, result: Tensor):
    return grad * (torch.special.i1e(self) - torch.sign(self) * result)

def d_special_i1(grad: Tensor, self: Tensor, result: Tensor):
    safe = torch.where(self == 0.0, torch.ones_like(self), self)
    return grad * torch.where(self == 0.0, torch.full_like(self, 0.5), torch.special.i0(self) - result / safe)

def d_special_i1e(grad: Tensor, self: Tensor, result: Tensor):
    safe = torch.where(self == 0.0, torch.ones_like(self), self)
    d = torch.special.i0e(self) - result * (torch.sign(self) + 1.0 / safe)
    return grad * torch.where(self == 0.0, torch.full_like(self, 0.5), d)

def d_special_erfcx(grad: Tensor, self: Tensor, result: Tensor):
    return grad * (2.0 * self * result - 1.1283791670955126)

def d_special_ndtr(grad: Tensor, self: Tensor):
    return grad * torch.exp(-0.5 * self * self) * 0.3989422804014327

def d_special_ndtri(grad: Tensor, result: Tensor):
    return grad * 2.5066282746310002 * torch.exp(0.5 * result * result)

def d_special_log_ndtr(grad: Tensor, self: Tensor, result: Tensor):
    return grad * 0.3989422804014327 * torch.exp(-(result + 0.5 * self * self))

def d_special_xlog1py(grad: Tensor, self: Tensor, other: Tensor):
    # log1p(other), except 0 where self is 0 and the log is not finite.
    d = torch.where((self == 0.0) & (other <= -1.0), torch.zeros_like(other), torch.log1p(other))
    return _sum_to(grad * d, self.size()), _sum_to(grad * self / (other + 1.0), other.size())

def d_special_xlog1py_other_scalar(grad: Tensor, other: float):
    return grad * torch.log1p(torch.full_like(grad, other))

def d_special_xlog1py_self_scalar(grad: Tensor, self: float, other: Tensor):
    return grad * self / (other + 1.0)

def d_xlogy_Scalar_Other(grad: Tensor, other: float):
    return grad * torch.log(torch.full_like(grad, other))

def d_xlogy_Scalar_Self(grad: Tensor, self: float, other: Tensor):
    return grad * self / other

def d_special_entr(grad: Tensor, self: Tensor):
    return grad * -(1.0 + torch.log(self))

def d_special_zeta(grad: Tensor, self: Tensor, other: Tensor):
    # d/dq zeta(x, q) = -x zeta(x + 1, q); the derivative in x is not implemented (as in PyTorch).
    return None, _sum_to(grad * -self * torch.special.zeta(self + 1.0, other), other.size())

def d_special_zeta_self_scalar(grad: Tensor, self: float, other: Tensor):
    return grad * -self * torch.special.zeta(self + 1.0, other)

def d_special_gammainc(grad: Tensor, self: Tensor, other: Tensor):
    # d/dx P(a, x) = x^(a-1) e^-x / Gamma(a); the derivative in a is not implemented (as in PyTorch).
    d = torch.exp((self - 1.0) * torch.log(other) - other - torch.lgamma(self))
    return None, _sum_to(grad * d, other.size())

def d_special_gammaincc(grad: Tensor, self: Tensor, other: Tensor):
    d = torch.exp((self - 1.0) * torch.log(other) - other - torch.lgamma(self))
    return None, _sum_to(-grad * d, other.size())

def d_mvlgamma(grad: Tensor, self: Tensor, p: int):
    d = torch.zeros_like(self)
    for j in range(p):
        d = d + torch.digamma(self - 0.5 * j)
    return grad * d

def d_copysign_Tensor(grad: Tensor, self: Tensor, other: Tensor, result: Tensor):
    safe = torch.where(self == 0.0, torch.ones_like(self), self)
    ratio = torch.where(self == 0.0, torch.zeros_like(self), result / safe)
    return _sum_to(grad * ratio, self.size()), torch.zeros_like(other)

def d_copysign_Scalar(grad: Tensor, self: Tensor, result: Tensor):
    safe = torch.where(self == 0.0, torch.ones_like(self), self)
    return grad * torch.where(self == 0.0, torch.zeros_like(self), result / safe)

def d_ldexp_Tensor(grad: Tensor, self: Tensor, other: Tensor, result: Tensor):
    return _sum_to(grad * torch.pow(2.0, other), self.size()), _sum_to(grad * result * 0.6931471805599453, other.size())

def _sr_back(grad: Tensor, self: Tensor, dim: int, index: Tensor, src: Tensor, reduce: str, include_self: bool, result: Tensor) -> Tuple[Tensor, Tensor]:
    # Positions of self that some src element reduces into.
    hit = torch.zeros_like(self).scatter_add(dim, index, torch.ones_like(src))
    scattered = hit > 0
    if reduce == "sum":
        gs = grad if include_self else grad.masked_fill(scattered, 0.0)
        return gs, grad.gather(dim, index)
    if reduce == "mean":
        n = hit + 1.0 if include_self else hit
        n = torch.where(n == 0.0, torch.ones_like(n), n)
        g = grad / n
        gs = g if include_self else grad.masked_fill(scattered, 0.0)
        return gs, g.gather(dim, index)
    if reduce == "prod":
        if include_self:
            gs = grad * torch.ones_like(self).scatter_reduce(dim, index, src, "prod")
        else:
            gs = grad.masked_fill(scattered, 0.0)
        # src_i's factor: the product of the others, from result / src_i, or for a zero src_i
        # the product of the non-zero others when it is the only zero there.
        zero = src == 0.0
        src1 = torch.where(zero, torch.ones_like(src), src)
        base = torch.ones_like(self)
        zeros_here = torch.zeros_like(self)
        if include_self:
            base = torch.where(self == 0.0, torch.ones_like(self), self)
            zeros_here = (self == 0.0).to(self.dtype)
        nonzero_prod = base.scatter_reduce(dim, index, src1, "prod")
        zeros_here = zeros_here.scatter_add(dim, index, zero.to(src.dtype))
        g_nz = (grad * result).gather(dim, index) / src1
        g_z = torch.where(zeros_here.gather(dim, index) == 1.0, (grad * nonzero_prod).gather(dim, index), torch.zeros_like(src))
        return gs, torch.where(zero, g_z, g_nz)
    if reduce == "amax" or reduce == "amin":
        self_is = (self == result)
        if not include_self:
            self_is = self_is & (~scattered)
        value = result.gather(dim, index)
        src_is = (src == value)
        n = self_is.to(grad.dtype).scatter_add(dim, index, src_is.to(grad.dtype))
        g = grad / torch.where(n == 0.0, torch.ones_like(n), n)
        return g * self_is.to(grad.dtype), g.gather(dim, index) * src_is.to(grad.dtype)
    raise RuntimeError("scatter_reduce: the derivative of reduce='" + reduce + "' is not implemented")

def d_scatter_reduce_two(grad: Tensor, self: Tensor, dim: int, index: Tensor, src: Tensor, reduce: str, include_self: bool, result: Tensor):
    gs, gsrc = _sr_back(grad, self, dim, index, src, reduce, include_self, result)
    return gs, None, gsrc

def d_index_reduce(grad: Tensor, self: Tensor, dim: int, index: Tensor, source: Tensor, reduce: str, include_self: bool, result: Tensor):
    # The same as scatter_reduce with the index spread along `dim` over source's shape.
    d = _dim_of(dim, source.dim())
    shape: List[int] = []
    for i in range(source.dim()):
        shape.append(-1 if i == d else 1)
    idx = index.reshape(shape).expand(source.size())
    if reduce == "prod" or reduce == "mean" or reduce == "amax" or reduce == "amin":
        gs, gsrc = _sr_back(grad, self, d, idx, source, reduce, include_self, result)
        return gs, None, gsrc
    raise RuntimeError("index_reduce: the derivative of reduce='" + reduce + "' is not implemented")

def d_put(grad: Tensor, index: Tensor, source: Tensor, accumulate: bool):
    gs = grad if accumulate else grad.put(index, torch.zeros_like(source))
    return gs, None, grad.take(index).reshape(source.size())
)TS";

const std::pair<const char*, const char*> kOps[] = {
    {"aten::i0", "d_i0"},
    {"aten::special_i0", "d_i0"},
    {"aten::special_i0e", "d_special_i0e"},
    {"aten::special_i1", "d_special_i1"},
    {"aten::special_i1e", "d_special_i1e"},
    {"aten::special_erfcx", "d_special_erfcx"},
    {"aten::special_ndtr", "d_special_ndtr"},
    {"aten::special_ndtri", "d_special_ndtri"},
    {"aten::special_log_ndtr", "d_special_log_ndtr"},
    {"aten::special_xlog1py", "d_special_xlog1py"},
    {"aten::special_xlog1py.other_scalar", "d_special_xlog1py_other_scalar"},
    {"aten::special_xlog1py.self_scalar", "d_special_xlog1py_self_scalar"},
    {"aten::xlogy.Scalar_Other", "d_xlogy_Scalar_Other"},
    {"aten::xlogy.Scalar_Self", "d_xlogy_Scalar_Self"},
    {"aten::special_xlogy.other_scalar", "d_xlogy_Scalar_Other"},
    {"aten::special_xlogy.self_scalar", "d_xlogy_Scalar_Self"},
    {"aten::special_entr", "d_special_entr"},
    {"aten::special_zeta", "d_special_zeta"},
    {"aten::special_zeta.self_scalar", "d_special_zeta_self_scalar"},
    {"aten::special_gammainc", "d_special_gammainc"},
    {"aten::igamma", "d_special_gammainc"},
    {"aten::special_gammaincc", "d_special_gammaincc"},
    {"aten::igammac", "d_special_gammaincc"},
    {"aten::special_polygamma", "d_polygamma"},
    {"aten::special_logsumexp", "d_logsumexp"},
    {"aten::special_round", "d_zero_grad"},
    {"aten::mvlgamma", "d_mvlgamma"},
    {"aten::special_multigammaln", "d_mvlgamma"},
    {"aten::copysign.Tensor", "d_copysign_Tensor"},
    {"aten::copysign.Scalar", "d_copysign_Scalar"},
    {"aten::ldexp.Tensor", "d_ldexp_Tensor"},
    {"aten::scatter_reduce.two", "d_scatter_reduce_two"},
    {"aten::index_reduce", "d_index_reduce"},
    {"aten::put", "d_put"},
};

}  // namespace

const FormulaShard kSpecialScatterFormulas{kSource, kOps, std::size(kOps)};

}  // namespace ember::autograd
