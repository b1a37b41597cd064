// The decompositions (decompositions.h), in TorchScript: `c_<op>_<overload>` computes
// `aten::<op>.<overload>` from ops that have derivative formulas, and runs in place of the kernel
// when an input requires grad. Indices and other values that carry no gradient are computed under
// no_grad (the kernel itself, which then runs without recording), the values from them with
// differentiable ops (gather, index_select, slices), so the gradient flows as PyTorch's does.
#include "runtime/autograd/decompositions.h"

namespace ember::autograd {

const char* const kDecompositionsSource = R"TS(
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
# Upsampling, one spatial dim at a time: nearest picks source indices (index_select), linear
# blends the two neighbours with PyTorch's source coordinates (its opmath precision: float32 for
# float32 inputs).
def _upsample(input: Tensor, n: int, output_size: Optional[List[int]], scales: List[Optional[float]], linear: bool, align_corners: bool) -> Tensor:
    x = input
    cdtype = torch.float64
    if input.dtype != torch.float64:
        cdtype = torch.float32
    for i in range(n):
        d = input.dim() - n + i
        L = input.size(d)
        sc = scales[i]
        if output_size is not None:
            O = output_size[i]
        else:
            assert sc is not None
            O = int(math.floor(float(L) * sc))
        shape = [1] * (input.dim() - d)
        shape[0] = O
        pos = torch.arange(O, dtype=cdtype, device=input.device)
        if not linear:
            if sc is not None:
                scale = 1.0 / sc
            else:
                scale = float(L) / float(O)
            src = (pos * torch.tensor(scale, dtype=torch.float32)).floor().to(torch.long).clamp_max(L - 1)
            x = x.index_select(d, src)
            continue
        if align_corners:
            scale = 0.0
            if O > 1:
                scale = float(L - 1) / float(O - 1)
            src = pos * scale
        else:
            if sc is not None:
                scale = 1.0 / sc
            else:
                scale = float(L) / float(O)
            src = ((pos + 0.5) * scale - 0.5).clamp_min(0.0)
        i0 = src.to(torch.long)
        l1 = (src - i0.to(cdtype)).clamp(0.0, 1.0)
        i1 = (i0 + 1).clamp_max(L - 1)
        l1 = l1.to(input.dtype).reshape(shape)
        x = x.index_select(d, i0) * (1.0 - l1) + x.index_select(d, i1) * l1
    return x

def _scales_of(scale_factors: Optional[List[float]], n: int) -> List[Optional[float]]:
    out: List[Optional[float]] = []
    for i in range(n):
        if scale_factors is None:
            out.append(None)
        else:
            out.append(scale_factors[i])
    return out

def c_upsample_nearest1d(self: Tensor, output_size: List[int], scales: Optional[float]):
    return _upsample(self, 1, output_size, [scales], False, False)

def c_upsample_nearest2d(self: Tensor, output_size: List[int], scales_h: Optional[float], scales_w: Optional[float]):
    return _upsample(self, 2, output_size, [scales_h, scales_w], False, False)

def c_upsample_nearest3d(self: Tensor, output_size: List[int], scales_d: Optional[float], scales_h: Optional[float], scales_w: Optional[float]):
    return _upsample(self, 3, output_size, [scales_d, scales_h, scales_w], False, False)

def c_upsample_nearest_vec(input: Tensor, output_size: Optional[List[int]], scale_factors: Optional[List[float]]):
    n = input.dim() - 2
    return _upsample(input, n, output_size, _scales_of(scale_factors, n), False, False)

def c_upsample_linear1d(self: Tensor, output_size: List[int], align_corners: bool, scales: Optional[float]):
    return _upsample(self, 1, output_size, [scales], True, align_corners)

def c_upsample_bilinear2d(self: Tensor, output_size: List[int], align_corners: bool, scales_h: Optional[float], scales_w: Optional[float]):
    return _upsample(self, 2, output_size, [scales_h, scales_w], True, align_corners)

def c_upsample_trilinear3d(self: Tensor, output_size: List[int], align_corners: bool, scales_d: Optional[float], scales_h: Optional[float], scales_w: Optional[float]):
    return _upsample(self, 3, output_size, [scales_d, scales_h, scales_w], True, align_corners)

def c_upsample_linear_vec(input: Tensor, output_size: Optional[List[int]], align_corners: bool, scale_factors: Optional[List[float]]):
    n = input.dim() - 2
    return _upsample(input, n, output_size, _scales_of(scale_factors, n), True, align_corners)
# Shape, stacking and small linear algebra composites.

def _atleast(t: Tensor, n: int) -> Tensor:
    if t.dim() >= n:
        return t
    if n == 1:
        return t.reshape([1])
    if n == 2:
        if t.dim() == 0:
            return t.reshape([1, 1])
        return t.unsqueeze(0)
    if t.dim() == 0:
        return t.reshape([1, 1, 1])
    if t.dim() == 1:
        return t.unsqueeze(0).unsqueeze(-1)
    return t.unsqueeze(-1)

def _atleast_all(tensors: List[Tensor], n: int) -> List[Tensor]:
    out: List[Tensor] = []
    for t in tensors:
        out.append(_atleast(t, n))
    return out

def c_atleast_1d(self: Tensor):
    return _atleast(self, 1)

def c_atleast_2d(self: Tensor):
    return _atleast(self, 2)

def c_atleast_3d(self: Tensor):
    return _atleast(self, 3)

def c_atleast_1d_Sequence(tensors: List[Tensor]):
    return _atleast_all(tensors, 1)

def c_atleast_2d_Sequence(tensors: List[Tensor]):
    return _atleast_all(tensors, 2)

def c_atleast_3d_Sequence(tensors: List[Tensor]):
    return _atleast_all(tensors, 3)

def c_concat(tensors: List[Tensor], dim: int):
    return torch.cat(tensors, dim)

def c_hstack(tensors: List[Tensor]):
    ts = _atleast_all(tensors, 1)
    if ts[0].dim() == 1:
        return torch.cat(ts, 0)
    return torch.cat(ts, 1)

def c_vstack(tensors: List[Tensor]):
    return torch.cat(_atleast_all(tensors, 2), 0)

def c_dstack(tensors: List[Tensor]):
    return torch.cat(_atleast_all(tensors, 3), 2)

def c_column_stack(tensors: List[Tensor]):
    ts: List[Tensor] = []
    for t in tensors:
        if t.dim() <= 1:
            ts.append(t.reshape([t.numel(), 1]))
        else:
            ts.append(t)
    return torch.cat(ts, 1)

def c_broadcast_to(self: Tensor, size: List[int]):
    return self.expand(size)

def c_mT(self: Tensor):
    return self.transpose(-2, -1)

def c_mH(self: Tensor):
    return self.transpose(-2, -1).conj()

def c_numpy_T(self: Tensor):
    dims: List[int] = []
    for i in range(self.dim()):
        dims.append(self.dim() - 1 - i)
    return self.permute(dims)

def c_linalg_matmul(self: Tensor, other: Tensor):
    return self.matmul(other)

def c_linalg_diagonal(A: Tensor, offset: int, dim1: int, dim2: int):
    return A.diagonal(offset, dim1, dim2)

def c_linalg_vecdot(x: Tensor, y: Tensor, dim: int):
    return (x * y).sum(dim)

def c_vdot(self: Tensor, other: Tensor):
    return (self.conj() * other).sum()

def c_chain_matmul(matrices: List[Tensor]):
    out = matrices[0]
    for i in range(1, len(matrices)):
        out = out.matmul(matrices[i])
    return out

def c_inner(self: Tensor, other: Tensor):
    if self.dim() == 0 or other.dim() == 0:
        return self * other
    k = self.size(-1)
    out = self.reshape([-1, k]).matmul(other.reshape([-1, k]).t())
    shape: List[int] = []
    for i in range(self.dim() - 1):
        shape.append(self.size(i))
    for i in range(other.dim() - 1):
        shape.append(other.size(i))
    return out.reshape(shape)

def _cross(self: Tensor, other: Tensor, dim: int) -> Tensor:
    return self.roll(-1, dim) * other.roll(-2, dim) - self.roll(-2, dim) * other.roll(-1, dim)

def c_cross(self: Tensor, other: Tensor, dim: Optional[int]):
    d = 0
    if dim is not None:
        d = dim
    else:
        while self.size(d) != 3:
            d += 1
    return _cross(self, other, d)

def c_linalg_cross(self: Tensor, other: Tensor, dim: int):
    return _cross(self, other, dim)

def c_diff(self: Tensor, n: int, dim: int, prepend: Optional[Tensor], append: Optional[Tensor]):
    x = self
    if prepend is not None or append is not None:
        parts: List[Tensor] = []
        if prepend is not None:
            parts.append(prepend)
        parts.append(self)
        if append is not None:
            parts.append(append)
        x = torch.cat(parts, dim)
    for i in range(n):
        L = x.size(dim)
        if L == 0:
            break
        x = x.narrow(dim, 1, L - 1) - x.narrow(dim, 0, L - 1)
    return x

def c_diagflat(self: Tensor, offset: int):
    return torch.diag(self.reshape([-1]), offset)

def c_float_power_Tensor_Tensor(self: Tensor, exponent: Tensor):
    return self.to(torch.float64).pow(exponent.to(torch.float64))

def c_float_power_Tensor_Scalar(self: Tensor, exponent: float):
    return self.to(torch.float64).pow(exponent)

def c_float_power_Scalar(self: float, exponent: Tensor):
    return torch.pow(self, exponent.to(torch.float64))

def c_bilinear(input1: Tensor, input2: Tensor, weight: Tensor, bias: Optional[Tensor]):
    O = weight.size(0)
    I1 = weight.size(1)
    I2 = weight.size(2)
    tmp = input1.matmul(weight.permute([1, 0, 2]).reshape([I1, O * I2]))
    shape: List[int] = []
    for i in range(input1.dim() - 1):
        shape.append(input1.size(i))
    shape.append(O)
    shape.append(I2)
    y = (tmp.reshape(shape) * input2.unsqueeze(-2)).sum(-1)
    if bias is not None:
        y = y + bias
    return y

def c_block_diag(tensors: List[Tensor]):
    mats: List[Tensor] = []
    cols = 0
    for t in tensors:
        m = t
        if t.dim() == 0:
            m = t.reshape([1, 1])
        elif t.dim() == 1:
            m = t.unsqueeze(0)
        mats.append(m)
        cols += m.size(1)
    rows: List[Tensor] = []
    left = 0
    for m in mats:
        rows.append(torch.constant_pad_nd(m, [left, cols - left - m.size(1)], 0.0))
        left += m.size(1)
    return torch.cat(rows, 0)

def c_nansum(self: Tensor, dim: Optional[List[int]], keepdim: bool, dtype: Optional[int]):
    x = self.masked_fill(self.isnan(), 0.0)
    if dim is None:
        dims: List[int] = []
        for i in range(self.dim()):
            dims.append(i)
        return x.sum(dims, keepdim)
    return x.sum(dim, keepdim)

def c_nanmean(self: Tensor, dim: Optional[List[int]], keepdim: bool, dtype: Optional[int]):
    valid = self.isnan().logical_not().to(self.dtype)
    dims: List[int] = []
    if dim is None:
        for i in range(self.dim()):
            dims.append(i)
    else:
        dims = dim
    return self.masked_fill(self.isnan(), 0.0).sum(dims, keepdim) / valid.sum(dims, keepdim)

def c_std_mean(self: Tensor, unbiased: bool):
    return torch.std(self, unbiased), torch.mean(self)

def c_std_mean_dim(self: Tensor, dim: Optional[List[int]], unbiased: bool, keepdim: bool):
    return torch.std(self, dim, unbiased, keepdim), torch.mean(self, dim, keepdim)

def c_std_mean_correction(self: Tensor, dim: Optional[List[int]], correction: Optional[int], keepdim: bool):
    return torch.std(self, dim, correction=correction, keepdim=keepdim), torch.mean(self, dim, keepdim)

def c_var_mean(self: Tensor, unbiased: bool):
    return torch.var(self, unbiased), torch.mean(self)

def c_var_mean_dim(self: Tensor, dim: Optional[List[int]], unbiased: bool, keepdim: bool):
    return torch.var(self, dim, unbiased, keepdim), torch.mean(self, dim, keepdim)

def c_var_mean_correction(self: Tensor, dim: Optional[List[int]], correction: Optional[int], keepdim: bool):
    return torch.var(self, dim, correction=correction, keepdim=keepdim), torch.mean(self, dim, keepdim)

def c_take(self: Tensor, index: Tensor):
    return self.reshape([-1]).index_select(0, index.reshape([-1])).reshape(index.size())

def c_take_along_dim(self: Tensor, indices: Tensor, dim: Optional[int]):
    if dim is None:
        return self.reshape([-1]).gather(0, indices.reshape([-1]))
    d = _dim_of(dim, self.dim())
    xs: List[int] = []
    ys: List[int] = []
    for i in range(self.dim()):
        m = max(self.size(i), indices.size(i))
        xs.append(self.size(i) if i == d else m)
        ys.append(indices.size(i) if i == d else m)
    return self.expand(xs).gather(d, indices.expand(ys))

def c_pixel_shuffle(self: Tensor, upscale_factor: int):
    r = upscale_factor
    n = self.dim()
    C = self.size(n - 3) // (r * r)
    H = self.size(n - 2)
    W = self.size(n - 1)
    lead: List[int] = []
    for i in range(n - 3):
        lead.append(self.size(i))
    x = self.reshape(lead + [C, r, r, H, W])
    b = len(lead)
    perm: List[int] = []
    for i in range(b):
        perm.append(i)
    x = x.permute(perm + [b, b + 3, b + 1, b + 4, b + 2])
    return x.reshape(lead + [C, H * r, W * r])

def c_pixel_unshuffle(self: Tensor, downscale_factor: int):
    r = downscale_factor
    n = self.dim()
    C = self.size(n - 3)
    H = self.size(n - 2) // r
    W = self.size(n - 1) // r
    lead: List[int] = []
    for i in range(n - 3):
        lead.append(self.size(i))
    x = self.reshape(lead + [C, H, r, W, r])
    b = len(lead)
    perm: List[int] = []
    for i in range(b):
        perm.append(i)
    x = x.permute(perm + [b, b + 2, b + 4, b + 1, b + 3])
    return x.reshape(lead + [C * r * r, H, W])

def c_channel_shuffle(self: Tensor, groups: int):
    N = self.size(0)
    C = self.size(1)
    rest: List[int] = []
    for i in range(2, self.dim()):
        rest.append(self.size(i))
    return self.reshape([N, groups, C // groups] + rest).transpose(1, 2).reshape(self.size())

def c_aminmax(self: Tensor, dim: Optional[int], keepdim: bool):
    dims: List[int] = []
    if dim is None:
        for i in range(self.dim()):
            dims.append(i)
    else:
        dims.append(dim)
    return self.amin(dims, keepdim), self.amax(dims, keepdim)
def c_fmax(self: Tensor, other: Tensor):
    return torch.where((self >= other) | other.isnan(), self, other)

def c_fmin(self: Tensor, other: Tensor):
    return torch.where((self <= other) | other.isnan(), self, other)

def c_kron(self: Tensor, other: Tensor):
    n = max(self.dim(), other.dim())
    a = self.reshape([1] * (n - self.dim()) + self.size())
    b = other.reshape([1] * (n - other.dim()) + other.size())
    sa: List[int] = []
    sb: List[int] = []
    out: List[int] = []
    for i in range(n):
        sa.append(a.size(i))
        sa.append(1)
        sb.append(1)
        sb.append(b.size(i))
        out.append(a.size(i) * b.size(i))
    return (a.reshape(sa) * b.reshape(sb)).reshape(out)

def c_repeat_interleave_self_int(self: Tensor, repeats: int, dim: Optional[int], output_size: Optional[int]):
    x = self
    d = 0
    if dim is None:
        x = self.reshape([-1])
    else:
        d = _dim_of(dim, self.dim())
    with torch.no_grad():
        idx = torch.arange(x.size(d), device=self.device).repeat_interleave(repeats)
    return x.index_select(d, idx)

def c_repeat_interleave_self_Tensor(self: Tensor, repeats: Tensor, dim: Optional[int], output_size: Optional[int]):
    x = self
    d = 0
    if dim is None:
        x = self.reshape([-1])
    else:
        d = _dim_of(dim, self.dim())
    with torch.no_grad():
        idx = torch.arange(x.size(d), device=self.device).repeat_interleave(repeats)
    return x.index_select(d, idx)

def c_cdist(x1: Tensor, x2: Tensor, p: float, compute_mode: Optional[int]):
    diff = x1.unsqueeze(-2) - x2.unsqueeze(-3)
    return torch.linalg.vector_norm(diff, p, [-1])
# Convolutions with string padding: "valid" is no padding, "same" pads d*(k-1) in total per
# spatial dim, half on each side and the odd one on the right (as PyTorch does).
def _conv_padding_mode(input: Tensor, weight: Tensor, bias: Optional[Tensor], stride: List[int], padding: str, dilation: List[int], groups: int) -> Tensor:
    nd = weight.dim() - 2
    dl = _expand_param(dilation, nd)
    zero = [0] * nd
    if padding == "valid":
        return torch.convolution(input, weight, bias, _expand_param(stride, nd), zero, dl, False, zero, groups)
    if padding != "same":
        raise RuntimeError("Invalid padding string: '" + padding + "'")
    sym: List[int] = []
    extra = [0] * (2 * nd)
    odd = False
    for i in range(nd):
        total = dl[i] * (weight.size(2 + i) - 1)
        sym.append(total // 2)
        if total % 2 == 1:
            odd = True
            extra[2 * (nd - 1 - i) + 1] = 1
    x = input
    if odd:
        x = torch.constant_pad_nd(input, extra, 0.0)
    return torch.convolution(x, weight, bias, _expand_param(stride, nd), sym, dl, False, zero, groups)

def c_conv_padding(input: Tensor, weight: Tensor, bias: Optional[Tensor], stride: List[int], padding: str, dilation: List[int], groups: int):
    return _conv_padding_mode(input, weight, bias, stride, padding, dilation, groups)
def c_tensordot(self: Tensor, other: Tensor, dims_self: List[int], dims_other: List[int]):
    cs: List[int] = []
    co: List[int] = []
    for d in dims_self:
        cs.append(_dim_of(d, self.dim()))
    for d in dims_other:
        co.append(_dim_of(d, other.dim()))
    fs: List[int] = []
    fo: List[int] = []
    shape: List[int] = []
    k = 1
    for d in cs:
        k *= self.size(d)
    for i in range(self.dim()):
        if i not in cs:
            fs.append(i)
            shape.append(self.size(i))
    for i in range(other.dim()):
        if i not in co:
            fo.append(i)
            shape.append(other.size(i))
    a = self.permute(fs + cs).reshape([-1, k])
    b = other.permute(co + fo).reshape([k, -1])
    return a.mm(b).reshape(shape)
)TS";

}  // namespace ember::autograd
