// Decompositions of embedding_bag (sum, mean, max; per-sample weights, padding_idx,
// include_last_offset), bicubic and nearest-exact upsampling, stft and istft. The first ones are
// gathers of the input (index_select, gather) weighted by constants and summed with index_add,
// so the gradients scatter back where PyTorch's kernels send them; stft is windowed frames
// (unfold) through an FFT, istft inverse FFTs of the frames overlap-added (index_add). The kernel
// still gives the forward values and the integer results (embedding_bag's offset2bag, bag sizes
// and max indices, called under no_grad here, as the index-based decompositions do).
#include <iterator>

#include "runtime/autograd/decompositions.h"

namespace ember::autograd {

namespace {

constexpr const char* kSource = R"TS(
def _eb_forward(weight: Tensor, indices: Tensor, offsets: Tensor, scale_grad_by_freq: bool, mode: int, per_sample_weights: Optional[Tensor], include_last_offset: bool, padding_idx: Optional[int], r1: Tensor, r2: Tensor, r3: Tensor) -> Tensor:
    n = indices.size(0)
    nb = offsets.size(0) - 1 if include_last_offset else offsets.size(0)
    bag = torch.bucketize(torch.arange(n), offsets.narrow(0, 0, nb), right=True) - 1
    keep = torch.ones([n], dtype=weight.dtype)
    if padding_idx is not None:
        keep = (indices != padding_idx).to(weight.dtype)
    if mode == 2:
        valid = (r2 > 0).to(weight.dtype).unsqueeze(1)
        return weight.gather(0, r3.clamp(0, weight.size(0) - 1)) * valid
    rows = weight.index_select(0, indices)
    if scale_grad_by_freq and n > 0:
        # PyTorch 1.13's CPU backward divides the gradient of the u-th distinct index (in sorted
        # order) by the count of the index at position u of the sorted indices (the index's own
        # count while no earlier index repeats). Only the gradient is scaled: the values stay.
        ordered, perm = torch.sort(indices)
        distinct = torch.unique(ordered)
        counts = torch.bincount(indices, minlength=weight.size(0))
        rank = torch.searchsorted(distinct, indices)
        s = (1.0 / counts.index_select(0, ordered.index_select(0, rank)).to(weight.dtype)).unsqueeze(1)
        rows = rows * s + (rows - rows * s).detach()
    rows = rows * keep.unsqueeze(1)
    if per_sample_weights is not None:
        rows = rows * per_sample_weights.unsqueeze(1)
    out = torch.zeros([nb, weight.size(1)], dtype=weight.dtype).index_add(0, bag, rows)
    if mode == 1:
        count = torch.zeros([nb], dtype=weight.dtype).index_add(0, bag, keep)
        out = out / count.clamp_min(1.0).unsqueeze(1)
    return out

def c_embedding_bag(weight: Tensor, indices: Tensor, offsets: Tensor, scale_grad_by_freq: bool, mode: int, sparse: bool, per_sample_weights: Optional[Tensor], include_last_offset: bool):
    with torch.no_grad():
        r0, r1, r2, r3 = torch.embedding_bag(weight, indices, offsets, scale_grad_by_freq, mode, sparse, per_sample_weights, include_last_offset)
    out = _eb_forward(weight, indices, offsets, scale_grad_by_freq, mode, per_sample_weights, include_last_offset, None, r1, r2, r3)
    return out, r1, r2, r3

def c_embedding_bag_padding_idx(weight: Tensor, indices: Tensor, offsets: Tensor, scale_grad_by_freq: bool, mode: int, sparse: bool, per_sample_weights: Optional[Tensor], include_last_offset: bool, padding_idx: Optional[int]):
    with torch.no_grad():
        r0, r1, r2, r3 = torch.embedding_bag(weight, indices, offsets, scale_grad_by_freq, mode, sparse, per_sample_weights, include_last_offset, padding_idx)
    out = _eb_forward(weight, indices, offsets, scale_grad_by_freq, mode, per_sample_weights, include_last_offset, padding_idx, r1, r2, r3)
    return out, r1, r2, r3

def _rs_source(n: int, out_size: int, align_corners: bool, scale: Optional[float], like: Tensor) -> Tensor:
    # Source coordinate of each output position (PyTorch's area_pixel_compute_source_index,
    # unclamped as for cubic).
    o = torch.arange(out_size, dtype=like.dtype)
    if align_corners:
        r = 0.0
        if out_size > 1:
            r = (n - 1) / (out_size - 1)
        return o * r
    r = n / out_size
    if scale is not None:
        if scale > 0.0:
            r = 1.0 / scale
    return (o + 0.5) * r - 0.5

def _rs_along(x: Tensor, dim: int, idx: Tensor, w: Tensor) -> Tensor:
    shape: List[int] = []
    for i in range(x.dim()):
        shape.append(-1 if i == dim else 1)
    return x.index_select(dim, idx) * w.reshape(shape)

def _bicubic_1d(x: Tensor, dim: int, out_size: int, align_corners: bool, scale: Optional[float]) -> Tensor:
    n = x.size(dim)
    src = _rs_source(n, out_size, align_corners, scale, x)
    x0 = torch.floor(src)
    t = src - x0
    a = -0.75
    s = t + 1.0
    w0 = ((a * s - 5.0 * a) * s + 8.0 * a) * s - 4.0 * a
    w1 = ((a + 2.0) * t - (a + 3.0)) * t * t + 1.0
    u = 1.0 - t
    w2 = ((a + 2.0) * u - (a + 3.0)) * u * u + 1.0
    v = 2.0 - t
    w3 = ((a * v - 5.0 * a) * v + 8.0 * a) * v - 4.0 * a
    base = x0.to(torch.long)
    out = _rs_along(x, dim, (base - 1).clamp(0, n - 1), w0)
    out = out + _rs_along(x, dim, base.clamp(0, n - 1), w1)
    out = out + _rs_along(x, dim, (base + 1).clamp(0, n - 1), w2)
    out = out + _rs_along(x, dim, (base + 2).clamp(0, n - 1), w3)
    return out

def _rs_sizes(x: Tensor, nd: int, output_size: Optional[List[int]], scale_factors: Optional[List[float]]) -> List[int]:
    if output_size is not None:
        return output_size
    out: List[int] = []
    if scale_factors is not None:
        for i in range(nd):
            out.append(int(math.floor(x.size(x.dim() - nd + i) * scale_factors[i])))
    return out

def _rs_scale(scale_factors: Optional[List[float]], output_size: Optional[List[int]], i: int) -> Optional[float]:
    if output_size is None and scale_factors is not None:
        return scale_factors[i]
    return None

def c_upsample_bicubic2d(self: Tensor, output_size: List[int], align_corners: bool, scales_h: Optional[float], scales_w: Optional[float]):
    out = _bicubic_1d(self, self.dim() - 2, output_size[0], align_corners, scales_h)
    return _bicubic_1d(out, self.dim() - 1, output_size[1], align_corners, scales_w)

def c_upsample_bicubic2d_vec(input: Tensor, output_size: Optional[List[int]], align_corners: bool, scale_factors: Optional[List[float]]):
    size = _rs_sizes(input, 2, output_size, scale_factors)
    out = _bicubic_1d(input, input.dim() - 2, size[0], align_corners, _rs_scale(scale_factors, output_size, 0))
    return _bicubic_1d(out, input.dim() - 1, size[1], align_corners, _rs_scale(scale_factors, output_size, 1))

def _nearest_exact_1d(x: Tensor, dim: int, out_size: int, scale: Optional[float]) -> Tensor:
    n = x.size(dim)
    r = n / out_size
    if scale is not None:
        if scale > 0.0:
            r = 1.0 / scale
    src = torch.floor((torch.arange(out_size, dtype=torch.float64) + 0.5) * r).to(torch.long).clamp(0, n - 1)
    return x.index_select(dim, src)

def _nearest_exact(x: Tensor, nd: int, size: List[int], scales: List[Optional[float]]) -> Tensor:
    for i in range(nd):
        x = _nearest_exact_1d(x, x.dim() - nd + i, size[i], scales[i])
    return x

def c_upsample_nearest_exact1d(self: Tensor, output_size: List[int], scales: Optional[float]):
    return _nearest_exact(self, 1, output_size, [scales])

def c_upsample_nearest_exact2d(self: Tensor, output_size: List[int], scales_h: Optional[float], scales_w: Optional[float]):
    return _nearest_exact(self, 2, output_size, [scales_h, scales_w])

def c_upsample_nearest_exact3d(self: Tensor, output_size: List[int], scales_d: Optional[float], scales_h: Optional[float], scales_w: Optional[float]):
    return _nearest_exact(self, 3, output_size, [scales_d, scales_h, scales_w])

def c_upsample_nearest_exact_vec(input: Tensor, output_size: Optional[List[int]], scale_factors: Optional[List[float]]):
    nd = input.dim() - 2
    scales: List[Optional[float]] = []
    for i in range(nd):
        scales.append(_rs_scale(scale_factors, output_size, i))
    return _nearest_exact(input, nd, _rs_sizes(input, nd, output_size, scale_factors), scales)

def _stft(x: Tensor, n_fft: int, hop_length: Optional[int], win_length: Optional[int], window: Optional[Tensor], center: bool, pad_mode: str, normalized: bool, onesided: Optional[bool], return_complex: Optional[bool]) -> Tensor:
    # Windowed frames (unfold) through an FFT, frequencies before frames.
    hop = n_fft // 4 if hop_length is None else hop_length
    wl = n_fft if win_length is None else win_length
    batched = x.dim() == 2
    if not batched:
        x = x.unsqueeze(0)
    if center:
        p = n_fft // 2
        x = torch.pad(x.unsqueeze(1), [p, p], pad_mode).squeeze(1)
    w = torch.ones([wl], dtype=x.dtype) if window is None else window
    if wl < n_fft:
        left = (n_fft - wl) // 2
        w = torch.cat([torch.zeros([left], dtype=w.dtype), w, torch.zeros([n_fft - wl - left], dtype=w.dtype)])
    frames = x.unfold(-1, n_fft, hop) * w
    one = not (x.is_complex() or w.is_complex()) if onesided is None else onesided
    spec = torch.fft.rfft(frames, dim=-1) if one else torch.fft.fft(frames, dim=-1)
    if normalized:
        spec = spec * (1.0 / math.sqrt(n_fft))
    out = spec.transpose(-1, -2)
    if return_complex is None or not return_complex:
        out = torch.view_as_real(out)
    if not batched:
        out = out.squeeze(0)
    return out

def c_istft(self: Tensor, n_fft: int, hop_length: Optional[int], win_length: Optional[int], window: Optional[Tensor], center: bool, normalized: bool, onesided: Optional[bool], length: Optional[int], return_complex: bool):
    # Inverse FFT of each frame, windowed, overlap-added, divided by the summed squared window.
    hop = n_fft // 4 if hop_length is None else hop_length
    wl = n_fft if win_length is None else win_length
    spec = self if self.is_complex() else torch.view_as_complex(self.contiguous())
    batched = spec.dim() == 3
    if not batched:
        spec = spec.unsqueeze(0)
    w = torch.ones([wl], dtype=torch.real(spec).dtype) if window is None else window
    if wl < n_fft:
        left = (n_fft - wl) // 2
        w = torch.cat([torch.zeros([left], dtype=w.dtype), w, torch.zeros([n_fft - wl - left], dtype=w.dtype)])
    if normalized:
        spec = spec * math.sqrt(n_fft)
    one = spec.size(1) != n_fft if onesided is None else onesided
    frames_spec = spec.transpose(1, 2)
    if one:
        frames = torch.fft.irfft(frames_spec, n_fft, -1)
    else:
        frames = torch.fft.ifft(frames_spec, n_fft, -1)
        if not return_complex:
            frames = torch.real(frames)
    frames = frames * w
    nb = frames.size(0)
    nf = frames.size(1)
    total = n_fft + hop * (nf - 1)
    with torch.no_grad():
        pos = (torch.arange(nf).unsqueeze(1) * hop + torch.arange(n_fft).unsqueeze(0)).reshape([-1])
    y = torch.zeros([nb, total], dtype=frames.dtype).index_add(1, pos, frames.reshape([nb, -1]))
    env = torch.zeros([total], dtype=w.dtype).index_add(0, pos, (w * w).repeat(nf))
    start = n_fft // 2 if center else 0
    end = total
    if length is not None:
        end = start + length
    elif center:
        end = total - n_fft // 2
    avail = min(end, total)
    y = y.narrow(1, start, avail - start) / env.narrow(0, start, avail - start)
    if end > total:
        y = torch.cat([y, torch.zeros([nb, end - total], dtype=y.dtype)], 1)
    if not batched:
        y = y.squeeze(0)
    return y

def c_stft(self: Tensor, n_fft: int, hop_length: Optional[int], win_length: Optional[int], window: Optional[Tensor], normalized: bool, onesided: Optional[bool], return_complex: Optional[bool]):
    return _stft(self, n_fft, hop_length, win_length, window, False, "reflect", normalized, onesided, return_complex)

def c_stft_center(self: Tensor, n_fft: int, hop_length: Optional[int], win_length: Optional[int], window: Optional[Tensor], center: bool, pad_mode: str, normalized: bool, onesided: Optional[bool], return_complex: Optional[bool]):
    return _stft(self, n_fft, hop_length, win_length, window, center, pad_mode, normalized, onesided, return_complex)
)TS";

const std::pair<const char*, const char*> kOps[] = {
    {"aten::embedding_bag", "c_embedding_bag"},
    {"aten::embedding_bag.padding_idx", "c_embedding_bag_padding_idx"},
    {"aten::upsample_bicubic2d", "c_upsample_bicubic2d"},
    {"aten::upsample_bicubic2d.vec", "c_upsample_bicubic2d_vec"},
    {"aten::_upsample_nearest_exact1d", "c_upsample_nearest_exact1d"},
    {"aten::_upsample_nearest_exact2d", "c_upsample_nearest_exact2d"},
    {"aten::_upsample_nearest_exact3d", "c_upsample_nearest_exact3d"},
    {"aten::_upsample_nearest_exact1d.vec", "c_upsample_nearest_exact_vec"},
    {"aten::_upsample_nearest_exact2d.vec", "c_upsample_nearest_exact_vec"},
    {"aten::_upsample_nearest_exact3d.vec", "c_upsample_nearest_exact_vec"},
    {"aten::stft", "c_stft"},
    {"aten::istft", "c_istft"},
    {"aten::stft.center", "c_stft_center"},
};

}  // namespace

const DecompositionShard kBagsResampleDecompositions{kSource, kOps, std::size(kOps)};

}  // namespace ember::autograd
