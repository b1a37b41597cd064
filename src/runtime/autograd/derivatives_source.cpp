// The derivative formulas, in TorchScript. Each `d_<op>_<overload>` is the backward of the
// operator `aten::<op>.<overload>` (in-place `aten::<op>_` uses the same formula; the table of
// which op takes which def is kFormulaOps in formulas.cpp). Written in TorchScript so that the
// gradients they compute are themselves recorded under create_graph (higher-order gradients come
// from the same formulas), and so that JIT autodiff can inline them later.
//
// Parameters are bound by name: `grad` (or `grads` for a Tensor[] result, `grad0`, `grad1`, ...
// for several results), `result` / `result0`..., the op's arguments by their schema names, and
// `<arg>_size` for the sizes of a tensor argument (saved instead of the tensor). Scalars arrive
// as float. A formula returns one gradient per tensor argument of the schema (Tensor, Tensor?,
// Tensor[]; a tuple when there are several), None for no gradient.
#include "runtime/autograd/formulas.h"

namespace ember::autograd {

const char* const kDerivativesSource = R"TS(
def _sum_to(g: Tensor, size: List[int]) -> Tensor:
    if g.size() == size:
        return g
    return g.sum_to_size(size)

def _reduced_dims(dims: Optional[List[int]], ndim: int) -> List[int]:
    out: List[int] = []
    if dims is None:
        for i in range(ndim):
            out.append(i)
    elif len(dims) == 0:
        for i in range(ndim):
            out.append(i)
    else:
        for d in dims:
            if d < 0:
                d += ndim
            out.append(d)
    out.sort()
    return out

def _restore_dims(g: Tensor, dims: Optional[List[int]], size: List[int], keepdim: bool) -> Tensor:
    if not keepdim and len(size) > 0:
        for d in _reduced_dims(dims, len(size)):
            g = g.unsqueeze(d)
    return g

def _zeros(size: List[int], like: Tensor) -> Tensor:
    return torch.zeros(size, dtype=like.dtype, device=like.device)

# The gradient of a full reduction that picks one value (max, min, median, nanmedian), split
# evenly between the elements equal to it, or between the NaNs when it is NaN.
def _evenly_distribute(grad: Tensor, self: Tensor, value: Tensor) -> Tensor:
    mask = (self == value) | (self.isnan() & value.isnan())
    share = mask.to(grad.dtype)
    return share * (grad / share.sum())

def d_add_Tensor(grad: Tensor, self_size: List[int], other_size: List[int], alpha: float):
    return _sum_to(grad, self_size), _sum_to(grad * alpha, other_size)

def d_add_Scalar(grad: Tensor):
    return grad

def d_sub_Tensor(grad: Tensor, self_size: List[int], other_size: List[int], alpha: float):
    return _sum_to(grad, self_size), _sum_to(-(grad * alpha), other_size)

def d_sub_Scalar(grad: Tensor):
    return grad

def d_rsub_Tensor(grad: Tensor, self_size: List[int], other_size: List[int], alpha: float):
    return _sum_to(-(grad * alpha), self_size), _sum_to(grad, other_size)

def d_rsub_Scalar(grad: Tensor, alpha: float):
    return -(grad * alpha)

def d_mul_Tensor(grad: Tensor, self: Tensor, other: Tensor):
    # PyTorch's convention for complex values: the gradient is conjugate-linear. conj of a real
    # tensor is the tensor itself; no branch on the dtype, so that JIT autodiff's backward graph
    # keeps only what the gradients it computes read.
    return _sum_to(grad * other.conj(), self.size()), _sum_to(grad * self.conj(), other.size())

def d_mul_Scalar(grad: Tensor, other: float):
    return grad * other

def d_div_Tensor(grad: Tensor, self: Tensor, other: Tensor):
    oc = other.conj()
    return _sum_to(grad / oc, self.size()), _sum_to(-grad * self.conj() / (oc * oc), other.size())

def d_div_Scalar(grad: Tensor, other: float):
    return grad / other

def d_neg(grad: Tensor):
    return -grad

def d_pow_Tensor_Scalar(grad: Tensor, self: Tensor, exponent: float):
    if exponent == 0.0:
        return torch.zeros_like(self)
    return grad * (self.pow(exponent - 1.0) * exponent).conj()

def d_pow_Tensor_Tensor(grad: Tensor, self: Tensor, exponent: Tensor, result: Tensor):
    gs = grad * exponent.conj() * self.pow(exponent - 1.0).conj()
    ge = grad * (result * self.log()).masked_fill((self == 0) & (torch.real(exponent) >= 0), 0.0).conj()
    return _sum_to(gs, self.size()), _sum_to(ge, exponent.size())

def d_pow_Scalar(grad: Tensor, self: float, result: Tensor):
    return grad * result.conj() * torch.full_like(result, self).log().conj()

def d_exp(grad: Tensor, result: Tensor):
    return grad * result.conj()

def d_log(grad: Tensor, self: Tensor):
    return grad / self.conj()

def d_log2(grad: Tensor, self: Tensor):
    return grad / (self.conj() * 0.6931471805599453)

def d_log10(grad: Tensor, self: Tensor):
    return grad / (self.conj() * 2.302585092994046)

def d_log1p(grad: Tensor, self: Tensor):
    return grad / (self.conj() + 1.0)

def d_expm1(grad: Tensor, result: Tensor):
    return grad * (result.conj() + 1.0)

def d_sqrt(grad: Tensor, result: Tensor):
    return grad / (2.0 * result.conj())

def d_rsqrt(grad: Tensor, result: Tensor):
    return -0.5 * grad * result.pow(3).conj()

def d_reciprocal(grad: Tensor, result: Tensor):
    rc = result.conj()
    return -grad * rc * rc

def d_sin(grad: Tensor, self: Tensor):
    return grad * self.cos().conj()

def d_cos(grad: Tensor, self: Tensor):
    return -grad * self.sin().conj()

def d_tan(grad: Tensor, result: Tensor):
    rc = result.conj()
    return grad * (1.0 + rc * rc)

def d_tanh(grad: Tensor, result: Tensor):
    rc = result.conj()
    return grad * (1.0 - rc * rc)

def d_sigmoid(grad: Tensor, result: Tensor):
    rc = result.conj()
    return grad * rc * (1.0 - rc)

def d_erf(grad: Tensor, self: Tensor):
    return grad * 1.1283791670955126 * torch.exp(-(self * self))

def d_abs(grad: Tensor, self: Tensor):
    if self.is_complex():
        # grad * sgn(self), in real operations so that it differentiates again; sgn(0) = 0, as
        # in PyTorch (the zero divides by 1 instead of 0).
        re = torch.real(self)
        im = torch.imag(self)
        r = torch.sqrt(re * re + im * im)
        r = torch.where(r == 0.0, torch.ones_like(r), r)
        return torch.complex(grad * re / r, grad * im / r)
    return grad * self.sign()

def d_zero_grad(grad: Tensor):
    return torch.zeros_like(grad)

def d_relu(grad: Tensor, result: Tensor):
    return grad.masked_fill(result <= 0, 0.0)

def d_relu6(grad: Tensor, self: Tensor):
    return grad.masked_fill((self <= 0) | (self >= 6), 0.0)

def d_leaky_relu(grad: Tensor, self: Tensor, negative_slope: float):
    return torch.where(self > 0, grad, grad * negative_slope)

def d_elu(grad: Tensor, self: Tensor, alpha: float, scale: float, input_scale: float):
    neg = grad * (scale * alpha * input_scale) * torch.exp(self * input_scale)
    return torch.where(self > 0, grad * scale, neg)

def d_gelu(grad: Tensor, self: Tensor, approximate: str):
    if approximate == "tanh":
        k = 0.7978845608028654
        inner = k * (self + 0.044715 * self * self * self)
        t = torch.tanh(inner)
        d = 0.5 * (1.0 + t) + 0.5 * self * (1.0 - t * t) * k * (1.0 + 3.0 * 0.044715 * self * self)
        return grad * d
    cdf = 0.5 * (1.0 + torch.erf(self * 0.7071067811865476))
    pdf = torch.exp(-0.5 * self * self) * 0.3989422804014327
    return grad * (cdf + self * pdf)

def d_silu(grad: Tensor, self: Tensor):
    s = torch.sigmoid(self)
    return grad * s * (1.0 + self * (1.0 - s))

def d_softplus(grad: Tensor, self: Tensor, beta: float, threshold: float):
    s = torch.sigmoid(self * beta)
    return grad * s.masked_fill(self * beta > threshold, 1.0)

def d_hardtanh(grad: Tensor, self: Tensor, min_val: float, max_val: float):
    return grad.masked_fill((self <= min_val) | (self >= max_val), 0.0)

def d_clamp(grad: Tensor, self: Tensor, min: Optional[float], max: Optional[float]):
    g = grad
    if min is not None:
        g = g.masked_fill(self < min, 0.0)
    if max is not None:
        g = g.masked_fill(self > max, 0.0)
    return g

def d_clamp_min(grad: Tensor, self: Tensor, min: float):
    return grad.masked_fill(self < min, 0.0)

def d_clamp_max(grad: Tensor, self: Tensor, max: float):
    return grad.masked_fill(self > max, 0.0)

def d_maximum(grad: Tensor, self: Tensor, other: Tensor):
    half = torch.where(self == other, grad / 2.0, grad)
    return _sum_to(half.masked_fill(self < other, 0.0), self.size()), _sum_to(half.masked_fill(self > other, 0.0), other.size())

def d_minimum(grad: Tensor, self: Tensor, other: Tensor):
    half = torch.where(self == other, grad / 2.0, grad)
    return _sum_to(half.masked_fill(self > other, 0.0), self.size()), _sum_to(half.masked_fill(self < other, 0.0), other.size())

def d_where_self(grad: Tensor, condition: Tensor, self_size: List[int], other_size: List[int]):
    return None, _sum_to(grad.masked_fill(condition.logical_not(), 0.0), self_size), _sum_to(grad.masked_fill(condition, 0.0), other_size)

def d_masked_fill_Scalar(grad: Tensor, mask: Tensor):
    return grad.masked_fill(mask, 0.0), None

def d_masked_fill_Tensor(grad: Tensor, mask: Tensor):
    return grad.masked_fill(mask, 0.0), None, grad.masked_fill(mask.logical_not(), 0.0).sum()

def d_sum(grad: Tensor, self_size: List[int]):
    return grad.expand(self_size)

def d_sum_dim_IntList(grad: Tensor, self_size: List[int], dim: Optional[List[int]], keepdim: bool):
    return _restore_dims(grad, dim, self_size, keepdim).expand(self_size)

def d_mean(grad: Tensor, self_size: List[int]):
    n = 1
    for s in self_size:
        n *= s
    return grad.expand(self_size) / n

def d_mean_dim(grad: Tensor, self_size: List[int], dim: Optional[List[int]], keepdim: bool):
    n = 1
    if len(self_size) > 0:
        for d in _reduced_dims(dim, len(self_size)):
            n *= self_size[d]
    return _restore_dims(grad, dim, self_size, keepdim).expand(self_size) / n

def d_amax(grad: Tensor, self: Tensor, dim: List[int], keepdim: bool, result: Tensor):
    size = self.size()
    value = _restore_dims(result, dim, size, keepdim)
    mask = (self == value).to(grad.dtype)
    return _restore_dims(grad, dim, size, keepdim) * mask / mask.sum(_reduced_dims(dim, len(size)), True)

def d_max(grad: Tensor, self: Tensor, result: Tensor):
    return _evenly_distribute(grad, self, result)

def d_max_dim(grad0: Tensor, self: Tensor, dim: int, keepdim: bool, result1: Tensor):
    size = self.size()
    if len(size) == 0:
        return grad0
    g = grad0
    idx = result1
    if not keepdim:
        g = g.unsqueeze(dim)
        idx = idx.unsqueeze(dim)
    return _zeros(size, grad0).scatter_add(dim, idx, g)

def d_square(grad: Tensor, self: Tensor):
    return 2.0 * grad * self.conj()

def d_log_sigmoid(grad: Tensor, self: Tensor):
    return grad * torch.sigmoid(-self)

def d_logsumexp(grad: Tensor, self: Tensor, dim: List[int], keepdim: bool, result: Tensor):
    size = self.size()
    return _restore_dims(grad, dim, size, keepdim) * torch.exp(self - _restore_dims(result, dim, size, keepdim))

def _var_grad(grad: Tensor, self: Tensor, dim: Optional[List[int]], correction: int, keepdim: bool) -> Tensor:
    size = self.size()
    dims = _reduced_dims(dim, len(size))
    n = 1
    for d in dims:
        n *= size[d]
    mean = self.mean(dims, True)
    return _restore_dims(grad, dim, size, keepdim) * 2.0 * (self - mean) / (n - correction)

def d_var(grad: Tensor, self: Tensor, unbiased: bool):
    return _var_grad(grad, self, None, 1 if unbiased else 0, False)

def d_var_dim(grad: Tensor, self: Tensor, dim: Optional[List[int]], unbiased: bool, keepdim: bool):
    return _var_grad(grad, self, dim, 1 if unbiased else 0, keepdim)

def d_var_correction(grad: Tensor, self: Tensor, dim: Optional[List[int]], correction: Optional[int], keepdim: bool):
    c = 1
    if correction is not None:
        c = correction
    return _var_grad(grad, self, dim, c, keepdim)

def d_std(grad: Tensor, self: Tensor, unbiased: bool, result: Tensor):
    return _var_grad(grad / (2.0 * result), self, None, 1 if unbiased else 0, False)

def d_std_dim(grad: Tensor, self: Tensor, dim: Optional[List[int]], unbiased: bool, keepdim: bool, result: Tensor):
    return _var_grad(grad / (2.0 * result), self, dim, 1 if unbiased else 0, keepdim)

def d_std_correction(grad: Tensor, self: Tensor, dim: Optional[List[int]], correction: Optional[int], keepdim: bool, result: Tensor):
    c = 1
    if correction is not None:
        c = correction
    return _var_grad(grad / (2.0 * result), self, dim, c, keepdim)

def d_logcumsumexp(grad: Tensor, self: Tensor, dim: int, result: Tensor):
    if self.dim() == 0:
        return grad
    d = _dim_of(dim, self.dim())
    m = result.amax([d], True)
    scaled = (grad * torch.exp(m - result)).flip([d]).cumsum(d).flip([d])
    return scaled * torch.exp(self - m)

# as_strided reads the storage: its gradient is only defined here for a contiguous input (the
# gradients CopySlices builds under create_graph are).
def _check_plain(self: Tensor, what: str):
    if not self.is_contiguous():
        raise RuntimeError("ember: the derivative of " + what + " is only implemented for a contiguous input")

def d_as_strided(grad: Tensor, self: Tensor, size: List[int], stride: List[int], storage_offset: Optional[int]):
    _check_plain(self, "as_strided")
    off = 0
    if storage_offset is not None:
        off = storage_offset - self.storage_offset()
    return torch.zeros_like(self, memory_format=torch.contiguous_format).as_strided_scatter(grad, size, stride, off)

def d_as_strided_scatter(grad: Tensor, self: Tensor, src_size: List[int], size: List[int], stride: List[int], storage_offset: Optional[int]):
    _check_plain(self, "as_strided_scatter")
    off = 0
    if storage_offset is not None:
        off = storage_offset - self.storage_offset()
    g = grad.contiguous()
    return g.as_strided_scatter(torch.zeros(src_size, dtype=grad.dtype, device=grad.device), size, stride, off), g.as_strided(size, stride, off)

# Linear algebra for invertible matrices (batched over leading dims).
def d_inverse(grad: Tensor, result: Tensor):
    rh = result.mT.conj()
    return -(rh.matmul(grad).matmul(rh))

def d_det(grad: Tensor, self: Tensor, result: Tensor):
    return (grad * result.conj()).unsqueeze(-1).unsqueeze(-1) * torch.linalg.inv(self).mT.conj()

def d_linalg_det(grad: Tensor, A: Tensor, result: Tensor):
    return (grad * result.conj()).unsqueeze(-1).unsqueeze(-1) * torch.linalg.inv(A).mT.conj()

def _slogdet_back(grad0: Tensor, grad1: Tensor, A: Tensor, result0: Tensor) -> Tensor:
    # logabsdet = Re(log det A) and sign = exp(i Im(log det A)), with d log det A = tr(A^{-1} dA):
    # both reach A through A^{-H}, logabsdet's with a real factor and sign's with
    # i Im(grad0 conj(sign)), which is 0 for a real sign (no gradient, as in PyTorch).
    w = grad0 * result0.conj()
    g = grad1 + 0.5 * (w - w.conj())
    return g.unsqueeze(-1).unsqueeze(-1) * torch.linalg.inv(A).mT.conj()

def d_linalg_slogdet(grad0: Tensor, grad1: Tensor, A: Tensor, result0: Tensor):
    return _slogdet_back(grad0, grad1, A, result0)

def d_logdet(grad: Tensor, self: Tensor):
    return grad.unsqueeze(-1).unsqueeze(-1) * torch.linalg.inv(self).mT.conj()

def d_slogdet(grad0: Tensor, grad1: Tensor, self: Tensor, result0: Tensor):
    return _slogdet_back(grad0, grad1, self, result0)

def d_linalg_solve(grad: Tensor, A: Tensor, B: Tensor, left: bool, result: Tensor):
    if not left:
        raise RuntimeError("the derivative of linalg_solve with left=False is not implemented in ember")
    vec = B.dim() == 1 or (B.dim() == A.dim() - 1 and B.size(-1) == A.size(-1))
    g = grad
    x = result
    if vec:
        g = grad.unsqueeze(-1)
        x = result.unsqueeze(-1)
    gB = torch.linalg.solve(A.mT.conj(), g)
    gA = -gB.matmul(x.mT.conj())
    if vec:
        gB = gB.squeeze(-1)
    return _sum_to(gA, A.size()), _sum_to(gB, B.size())

def d_matrix_power(grad: Tensor, self: Tensor, n: int):
    if n == 0:
        return torch.zeros_like(self)
    a = self
    if n < 0:
        raise RuntimeError("the derivative of matrix_power with a negative exponent is not implemented in ember")
    # d(A^n) = sum_k A^k dA A^(n-1-k): the gradient is sum_k (A^k)^T G (A^(n-1-k))^T.
    powers: List[Tensor] = [torch.eye(a.size(-1), dtype=a.dtype, device=a.device).expand(a.size())]
    for k in range(1, n):
        powers.append(powers[k - 1].matmul(a))
    gi = torch.zeros_like(self)
    for k in range(n):
        gi = gi + powers[k].mT.matmul(grad).matmul(powers[n - 1 - k].mT)
    return gi

# einsum: the gradient of an operand is an einsum of the output's gradient with the other
# operands, into the operand's subscripts (an index found nowhere else is summed in the forward:
# a ones vector brings it back). '...' becomes fresh upper-case letters (right-aligned, as
# broadcasting aligns the dims; a broadcast operand's gradient is summed down by the engine). An
# index repeated within one operand (a diagonal) gets the gradient of its distinct indices, put
# back on the diagonal by identity matrices tying each later occurrence to the first.
def _einsum_fresh(eq: str) -> List[str]:
    fresh: List[str] = []
    for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        if eq.find(c) < 0:
            fresh.append(c)
    return fresh

def d_einsum(grad: Tensor, equation: str, tensors: List[Tensor]):
    eq = equation.replace(" ", "")
    arrow = eq.find("->")
    lhs = eq
    if arrow >= 0:
        lhs = eq[:arrow]
    subs = lhs.split(",")
    fresh = _einsum_fresh(eq)
    nell = 0
    for i in range(len(subs)):
        if subs[i].find("...") >= 0:
            nell = max(nell, tensors[i].dim() - (len(subs[i]) - 3))
    ell = "".join(fresh[:nell])
    for i in range(len(subs)):
        p = subs[i].find("...")
        if p >= 0:
            k = tensors[i].dim() - (len(subs[i]) - 3)
            subs[i] = subs[i][:p] + ell[nell - k:] + subs[i][p + 3:]
    sizes: Dict[str, int] = {}
    for i in range(len(subs)):
        for k in range(len(subs[i])):
            c = subs[i][k]
            sizes[c] = max(sizes.get(c, 1), tensors[i].size(k))
    out = ""
    if arrow >= 0:
        out = eq[arrow + 2:]
        p = out.find("...")
        if p >= 0:
            out = out[:p] + ell + out[p + 3:]
    else:
        # Implicit output: the ellipsis dims, then the indices found once, in alphabetical order.
        named = lhs.replace("...", "")
        letters: List[str] = []
        for c in named:
            if c != "," and named.count(c) == 1:
                letters.append(c)
        letters.sort()
        out = ell + "".join(letters)
    grads: List[Tensor] = []
    for i in range(len(subs)):
        si = subs[i]
        distinct = ""
        for c in si:
            if distinct.find(c) < 0:
                distinct = distinct + c
        terms: List[str] = [out]
        operands: List[Tensor] = [grad]
        present = out
        for j in range(len(subs)):
            if j != i:
                terms.append(subs[j])
                operands.append(tensors[j].conj())
                present = present + subs[j]
        for c in distinct:
            if present.find(c) < 0:
                terms.append(c)
                operands.append(torch.ones([sizes[c]], dtype=grad.dtype, device=grad.device))
                present = present + c
        g = torch.einsum(",".join(terms) + "->" + distinct, operands)
        if len(distinct) < len(si):
            eterms: List[str] = [distinct]
            eops: List[Tensor] = [g]
            target = ""
            seen = ""
            k = nell
            for c in si:
                if seen.find(c) < 0:
                    seen = seen + c
                    target = target + c
                else:
                    f = fresh[k]
                    k += 1
                    target = target + f
                    eterms.append(c + f)
                    eops.append(torch.eye(sizes[c], dtype=grad.dtype, device=grad.device))
            g = torch.einsum(",".join(eterms) + "->" + target, eops)
        grads.append(g)
    return grads

def d_flip(grad: Tensor, dims: List[int]):
    return grad.flip(dims)

def d_cumsum(grad: Tensor, dim: int):
    return grad.flip([dim]).cumsum(dim).flip([dim])

def d_adaptive_avg_pool2d(grad: Tensor, self_size: List[int], output_size: List[int]):
    n = len(self_size)
    H = self_size[n - 2]
    W = self_size[n - 1]
    OH = output_size[0]
    OW = output_size[1]
    gi = _zeros(self_size, grad)
    for oh in range(OH):
        hs = (oh * H) // OH
        he = ((oh + 1) * H + OH - 1) // OH
        for ow in range(OW):
            ws = (ow * W) // OW
            we = ((ow + 1) * W + OW - 1) // OW
            g = grad.select(-2, oh).select(-1, ow) / float((he - hs) * (we - ws))
            piece = g.unsqueeze(-1).unsqueeze(-1).expand(g.size() + [he - hs, we - ws])
            gi = gi.slice_scatter(gi.slice(-2, hs, he).slice_scatter(gi.slice(-2, hs, he).slice(-1, ws, we) + piece, -1, ws, we), -2, hs, he)
    return gi

def d_matmul(grad: Tensor, self: Tensor, other: Tensor):
    # Complex operands: the gradients use the conjugate transposes (conj of a real tensor is the
    # tensor itself, so real gradients are computed as before).
    if self.dim() == 1 and other.dim() == 1:
        return grad * other.conj(), grad * self.conj()
    if self.dim() == 2 and other.dim() == 2:
        return grad.mm(other.t().conj()), self.t().conj().mm(grad)
    if self.dim() == 1:
        gs = grad.unsqueeze(-2).matmul(other.transpose(-1, -2).conj()).squeeze(-2)
        go = self.conj().unsqueeze(-1) * grad.unsqueeze(-2)
        return _sum_to(gs, self.size()), _sum_to(go, other.size())
    if other.dim() == 1:
        gs = grad.unsqueeze(-1) * other.conj()
        go = self.transpose(-1, -2).conj().matmul(grad.unsqueeze(-1)).squeeze(-1)
        return _sum_to(gs, self.size()), _sum_to(go, other.size())
    return _sum_to(grad.matmul(other.transpose(-1, -2).conj()), self.size()), _sum_to(self.transpose(-1, -2).conj().matmul(grad), other.size())

def d_mm(grad: Tensor, self: Tensor, mat2: Tensor):
    return grad.mm(mat2.t().conj()), self.t().conj().mm(grad)

def d_bmm(grad: Tensor, self: Tensor, mat2: Tensor):
    return grad.bmm(mat2.transpose(1, 2).conj()), self.transpose(1, 2).conj().bmm(grad)

def d_mv(grad: Tensor, self: Tensor, vec: Tensor):
    return grad.unsqueeze(1) * vec.conj(), self.t().conj().mv(grad)

def d_dot(grad: Tensor, self: Tensor, tensor: Tensor):
    return grad * tensor.conj(), grad * self.conj()

def d_addmm(grad: Tensor, self_size: List[int], mat1: Tensor, mat2: Tensor, beta: float, alpha: float):
    return _sum_to(grad * beta, self_size), grad.mm(mat2.t().conj()) * alpha, mat1.t().conj().mm(grad) * alpha

def d_linear(grad: Tensor, input: Tensor, weight: Tensor, bias: Optional[Tensor]):
    out_features = weight.size(0)
    g2 = grad.reshape([-1, out_features])
    gw = g2.t().mm(input.reshape([-1, weight.size(1)]).conj())
    gb: Optional[Tensor] = None
    if bias is not None:
        gb = _sum_to(g2.sum(0), bias.size())
    return grad.matmul(weight.conj()), gw, gb

def d_sum_to_size(grad: Tensor, self_size: List[int]):
    return grad.expand(self_size)

def d_broadcast_tensors(grads: List[Tensor], tensors: List[Tensor]):
    out: List[Tensor] = []
    for i in range(len(tensors)):
        out.append(_sum_to(grads[i], tensors[i].size()))
    return out

def d_view(grad: Tensor, self_size: List[int]):
    return grad.reshape(self_size)

def d_view_as(grad: Tensor, self_size: List[int]):
    return grad.reshape(self_size), None

def d_expand(grad: Tensor, self_size: List[int]):
    return _sum_to(grad, self_size)

def d_expand_as(grad: Tensor, self_size: List[int]):
    return _sum_to(grad, self_size), None

def d_identity(grad: Tensor):
    return grad

def d_identity_other(grad: Tensor):
    return grad, None

def d_permute(grad: Tensor, dims: List[int]):
    n = len(dims)
    inverse = [0] * n
    for i in range(n):
        d = dims[i]
        if d < 0:
            d += n
        inverse[d] = i
    return grad.permute(inverse)

def d_transpose_int(grad: Tensor, dim0: int, dim1: int):
    return grad.transpose(dim0, dim1)

def d_t(grad: Tensor):
    return grad.t()

def d_unsqueeze(grad: Tensor, dim: int):
    return grad.squeeze(dim)

def d_cat(grad: Tensor, tensors: List[Tensor], dim: int):
    sizes: List[int] = []
    nonempty = 0
    for t in tensors:
        if t.dim() > 0:
            nonempty = t.dim()
    for t in tensors:
        if t.dim() == 1 and t.size(0) == 0 and nonempty != 1:
            sizes.append(0)
        else:
            d = dim
            if d < 0:
                d += t.dim()
            sizes.append(t.size(d))
    pieces = grad.split_with_sizes(sizes, dim)
    out: List[Tensor] = []
    for i in range(len(tensors)):
        out.append(pieces[i].reshape(tensors[i].size()))
    return out

def d_stack(grad: Tensor, dim: int):
    return grad.unbind(dim)

def d_unbind_int(grads: List[Tensor], dim: int):
    return torch.stack(grads, dim)

def d_split(grads: List[Tensor], dim: int):
    return torch.cat(grads, dim)

def d_slice_Tensor(grad: Tensor, self_size: List[int], dim: int, start: Optional[int], end: Optional[int], step: int):
    return _zeros(self_size, grad).slice_scatter(grad, dim, start, end, step)

def d_select_int(grad: Tensor, self_size: List[int], dim: int, index: int):
    return _zeros(self_size, grad).select_scatter(grad, dim, index)

def d_narrow(grad: Tensor, self_size: List[int], dim: int, start: int, length: int):
    d = dim
    if d < 0:
        d += len(self_size)
    s = start
    if s < 0:
        s += self_size[d]
    return _zeros(self_size, grad).slice_scatter(grad, dim, s, s + length, 1)

def d_slice_scatter(grad: Tensor, src: Tensor, dim: int, start: Optional[int], end: Optional[int], step: int):
    return grad.slice_scatter(torch.zeros_like(src), dim, start, end, step), grad.slice(dim, start, end, step)

def d_select_scatter(grad: Tensor, src: Tensor, dim: int, index: int):
    return grad.select_scatter(torch.zeros_like(src), dim, index), grad.select(dim, index)

def d_index_Tensor(grad: Tensor, self_size: List[int], indices: List[Optional[Tensor]]):
    return _zeros(self_size, grad).index_put(indices, grad, True), None

def d_gather(grad: Tensor, self_size: List[int], dim: int, index: Tensor):
    return _zeros(self_size, grad).scatter_add(dim, index, grad), None

def d_scatter_add(grad: Tensor, dim: int, index: Tensor):
    return grad, None, grad.gather(dim, index)

def d_index_select(grad: Tensor, self_size: List[int], dim: int, index: Tensor):
    return _zeros(self_size, grad).index_add(dim, index, grad), None

def d_index_add(grad: Tensor, dim: int, index: Tensor, alpha: float):
    return grad, None, grad.index_select(dim, index) * alpha

def d_softmax_int(grad: Tensor, dim: int, result: Tensor):
    return result * (grad - (grad * result).sum(dim, True))

def d_log_softmax_int(grad: Tensor, dim: int, result: Tensor):
    return grad - result.exp() * grad.sum(dim, True)

def d_mse_loss(grad: Tensor, self: Tensor, target: Tensor, reduction: int):
    d = 2.0 * (self - target)
    if reduction == 1:
        d = d / self.numel()
    g = grad * d
    return _sum_to(g, self.size()), _sum_to(-g, target.size())

def _class_dim(input: Tensor) -> int:
    if input.dim() == 1:
        return 0
    return 1

def _nll_grad(grad: Tensor, input: Tensor, target: Tensor, weight: Optional[Tensor], reduction: int, ignore_index: int) -> Tensor:
    cdim = _class_dim(input)
    valid = target != ignore_index
    safe = target.masked_fill(valid.logical_not(), 0)
    w = torch.ones([input.size(cdim)], dtype=input.dtype, device=input.device)
    if weight is not None:
        w = weight.to(input.dtype)
    wt = w.index_select(0, safe.reshape([-1])).reshape(safe.size()) * valid.to(input.dtype)
    if reduction == 0:
        scale = grad * wt
    elif reduction == 1:
        scale = grad * wt / wt.sum()
    else:
        scale = grad * wt
    return torch.zeros_like(input).scatter_add(cdim, safe.unsqueeze(cdim), -scale.unsqueeze(cdim))

def d_nll_loss_nd(grad: Tensor, self: Tensor, target: Tensor, weight: Optional[Tensor], reduction: int, ignore_index: int):
    return _nll_grad(grad, self, target, weight, reduction, ignore_index), None, None

def _smoothing_grad(grad: Tensor, self: Tensor, target: Tensor, weight: Optional[Tensor], reduction: int, ignore_index: int, label_smoothing: float) -> Tensor:
    # The gradient, along log_softmax(self), of label smoothing's second term with class
    # targets: eps / C times -sum_c w_c logp_c per non-ignored sample, reduced as PyTorch does
    # (the mean divides by the summed weights of the non-ignored targets, or without weights by
    # their number, as the forward does).
    cdim = _class_dim(self)
    C = self.size(cdim)
    shape = [1] * self.dim()
    shape[cdim] = C
    w = torch.ones([C], dtype=self.dtype, device=self.device)
    if weight is not None:
        w = weight.to(self.dtype)
    valid = target != ignore_index
    g = grad * valid.to(self.dtype)
    if reduction == 1:
        if weight is not None:
            safe = target.masked_fill(valid.logical_not(), 0).reshape([-1])
            g = g / (w.index_select(0, safe) * valid.reshape([-1]).to(self.dtype)).sum()
        else:
            g = g / valid.sum().to(self.dtype)
    return -(g.unsqueeze(cdim) * w.reshape(shape)) * (label_smoothing / C)

def d_cross_entropy_loss(grad: Tensor, self: Tensor, target: Tensor, weight: Optional[Tensor], reduction: int, ignore_index: int, label_smoothing: float):
    cdim = _class_dim(self)
    logp = self.log_softmax(cdim)
    if target.is_floating_point():
        if label_smoothing > 0.0:
            # Probabilities are smoothed towards the uniform distribution before the loss.
            target = target * (1.0 - label_smoothing) + label_smoothing / self.size(cdim)
        w = torch.ones([self.size(cdim)], dtype=self.dtype, device=self.device)
        if weight is not None:
            w = weight.to(self.dtype)
        shape = [1] * self.dim()
        shape[cdim] = self.size(cdim)
        g = grad
        if reduction == 0 and self.dim() > 1:
            g = grad.unsqueeze(cdim)
        if reduction == 1:
            n = 1
            if self.dim() > 1:
                n = self.numel() // self.size(cdim)
            g = grad / n
        gt = -(g * w.reshape(shape))
        glogp = gt * target
        gtarget = gt * logp
        if label_smoothing > 0.0:
            gtarget = gtarget * (1.0 - label_smoothing)
        return glogp - logp.exp() * glogp.sum(cdim, True), gtarget, None
    glogp = _nll_grad(grad, self, target, weight, reduction, ignore_index)
    if label_smoothing > 0.0:
        glogp = glogp * (1.0 - label_smoothing) + _smoothing_grad(grad, self, target, weight, reduction, ignore_index, label_smoothing)
    return glogp - logp.exp() * glogp.sum(cdim, True), None, None

def d_embedding(grad: Tensor, weight_size: List[int], indices: Tensor, padding_idx: int, scale_grad_by_freq: bool):
    flat = indices.reshape([-1])
    g = grad.reshape([-1, weight_size[1]])
    if scale_grad_by_freq:
        # Each row's gradient divided by how often its index occurs in the batch.
        counts = torch.bincount(flat, minlength=weight_size[0]).to(g.dtype)
        g = g / counts.index_select(0, flat).unsqueeze(1)
    if padding_idx >= 0:
        g = g * (flat != padding_idx).to(g.dtype).unsqueeze(1)
    return _zeros(weight_size, grad).index_add(0, flat, g), None

def d_layer_norm(grad: Tensor, input: Tensor, normalized_shape: List[int], weight: Optional[Tensor], bias: Optional[Tensor], eps: float):
    n = len(normalized_shape)
    dims: List[int] = []
    for i in range(input.dim() - n, input.dim()):
        dims.append(i)
    outer: List[int] = []
    for i in range(input.dim() - n):
        outer.append(i)
    mean = input.mean(dims, True)
    xc = input - mean
    rstd = ((xc * xc).mean(dims, True) + eps).rsqrt()
    xhat = xc * rstd
    gx = grad
    if weight is not None:
        gx = grad * weight
    gi = rstd * (gx - gx.mean(dims, True) - xhat * (gx * xhat).mean(dims, True))
    gw: Optional[Tensor] = None
    gb: Optional[Tensor] = None
    if weight is not None:
        gw = (grad * xhat).sum(outer, False) if len(outer) > 0 else grad * xhat
    if bias is not None:
        gb = grad.sum(outer, False) if len(outer) > 0 else grad
    return gi, gw, gb

def d_batch_norm(grad: Tensor, input: Tensor, weight: Optional[Tensor], bias: Optional[Tensor], running_mean: Optional[Tensor], running_var: Optional[Tensor], training: bool, eps: float):
    dims: List[int] = [0]
    for i in range(2, input.dim()):
        dims.append(i)
    shape = [1] * input.dim()
    shape[1] = input.size(1)
    if training or running_mean is None or running_var is None:
        mean = input.mean(dims, True)
        xc = input - mean
        rstd = ((xc * xc).mean(dims, True) + eps).rsqrt()
    else:
        xc = input - running_mean.reshape(shape)
        rstd = (running_var.reshape(shape) + eps).rsqrt()
    xhat = xc * rstd
    gx = grad
    if weight is not None:
        gx = grad * weight.reshape(shape)
    if training or running_mean is None or running_var is None:
        gi = rstd * (gx - gx.mean(dims, True) - xhat * (gx * xhat).mean(dims, True))
    else:
        gi = gx * rstd
    gw: Optional[Tensor] = None
    gb: Optional[Tensor] = None
    if weight is not None:
        gw = (grad * xhat).sum(dims, False)
    if bias is not None:
        gb = grad.sum(dims, False)
    return gi, gw, gb, None, None

def d_conv2d(grad: Tensor, input: Tensor, weight: Tensor, bias: Optional[Tensor], stride: List[int], padding: List[int], dilation: List[int], groups: int):
    batched = input.dim() == 4
    x = input
    g = grad
    if not batched:
        x = input.unsqueeze(0)
        g = grad.unsqueeze(0)
    s = stride if len(stride) == 2 else [stride[0], stride[0]]
    p = padding if len(padding) == 2 else [padding[0], padding[0]]
    dl = dilation if len(dilation) == 2 else [dilation[0], dilation[0]]
    kh = weight.size(2)
    kw = weight.size(3)
    oph = x.size(2) - ((g.size(2) - 1) * s[0] - 2 * p[0] + dl[0] * (kh - 1) + 1)
    opw = x.size(3) - ((g.size(3) - 1) * s[1] - 2 * p[1] + dl[1] * (kw - 1) + 1)
    gi = torch.conv_transpose2d(g, weight, None, s, p, [oph, opw], groups, dl)
    cin = x.size(1) // groups
    cout = g.size(1) // groups
    parts: List[Tensor] = []
    for k in range(groups):
        xk = x.narrow(1, k * cin, cin).transpose(0, 1)
        gk = g.narrow(1, k * cout, cout).transpose(0, 1)
        wk = torch.conv2d(xk, gk, None, dl, p, s, 1)
        parts.append(wk.narrow(2, 0, kh).narrow(3, 0, kw).transpose(0, 1))
    gw = torch.cat(parts, 0)
    gb: Optional[Tensor] = None
    if bias is not None:
        gb = g.sum([0, 2, 3], False)
    if not batched:
        gi = gi.squeeze(0)
    return gi, gw, gb

def d_max_pool2d(grad: Tensor, self: Tensor, kernel_size: List[int], stride: List[int], padding: List[int], dilation: List[int], ceil_mode: bool):
    out, idx = torch.max_pool2d_with_indices(self, kernel_size, stride, padding, dilation, ceil_mode)
    flat = self.flatten(-2)
    gi = torch.zeros_like(flat).scatter_add(-1, idx.flatten(-2), grad.flatten(-2))
    return gi.reshape(self.size())

def d_copy(grad: Tensor, src_size: List[int]):
    return torch.zeros_like(grad), _sum_to(grad, src_size)

def d_fill_Tensor(grad: Tensor):
    return torch.zeros_like(grad), grad.sum()
def _prod_others(self: Tensor, dim: int) -> Tensor:
    n = self.size(dim)
    ones = torch.ones_like(self.narrow(dim, 0, 1))
    left = torch.cat([ones, self.narrow(dim, 0, n - 1)], dim).cumprod(dim)
    right = torch.cat([self.narrow(dim, 1, n - 1), ones], dim).flip([dim]).cumprod(dim).flip([dim])
    return left * right

def d_prod(grad: Tensor, self: Tensor):
    if self.dim() == 0:
        return grad
    if self.numel() == 0:
        return torch.zeros_like(self)
    return (grad * _prod_others(self.reshape([-1]), 0).conj()).reshape(self.size())

def d_prod_dim_int(grad: Tensor, self: Tensor, dim: int, keepdim: bool):
    if self.dim() == 0:
        return grad
    if self.numel() == 0:
        return torch.zeros_like(self)
    g = grad
    if not keepdim:
        g = g.unsqueeze(dim)
    return g * _prod_others(self, _dim_of(dim, self.dim())).conj()

def d_cumprod(grad: Tensor, self: Tensor, dim: int, result: Tensor):
    if self.dim() == 0 or self.numel() == 0:
        return grad
    d = _dim_of(dim, self.dim())
    if not bool((self == 0).any()):
        return (grad * result.conj()).flip([d]).cumsum(d).flip([d]) / self.conj()
    n = self.size(d)
    ones = torch.ones_like(self.narrow(d, 0, 1))
    parts: List[Tensor] = []
    for k in range(n):
        left = ones
        if k > 0:
            left = self.narrow(d, 0, k).prod(d, True)
        r = torch.cat([ones, self.narrow(d, k + 1, n - k - 1).cumprod(d)], d)
        parts.append(left.conj() * (grad.narrow(d, k, n - k) * r.conj()).sum(d, True))
    return torch.cat(parts, d)

def d_tile(grad: Tensor, self_size: List[int], dims: List[int]):
    reps: List[int] = []
    for i in range(len(self_size) - len(dims)):
        reps.append(1)
    for d in dims:
        reps.append(d)
    return d_repeat(grad, self_size, reps)

def d_repeat(grad: Tensor, self_size: List[int], repeats: List[int]):
    extra = len(repeats) - len(self_size)
    shape: List[int] = []
    dims: List[int] = []
    for i in range(len(repeats)):
        s = 1
        if i >= extra:
            s = self_size[i - extra]
        shape.append(repeats[i])
        shape.append(s)
        dims.append(2 * i)
    return grad.reshape(shape).sum(dims, False).reshape(self_size)

def d_index_put(grad: Tensor, indices: List[Optional[Tensor]], values_size: List[int], accumulate: bool):
    gs = grad
    if not accumulate:
        gs = grad.index_put(indices, torch.zeros([], dtype=grad.dtype, device=grad.device), False)
    return gs, None, _sum_to(grad.index(indices), values_size)

def d_index_put_hacked_twin(grad: Tensor, indices: List[Tensor], values_size: List[int], accumulate: bool):
    opt: List[Optional[Tensor]] = []
    for t in indices:
        opt.append(t)
    gs = grad
    if not accumulate:
        gs = grad.index_put(opt, torch.zeros([], dtype=grad.dtype, device=grad.device), False)
    return gs, None, _sum_to(grad.index(opt), values_size)

def d_scatter_src(grad: Tensor, dim: int, index: Tensor):
    return grad.scatter(dim, index, 0.0), None, grad.gather(dim, index)

def d_scatter_value(grad: Tensor, dim: int, index: Tensor):
    return grad.scatter(dim, index, 0.0), None

def d_index_fill_int_Scalar(grad: Tensor, dim: int, index: Tensor):
    return grad.index_fill(dim, index, 0.0), None

def d_index_fill_int_Tensor(grad: Tensor, dim: int, index: Tensor):
    return grad.index_fill(dim, index, 0.0), None, grad.index_select(dim, index).sum()

def d_index_copy(grad: Tensor, dim: int, index: Tensor, source_size: List[int]):
    return grad.index_fill(dim, index, 0.0), None, grad.index_select(dim, index).reshape(source_size)

def d_masked_scatter(grad: Tensor, mask: Tensor, source_size: List[int]):
    n = 1
    for s in source_size:
        n *= s
    picked = grad.masked_select(mask)
    rest = torch.zeros([n - picked.numel()], dtype=grad.dtype, device=grad.device)
    return grad.masked_fill(mask, 0.0), None, torch.cat([picked, rest], 0).reshape(source_size)

def d_masked_select(grad: Tensor, self_size: List[int], mask: Tensor):
    z = _zeros(self_size, grad) + torch.zeros_like(mask, dtype=grad.dtype)
    return _sum_to(z.masked_scatter(mask, grad), self_size), None

# The gradients of a convolution (transposed or not, any number of spatial dims) from
# convolutions: the input's is the convolution in the other direction, the weight's a
# convolution of input and gradient with stride and dilation swapped, per group.
def _conv_backward(grad: Tensor, input: Tensor, weight: Tensor, has_bias: bool, stride: List[int], padding: List[int], dilation: List[int], transposed: bool, output_padding: List[int], groups: int):
    nd = weight.dim() - 2
    batched = input.dim() == nd + 2
    x = input
    g = grad
    if not batched:
        x = input.unsqueeze(0)
        g = grad.unsqueeze(0)
    s = _expand_param(stride, nd)
    p = _expand_param(padding, nd)
    dl = _expand_param(dilation, nd)
    zero = [0] * nd
    if transposed:
        gi = torch.convolution(g, weight, None, s, p, dl, False, zero, groups)
    else:
        op: List[int] = []
        for i in range(nd):
            k = weight.size(2 + i)
            op.append(x.size(2 + i) - ((g.size(2 + i) - 1) * s[i] - 2 * p[i] + dl[i] * (k - 1) + 1))
        gi = torch.convolution(g, weight, None, s, p, dl, True, op, groups)
    a = x
    b = g
    if transposed:
        a = g
        b = x
    ca = a.size(1) // groups
    cb = b.size(1) // groups
    parts: List[Tensor] = []
    for k in range(groups):
        ak = a.narrow(1, k * ca, ca).transpose(0, 1)
        bk = b.narrow(1, k * cb, cb).transpose(0, 1)
        wk = torch.convolution(ak, bk, None, dl, p, s, False, zero, 1)
        for i in range(nd):
            wk = wk.narrow(2 + i, 0, weight.size(2 + i))
        parts.append(wk.transpose(0, 1))
    gw = torch.cat(parts, 0)
    gb: Optional[Tensor] = None
    if has_bias:
        dims: List[int] = [0]
        for i in range(nd):
            dims.append(2 + i)
        gb = g.sum(dims, False)
    if not batched:
        gi = gi.squeeze(0)
    return gi, gw, gb

def d_convolution(grad: Tensor, input: Tensor, weight: Tensor, bias: Optional[Tensor], stride: List[int], padding: List[int], dilation: List[int], transposed: bool, output_padding: List[int], groups: int):
    return _conv_backward(grad, input, weight, bias is not None, stride, padding, dilation, transposed, output_padding, groups)

def d_conv_nd(grad: Tensor, input: Tensor, weight: Tensor, bias: Optional[Tensor], stride: List[int], padding: List[int], dilation: List[int], groups: int):
    return _conv_backward(grad, input, weight, bias is not None, stride, padding, dilation, False, [0], groups)

def d_conv_transpose_nd(grad: Tensor, input: Tensor, weight: Tensor, bias: Optional[Tensor], stride: List[int], padding: List[int], output_padding: List[int], groups: int, dilation: List[int]):
    return _conv_backward(grad, input, weight, bias is not None, stride, padding, dilation, True, output_padding, groups)

def d_constant_pad_nd(grad: Tensor, pad: List[int]):
    neg: List[int] = []
    for v in pad:
        neg.append(-v)
    return torch.constant_pad_nd(grad, neg, 0.0)

def d_roll(grad: Tensor, shifts: List[int], dims: List[int]):
    neg: List[int] = []
    for v in shifts:
        neg.append(-v)
    return grad.roll(neg, dims)

def d_rot90(grad: Tensor, k: int, dims: List[int]):
    return grad.rot90(-k, dims)

def d_unfold(grad: Tensor, self_size: List[int], dimension: int, size: int, step: int):
    if len(self_size) == 0:
        return grad.sum()
    d = _dim_of(dimension, len(self_size))
    n = grad.size(d)
    gi = _zeros(self_size, grad)
    if n == 0:
        return gi
    end = (n - 1) * step + 1
    for i in range(size):
        piece = grad.select(-1, i)
        gi = gi.slice_scatter(gi.slice(d, i, i + end, step) + piece, d, i, i + end, step)
    return gi

def d_atan2(grad: Tensor, self: Tensor, other: Tensor):
    r = self * self + other * other
    return _sum_to(grad * other / r, self.size()), _sum_to(-grad * self / r, other.size())

def d_lerp_Scalar(grad: Tensor, self_size: List[int], end_size: List[int], weight: float):
    return _sum_to(grad * (1.0 - weight), self_size), _sum_to(grad * weight, end_size)

def d_lerp_Tensor(grad: Tensor, self: Tensor, end: Tensor, weight: Tensor):
    return _sum_to(grad * (1.0 - weight).conj(), self.size()), _sum_to(grad * weight.conj(), end.size()), _sum_to(grad * (end - self).conj(), weight.size())

def d_addcmul(grad: Tensor, self_size: List[int], tensor1: Tensor, tensor2: Tensor, value: float):
    return _sum_to(grad, self_size), _sum_to(grad * value * tensor2.conj(), tensor1.size()), _sum_to(grad * value * tensor1.conj(), tensor2.size())

def d_addcdiv(grad: Tensor, self_size: List[int], tensor1: Tensor, tensor2: Tensor, value: float):
    t2 = tensor2.conj()
    g1 = grad * value / t2
    return _sum_to(grad, self_size), _sum_to(g1, tensor1.size()), _sum_to(-g1 * tensor1.conj() / t2, tensor2.size())

def d_addmv(grad: Tensor, self_size: List[int], mat: Tensor, vec: Tensor, beta: float, alpha: float):
    return _sum_to(grad * beta, self_size), grad.unsqueeze(1) * vec.conj() * alpha, mat.t().conj().mv(grad) * alpha

def d_baddbmm(grad: Tensor, self_size: List[int], batch1: Tensor, batch2: Tensor, beta: float, alpha: float):
    return _sum_to(grad * beta, self_size), grad.bmm(batch2.transpose(1, 2).conj()) * alpha, batch1.transpose(1, 2).conj().bmm(grad) * alpha

def d_addbmm(grad: Tensor, self_size: List[int], batch1: Tensor, batch2: Tensor, beta: float, alpha: float):
    g = grad.unsqueeze(0).expand([batch1.size(0), grad.size(0), grad.size(1)])
    return _sum_to(grad * beta, self_size), g.bmm(batch2.transpose(1, 2).conj()) * alpha, batch1.transpose(1, 2).conj().bmm(g) * alpha

def d_outer(grad: Tensor, self: Tensor, vec2: Tensor):
    return grad.mv(vec2.conj()), grad.t().mv(self.conj())

def d_trace(grad: Tensor, self_size: List[int]):
    return torch.eye(self_size[0], self_size[1], dtype=grad.dtype, device=grad.device) * grad

def d_tril(grad: Tensor, diagonal: int):
    return grad.tril(diagonal)

def d_triu(grad: Tensor, diagonal: int):
    return grad.triu(diagonal)

def d_diagonal(grad: Tensor, self_size: List[int], offset: int, dim1: int, dim2: int):
    return _zeros(self_size, grad).diagonal_scatter(grad, offset, dim1, dim2)

def d_diagonal_scatter(grad: Tensor, src: Tensor, offset: int, dim1: int, dim2: int):
    return grad.diagonal_scatter(torch.zeros_like(src), offset, dim1, dim2), grad.diagonal(offset, dim1, dim2)

def d_diag(grad: Tensor, self_size: List[int], diagonal: int):
    if len(self_size) == 1:
        return grad.diagonal(diagonal)
    return _zeros(self_size, grad).diagonal_scatter(grad, diagonal)

def d_diag_embed(grad: Tensor, offset: int, dim1: int, dim2: int):
    return grad.diagonal(offset, dim1, dim2)

def d_movedim_int(grad: Tensor, source: int, destination: int):
    return grad.movedim(destination, source)

def d_movedim_intlist(grad: Tensor, source: List[int], destination: List[int]):
    return grad.movedim(destination, source)

def d_swapaxes(grad: Tensor, axis0: int, axis1: int):
    return grad.transpose(axis0, axis1)

def d_swapdims(grad: Tensor, dim0: int, dim1: int):
    return grad.transpose(dim0, dim1)

def d_fliplr(grad: Tensor):
    return grad.fliplr()

def d_flipud(grad: Tensor):
    return grad.flipud()

def d_div_mode(grad: Tensor, self: Tensor, other: Tensor, rounding_mode: Optional[str]):
    if rounding_mode is not None:
        return torch.zeros_like(self), torch.zeros_like(other)
    return _sum_to(grad / other, self.size()), _sum_to(-grad * self / (other * other), other.size())

def d_div_Scalar_mode(grad: Tensor, other: float, rounding_mode: Optional[str]):
    if rounding_mode is not None:
        return torch.zeros_like(grad)
    return grad / other

def d_clamp_Tensor(grad: Tensor, self: Tensor, min: Optional[Tensor], max: Optional[Tensor]):
    gs = grad
    gmin: Optional[Tensor] = None
    gmax: Optional[Tensor] = None
    if min is not None:
        below = self < min
        if max is not None:
            below = below & (min <= max)
        gs = gs.masked_fill(below, 0.0)
        gmin = _sum_to(grad * below.to(grad.dtype), min.size())
    if max is not None:
        above = (self > max)
        if min is not None:
            above = above | (min > max)
        gs = gs.masked_fill(above, 0.0)
        gmax = _sum_to(grad * above.to(grad.dtype), max.size())
    return gs, gmin, gmax

def d_clamp_min_Tensor(grad: Tensor, self: Tensor, min: Tensor):
    below = self < min
    return _sum_to(grad.masked_fill(below, 0.0), self.size()), _sum_to(grad * below.to(grad.dtype), min.size())

def d_clamp_max_Tensor(grad: Tensor, self: Tensor, max: Tensor):
    above = self > max
    return _sum_to(grad.masked_fill(above, 0.0), self.size()), _sum_to(grad * above.to(grad.dtype), max.size())

def d_where_ScalarOther(grad: Tensor, condition: Tensor, self_size: List[int]):
    return None, _sum_to(grad.masked_fill(condition.logical_not(), 0.0), self_size)

def d_where_ScalarSelf(grad: Tensor, condition: Tensor, other_size: List[int]):
    return None, _sum_to(grad.masked_fill(condition, 0.0), other_size)

def d_asin(grad: Tensor, self: Tensor):
    return grad / (1.0 - self * self).sqrt().conj()

def d_acos(grad: Tensor, self: Tensor):
    return -grad / (1.0 - self * self).sqrt().conj()

def d_atan(grad: Tensor, self: Tensor):
    return grad / (1.0 + self * self).conj()

def d_sinh(grad: Tensor, self: Tensor):
    return grad * self.cosh().conj()

def d_cosh(grad: Tensor, self: Tensor):
    return grad * self.sinh().conj()

def d_asinh(grad: Tensor, self: Tensor):
    return grad / (self * self + 1.0).sqrt().conj()

def d_acosh(grad: Tensor, self: Tensor):
    return grad / (self * self - 1.0).sqrt().conj()

def d_atanh(grad: Tensor, self: Tensor):
    return grad / (1.0 - self * self).conj()

def d_erfc(grad: Tensor, self: Tensor):
    return grad * -1.1283791670955126 * torch.exp(-(self * self))

def d_erfinv(grad: Tensor, result: Tensor):
    return grad * 0.886226925452758 * torch.exp(result * result)

def d_exp2(grad: Tensor, result: Tensor):
    return grad * result * 0.6931471805599453

def d_lgamma(grad: Tensor, self: Tensor):
    return grad * torch.digamma(self)

def d_digamma(grad: Tensor, self: Tensor):
    return grad * torch.polygamma(1, self)

def d_polygamma(grad: Tensor, n: int, self: Tensor):
    return grad * torch.polygamma(n + 1, self)

def d_logit(grad: Tensor, self: Tensor, eps: Optional[float]):
    g = grad / (self * (1.0 - self))
    if eps is None:
        return g
    return g.masked_fill((self < eps) | (self > 1.0 - eps), 0.0)

def d_sinc(grad: Tensor, self: Tensor):
    px = self * 3.141592653589793
    d = (px.cos() * px - px.sin()) / (px * self)
    return grad * d.masked_fill(self == 0, 0.0)

def d_deg2rad(grad: Tensor):
    return grad * 0.017453292519943295

def d_rad2deg(grad: Tensor):
    return grad * 57.29577951308232

def d_hypot(grad: Tensor, self: Tensor, other: Tensor, result: Tensor):
    return _sum_to(grad * self / result, self.size()), _sum_to(grad * other / result, other.size())

def d_xlogy_Tensor(grad: Tensor, self: Tensor, other: Tensor):
    # log(other), except 0 where self is 0 and the log is not finite (PyTorch's masking).
    d = torch.where((self == 0.0) & (other <= 0.0), torch.zeros_like(other), torch.log(other))
    gs = grad * d
    return _sum_to(gs, self.size()), _sum_to(grad * self / other, other.size())

def d_logaddexp(grad: Tensor, self: Tensor, other: Tensor):
    return _sum_to(grad * torch.sigmoid(self - other), self.size()), _sum_to(grad * torch.sigmoid(other - self), other.size())

def d_logaddexp2(grad: Tensor, self: Tensor, other: Tensor):
    return _sum_to(grad / (1.0 + torch.pow(2.0, other - self)), self.size()), _sum_to(grad / (1.0 + torch.pow(2.0, self - other)), other.size())

def d_celu(grad: Tensor, self: Tensor, alpha: float):
    return torch.where(self > 0, grad, grad * torch.exp(self / alpha))

def d_selu(grad: Tensor, self: Tensor):
    scale = 1.0507009873554805
    return torch.where(self > 0, grad * scale, grad * (scale * 1.6732632423543772) * torch.exp(self))

def d_mish(grad: Tensor, self: Tensor):
    t = torch.tanh(torch.nn.functional.softplus(self))
    return grad * (t + self * torch.sigmoid(self) * (1.0 - t * t))

def d_hardswish(grad: Tensor, self: Tensor):
    mid = grad * (self / 3.0 + 0.5)
    return torch.where(self < -3.0, torch.zeros_like(grad), torch.where(self <= 3.0, mid, grad))

def d_hardsigmoid(grad: Tensor, self: Tensor):
    return (grad / 6.0).masked_fill((self <= -3.0) | (self >= 3.0), 0.0)

def d_shrink(grad: Tensor, self: Tensor, lambd: float):
    return grad.masked_fill((self >= -lambd) & (self <= lambd), 0.0)

def d_threshold(grad: Tensor, self: Tensor, threshold: float):
    return grad.masked_fill(self <= threshold, 0.0)

def d_glu(grad: Tensor, self: Tensor, dim: int):
    n = self.size(dim) // 2
    a = self.narrow(dim, 0, n)
    sb = torch.sigmoid(self.narrow(dim, n, n))
    return torch.cat([grad * sb, grad * a * sb * (1.0 - sb)], dim)

def d_prelu(grad: Tensor, self: Tensor, weight: Tensor):
    w = weight
    if weight.numel() > 1 and self.dim() >= 2:
        shape = [1] * self.dim()
        shape[1] = weight.numel()
        w = weight.reshape(shape)
    pos = self > 0
    gs = torch.where(pos, grad, grad * w)
    gw = (grad * self).masked_fill(pos, 0.0)
    if weight.numel() == 1:
        return gs, gw.sum().reshape(weight.size())
    dims: List[int] = [0]
    for i in range(2, self.dim()):
        dims.append(i)
    return gs, gw.sum(dims, False).reshape(weight.size())

def d_nan_to_num(grad: Tensor, self: Tensor):
    return grad.masked_fill(torch.isfinite(self).logical_not(), 0.0)

def _norm_backward(grad: Tensor, self: Tensor, p: float, dim: Optional[List[int]], keepdim: bool, result: Tensor) -> Tensor:
    size = self.size()
    g = _restore_dims(grad, dim, size, keepdim)
    r = _restore_dims(result, dim, size, keepdim)
    if p == 0.0:
        return torch.zeros_like(self)
    if p == 1.0:
        return g * self.sign()
    if p == 2.0:
        return (g * self / r).masked_fill(r == 0, 0.0)
    if p == float("inf") or p == float("-inf"):
        mask = (self.abs() == r).to(self.dtype)
        return g * self.sign() * mask / mask.sum(_reduced_dims(dim, len(size)), True)
    d = self * self.abs().pow(p - 2.0) / r.pow(p - 1.0)
    d = d.masked_fill(r == 0, 0.0)
    if p < 2.0:
        d = d.masked_fill(self == 0, 0.0)
    return g * d

def d_linalg_vector_norm(grad: Tensor, self: Tensor, ord: float, dim: Optional[List[int]], keepdim: bool, result: Tensor):
    return _norm_backward(grad, self, ord, dim, keepdim, result)

def d_norm_Scalar(grad: Tensor, self: Tensor, p: float, result: Tensor):
    return _norm_backward(grad, self, p, None, False, result)

def d_norm_ScalarOpt_dim(grad: Tensor, self: Tensor, p: Optional[float], dim: List[int], keepdim: bool, result: Tensor):
    q = 2.0
    if p is not None:
        q = p
    return _norm_backward(grad, self, q, dim, keepdim, result)

def d_norm_ScalarOpt_dtype(grad: Tensor, self: Tensor, p: Optional[float], result: Tensor):
    q = 2.0
    if p is not None:
        q = p
    return _norm_backward(grad, self, q, None, False, result)

def d_frobenius_norm(grad: Tensor, self: Tensor, result: Tensor):
    return _norm_backward(grad, self, 2.0, None, False, result)

def d_frobenius_norm_dim(grad: Tensor, self: Tensor, dim: List[int], keepdim: bool, result: Tensor):
    return _norm_backward(grad, self, 2.0, dim, keepdim, result)
)TS";

}  // namespace ember::autograd
