// Decompositions of further composite ops: segment_reduce, quantile / nanquantile, pdist and the internal distance
// forms, msort, the native_* normalisation forms (with their saved statistics as results), cov
// and corrcoef, the trapezoid rules, meshgrid / cartesian_prod / combinations, Vandermonde
// matrices, tensorinv / tensorsolve, the alpha / feature dropout variants (run as the forward in
// training, so that the mask is drawn once), Householder products (householder_product, orgqr,
// ormqr). Built from ops with formulas, as PyTorch's
// CompositeImplicitAutograd kernels are; index computations run under no_grad.
#include <iterator>

#include "runtime/autograd/decompositions.h"

namespace ember::autograd {

namespace {

constexpr const char* kSource = R"TS(
def _sg_straight(value: Tensor, expr: Tensor) -> Tensor:
    # The kernel's value with the gradient of expr.
    return value + (expr - expr.detach())

def c_segment_reduce(data: Tensor, reduce: str, lengths: Optional[Tensor], indices: Optional[Tensor], offsets: Optional[Tensor], axis: int, unsafe: bool, initial: Optional[float]):
    with torch.no_grad():
        value = torch.segment_reduce(data, reduce, lengths=lengths, indices=indices, offsets=offsets, axis=axis, unsafe=unsafe, initial=initial)
        if lengths is not None:
            lens = lengths
        elif offsets is not None:
            lens = offsets.narrow(-1, 1, offsets.size(-1) - 1) - offsets.narrow(-1, 0, offsets.size(-1) - 1)
        else:
            raise RuntimeError("segment_reduce: the derivative needs lengths or offsets")
        if lens.dim() != 1 or _dim_of(axis, data.dim()) != 0:
            raise RuntimeError("segment_reduce: the derivative is implemented in ember for 1-D lengths along axis 0")
        seg = torch.repeat_interleave(torch.arange(lens.size(0)), lens)
    nseg = lens.size(0)
    size = data.size()
    size[0] = nseg
    if reduce == "sum":
        expr = torch.zeros(size, dtype=data.dtype).index_add(0, seg, data)
    elif reduce == "mean":
        n = lens.clamp_min(1).to(data.dtype)
        shape = [nseg] + [1] * (data.dim() - 1)
        expr = torch.zeros(size, dtype=data.dtype).index_add(0, seg, data) / n.reshape(shape)
    elif reduce == "max" or reduce == "min":
        eq = (data == value.index_select(0, seg)).to(data.dtype)
        cnt = torch.zeros(size, dtype=data.dtype).index_add(0, seg, eq).clamp_min(1.0)
        expr = torch.zeros(size, dtype=data.dtype).index_add(0, seg, data * eq / cnt.index_select(0, seg))
    elif reduce == "prod":
        shape = [-1] + [1] * (data.dim() - 1)
        idx = seg.reshape(shape).expand(data.size())
        expr = torch.ones(size, dtype=data.dtype).scatter_reduce(0, idx, data, "prod")
        if initial is not None:
            expr = expr * initial
    else:
        raise RuntimeError("segment_reduce: unknown reduction " + reduce)
    return _sg_straight(value, expr)

def _pd_pairs(n: int) -> Tensor:
    with torch.no_grad():
        idx = torch.triu_indices(n, n, 1)
    return idx

def c_pdist(self: Tensor, p: float):
    idx = _pd_pairs(self.size(0))
    diff = self.index_select(0, idx[0]) - self.index_select(0, idx[1])
    return torch.linalg.vector_norm(diff, p, [-1])

def c_cdist_forward(x1: Tensor, x2: Tensor, p: float, compute_mode: Optional[int]):
    return torch.linalg.vector_norm(x1.unsqueeze(-2) - x2.unsqueeze(-3), p, [-1])

def c_euclidean_dist(x1: Tensor, x2: Tensor):
    return torch.linalg.vector_norm(x1.unsqueeze(-2) - x2.unsqueeze(-3), 2.0, [-1])

def c_msort(self: Tensor):
    with torch.no_grad():
        values, indices = torch.sort(self, 0)
    return self.gather(0, indices)

def c_native_layer_norm(input: Tensor, normalized_shape: List[int], weight: Optional[Tensor], bias: Optional[Tensor], eps: float):
    n = len(normalized_shape)
    dims: List[int] = []
    for i in range(input.dim() - n, input.dim()):
        dims.append(i)
    # The saved statistics carry no gradient (PyTorch marks them non-differentiable).
    with torch.no_grad():
        mean = input.mean(dims, True)
        rstd = torch.rsqrt(input.var(dims, False, True) + eps)
    return torch.layer_norm(input, normalized_shape, weight, bias, eps), mean, rstd

def c_native_group_norm(input: Tensor, weight: Optional[Tensor], bias: Optional[Tensor], N: int, C: int, HxW: int, group: int, eps: float):
    with torch.no_grad():
        x = input.reshape([N, group, -1])
        mean = x.mean([2])
        rstd = torch.rsqrt(x.var([2], False) + eps)
    return torch.group_norm(input, group, weight, bias, eps), mean, rstd

def c_native_batch_norm(input: Tensor, weight: Optional[Tensor], bias: Optional[Tensor], running_mean: Optional[Tensor], running_var: Optional[Tensor], training: bool, momentum: float, eps: float):
    dims: List[int] = [0]
    for i in range(2, input.dim()):
        dims.append(i)
    if training:
        # Statistics of the batch; the running ones are not touched again here.
        out = torch.batch_norm(input, weight, bias, None, None, True, momentum, eps, False)
        with torch.no_grad():
            mean = input.mean(dims)
            invstd = torch.rsqrt(input.var(dims, False) + eps)
        return out, mean, invstd
    out = torch.batch_norm(input, weight, bias, running_mean, running_var, False, momentum, eps, False)
    empty = torch.zeros([0], dtype=input.dtype)
    return out, empty, empty

def c_cov(self: Tensor, correction: int, fweights: Optional[Tensor], aweights: Optional[Tensor]):
    x = self
    if x.dim() < 2:
        x = x.reshape([1, -1])
    n = x.size(1)
    w = torch.ones([n], dtype=x.dtype)
    if fweights is not None:
        w = w * fweights.to(x.dtype)
    if aweights is not None:
        w = w * aweights
    w_sum = w.sum()
    avg = (x * w).sum(1) / w_sum
    if aweights is None:
        fact = w_sum - correction
    else:
        fact = w_sum - correction * (w * aweights).sum() / w_sum
    fact = fact.clamp_min(0.0)
    xm = x - avg.unsqueeze(1)
    c = (xm * w).matmul(xm.mT) / fact
    if self.dim() < 2:
        return c.reshape([])
    return c

def c_corrcoef(self: Tensor):
    c = c_cov(self, 1, None, None)
    if c.dim() == 0:
        return c / c
    d = c.diagonal()
    s = torch.sqrt(d)
    c = c / s.unsqueeze(1) / s.unsqueeze(0)
    return c.clamp(-1.0, 1.0)

def _tz_pair_sums(y: Tensor, d: int) -> Tensor:
    n = y.size(d)
    return y.narrow(d, 1, n - 1) + y.narrow(d, 0, n - 1)

def c_trapezoid_dx(y: Tensor, dx: float, dim: int):
    d = _dim_of(dim, y.dim())
    if y.size(d) == 0:
        return y.sum(d)
    return _tz_pair_sums(y, d).sum(d) * (dx / 2.0)

# The spacings x[i+1] - x[i] along dim, shaped to broadcast against y's pair sums.
def _tz_spacings(y: Tensor, x: Tensor, d: int, dim: int):
    xd = _dim_of(dim, x.dim()) if x.dim() > 1 else 0
    n = x.size(xd)
    dx = x.narrow(xd, 1, n - 1) - x.narrow(xd, 0, n - 1)
    if x.dim() == 1 and y.dim() > 1:
        shape = [1] * y.dim()
        shape[d] = n - 1
        dx = dx.reshape(shape)
    return dx

def c_trapezoid_x(y: Tensor, x: Tensor, dim: int):
    d = _dim_of(dim, y.dim())
    if y.size(d) == 0:
        return y.sum(d)
    return (_tz_pair_sums(y, d) * _tz_spacings(y, x, d, dim)).sum(d) / 2.0

def c_cumulative_trapezoid_dx(y: Tensor, dx: float, dim: int):
    d = _dim_of(dim, y.dim())
    return (_tz_pair_sums(y, d) * (dx / 2.0)).cumsum(d)

def c_cumulative_trapezoid_x(y: Tensor, x: Tensor, dim: int):
    d = _dim_of(dim, y.dim())
    return (_tz_pair_sums(y, d) * _tz_spacings(y, x, d, dim) / 2.0).cumsum(d)

def _mg(tensors: List[Tensor], indexing: str) -> List[Tensor]:
    ts: List[Tensor] = []
    for t in tensors:
        ts.append(t.reshape([-1]))
    swap = indexing == "xy" and len(ts) >= 2
    if swap:
        first = ts[0]
        ts[0] = ts[1]
        ts[1] = first
    size: List[int] = []
    for t in ts:
        size.append(t.size(0))
    out: List[Tensor] = []
    for i in range(len(ts)):
        shape = [1] * len(ts)
        shape[i] = -1
        out.append(ts[i].reshape(shape).expand(size))
    if swap:
        first = out[0]
        out[0] = out[1]
        out[1] = first
    return out

def c_meshgrid(tensors: List[Tensor]):
    return _mg(tensors, "ij")

def c_meshgrid_indexing(tensors: List[Tensor], indexing: str):
    return _mg(tensors, indexing)

def c_cartesian_prod(tensors: List[Tensor]):
    if len(tensors) == 1:
        return tensors[0]
    grids = _mg(tensors, "ij")
    flat: List[Tensor] = []
    for g in grids:
        flat.append(g.reshape([-1]))
    return torch.stack(flat, 1)

def c_combinations(self: Tensor, r: int, with_replacement: bool):
    with torch.no_grad():
        idx = torch.combinations(torch.arange(self.size(0)), r, with_replacement)
    if idx.numel() == 0:
        return self.index_select(0, idx.reshape([-1])).reshape(idx.size())
    return self.index_select(0, idx.reshape([-1])).reshape(idx.size())

def _vander_cols(x: Tensor, n: int) -> Tensor:
    # Columns x^0 .. x^(n-1) by cumulative products, as PyTorch builds them.
    if n == 0:
        return torch.zeros(x.size() + [0], dtype=x.dtype)
    ones = torch.ones(x.size() + [1], dtype=x.dtype)
    if n == 1:
        return ones
    rep = x.unsqueeze(-1).expand(x.size() + [n - 1])
    return torch.cat([ones, rep.cumprod(-1)], -1)

def c_vander(x: Tensor, N: Optional[int], increasing: bool):
    n = x.size(0) if N is None else N
    v = _vander_cols(x, n)
    if not increasing:
        v = v.flip([-1])
    return v

def c_linalg_vander(x: Tensor, N: Optional[int]):
    n = x.size(-1) if N is None else N
    return _vander_cols(x, n)

def c_linalg_tensorinv(self: Tensor, ind: int):
    out_shape = self.size()[ind:] + self.size()[:ind]
    rows = 1
    for s in self.size()[:ind]:
        rows = rows * s
    return torch.linalg.inv(self.reshape([rows, -1])).reshape(out_shape)

def c_linalg_tensorsolve(self: Tensor, other: Tensor, dims: Optional[List[int]]):
    A = self
    if dims is not None:
        nd = A.dim()
        keep: List[int] = []
        moved: List[int] = []
        for d in dims:
            moved.append(_dim_of(d, nd))
        for i in range(nd):
            if i not in moved:
                keep.append(i)
        A = A.permute(keep + moved)
    rest = A.size()[other.dim():]
    n = other.numel()
    return torch.linalg.solve(A.reshape([n, -1]), other.reshape([-1])).reshape(rest)

def c__embedding_bag(weight: Tensor, indices: Tensor, offsets: Tensor, scale_grad_by_freq: bool, mode: int, sparse: bool, per_sample_weights: Optional[Tensor], include_last_offset: bool, padding_idx: int):
    pidx: Optional[int] = None
    if padding_idx >= 0:
        pidx = padding_idx
    return c_embedding_bag_padding_idx(weight, indices, offsets, scale_grad_by_freq, mode, sparse, per_sample_weights, include_last_offset, pidx)

def _dropout_factors(input: Tensor, p: float, alpha: bool, feature: bool) -> Tuple[Tensor, Optional[Tensor]]:
    # PyTorch's scheme, for 0 < p < 1: a Bernoulli(1 - p) mask per element (per channel for the
    # feature forms), scaled by 1 / (1 - p), or for alpha dropout affinely so that mean and
    # variance are kept: the input is multiplied by the scale, then the shift (alpha) is added.
    shape = input.size()
    if feature:
        shape = [input.size(0), input.size(1)] + [1] * (input.dim() - 2)
    with torch.no_grad():
        noise = torch.empty(shape, dtype=input.dtype).bernoulli_(1.0 - p)
    if not alpha:
        return noise / (1.0 - p), None
    a = 1.0 / math.sqrt((1.7580993408473766 * 1.7580993408473766 * p + 1.0) * (1.0 - p))
    b = (noise - 1.0) * (1.7580993408473766 * a) + 1.7580993408473766 * a * p
    return noise * a, b

def _dropout_variant(input: Tensor, p: float, train: bool, alpha: bool, feature: bool) -> Tensor:
    if p == 0.0 or not train or input.numel() == 0:
        return input
    if p == 1.0:
        return input * torch.zeros([], dtype=input.dtype)
    scale, shift = _dropout_factors(input, p, alpha, feature)
    if shift is None:
        return input * scale
    return input * scale + shift

def _quantile(self: Tensor, q: Tensor, dim: Optional[int], keepdim: bool, interpolation: str, ignore_nan: bool) -> Tensor:
    # Sorted values (order found under no_grad) interpolated between the two ranks around
    # q * (count - 1), so the gradient goes to those two elements with the interpolation weights.
    x = self
    d = 0
    if dim is None:
        x = x.reshape([-1])
    else:
        d = _dim_of(dim, x.dim())
    with torch.no_grad():
        order = torch.sort(x, d)[1]
    s = x.gather(d, order).movedim(d, -1)
    n = s.size(-1)
    with torch.no_grad():
        if ignore_nan:
            cnt = (~torch.isnan(s)).sum(-1, keepdim=True).to(x.dtype)
        else:
            cnt = torch.full(s.size()[:-1] + [1], float(n), dtype=x.dtype)
    # q keeps its gradient through the interpolation weight, as in PyTorch.
    rank = (cnt - 1.0).clamp_min(0.0) * q.to(x.dtype).reshape([-1])
    with torch.no_grad():
        lo = torch.floor(rank)
        hi = torch.ceil(rank)
    w = rank - lo
    with torch.no_grad():
        if interpolation == "lower":
            hi = lo
        elif interpolation == "higher":
            lo = hi
        elif interpolation == "nearest":
            lo = torch.round(rank)
            hi = lo
        lo_i = lo.to(torch.long)
        hi_i = hi.to(torch.long)
    if interpolation == "midpoint":
        w = torch.full_like(rank, 0.5)
    out = torch.lerp(s.gather(-1, lo_i), s.gather(-1, hi_i), w).movedim(-1, 0)
    if keepdim:
        if dim is None:
            out = out.reshape([out.size(0)] + [1] * self.dim())
        else:
            out = out.unsqueeze(d + 1)
    if q.dim() == 0:
        out = out.squeeze(0)
    return out

def c_quantile(self: Tensor, q: Tensor, dim: Optional[int], keepdim: bool, interpolation: str):
    return _quantile(self, q, dim, keepdim, interpolation, False)

def c_quantile_scalar(self: Tensor, q: float, dim: Optional[int], keepdim: bool, interpolation: str):
    return _quantile(self, torch.full([], q, dtype=self.dtype), dim, keepdim, interpolation, False)

def c_nanquantile(self: Tensor, q: Tensor, dim: Optional[int], keepdim: bool, interpolation: str):
    return _quantile(self, q, dim, keepdim, interpolation, True)

def c_nanquantile_scalar(self: Tensor, q: float, dim: Optional[int], keepdim: bool, interpolation: str):
    return _quantile(self, torch.full([], q, dtype=self.dtype), dim, keepdim, interpolation, True)

def c_alpha_dropout(input: Tensor, p: float, train: bool):
    return _dropout_variant(input, p, train, True, False)

def c_feature_dropout(input: Tensor, p: float, train: bool):
    return _dropout_variant(input, p, train, False, True)

def c_feature_alpha_dropout(input: Tensor, p: float, train: bool):
    return _dropout_variant(input, p, train, True, True)
# Householder products (householder_product / orgqr, ormqr): Q = H_0 H_1 ... H_{k-1} with
# H_i = I - tau_i v_i v_i^H, v_i = e_i + (input's column i below row i). The kernel's value, with
# the gradient of the reflectors applied one by one.
def _hh_apply(input: Tensor, tau: Tensor, C: Tensor, left: bool, transpose: bool) -> Tensor:
    m = input.size(-2)
    k = tau.size(-1)
    real_dtype = torch.real(input).dtype
    rows = torch.arange(m).unsqueeze(-1)
    order = list(range(k))
    if left != transpose:
        order.reverse()
    for i in order:
        below = (rows > i).to(real_dtype)
        v = input.narrow(-1, i, 1) * below + (rows == i).to(real_dtype)
        vh = v.transpose(-2, -1).conj()
        t = tau.narrow(-1, i, 1).unsqueeze(-1)
        if transpose:
            t = t.conj()
        if left:
            C = C - t * v.matmul(vh.matmul(C))
        else:
            C = C - t * C.matmul(v).matmul(vh)
    return C

def c_linalg_householder_product(input: Tensor, tau: Tensor):
    with torch.no_grad():
        value = torch.linalg.householder_product(input, tau)
    eye = torch.eye(input.size(-2), input.size(-1), dtype=torch.real(input).dtype).to(input.dtype)
    return _sg_straight(value, _hh_apply(input, tau, eye, True, False))

def c_orgqr(self: Tensor, input2: Tensor):
    return c_linalg_householder_product(self, input2)

def c_ormqr(self: Tensor, input2: Tensor, input3: Tensor, left: bool, transpose: bool):
    with torch.no_grad():
        value = torch.ormqr(self, input2, input3, left, transpose)
    return _sg_straight(value, _hh_apply(self, input2, input3, left, transpose))
)TS";

const std::pair<const char*, const char*> kOps[] = {
    {"aten::segment_reduce", "c_segment_reduce"},
    {"aten::pdist", "c_pdist"},
    {"aten::_pdist_forward", "c_pdist"},
    {"aten::_cdist_forward", "c_cdist_forward"},
    {"aten::_euclidean_dist", "c_euclidean_dist"},
    {"aten::msort", "c_msort"},
    {"aten::native_layer_norm", "c_native_layer_norm"},
    {"aten::native_group_norm", "c_native_group_norm"},
    {"aten::native_batch_norm", "c_native_batch_norm"},
    {"aten::cov", "c_cov"},
    {"aten::corrcoef", "c_corrcoef"},
    {"aten::trapezoid.dx", "c_trapezoid_dx"},
    {"aten::trapezoid.x", "c_trapezoid_x"},
    {"aten::trapz.dx", "c_trapezoid_dx"},
    {"aten::trapz.x", "c_trapezoid_x"},
    {"aten::cumulative_trapezoid.dx", "c_cumulative_trapezoid_dx"},
    {"aten::cumulative_trapezoid.x", "c_cumulative_trapezoid_x"},
    {"aten::meshgrid", "c_meshgrid"},
    {"aten::meshgrid.indexing", "c_meshgrid_indexing"},
    {"aten::cartesian_prod", "c_cartesian_prod"},
    {"aten::combinations", "c_combinations"},
    {"aten::vander", "c_vander"},
    {"aten::linalg_vander", "c_linalg_vander"},
    {"aten::linalg_tensorinv", "c_linalg_tensorinv"},
    {"aten::linalg_tensorsolve", "c_linalg_tensorsolve"},
    {"aten::_embedding_bag", "c__embedding_bag"},
    {"aten::_embedding_bag_forward_only", "c__embedding_bag"},
    {"aten::_adaptive_avg_pool3d", "c_adaptive_avg_pool3d"},
    {"aten::native_channel_shuffle", "c_channel_shuffle"},
    {"aten::quantile", "c_quantile"},
    {"aten::quantile.scalar", "c_quantile_scalar"},
    {"aten::nanquantile", "c_nanquantile"},
    {"aten::nanquantile.scalar", "c_nanquantile_scalar"},
    {"aten::alpha_dropout", "c_alpha_dropout"},
    {"aten::feature_dropout", "c_feature_dropout"},
    {"aten::feature_alpha_dropout", "c_feature_alpha_dropout"},
    {"aten::linalg_householder_product", "c_linalg_householder_product"},
    {"aten::orgqr", "c_orgqr"},
    {"aten::ormqr", "c_ormqr"},
};

}  // namespace

const DecompositionShard kCompositeDecompositions{kSource, kOps, std::size(kOps)};

}  // namespace ember::autograd
