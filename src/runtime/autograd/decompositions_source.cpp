// The decompositions (decompositions.h), in TorchScript: `c_<op>_<overload>` computes
// `aten::<op>.<overload>` from ops that have derivative formulas, and runs in place of the kernel
// when an input requires grad. Indices and other values that carry no gradient are computed under
// no_grad (the kernel itself, which then runs without recording), the values from them with
// differentiable ops (gather, index_select, slices), so the gradient flows as PyTorch's does.
#include "runtime/autograd/decompositions.h"

namespace ember::autograd {

const char* const kDecompositionsSource = R"TS(
def _dim_of(dim: int, ndim: int) -> int:
    if dim < 0:
        return dim + ndim
    return dim

def _expand_param(v: List[int], n: int) -> List[int]:
    if len(v) == n:
        return v
    out: List[int] = []
    for i in range(n):
        out.append(v[0])
    return out

def _reduce(loss: Tensor, reduction: int) -> Tensor:
    if reduction == 1:
        return loss.mean()
    if reduction == 2:
        return loss.sum()
    return loss

# Values picked by indices the kernel computed (no gradient flows into the indices).

def c_sort(self: Tensor, dim: int, descending: bool):
    with torch.no_grad():
        values, indices = torch.sort(self, dim, descending)
    return self.gather(dim, indices), indices

def c_sort_stable(self: Tensor, stable: Optional[bool], dim: int, descending: bool):
    with torch.no_grad():
        values, indices = torch.sort(self, stable=stable, dim=dim, descending=descending)
    return self.gather(dim, indices), indices

def c_topk(self: Tensor, k: int, dim: int, largest: bool, sorted: bool):
    with torch.no_grad():
        values, indices = torch.topk(self, k, dim, largest, sorted)
    return self.gather(dim, indices), indices

def _pick_keepdim(self: Tensor, dim: int, keepdim: bool, indices: Tensor):
    if self.dim() == 0:
        return self, indices
    idx = indices
    if not keepdim:
        idx = indices.unsqueeze(dim)
    values = self.gather(dim, idx)
    if not keepdim:
        values = values.squeeze(dim)
    return values, indices

def c_kthvalue(self: Tensor, k: int, dim: int, keepdim: bool):
    with torch.no_grad():
        v, indices = torch.kthvalue(self, k, dim, keepdim)
    return _pick_keepdim(self, dim, keepdim, indices)

def c_median_dim(self: Tensor, dim: int, keepdim: bool):
    with torch.no_grad():
        v, indices = torch.median(self, dim, keepdim)
    return _pick_keepdim(self, dim, keepdim, indices)

def c_nanmedian_dim(self: Tensor, dim: int, keepdim: bool):
    with torch.no_grad():
        v, indices = torch.nanmedian(self, dim, keepdim)
    return _pick_keepdim(self, dim, keepdim, indices)

def c_mode(self: Tensor, dim: int, keepdim: bool):
    with torch.no_grad():
        v, indices = torch.mode(self, dim, keepdim)
    return _pick_keepdim(self, dim, keepdim, indices)

def c_median(self: Tensor):
    flat = self.reshape([-1])
    with torch.no_grad():
        v, i = torch.median(flat, 0, True)
    return flat.gather(0, i).reshape([])

def c_nanmedian(self: Tensor):
    flat = self.reshape([-1])
    with torch.no_grad():
        v, i = torch.nanmedian(flat, 0, True)
    return flat.gather(0, i).reshape([])

def c_cummax(self: Tensor, dim: int):
    with torch.no_grad():
        v, indices = torch.cummax(self, dim)
    if self.dim() == 0:
        return self, indices
    return self.gather(dim, indices), indices

def c_cummin(self: Tensor, dim: int):
    with torch.no_grad():
        v, indices = torch.cummin(self, dim)
    if self.dim() == 0:
        return self, indices
    return self.gather(dim, indices), indices

# Max pools: the kernel's indices run over the flattened spatial dims of each channel.
def _gather_spatial(self: Tensor, indices: Tensor, n: int) -> Tensor:
    start = self.dim() - n
    return self.flatten(start).gather(-1, indices.flatten(start)).reshape(indices.size())

def c_max_pool1d_with_indices(self: Tensor, kernel_size: List[int], stride: List[int], padding: List[int], dilation: List[int], ceil_mode: bool):
    with torch.no_grad():
        v, indices = torch.max_pool1d_with_indices(self, kernel_size, stride, padding, dilation, ceil_mode)
    return _gather_spatial(self, indices, 1), indices

def c_max_pool1d(self: Tensor, kernel_size: List[int], stride: List[int], padding: List[int], dilation: List[int], ceil_mode: bool):
    with torch.no_grad():
        v, indices = torch.max_pool1d_with_indices(self, kernel_size, stride, padding, dilation, ceil_mode)
    return _gather_spatial(self, indices, 1)

def c_max_pool2d_with_indices(self: Tensor, kernel_size: List[int], stride: List[int], padding: List[int], dilation: List[int], ceil_mode: bool):
    with torch.no_grad():
        v, indices = torch.max_pool2d_with_indices(self, kernel_size, stride, padding, dilation, ceil_mode)
    return _gather_spatial(self, indices, 2), indices

def c_max_pool3d_with_indices(self: Tensor, kernel_size: List[int], stride: List[int], padding: List[int], dilation: List[int], ceil_mode: bool):
    with torch.no_grad():
        v, indices = torch.max_pool3d_with_indices(self, kernel_size, stride, padding, dilation, ceil_mode)
    return _gather_spatial(self, indices, 3), indices

def c_max_pool3d(self: Tensor, kernel_size: List[int], stride: List[int], padding: List[int], dilation: List[int], ceil_mode: bool):
    with torch.no_grad():
        v, indices = torch.max_pool3d_with_indices(self, kernel_size, stride, padding, dilation, ceil_mode)
    return _gather_spatial(self, indices, 3)

def c_adaptive_max_pool1d(self: Tensor, output_size: List[int]):
    with torch.no_grad():
        v, indices = torch.adaptive_max_pool1d(self, output_size)
    return _gather_spatial(self, indices, 1), indices

def c_adaptive_max_pool2d(self: Tensor, output_size: List[int]):
    with torch.no_grad():
        v, indices = torch.ops.aten.adaptive_max_pool2d(self, output_size)
    return _gather_spatial(self, indices, 2), indices

def c_adaptive_max_pool3d(self: Tensor, output_size: List[int]):
    with torch.no_grad():
        v, indices = torch.ops.aten.adaptive_max_pool3d(self, output_size)
    return _gather_spatial(self, indices, 3), indices

# Average pools, one spatial dim at a time (the window sums and divisors are separable): the
# input padded with zeros, the k strided slices summed, divided by PyTorch's window sizes.
def _avg_pool(self: Tensor, n: int, kernel_size: List[int], stride: List[int], padding: List[int], ceil_mode: bool, count_include_pad: bool, divisor_override: Optional[int]) -> Tensor:
    k = _expand_param(kernel_size, n)
    s = k
    if len(stride) > 0:
        s = _expand_param(stride, n)
    p = _expand_param(padding, n)
    x = self
    divisor = torch.ones([1], dtype=self.dtype, device=self.device)
    for i in range(n):
        d = self.dim() - n + i
        L = self.size(d)
        extra = 0
        if ceil_mode:
            extra = s[i] - 1
        O = (L + 2 * p[i] - k[i] + extra) // s[i] + 1
        if ceil_mode and (O - 1) * s[i] >= L + p[i]:
            O -= 1
        right = (O - 1) * s[i] + k[i] - L - p[i]
        if right < 0:
            right = 0
        pad = [0] * (2 * (self.dim() - d))
        pad[len(pad) - 2] = p[i]
        pad[len(pad) - 1] = right
        xp = torch.constant_pad_nd(x, pad, 0.0)
        acc = xp.slice(d, 0, (O - 1) * s[i] + 1, s[i])
        for j in range(1, k[i]):
            acc = acc + xp.slice(d, j, j + (O - 1) * s[i] + 1, s[i])
        x = acc
        counts: List[float] = []
        for o in range(O):
            start = o * s[i] - p[i]
            end = min(start + k[i], L + p[i])
            if not count_include_pad:
                start = max(start, 0)
                end = min(end, L)
            counts.append(float(end - start))
        shape = [1] * (self.dim() - d)
        shape[0] = O
        divisor = divisor * torch.tensor(counts, dtype=self.dtype, device=self.device).reshape(shape)
    if divisor_override is not None:
        return x / float(divisor_override)
    return x / divisor

def c_avg_pool1d(self: Tensor, kernel_size: List[int], stride: List[int], padding: List[int], ceil_mode: bool, count_include_pad: bool):
    return _avg_pool(self, 1, kernel_size, stride, padding, ceil_mode, count_include_pad, None)

def c_avg_pool2d(self: Tensor, kernel_size: List[int], stride: List[int], padding: List[int], ceil_mode: bool, count_include_pad: bool, divisor_override: Optional[int]):
    return _avg_pool(self, 2, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)

def c_avg_pool3d(self: Tensor, kernel_size: List[int], stride: List[int], padding: List[int], ceil_mode: bool, count_include_pad: bool, divisor_override: Optional[int]):
    return _avg_pool(self, 3, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)

def _adaptive_avg_pool(self: Tensor, output_size: List[int]) -> Tensor:
    n = len(output_size)
    x = self
    for i in range(n):
        d = self.dim() - n + i
        L = self.size(d)
        O = output_size[i]
        pieces: List[Tensor] = []
        for o in range(O):
            start = (o * L) // O
            end = ((o + 1) * L + O - 1) // O
            pieces.append(x.narrow(d, start, end - start).mean([d], True))
        x = torch.cat(pieces, d)
    return x

def c_adaptive_avg_pool1d(self: Tensor, output_size: List[int]):
    return _adaptive_avg_pool(self, output_size)

def c_adaptive_avg_pool3d(self: Tensor, output_size: List[int]):
    return _adaptive_avg_pool(self, output_size)

# Padding modes other than constant: an index_select per padded dim.
def _pad_indices(self: Tensor, pad: List[int], mode: int) -> Tensor:
    x = self
    for i in range(len(pad) // 2):
        d = self.dim() - 1 - i
        L = self.size(d)
        left = pad[2 * i]
        right = pad[2 * i + 1]
        idx: List[int] = []
        for j in range(-left, L + right):
            if mode == 1:
                r = j
                if r < 0:
                    r = -r
                if r >= L:
                    r = 2 * (L - 1) - r
                idx.append(r)
            elif mode == 2:
                idx.append(min(max(j, 0), L - 1))
            else:
                idx.append(j % L)
        x = x.index_select(d, torch.tensor(idx, dtype=torch.long, device=self.device))
    return x

def c_pad(self: Tensor, pad: List[int], mode: str, value: Optional[float]):
    if mode == "constant":
        v = 0.0
        if value is not None:
            v = value
        return torch.constant_pad_nd(self, pad, v)
    if mode == "reflect":
        return _pad_indices(self, pad, 1)
    if mode == "replicate":
        return _pad_indices(self, pad, 2)
    if mode == "circular":
        return _pad_indices(self, pad, 3)
    raise RuntimeError("Unrecognised padding mode " + mode)

def c__pad_enum(self: Tensor, pad: List[int], mode: int, value: Optional[float]):
    if mode == 0:
        v = 0.0
        if value is not None:
            v = value
        return torch.constant_pad_nd(self, pad, v)
    return _pad_indices(self, pad, mode)

def c__pad_circular(self: Tensor, pad: List[int]):
    return _pad_indices(self, pad, 3)

def c_reflection_pad(self: Tensor, padding: List[int]):
    return _pad_indices(self, padding, 1)

def c_replication_pad(self: Tensor, padding: List[int]):
    return _pad_indices(self, padding, 2)

# Losses.

def c_l1_loss(self: Tensor, target: Tensor, reduction: int):
    return _reduce((self - target).abs(), reduction)

def c_smooth_l1_loss(self: Tensor, target: Tensor, reduction: int, beta: float):
    d = self - target
    ad = d.abs()
    if beta == 0.0:
        return _reduce(ad, reduction)
    return _reduce(torch.where(ad < beta, 0.5 * d * d / beta, ad - 0.5 * beta), reduction)

def c_huber_loss(self: Tensor, target: Tensor, reduction: int, delta: float):
    d = self - target
    ad = d.abs()
    return _reduce(torch.where(ad < delta, 0.5 * d * d, delta * (ad - 0.5 * delta)), reduction)

def c_binary_cross_entropy(self: Tensor, target: Tensor, weight: Optional[Tensor], reduction: int):
    loss = -(target * self.log().clamp_min(-100.0) + (1.0 - target) * (1.0 - self).log().clamp_min(-100.0))
    if weight is not None:
        loss = loss * weight
    return _reduce(loss, reduction)

def c_binary_cross_entropy_with_logits(self: Tensor, target: Tensor, weight: Optional[Tensor], pos_weight: Optional[Tensor], reduction: int):
    sp = torch.nn.functional.softplus(-self)
    if pos_weight is not None:
        loss = (1.0 - target) * self + ((pos_weight - 1.0) * target + 1.0) * sp
    else:
        loss = (1.0 - target) * self + sp
    if weight is not None:
        loss = loss * weight
    return _reduce(loss, reduction)

# Normalisations.

def c_group_norm(input: Tensor, num_groups: int, weight: Optional[Tensor], bias: Optional[Tensor], eps: float, cudnn_enabled: bool):
    N = input.size(0)
    C = input.size(1)
    x = input.reshape([N, num_groups, -1])
    xc = x - x.mean([2], True)
    y = (xc * ((xc * xc).mean([2], True) + eps).rsqrt()).reshape(input.size())
    shape = [1] * input.dim()
    shape[1] = C
    if weight is not None:
        y = y * weight.reshape(shape)
    if bias is not None:
        y = y + bias.reshape(shape)
    return y

def c_instance_norm(input: Tensor, weight: Optional[Tensor], bias: Optional[Tensor], running_mean: Optional[Tensor], running_var: Optional[Tensor], use_input_stats: bool, momentum: float, eps: float, cudnn_enabled: bool):
    shape = [1] * input.dim()
    shape[1] = input.size(1)
    if use_input_stats:
        if running_mean is not None or running_var is not None:
            with torch.no_grad():
                torch.instance_norm(input, weight, bias, running_mean, running_var, use_input_stats, momentum, eps, cudnn_enabled)
        dims: List[int] = []
        for i in range(2, input.dim()):
            dims.append(i)
        xc = input - input.mean(dims, True)
        y = xc * ((xc * xc).mean(dims, True) + eps).rsqrt()
    else:
        if running_mean is None or running_var is None:
            raise RuntimeError("Expected running_mean and running_var to be defined when use_input_stats is false")
        y = (input - running_mean.reshape(shape)) * (running_var.reshape(shape) + eps).rsqrt()
    if weight is not None:
        y = y * weight.reshape(shape)
    if bias is not None:
        y = y + bias.reshape(shape)
    return y

# Recurrent layers, unrolled over time. kind: 0 LSTM, 1 GRU, 2 RNN tanh, 3 RNN relu.

def _cell(kind: int, xi: Tensor, h: Tensor, c: Tensor, w_hh: Tensor, b_hh: Optional[Tensor]) -> Tuple[Tensor, Tensor]:
    hh = h.matmul(w_hh.t())
    if b_hh is not None:
        hh = hh + b_hh
    if kind == 0:
        gates = (xi + hh).chunk(4, -1)
        c2 = torch.sigmoid(gates[1]) * c + torch.sigmoid(gates[0]) * torch.tanh(gates[2])
        return torch.sigmoid(gates[3]) * torch.tanh(c2), c2
    if kind == 1:
        gi = xi.chunk(3, -1)
        gh = hh.chunk(3, -1)
        r = torch.sigmoid(gi[0] + gh[0])
        z = torch.sigmoid(gi[1] + gh[1])
        nn = torch.tanh(gi[2] + r * gh[2])
        return (1.0 - z) * nn + z * h, c
    if kind == 2:
        return torch.tanh(xi + hh), c
    return torch.relu(xi + hh), c

def _input_projection(x: Tensor, w_ih: Tensor, b_ih: Optional[Tensor]) -> Tensor:
    xi = x.matmul(w_ih.t())
    if b_ih is not None:
        xi = xi + b_ih
    return xi

def _rnn(kind: int, input: Tensor, h0: Tensor, c0: Tensor, params: List[Tensor], has_biases: bool, num_layers: int, dropout: float, train: bool, bidirectional: bool, batch_first: bool) -> Tuple[Tensor, Tensor, Tensor]:
    batched = input.dim() == 3
    x = input
    hx = h0
    cx = c0
    if not batched:
        x = x.unsqueeze(1)
        hx = hx.unsqueeze(1)
        cx = cx.unsqueeze(1)
    elif batch_first:
        x = x.transpose(0, 1)
    D = 1
    if bidirectional:
        D = 2
    per = 2
    if has_biases:
        per = 4
    proj = len(params) == num_layers * D * (per + 1)
    if proj:
        per += 1
    hs: List[Tensor] = []
    cs: List[Tensor] = []
    T = x.size(0)
    for layer in range(num_layers):
        outs_dir: List[Tensor] = []
        for direction in range(D):
            at = (layer * D + direction) * per
            w_ih = params[at]
            w_hh = params[at + 1]
            b_ih: Optional[Tensor] = None
            b_hh: Optional[Tensor] = None
            if has_biases:
                b_ih = params[at + 2]
                b_hh = params[at + 3]
            xi = _input_projection(x, w_ih, b_ih)
            h = hx[layer * D + direction]
            c = cx[layer * D + direction]
            outs: List[Tensor] = []
            for step in range(T):
                t = step
                if direction == 1:
                    t = T - 1 - step
                h, c = _cell(kind, xi[t], h, c, w_hh, b_hh)
                if proj:
                    h = h.matmul(params[at + per - 1].t())
                outs.append(h)
            if direction == 1:
                outs.reverse()
            outs_dir.append(torch.stack(outs, 0))
            hs.append(h)
            cs.append(c)
        if D == 2:
            x = torch.cat(outs_dir, 2)
        else:
            x = outs_dir[0]
        if dropout > 0.0 and train and layer < num_layers - 1:
            x = torch.dropout(x, dropout, train)
    hn = torch.stack(hs, 0)
    cn = torch.stack(cs, 0)
    if not batched:
        return x.squeeze(1), hn.squeeze(1), cn.squeeze(1)
    if batch_first:
        x = x.transpose(0, 1)
    return x, hn, cn

def c_lstm_input(input: Tensor, hx: List[Tensor], params: List[Tensor], has_biases: bool, num_layers: int, dropout: float, train: bool, bidirectional: bool, batch_first: bool):
    return _rnn(0, input, hx[0], hx[1], params, has_biases, num_layers, dropout, train, bidirectional, batch_first)

def c_gru_input(input: Tensor, hx: Tensor, params: List[Tensor], has_biases: bool, num_layers: int, dropout: float, train: bool, bidirectional: bool, batch_first: bool):
    out, hn, cn = _rnn(1, input, hx, hx, params, has_biases, num_layers, dropout, train, bidirectional, batch_first)
    return out, hn

def c_rnn_tanh_input(input: Tensor, hx: Tensor, params: List[Tensor], has_biases: bool, num_layers: int, dropout: float, train: bool, bidirectional: bool, batch_first: bool):
    out, hn, cn = _rnn(2, input, hx, hx, params, has_biases, num_layers, dropout, train, bidirectional, batch_first)
    return out, hn

def c_rnn_relu_input(input: Tensor, hx: Tensor, params: List[Tensor], has_biases: bool, num_layers: int, dropout: float, train: bool, bidirectional: bool, batch_first: bool):
    out, hn, cn = _rnn(3, input, hx, hx, params, has_biases, num_layers, dropout, train, bidirectional, batch_first)
    return out, hn

def c_lstm_cell(input: Tensor, hx: List[Tensor], w_ih: Tensor, w_hh: Tensor, b_ih: Optional[Tensor], b_hh: Optional[Tensor]):
    return _cell(0, _input_projection(input, w_ih, b_ih), hx[0], hx[1], w_hh, b_hh)

def c_gru_cell(input: Tensor, hx: Tensor, w_ih: Tensor, w_hh: Tensor, b_ih: Optional[Tensor], b_hh: Optional[Tensor]):
    h, c = _cell(1, _input_projection(input, w_ih, b_ih), hx, hx, w_hh, b_hh)
    return h

def c_rnn_tanh_cell(input: Tensor, hx: Tensor, w_ih: Tensor, w_hh: Tensor, b_ih: Optional[Tensor], b_hh: Optional[Tensor]):
    h, c = _cell(2, _input_projection(input, w_ih, b_ih), hx, hx, w_hh, b_hh)
    return h

def c_rnn_relu_cell(input: Tensor, hx: Tensor, w_ih: Tensor, w_hh: Tensor, b_ih: Optional[Tensor], b_hh: Optional[Tensor]):
    h, c = _cell(3, _input_projection(input, w_ih, b_ih), hx, hx, w_hh, b_hh)
    return h

# Distances.

def c_dist(self: Tensor, other: Tensor, p: float):
    return torch.linalg.vector_norm(self - other, p)

def c_pairwise_distance(x1: Tensor, x2: Tensor, p: float, eps: float, keepdim: bool):
    d = max(x1.dim(), x2.dim()) - 1
    return torch.linalg.vector_norm(x1 - x2 + eps, p, [d], keepdim)

def c_cosine_similarity(x1: Tensor, x2: Tensor, dim: int, eps: float):
    n1 = torch.linalg.vector_norm(x1, 2.0, [dim], True)
    n2 = torch.linalg.vector_norm(x2, 2.0, [dim], True)
    return ((x1 / n1.clamp_min(eps)) * (x2 / n2.clamp_min(eps))).sum(dim)
)TS";

}  // namespace ember::autograd
