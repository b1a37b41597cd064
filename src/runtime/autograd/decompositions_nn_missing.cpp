// Decompositions of the NN operators PyTorch archives (and the functional library) call directly
// (src/runtime/ops/aten_nn_missing*_ops.cpp): grid sampling as gathers of the input weighted by
// the interpolation weights (so gradients reach both the input and the grid), affine grids as a
// matmul of the base grid, im2col / col2im as strided slices, CTC as the forward recursion in
// log space, the losses as the pointwise expressions PyTorch's kernels evaluate, fractional max
// pooling as a gather at the kernel's indices, antialiased resampling as products with its
// weight matrices, the convolution spellings as aten::convolution, max unpooling as a scatter,
// and the weight-norm, masked-softmax, trilinear and attention compositions. The kernels still
// give the forward values.
#include <iterator>

#include "runtime/autograd/decompositions.h"

namespace ember::autograd {

namespace {

constexpr const char* kSource = R"TS(
def _nnm_unnormalize(coord: Tensor, size: int, align_corners: bool) -> Tensor:
    if align_corners:
        return (coord + 1) / 2 * (size - 1)
    return ((coord + 1) * size - 1) / 2

def _nnm_reflect(coord: Tensor, twice_low: int, twice_high: int) -> Tensor:
    if twice_low == twice_high:
        return torch.zeros_like(coord)
    low = twice_low / 2
    span = (twice_high - twice_low) / 2
    distance = (coord - low).abs()
    # fmod has no derivative formula: its value on the detached distance, plus the distance's own
    # gradient (d fmod(x, c) / dx = 1); the flip count is piecewise constant.
    held = distance.detach()
    extra = torch.fmod(held, span) + (distance - held)
    flips = torch.floor(held / span)
    return torch.where(torch.fmod(flips, 2) == 0, extra + low, span - extra + low)

def _nnm_pad_coord(coord: Tensor, size: int, padding_mode: int, align_corners: bool) -> Tensor:
    if padding_mode == 1:
        coord = coord.clamp(0, size - 1)
    elif padding_mode == 2:
        if align_corners:
            coord = _nnm_reflect(coord, 0, 2 * (size - 1))
        else:
            coord = _nnm_reflect(coord, -1, 2 * size - 1)
        coord = coord.clamp(0, size - 1)
    return coord

def _nnm_source_coord(coord: Tensor, size: int, padding_mode: int, align_corners: bool) -> Tensor:
    return _nnm_pad_coord(_nnm_unnormalize(coord, size, align_corners), size, padding_mode, align_corners)

def _nnm_pixels(input: Tensor, y: Tensor, x: Tensor) -> Tensor:
    n = input.size(0)
    c = input.size(1)
    h = input.size(2)
    w = input.size(3)
    inside = (x >= 0) & (x < w) & (y >= 0) & (y < h)
    index = (y.clamp(0, h - 1) * w + x.clamp(0, w - 1)).to(torch.long).reshape([n, 1, -1]).expand([n, c, -1])
    values = input.reshape([n, c, h * w]).gather(2, index)
    return values * inside.reshape([n, 1, -1]).to(input.dtype)

def _nnm_cubic_weights(t: Tensor) -> List[Tensor]:
    a = -0.75
    x1 = t + 1
    w0 = ((a * x1 - 5 * a) * x1 + 8 * a) * x1 - 4 * a
    w1 = ((a + 2) * t - (a + 3)) * t * t + 1
    x2 = 1 - t
    w2 = ((a + 2) * x2 - (a + 3)) * x2 * x2 + 1
    x3 = 2 - t
    w3 = ((a * x3 - 5 * a) * x3 + 8 * a) * x3 - 4 * a
    return [w0, w1, w2, w3]

def _nnm_voxels(input: Tensor, z: Tensor, y: Tensor, x: Tensor) -> Tensor:
    n = input.size(0)
    c = input.size(1)
    d = input.size(2)
    h = input.size(3)
    w = input.size(4)
    inside = (x >= 0) & (x < w) & (y >= 0) & (y < h) & (z >= 0) & (z < d)
    flat = (z.clamp(0, d - 1) * h + y.clamp(0, h - 1)) * w + x.clamp(0, w - 1)
    index = flat.to(torch.long).reshape([n, 1, -1]).expand([n, c, -1])
    values = input.reshape([n, c, d * h * w]).gather(2, index)
    return values * inside.reshape([n, 1, -1]).to(input.dtype)

def _nnm_grid_line(steps: int, align_corners: bool, like: Tensor) -> Tensor:
    if steps <= 1:
        return torch.zeros([steps], dtype=like.dtype, device=like.device)
    line = torch.linspace(-1.0, 1.0, steps, dtype=like.dtype, device=like.device)
    if not align_corners:
        line = line * (steps - 1) / steps
    return line

def _nnm_im2col(input: Tensor, kernel_size: List[int], dilation: List[int], padding: List[int],
            stride: List[int]) -> Tensor:
    batched = input.dim() == 4
    x = input
    if not batched:
        x = x.unsqueeze(0)
    x = torch.constant_pad_nd(x, [padding[1], padding[1], padding[0], padding[0]], 0.0)
    n = x.size(0)
    c = x.size(1)
    out_h = (x.size(2) - dilation[0] * (kernel_size[0] - 1) - 1) // stride[0] + 1
    out_w = (x.size(3) - dilation[1] * (kernel_size[1] - 1) - 1) // stride[1] + 1
    blocks = torch.jit.annotate(List[Tensor], [])
    for i in range(kernel_size[0]):
        for j in range(kernel_size[1]):
            top = i * dilation[0]
            left = j * dilation[1]
            patch = x[:, :, top:top + stride[0] * (out_h - 1) + 1:stride[0],
                      left:left + stride[1] * (out_w - 1) + 1:stride[1]]
            blocks.append(patch.reshape([n, c, 1, out_h * out_w]))
    cols = torch.cat(blocks, 2).reshape([n, c * kernel_size[0] * kernel_size[1], out_h * out_w])
    if not batched:
        cols = cols.squeeze(0)
    return cols

def _nnm_ctc_target_matrix(targets: Tensor, target_lengths: List[int]) -> Tensor:
    if targets.dim() == 2:
        return targets
    longest = 0
    for length in target_lengths:
        longest = max(longest, length)
    rows = torch.jit.annotate(List[Tensor], [])
    start = 0
    for length in target_lengths:
        row = targets[start:start + length]
        rows.append(torch.constant_pad_nd(row, [0, longest - length], 0))
        start += length
    return torch.stack(rows)

def _nnm_grid_2d(input: Tensor, grid: Tensor, mode: int, padding_mode: int, corners: bool) -> Tensor:
    h = input.size(2)
    w = input.size(3)
    out_shape = [input.size(0), input.size(1), grid.size(1), grid.size(2)]
    if mode == 2:
        # Taps are padded one by one (the coordinate itself is not clipped).
        x = _nnm_unnormalize(grid[..., 0], w, corners)
        y = _nnm_unnormalize(grid[..., 1], h, corners)
        x0 = torch.floor(x)
        y0 = torch.floor(y)
        wx = _nnm_cubic_weights(x - x0)
        wy = _nnm_cubic_weights(y - y0)
        out = torch.zeros(out_shape, dtype=input.dtype, device=input.device)
        for i in range(4):
            row = torch.zeros(out_shape, dtype=input.dtype, device=input.device)
            ty = y0 - 1 + i
            for j in range(4):
                tx = x0 - 1 + j
                tap = _nnm_pixels(input, _nnm_pad_coord(ty, h, padding_mode, corners),
                              _nnm_pad_coord(tx, w, padding_mode, corners))
                row = row + tap.reshape(out_shape) * wx[j].unsqueeze(1)
            out = out + row * wy[i].unsqueeze(1)
        return out
    x = _nnm_source_coord(grid[..., 0], w, padding_mode, corners)
    y = _nnm_source_coord(grid[..., 1], h, padding_mode, corners)
    if mode == 1:
        return _nnm_pixels(input, torch.round(y), torch.round(x)).reshape(out_shape)
    x0 = torch.floor(x)
    y0 = torch.floor(y)
    fx = (x - x0).unsqueeze(1)
    fy = (y - y0).unsqueeze(1)
    top = _nnm_pixels(input, y0, x0).reshape(out_shape) * (1 - fx) + _nnm_pixels(input, y0, x0 + 1).reshape(out_shape) * fx
    bottom = _nnm_pixels(input, y0 + 1, x0).reshape(out_shape) * (1 - fx) + \
        _nnm_pixels(input, y0 + 1, x0 + 1).reshape(out_shape) * fx
    return top * (1 - fy) + bottom * fy

def _nnm_grid_3d(input: Tensor, grid: Tensor, mode: int, padding_mode: int, corners: bool) -> Tensor:
    out_shape = [input.size(0), input.size(1), grid.size(1), grid.size(2), grid.size(3)]
    x = _nnm_source_coord(grid[..., 0], input.size(4), padding_mode, corners)
    y = _nnm_source_coord(grid[..., 1], input.size(3), padding_mode, corners)
    z = _nnm_source_coord(grid[..., 2], input.size(2), padding_mode, corners)
    if mode == 1:
        return _nnm_voxels(input, torch.round(z), torch.round(y), torch.round(x)).reshape(out_shape)
    x0 = torch.floor(x)
    y0 = torch.floor(y)
    z0 = torch.floor(z)
    fx = (x - x0).unsqueeze(1)
    fy = (y - y0).unsqueeze(1)
    fz = (z - z0).unsqueeze(1)
    out = torch.zeros(out_shape, dtype=input.dtype, device=input.device)
    for dz in range(2):
        wz = fz if dz == 1 else 1 - fz
        for dy in range(2):
            wy = fy if dy == 1 else 1 - fy
            for dx in range(2):
                wx = fx if dx == 1 else 1 - fx
                corner = _nnm_voxels(input, z0 + dz, y0 + dy, x0 + dx).reshape(out_shape)
                out = out + corner * (wz * wy * wx)
    return out

def c_affine_grid_generator(theta: Tensor, size: List[int], align_corners: bool):
    corners = align_corners
    # Homogeneous coordinates (x, y[, z], 1) of every output point, x running along the last dim.
    spatial = size[2:]
    count = 1
    for s in spatial:
        count *= s
    axes = torch.jit.annotate(List[Tensor], [])
    for i in range(len(spatial)):
        d = len(spatial) - 1 - i
        shape = torch.jit.annotate(List[int], [])
        for j in range(len(spatial)):
            shape.append(1)
        shape[d] = spatial[d]
        axes.append(_nnm_grid_line(spatial[d], corners, theta).view(shape).expand(spatial))
    axes.append(torch.ones(spatial, dtype=theta.dtype, device=theta.device))
    base = torch.stack(axes, -1).view([1, count, len(spatial) + 1])
    grid = base.matmul(theta.transpose(1, 2))
    out_shape = [size[0]]
    for s in spatial:
        out_shape.append(s)
    out_shape.append(len(spatial))
    return grid.view(out_shape)

def c_col2im(input: Tensor, output_size: List[int], kernel_size: List[int], dilation: List[int], padding: List[int], stride: List[int]):
    batched = input.dim() == 3
    cols = input
    if not batched:
        cols = cols.unsqueeze(0)
    block = kernel_size[0] * kernel_size[1]
    if cols.size(1) % block != 0:
        raise RuntimeError("Expected size of input's dimension 1 to be divisible by the product of kernel_size, "
                           "but got input.size(1)={} and kernel_size={}".format(cols.size(1), kernel_size))
    n = cols.size(0)
    c = cols.size(1) // block
    padded_h = output_size[0] + 2 * padding[0]
    padded_w = output_size[1] + 2 * padding[1]
    out_h = (padded_h - dilation[0] * (kernel_size[0] - 1) - 1) // stride[0] + 1
    out_w = (padded_w - dilation[1] * (kernel_size[1] - 1) - 1) // stride[1] + 1
    if out_h * out_w != cols.size(2):
        raise RuntimeError("Given output_size={}, kernel_size={}, dilation={}, padding={}, stride={}, expected "
                           "size of input's dimension 2 to match the calculated number of sliding blocks {} * {} = "
                           "{}, but got input.size(2)={}.".format(output_size, kernel_size, dilation, padding,
                                                                  stride, out_h, out_w, out_h * out_w, cols.size(2)))
    cols = cols.reshape([n, c, kernel_size[0], kernel_size[1], out_h, out_w])
    out = torch.zeros([n, c, padded_h, padded_w], dtype=cols.dtype, device=cols.device)
    for i in range(kernel_size[0]):
        for j in range(kernel_size[1]):
            top = i * dilation[0]
            left = j * dilation[1]
            out[:, :, top:top + stride[0] * (out_h - 1) + 1:stride[0],
                left:left + stride[1] * (out_w - 1) + 1:stride[1]] += cols[:, :, i, j]
    out = out[:, :, padding[0]:padding[0] + output_size[0], padding[1]:padding[1] + output_size[1]]
    if not batched:
        out = out.squeeze(0)
    return out

# log(exp(a) + exp(b) + exp(c)) whose gradient stays finite (zero) where all three are -inf: those
# entries are computed from zeros and set to -inf afterwards.
def _nnm_logsumexp3(a: Tensor, b: Tensor, c: Tensor) -> Tensor:
    none = (a == -math.inf) & (b == -math.inf) & (c == -math.inf)
    stacked = torch.stack([a.masked_fill(none, 0.0), b.masked_fill(none, 0.0), c.masked_fill(none, 0.0)])
    return torch.logsumexp(stacked, 0).masked_fill(none, -math.inf)

def _nnm_ctc(log_probs: Tensor, targets: Tensor, in_lengths: List[int], tgt_lengths: List[int], blank: int, enum: int, zero_infinity: bool) -> Tensor:
    batched = log_probs.dim() == 3
    if not batched:
        log_probs = log_probs.unsqueeze(1)
        targets = targets.unsqueeze(0)
    steps = log_probs.size(0)
    n = log_probs.size(1)
    labels = _nnm_ctc_target_matrix(targets, tgt_lengths).to(torch.long)
    width = 2 * labels.size(1) + 1
    # The extended label sequence: blank, l1, blank, l2, ..., blank.
    extended = torch.full([n, width], blank, dtype=torch.long, device=log_probs.device)
    if labels.size(1) > 0:
        extended[:, 1::2] = labels
    # A step may skip a blank between two different labels.
    skip = torch.zeros([n, width], dtype=torch.bool, device=log_probs.device)
    if width > 2:
        skip[:, 2:] = (extended[:, 2:] != blank) & (extended[:, 2:] != extended[:, :-2])
    neg_inf = -math.inf
    alpha = torch.full([n, width], neg_inf, dtype=log_probs.dtype, device=log_probs.device)
    first = log_probs[0].gather(1, extended)
    alpha[:, 0] = first[:, 0]
    if width > 1:
        alpha[:, 1] = first[:, 1]
    lengths = torch.tensor(in_lengths, dtype=torch.long, device=log_probs.device)
    for t in range(1, steps):
        stay = alpha
        advance = torch.constant_pad_nd(alpha[:, :-1], [1, 0], neg_inf)
        jump = torch.constant_pad_nd(alpha[:, :-2], [2, 0], neg_inf).masked_fill(torch.logical_not(skip), neg_inf)
        step = _nnm_logsumexp3(stay, advance, jump) + log_probs[t].gather(1, extended)
        alpha = torch.where((lengths > t).unsqueeze(1), step, alpha)
    losses = torch.jit.annotate(List[Tensor], [])
    for i in range(n):
        end = 2 * tgt_lengths[i]
        if end == 0:
            likelihood = alpha[i, 0]
        else:
            likelihood = _nnm_logsumexp3(alpha[i, end], alpha[i, end - 1], alpha[i, end - 1] * 0 - math.inf)
        losses.append(-likelihood)
    loss = torch.stack(losses)
    if zero_infinity:
        loss = torch.where(loss == math.inf, torch.zeros_like(loss), loss)
    if enum == 1:
        divisor = torch.tensor(tgt_lengths, dtype=loss.dtype, device=loss.device).clamp_min(1)
        return (loss / divisor).mean()
    if enum == 2:
        return loss.sum()
    if not batched:
        return loss.squeeze(0)
    return loss

def c_grid_sampler(input: Tensor, grid: Tensor, interpolation_mode: int, padding_mode: int, align_corners: bool):
    if input.dim() == 5:
        return _nnm_grid_3d(input, grid, interpolation_mode, padding_mode, align_corners)
    return _nnm_grid_2d(input, grid, interpolation_mode, padding_mode, align_corners)

def c_grid_sampler_2d(input: Tensor, grid: Tensor, interpolation_mode: int, padding_mode: int, align_corners: bool):
    return _nnm_grid_2d(input, grid, interpolation_mode, padding_mode, align_corners)

def c_grid_sampler_3d(input: Tensor, grid: Tensor, interpolation_mode: int, padding_mode: int, align_corners: bool):
    return _nnm_grid_3d(input, grid, interpolation_mode, padding_mode, align_corners)

def c_im2col(self: Tensor, kernel_size: List[int], dilation: List[int], padding: List[int], stride: List[int]):
    return _nnm_im2col(self, kernel_size, dilation, padding, stride)

def c_ctc_loss_intlist(log_probs: Tensor, targets: Tensor, input_lengths: List[int], target_lengths: List[int], blank: int, reduction: int, zero_infinity: bool):
    return _nnm_ctc(log_probs, targets, input_lengths, target_lengths, blank, reduction, zero_infinity)

def c_ctc_loss_tensor(log_probs: Tensor, targets: Tensor, input_lengths: Tensor, target_lengths: Tensor, blank: int, reduction: int, zero_infinity: bool):
    in_lengths: List[int] = input_lengths.reshape([-1]).tolist()
    tgt_lengths: List[int] = target_lengths.reshape([-1]).tolist()
    return _nnm_ctc(log_probs, targets, in_lengths, tgt_lengths, blank, reduction, zero_infinity)

def c_kl_div(self: Tensor, target: Tensor, reduction: int, log_target: bool):
    if log_target:
        loss = torch.exp(target) * (target - self)
    else:
        loss = torch.xlogy(target, target) - target * self
    return _reduce(loss, reduction)

def c_margin_ranking_loss(input1: Tensor, input2: Tensor, target: Tensor, margin: float, reduction: int):
    return _reduce((-target * (input1 - input2) + margin).clamp_min(0), reduction)

def c_hinge_embedding_loss(self: Tensor, target: Tensor, margin: float, reduction: int):
    zeros = torch.zeros_like(self)
    beyond_margin = torch.where(target != 1, (margin - self).clamp_min(0), zeros)
    own = torch.where(target != -1, self, zeros)
    return _reduce(beyond_margin + own, reduction)

def c_soft_margin_loss(self: Tensor, target: Tensor, reduction: int):
    return _reduce(torch.log1p(torch.exp(-target * self)), reduction)

def c_cosine_embedding_loss(input1: Tensor, input2: Tensor, target: Tensor, margin: float, reduction: int):
    dim = input1.dim() - 1
    epsilon = 1e-12
    dot = (input1 * input2).sum(dim)
    norms = ((input1 * input1).sum(dim) + epsilon) * ((input2 * input2).sum(dim) + epsilon)
    cos = dot / torch.sqrt(norms)
    zeros = torch.zeros_like(cos)
    positive = torch.where(target == 1, 1 - cos, zeros)
    negative = torch.where(target == -1, (cos - margin).clamp_min(0), zeros)
    return _reduce(positive + negative, reduction)

def c_triplet_margin_loss(anchor: Tensor, positive: Tensor, negative: Tensor, margin: float, p: float, eps: float, swap: bool, reduction: int):
    d_pos = torch.pairwise_distance(anchor, positive, p, eps)
    d_neg = torch.pairwise_distance(anchor, negative, p, eps)
    if swap:
        d_neg = torch.min(d_neg, torch.pairwise_distance(positive, negative, p, eps))
    return _reduce((margin + d_pos - d_neg).clamp_min(0), reduction)

def c_poisson_nll_loss(input: Tensor, target: Tensor, log_input: bool, full: bool, eps: float, reduction: int):
    if log_input:
        loss = torch.exp(input) - target * input
    else:
        loss = input - target * torch.log(input + eps)
    if full:
        stirling = target * torch.log(target) - target + 0.5 * torch.log(2 * math.pi * target)
        loss = loss + stirling.masked_fill(target <= 1, 0)
    return _reduce(loss, reduction)

def c_multi_margin_loss(self: Tensor, target: Tensor, p: float, margin: float, weight: Optional[Tensor], reduction: int):
    x = self
    if x.dim() < 2:
        x = x.reshape([1, -1])
    y = target.reshape([-1, 1])
    classes = x.size(1)
    terms = (margin - x.gather(1, y) + x).clamp_min(0)
    if p == 2:
        terms = terms * terms
    if weight is not None:
        terms = terms * weight.index_select(0, y.reshape([-1])).unsqueeze(1)
    terms = terms.scatter(1, y, 0.0)
    loss = terms.sum(1) / classes
    if self.dim() < 2:
        loss = loss.reshape(target.size())
    return _reduce(loss, reduction)

def c_multilabel_margin_loss(self: Tensor, target: Tensor, reduction: int):
    x = self
    t = target
    if x.dim() < 2:
        x = x.reshape([1, -1])
        t = t.reshape([1, -1])
    classes = x.size(1)
    valid = (t >= 0).to(torch.long).cumprod(1)
    index = t.clamp_min(0)
    is_target = torch.zeros_like(x).scatter_add(1, index, valid.to(x.dtype)) > 0
    target_values = x.gather(1, index)
    terms = (1 - target_values.unsqueeze(2) + x.unsqueeze(1)).clamp_min(0)
    mask = valid.to(torch.bool).unsqueeze(2) & torch.logical_not(is_target).unsqueeze(1)
    loss = (terms * mask.to(x.dtype)).sum([1, 2]) / classes
    if self.dim() < 2:
        loss = loss.reshape(torch.jit.annotate(List[int], []))
    return _reduce(loss, reduction)

# Fractional max pooling: the kernel picks the windows' maxima (under no_grad), the values are
# gathered from the input so that gradients reach the picked elements.
def _nnm_gather_planes(x: Tensor, idx: Tensor, dims: int) -> Tensor:
    lead = x.size()[:x.dim() - dims]
    return x.reshape(lead + [-1]).gather(-1, idx.reshape(lead + [-1])).reshape(idx.size())

def c_fractional_max_pool2d(self: Tensor, kernel_size: List[int], output_size: List[int], random_samples: Tensor):
    with torch.no_grad():
        out, idx = torch.fractional_max_pool2d(self, kernel_size, output_size, random_samples)
    return _nnm_gather_planes(self, idx, 2), idx

def c_fractional_max_pool3d(self: Tensor, kernel_size: List[int], output_size: List[int], random_samples: Tensor):
    with torch.no_grad():
        out, idx = torch.fractional_max_pool3d(self, kernel_size, output_size, random_samples)
    return _nnm_gather_planes(self, idx, 3), idx

# Antialiased resampling is linear along each dim: out = Mh @ x @ Mw^T with the kernel's
# normalised filter weights (a dim whose size does not change is left alone).
def _nnm_aa_matrix(n: int, out_size: int, align_corners: bool, scale: Optional[float], cubic: bool, like: Tensor) -> Tensor:
    s = 0.0
    if align_corners:
        if out_size > 1:
            s = (n - 1) / (out_size - 1)
    elif scale is not None and scale > 0:
        s = 1.0 / scale
    else:
        s = n / out_size
    base = 2.0 if cubic else 1.0
    support = base * s if s >= 1.0 else base
    inv = 1.0 / s if s >= 1.0 else 1.0
    m = torch.zeros([out_size, n], dtype=like.dtype)
    for i in range(out_size):
        center = s * (i + 0.5)
        lo = max(int(center - support + 0.5), 0)
        hi = min(int(center + support + 0.5), n)
        ws: List[float] = []
        total = 0.0
        for j in range(lo, hi):
            x = abs((j - center + 0.5) * inv)
            w = 0.0
            if cubic:
                a = -0.5
                if x < 1.0:
                    w = ((a + 2) * x - (a + 3)) * x * x + 1
                elif x < 2.0:
                    w = ((a * x - 5 * a) * x + 8 * a) * x - 4 * a
            elif x < 1.0:
                w = 1.0 - x
            ws.append(w)
            total += w
        for k in range(len(ws)):
            m[i, lo + k] = ws[k] / total if total != 0.0 else ws[k]
    return m

def _nnm_aa(x: Tensor, output_size: List[int], align_corners: bool, sh: Optional[float], sw: Optional[float], cubic: bool) -> Tensor:
    out = x
    if output_size[1] != x.size(3):
        out = torch.matmul(out, _nnm_aa_matrix(x.size(3), output_size[1], align_corners, sw, cubic, x).t())
    if output_size[0] != x.size(2):
        out = torch.matmul(_nnm_aa_matrix(x.size(2), output_size[0], align_corners, sh, cubic, x), out)
    return out

def _nnm_aa_vec(x: Tensor, output_size: Optional[List[int]], align_corners: bool, scale_factors: Optional[List[float]], cubic: bool) -> Tensor:
    if output_size is not None:
        return _nnm_aa(x, output_size, align_corners, None, None, cubic)
    assert scale_factors is not None
    sizes = [int(x.size(2) * scale_factors[0]), int(x.size(3) * scale_factors[1])]
    return _nnm_aa(x, sizes, align_corners, scale_factors[0], scale_factors[1], cubic)

def c_upsample_bilinear2d_aa(self: Tensor, output_size: List[int], align_corners: bool, scales_h: Optional[float], scales_w: Optional[float]):
    return _nnm_aa(self, output_size, align_corners, scales_h, scales_w, False)

def c_upsample_bicubic2d_aa(self: Tensor, output_size: List[int], align_corners: bool, scales_h: Optional[float], scales_w: Optional[float]):
    return _nnm_aa(self, output_size, align_corners, scales_h, scales_w, True)

def c_upsample_bilinear2d_aa_vec(input: Tensor, output_size: Optional[List[int]], align_corners: bool, scale_factors: Optional[List[float]]):
    return _nnm_aa_vec(input, output_size, align_corners, scale_factors, False)

def c_upsample_bicubic2d_aa_vec(input: Tensor, output_size: Optional[List[int]], align_corners: bool, scale_factors: Optional[List[float]]):
    return _nnm_aa_vec(input, output_size, align_corners, scale_factors, True)

# The convolution spellings: aten::convolution, whose derivative ember has.
def c_slow_conv(self: Tensor, weight: Tensor, kernel_size: List[int], bias: Optional[Tensor], stride: List[int], padding: List[int]):
    return torch.convolution(self, weight, bias, stride, padding, [1], False, [0], 1)

def c_slow_conv_dilated(self: Tensor, weight: Tensor, kernel_size: List[int], bias: Optional[Tensor], stride: List[int], padding: List[int], dilation: List[int]):
    return torch.convolution(self, weight, bias, stride, padding, dilation, False, [0], 1)

def c_slow_conv_transpose(self: Tensor, weight: Tensor, kernel_size: List[int], bias: Optional[Tensor], stride: List[int], padding: List[int], output_padding: List[int], dilation: List[int]):
    return torch.convolution(self, weight, bias, stride, padding, dilation, True, output_padding, 1)

def c_conv_depthwise3d(self: Tensor, weight: Tensor, kernel_size: List[int], bias: Optional[Tensor], stride: List[int], padding: List[int], dilation: List[int]):
    return torch.convolution(self, weight, bias, stride, padding, dilation, False, [0], self.size(1))

def c_nnpack_spatial_convolution(input: Tensor, weight: Tensor, bias: Optional[Tensor], padding: List[int], stride: List[int]):
    return torch.convolution(input, weight, bias, stride, padding, [1], False, [0], 1)

def c_conv_tbc(self: Tensor, weight: Tensor, bias: Tensor, pad: int):
    y = torch.convolution(self.permute([1, 2, 0]), weight.permute([2, 1, 0]), bias, [1], [pad], [1], False, [0], 1)
    return y.permute([2, 0, 1])

# Max unpooling: the values scattered to their indices in zeroed planes.
def _nnm_unpool(self: Tensor, indices: Tensor, output_size: List[int]) -> Tensor:
    dims = len(output_size)
    lead = self.size()[:self.dim() - dims]
    plane = 1
    for o in output_size:
        plane *= o
    out = torch.zeros(lead + [plane], dtype=self.dtype)
    out = out.scatter(-1, indices.reshape(lead + [-1]), self.reshape(lead + [-1]))
    return out.reshape(lead + output_size)

def c_max_unpool2d(self: Tensor, indices: Tensor, output_size: List[int]):
    return _nnm_unpool(self, indices, output_size)

def c_max_unpool3d(self: Tensor, indices: Tensor, output_size: List[int], stride: List[int], padding: List[int]):
    return _nnm_unpool(self, indices, output_size)

# Weight normalisation.
def _nnm_norm_dim0(v: Tensor, pow: int) -> Tensor:
    shape = [v.size(0)] + [1] * (v.dim() - 1)
    return v.reshape([v.size(0), -1]).norm(pow, [1]).reshape(shape)

def c_norm_except_dim(v: Tensor, pow: int, dim: int):
    if dim == -1:
        return v.norm(pow)
    if dim == 0:
        return _nnm_norm_dim0(v, pow)
    if dim == v.dim() - 1:
        shape = [1] * (v.dim() - 1) + [v.size(dim)]
        return v.reshape([-1, v.size(dim)]).norm(pow, [0]).reshape(shape)
    return _nnm_norm_dim0(v.transpose(0, dim), pow).transpose(0, dim)

def c_weight_norm(v: Tensor, g: Tensor, dim: int):
    return v * (g / c_norm_except_dim(v, 2, dim))

def c_weight_norm_interface(v: Tensor, g: Tensor, dim: int):
    vv = v
    gg = g
    if v.dtype == torch.bfloat16:
        vv = v.float()
        gg = g.float()
    norms = c_norm_except_dim(vv, 2, dim)
    return (vv * (gg / norms)).to(v.dtype), norms

def c_masked_softmax(self: Tensor, mask: Tensor, dim: Optional[int], mask_type: Optional[int]):
    d = self.dim() - 1
    if dim is not None:
        d = dim
    return torch.softmax(self.masked_fill(mask, -math.inf), d)

def c_trilinear(i1: Tensor, i2: Tensor, i3: Tensor, expand1: List[int], expand2: List[int], expand3: List[int], sumdim: List[int], unroll_dim: int):
    a = i1
    for d in sorted(expand1):
        a = a.unsqueeze(d)
    b = i2
    for d in sorted(expand2):
        b = b.unsqueeze(d)
    c = i3
    for d in sorted(expand3):
        c = c.unsqueeze(d)
    p = a * b * c
    if len(sumdim) == 0:
        return p
    return p.sum(sumdim)

def c_sdpa(query: Tensor, key: Tensor, value: Tensor, attn_mask: Optional[Tensor], dropout_p: float, need_attn_weights: bool, is_causal: bool):
    scale = math.sqrt(math.sqrt(float(query.size(-1))))
    mask = attn_mask
    if is_causal:
        mask = torch.ones([query.size(-2), key.size(-2)], dtype=torch.bool).tril()
    attn = torch.matmul(query / scale, key.transpose(-2, -1) / scale)
    if mask is not None:
        if mask.dtype == torch.bool:
            attn = attn.masked_fill(torch.logical_not(mask), -math.inf)
        else:
            attn = attn + mask
    attn = torch.softmax(attn, -1)
    if dropout_p > 0.0:
        attn = torch.dropout(attn, dropout_p, True)
    return torch.matmul(attn, value), attn

def c_log_sigmoid_forward(self: Tensor):
    return torch.log_sigmoid(self), torch.exp(-self.abs())
)TS";

const std::pair<const char*, const char*> kOps[] = {
    {"aten::grid_sampler", "c_grid_sampler"},
    {"aten::grid_sampler_2d", "c_grid_sampler_2d"},
    {"aten::_grid_sampler_2d_cpu_fallback", "c_grid_sampler_2d"},
    {"aten::grid_sampler_3d", "c_grid_sampler_3d"},
    {"aten::affine_grid_generator", "c_affine_grid_generator"},
    {"aten::im2col", "c_im2col"},
    {"aten::col2im", "c_col2im"},
    {"aten::ctc_loss.IntList", "c_ctc_loss_intlist"},
    {"aten::ctc_loss.Tensor", "c_ctc_loss_tensor"},
    {"aten::kl_div", "c_kl_div"},
    {"aten::margin_ranking_loss", "c_margin_ranking_loss"},
    {"aten::hinge_embedding_loss", "c_hinge_embedding_loss"},
    {"aten::soft_margin_loss", "c_soft_margin_loss"},
    {"aten::cosine_embedding_loss", "c_cosine_embedding_loss"},
    {"aten::triplet_margin_loss", "c_triplet_margin_loss"},
    {"aten::poisson_nll_loss", "c_poisson_nll_loss"},
    {"aten::multi_margin_loss", "c_multi_margin_loss"},
    {"aten::multilabel_margin_loss", "c_multilabel_margin_loss"},
    {"aten::fractional_max_pool2d", "c_fractional_max_pool2d"},
    {"aten::fractional_max_pool3d", "c_fractional_max_pool3d"},
    {"aten::_upsample_bilinear2d_aa", "c_upsample_bilinear2d_aa"},
    {"aten::_upsample_bicubic2d_aa", "c_upsample_bicubic2d_aa"},
    {"aten::_upsample_bilinear2d_aa.vec", "c_upsample_bilinear2d_aa_vec"},
    {"aten::_upsample_bicubic2d_aa.vec", "c_upsample_bicubic2d_aa_vec"},
    {"aten::thnn_conv2d", "c_slow_conv"},
    {"aten::_slow_conv2d_forward", "c_slow_conv"},
    {"aten::slow_conv3d", "c_slow_conv"},
    {"aten::slow_conv3d_forward", "c_slow_conv"},
    {"aten::slow_conv_dilated2d", "c_slow_conv_dilated"},
    {"aten::slow_conv_dilated3d", "c_slow_conv_dilated"},
    {"aten::slow_conv_transpose2d", "c_slow_conv_transpose"},
    {"aten::slow_conv_transpose3d", "c_slow_conv_transpose"},
    {"aten::conv_depthwise3d", "c_conv_depthwise3d"},
    {"aten::_nnpack_spatial_convolution", "c_nnpack_spatial_convolution"},
    {"aten::conv_tbc", "c_conv_tbc"},
    {"aten::max_unpool2d", "c_max_unpool2d"},
    {"aten::max_unpool3d", "c_max_unpool3d"},
    {"aten::norm_except_dim", "c_norm_except_dim"},
    {"aten::_weight_norm", "c_weight_norm"},
    {"aten::_weight_norm_interface", "c_weight_norm_interface"},
    {"aten::_masked_softmax", "c_masked_softmax"},
    {"aten::_trilinear", "c_trilinear"},
    {"aten::_scaled_dot_product_attention", "c_sdpa"},
    {"aten::_scaled_dot_product_attention_math", "c_sdpa"},
    {"aten::_scaled_dot_product_attention_forward", "c_sdpa"},
    {"aten::log_sigmoid_forward", "c_log_sigmoid_forward"},
};

}  // namespace

const DecompositionShard kNnMissingDecompositions{kSource, kOps, std::size(kOps)};

}  // namespace ember::autograd
