// The TorchScript defs behind the `*_backward` operators (the binding table and the wrapper that
// calls them are in aten_backward_ops.cpp). Compiled in one unit after autograd's derivative
// formulas (derivatives_source.cpp, derivatives_misc.cpp), so a def forwards to the formula
// autograd uses where there is one; parameters follow the operator's schema, Scalars as float.
// Ops ember differentiates through a decomposition (average pools, upsampling, padding, ...) take
// the vector-Jacobian product of their forward (_vjp) under enable_grad.

namespace ember::jit::aten {

extern const char* const kBackwardOpsSource = R"TS(
def b_threshold(grad_output: Tensor, self: Tensor, threshold: float):
    return d_threshold(grad_output, self, threshold)

def b_gelu(grad_output: Tensor, self: Tensor, approximate: str):
    return d_gelu(grad_output, self, approximate)

def b_gelu_inf(grad: Tensor, self: Tensor):
    return d_gelu(grad, self, "none")

def b_silu(grad_output: Tensor, self: Tensor):
    return d_silu(grad_output, self)

def b_hardswish(grad_output: Tensor, self: Tensor):
    return d_hardswish(grad_output, self)

def b_hardsigmoid(grad_output: Tensor, self: Tensor):
    return d_hardsigmoid(grad_output, self)

def b_hardtanh(grad_output: Tensor, self: Tensor, min_val: float, max_val: float):
    return d_hardtanh(grad_output, self, min_val, max_val)

def b_elu(grad_output: Tensor, alpha: float, scale: float, input_scale: float, is_result: bool, self_or_result: Tensor):
    if is_result:
        if alpha < 0.0:
            raise RuntimeError("In-place elu backward calculation is triggered with a negative slope which is not supported. This is caused by calling in-place forward function with a negative slope, please call out-of-place version instead.")
        neg = grad_output * input_scale * (self_or_result + alpha * scale)
        return torch.where(self_or_result <= 0, neg, grad_output * scale)
    return d_elu(grad_output, self_or_result, alpha, scale, input_scale)

def b_leaky_relu(grad_output: Tensor, self: Tensor, negative_slope: float, self_is_result: bool):
    if self_is_result and negative_slope < 0.0:
        raise RuntimeError("In-place leakyReLu backward calculation is triggered with a negative slope which is not supported. This is caused by calling in-place forward function with a negative slope, please call out-of-place version instead. File an issue at https://github.com/pytorch/pytorch if you do require supporting in-place leakRelu backward calculation with negative slope")
    return d_leaky_relu(grad_output, self, negative_slope)

def b_softplus(grad_output: Tensor, self: Tensor, beta: float, threshold: float):
    return d_softplus(grad_output, self, beta, threshold)

def b_mish(grad_output: Tensor, self: Tensor):
    return d_mish(grad_output, self)

def b_log_sigmoid(grad_output: Tensor, self: Tensor, buffer: Tensor):
    return d_log_sigmoid(grad_output, self)

def b_shrink(grad_out: Tensor, self: Tensor, lambd: float):
    return d_shrink(grad_out, self, lambd)

def b_rrelu_with_noise(grad_output: Tensor, self: Tensor, noise: Tensor, lower: float, upper: float, training: bool, self_is_result: bool):
    if training and upper - lower > 1e-6:
        return grad_output * noise
    return b_leaky_relu(grad_output, self, (lower + upper) / 2.0, self_is_result)

def b_tanh(grad_output: Tensor, output: Tensor):
    return d_tanh(grad_output, output)

def b_sigmoid(grad_output: Tensor, output: Tensor):
    return d_sigmoid(grad_output, output)

def b_logit(grad_output: Tensor, self: Tensor, eps: Optional[float]):
    return d_logit(grad_output, self, eps)

def b_glu(grad_output: Tensor, self: Tensor, dim: int):
    return d_glu(grad_output, self, dim)

def b_prelu(grad_output: Tensor, self: Tensor, weight: Tensor):
    return d_prelu(grad_output, self, weight)

# The result has grad_output's dtype: PyTorch 1.13's CPU kernel reads input_dtype only to reject a
# Half input with a Float gradient (ember computes that case).
def b_softmax_data(grad_output: Tensor, output: Tensor, dim: int, input_dtype: int):
    return d_softmax_int(grad_output, dim, output)

def b_log_softmax_data(grad_output: Tensor, output: Tensor, dim: int, input_dtype: int):
    return d_log_softmax_int(grad_output, dim, output)

def b_native_dropout(grad_output: Tensor, mask: Tensor, scale: float):
    return grad_output * (mask.to(grad_output.dtype) * scale)

def b_cachemask(grad: Tensor, mask: Tensor):
    return grad * mask

def _saved_stats(x: Tensor, dims: List[int], mean: Tensor, rstd: Tensor) -> Tuple[Tensor, Tensor]:
    # Values: the saved mean and rstd. Gradients: those of the statistics of x, as PyTorch's double
    # backward of the norm backwards differentiates the saved statistics as functions of the input
    # (d rstd = -rstd^3 / 2 d var, eps being inside rstd).
    mx = x.mean(dims, True)
    vx = ((x - mx) * (x - mx)).mean(dims, True)
    r = rstd.detach()
    return mean.detach() + (mx - mx.detach()), r + (-0.5 * r * r * r) * (vx - vx.detach())

def b_native_layer_norm(grad_out: Tensor, input: Tensor, normalized_shape: List[int], mean: Tensor, rstd: Tensor, weight: Optional[Tensor], bias: Optional[Tensor], output_mask: List[bool]):
    if output_mask[1] and weight is None:
        raise RuntimeError("native_layer_norm_backward: output_mask asks for the weight's gradient but weight is None")
    axis = input.dim() - len(normalized_shape)
    dims: List[int] = []
    for i in range(axis, input.dim()):
        dims.append(i)
    m, r = _saved_stats(input, dims, mean, rstd)
    xhat = (input - m) * r
    gx = grad_out
    if weight is not None:
        gx = grad_out * weight
    gi = r * (gx - gx.mean(dims, True) - xhat * (gx * xhat).mean(dims, True))
    flat = [-1] + normalized_shape
    gw: Optional[Tensor] = None
    gb: Optional[Tensor] = None
    if weight is not None:
        gw = (grad_out * xhat).reshape(flat).sum(0)
    if bias is not None:
        gb = grad_out.reshape(flat).sum(0)
    return gi, gw, gb

def b_native_batch_norm(grad_out: Tensor, input: Tensor, weight: Optional[Tensor], running_mean: Optional[Tensor], running_var: Optional[Tensor], save_mean: Optional[Tensor], save_invstd: Optional[Tensor], train: bool, eps: float, output_mask: List[bool]):
    dims: List[int] = [0]
    for i in range(2, input.dim()):
        dims.append(i)
    shape = [1] * input.dim()
    shape[1] = input.size(1)
    if train:
        assert save_mean is not None and save_invstd is not None
        m, r = _saved_stats(input, dims, save_mean.reshape(shape), save_invstd.reshape(shape))
        mean = m.reshape([-1])
        invstd = r.reshape([-1])
    else:
        assert running_mean is not None and running_var is not None
        mean = running_mean
        invstd = (running_var + eps).rsqrt()
    xhat = (input - mean.reshape(shape)) * invstd.reshape(shape)
    gx = grad_out
    if weight is not None:
        gx = grad_out * weight.reshape(shape)
    if train:
        gi = invstd.reshape(shape) * (gx - gx.mean(dims, True) - xhat * (gx * xhat).mean(dims, True))
    else:
        gi = gx * invstd.reshape(shape)
    return gi, (grad_out * xhat).sum(dims, False), grad_out.sum(dims, False)

def b_native_group_norm(grad_out: Tensor, input: Tensor, mean: Tensor, rstd: Tensor, weight: Optional[Tensor], N: int, C: int, HxW: int, group: int, output_mask: List[bool]):
    if (output_mask[1] or output_mask[2]) and weight is None:
        raise RuntimeError("native_group_norm_backward: the weight and bias gradients need a weight (PyTorch 1.13 raises here too)")
    shape = [1] * input.dim()
    shape[1] = C
    gx = grad_out
    if weight is not None:
        gx = grad_out * weight.reshape(shape)
    x = input.reshape([N, group, -1])
    g = gx.reshape([N, group, -1])
    m, r = _saved_stats(x, [2], mean.reshape([N, group, 1]), rstd.reshape([N, group, 1]))
    xhat = (x - m) * r
    gi = r * (g - g.mean([2], True) - xhat * (g * xhat).mean([2], True))
    dims: List[int] = [0]
    for i in range(2, input.dim()):
        dims.append(i)
    gw = (grad_out * xhat.reshape(input.size())).sum(dims, False)
    return gi.reshape(input.size()), gw, grad_out.sum(dims, False)

def b_convolution(grad_output: Tensor, input: Tensor, weight: Tensor, bias_sizes: Optional[List[int]], stride: List[int], padding: List[int], dilation: List[int], transposed: bool, output_padding: List[int], groups: int, output_mask: List[bool]):
    return _conv_backward(grad_output, input, weight, True, stride, padding, dilation, transposed, output_padding, groups)

def b_slow_conv2d(grad_output: Tensor, self: Tensor, weight: Tensor, kernel_size: List[int], stride: List[int], padding: List[int], output_mask: List[bool]):
    return _conv_backward(grad_output, self, weight, True, stride, padding, [1], False, [0], 1)

def b_slow_conv2d_all(grad_output: Tensor, self: Tensor, weight: Tensor, kernel_size: List[int], stride: List[int], padding: List[int]):
    return _conv_backward(grad_output, self, weight, True, stride, padding, [1], False, [0], 1)

def b_conv_double(ggI: Optional[Tensor], ggW: Optional[Tensor], ggb: Optional[Tensor], gO: Tensor, weight: Tensor, self: Tensor, stride: List[int], padding: List[int], dilation: List[int], transposed: bool, output_padding: List[int], groups: int, output_mask: List[bool]):
    # convolution is bilinear in (input, weight): the output's change along (ggI, ggW, ggb), and
    # the input / weight gradients of <gO, conv(self, ggW)> and <gO, conv(ggI, weight)>.
    ggO: Optional[Tensor] = None
    if ggI is not None:
        ggO = torch.convolution(ggI, weight, None, stride, padding, dilation, transposed, output_padding, groups)
    if ggW is not None:
        t = torch.convolution(self, ggW, None, stride, padding, dilation, transposed, output_padding, groups)
        ggO = t if ggO is None else ggO + t
    if ggb is not None:
        shape = [1] * gO.dim()
        shape[1] = ggb.numel()
        b = ggb.reshape(shape).expand(gO.size()).contiguous()
        ggO = b if ggO is None else ggO + b
    gI: Optional[Tensor] = None
    if ggW is not None:
        gI = _conv_backward(gO, self, ggW, False, stride, padding, dilation, transposed, output_padding, groups)[0]
    gW: Optional[Tensor] = None
    if ggI is not None:
        gW = _conv_backward(gO, ggI, weight, False, stride, padding, dilation, transposed, output_padding, groups)[1]
    return ggO, gI, gW

def b_glu_jvp(grad_x: Tensor, grad_glu: Tensor, x: Tensor, dgrad_glu: Tensor, dx: Tensor, dim: int):
    n = x.size(dim) // 2
    a = x.narrow(dim, 0, n)
    s = torch.sigmoid(x.narrow(dim, n, n))
    da = dx.narrow(dim, 0, n)
    db = dx.narrow(dim, n, n)
    ds = s * (1.0 - s)
    first = dgrad_glu * s + grad_glu * ds * db
    second = dgrad_glu * a * ds + grad_glu * da * ds + grad_glu * a * ds * (1.0 - 2.0 * s) * db
    return torch.cat([first, second], dim)

def _scatter_pooled(grad_output: Tensor, self: Tensor, indices: Tensor, nd: int) -> Tensor:
    flat = torch.zeros_like(self).flatten(-nd)
    return flat.scatter_add(-1, indices.flatten(-nd), grad_output.flatten(-nd)).reshape(self.size())

def b_max_pool2d_indices(grad_output: Tensor, self: Tensor, kernel_size: List[int], stride: List[int], padding: List[int], dilation: List[int], ceil_mode: bool, indices: Tensor):
    return _scatter_pooled(grad_output, self, indices, 2)

def b_max_pool3d_indices(grad_output: Tensor, self: Tensor, kernel_size: List[int], stride: List[int], padding: List[int], dilation: List[int], ceil_mode: bool, indices: Tensor):
    return _scatter_pooled(grad_output, self, indices, 3)

def b_adaptive_max_pool2d(grad_output: Tensor, self: Tensor, indices: Tensor):
    return _scatter_pooled(grad_output, self, indices, 2)

def b_adaptive_max_pool3d(grad_output: Tensor, self: Tensor, indices: Tensor):
    return _scatter_pooled(grad_output, self, indices, 3)

def b_fractional_max_pool2d(grad_output: Tensor, self: Tensor, kernel_size: List[int], output_size: List[int], indices: Tensor):
    return _scatter_pooled(grad_output, self, indices, 2)

def b_fractional_max_pool3d(grad_output: Tensor, self: Tensor, kernel_size: List[int], output_size: List[int], indices: Tensor):
    return _scatter_pooled(grad_output, self, indices, 3)

def _vjp_leaf(self: Tensor) -> Tensor:
    return self.detach().requires_grad_(True)

def _vjp(y: Tensor, x: Tensor, grad_output: Tensor) -> Tensor:
    go: List[Optional[Tensor]] = [grad_output]
    r = torch.autograd.grad([y], [x], go)
    g = r[0]
    assert g is not None
    return g

def b_avg_pool2d(grad_output: Tensor, self: Tensor, kernel_size: List[int], stride: List[int], padding: List[int], ceil_mode: bool, count_include_pad: bool, divisor_override: Optional[int]):
    with torch.enable_grad():
        x = _vjp_leaf(self)
        y = torch.avg_pool2d(x, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)
        return _vjp(y, x, grad_output)

def b_avg_pool3d(grad_output: Tensor, self: Tensor, kernel_size: List[int], stride: List[int], padding: List[int], ceil_mode: bool, count_include_pad: bool, divisor_override: Optional[int]):
    with torch.enable_grad():
        x = _vjp_leaf(self)
        y = torch.avg_pool3d(x, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)
        return _vjp(y, x, grad_output)

def b_adaptive_avg_pool2d(grad_output: Tensor, self: Tensor):
    return d_adaptive_avg_pool2d(grad_output, self.size(), [grad_output.size(-2), grad_output.size(-1)])

def b_adaptive_avg_pool3d(grad_output: Tensor, self: Tensor):
    with torch.enable_grad():
        x = _vjp_leaf(self)
        y = torch.adaptive_avg_pool3d(x, [grad_output.size(-3), grad_output.size(-2), grad_output.size(-1)])
        return _vjp(y, x, grad_output)

def _vjp_zeros(input_size: List[int], grad_output: Tensor) -> Tensor:
    return torch.zeros(input_size, dtype=grad_output.dtype).requires_grad_(True)

def b_upsample_nearest1d(grad_output: Tensor, output_size: List[int], input_size: List[int], scales: Optional[float]):
    with torch.enable_grad():
        x = _vjp_zeros(input_size, grad_output)
        return _vjp(torch.upsample_nearest1d(x, output_size, scales), x, grad_output)

def b_upsample_nearest1d_vec(grad_output: Tensor, output_size: Optional[List[int]], input_size: List[int], scale_factors: Optional[List[float]]):
    with torch.enable_grad():
        x = _vjp_zeros(input_size, grad_output)
        return _vjp(torch.upsample_nearest1d(x, output_size, scale_factors), x, grad_output)

def b_upsample_nearest2d(grad_output: Tensor, output_size: List[int], input_size: List[int], scales_h: Optional[float], scales_w: Optional[float]):
    with torch.enable_grad():
        x = _vjp_zeros(input_size, grad_output)
        return _vjp(torch.upsample_nearest2d(x, output_size, scales_h, scales_w), x, grad_output)

def b_upsample_nearest2d_vec(grad_output: Tensor, output_size: Optional[List[int]], input_size: List[int], scale_factors: Optional[List[float]]):
    with torch.enable_grad():
        x = _vjp_zeros(input_size, grad_output)
        return _vjp(torch.upsample_nearest2d(x, output_size, scale_factors), x, grad_output)

def b_upsample_nearest3d(grad_output: Tensor, output_size: List[int], input_size: List[int], scales_d: Optional[float], scales_h: Optional[float], scales_w: Optional[float]):
    with torch.enable_grad():
        x = _vjp_zeros(input_size, grad_output)
        return _vjp(torch.upsample_nearest3d(x, output_size, scales_d, scales_h, scales_w), x, grad_output)

def b_upsample_nearest3d_vec(grad_output: Tensor, output_size: Optional[List[int]], input_size: List[int], scale_factors: Optional[List[float]]):
    with torch.enable_grad():
        x = _vjp_zeros(input_size, grad_output)
        return _vjp(torch.upsample_nearest3d(x, output_size, scale_factors), x, grad_output)

def b_upsample_nearest_exact1d(grad_output: Tensor, output_size: List[int], input_size: List[int], scales: Optional[float]):
    with torch.enable_grad():
        x = _vjp_zeros(input_size, grad_output)
        return _vjp(torch._upsample_nearest_exact1d(x, output_size, scales), x, grad_output)

def b_upsample_nearest_exact1d_vec(grad_output: Tensor, output_size: Optional[List[int]], input_size: List[int], scale_factors: Optional[List[float]]):
    with torch.enable_grad():
        x = _vjp_zeros(input_size, grad_output)
        return _vjp(torch._upsample_nearest_exact1d(x, output_size, scale_factors), x, grad_output)

def b_upsample_nearest_exact2d(grad_output: Tensor, output_size: List[int], input_size: List[int], scales_h: Optional[float], scales_w: Optional[float]):
    with torch.enable_grad():
        x = _vjp_zeros(input_size, grad_output)
        return _vjp(torch._upsample_nearest_exact2d(x, output_size, scales_h, scales_w), x, grad_output)

def b_upsample_nearest_exact2d_vec(grad_output: Tensor, output_size: Optional[List[int]], input_size: List[int], scale_factors: Optional[List[float]]):
    with torch.enable_grad():
        x = _vjp_zeros(input_size, grad_output)
        return _vjp(torch._upsample_nearest_exact2d(x, output_size, scale_factors), x, grad_output)

def b_upsample_nearest_exact3d(grad_output: Tensor, output_size: List[int], input_size: List[int], scales_d: Optional[float], scales_h: Optional[float], scales_w: Optional[float]):
    with torch.enable_grad():
        x = _vjp_zeros(input_size, grad_output)
        return _vjp(torch._upsample_nearest_exact3d(x, output_size, scales_d, scales_h, scales_w), x, grad_output)

def b_upsample_nearest_exact3d_vec(grad_output: Tensor, output_size: Optional[List[int]], input_size: List[int], scale_factors: Optional[List[float]]):
    with torch.enable_grad():
        x = _vjp_zeros(input_size, grad_output)
        return _vjp(torch._upsample_nearest_exact3d(x, output_size, scale_factors), x, grad_output)

def b_upsample_linear1d(grad_output: Tensor, output_size: List[int], input_size: List[int], align_corners: bool, scales: Optional[float]):
    with torch.enable_grad():
        x = _vjp_zeros(input_size, grad_output)
        return _vjp(torch.upsample_linear1d(x, output_size, align_corners, scales), x, grad_output)

def b_upsample_linear1d_vec(grad_output: Tensor, output_size: Optional[List[int]], input_size: List[int], align_corners: bool, scale_factors: Optional[List[float]]):
    with torch.enable_grad():
        x = _vjp_zeros(input_size, grad_output)
        return _vjp(torch.upsample_linear1d(x, output_size, align_corners, scale_factors), x, grad_output)

def b_upsample_bilinear2d(grad_output: Tensor, output_size: List[int], input_size: List[int], align_corners: bool, scales_h: Optional[float], scales_w: Optional[float]):
    with torch.enable_grad():
        x = _vjp_zeros(input_size, grad_output)
        return _vjp(torch.upsample_bilinear2d(x, output_size, align_corners, scales_h, scales_w), x, grad_output)

def b_upsample_bilinear2d_vec(grad_output: Tensor, output_size: Optional[List[int]], input_size: List[int], align_corners: bool, scale_factors: Optional[List[float]]):
    with torch.enable_grad():
        x = _vjp_zeros(input_size, grad_output)
        return _vjp(torch.upsample_bilinear2d(x, output_size, align_corners, scale_factors), x, grad_output)

def b_upsample_bicubic2d(grad_output: Tensor, output_size: List[int], input_size: List[int], align_corners: bool, scales_h: Optional[float], scales_w: Optional[float]):
    with torch.enable_grad():
        x = _vjp_zeros(input_size, grad_output)
        return _vjp(torch.upsample_bicubic2d(x, output_size, align_corners, scales_h, scales_w), x, grad_output)

def b_upsample_bicubic2d_vec(grad_output: Tensor, output_size: Optional[List[int]], input_size: List[int], align_corners: bool, scale_factors: Optional[List[float]]):
    with torch.enable_grad():
        x = _vjp_zeros(input_size, grad_output)
        return _vjp(torch.upsample_bicubic2d(x, output_size, align_corners, scale_factors), x, grad_output)

def b_upsample_trilinear3d(grad_output: Tensor, output_size: List[int], input_size: List[int], align_corners: bool, scales_d: Optional[float], scales_h: Optional[float], scales_w: Optional[float]):
    with torch.enable_grad():
        x = _vjp_zeros(input_size, grad_output)
        return _vjp(torch.upsample_trilinear3d(x, output_size, align_corners, scales_d, scales_h, scales_w), x, grad_output)

def b_upsample_trilinear3d_vec(grad_output: Tensor, output_size: Optional[List[int]], input_size: List[int], align_corners: bool, scale_factors: Optional[List[float]]):
    with torch.enable_grad():
        x = _vjp_zeros(input_size, grad_output)
        return _vjp(torch.upsample_trilinear3d(x, output_size, align_corners, scale_factors), x, grad_output)

def b_reflection_pad(grad_output: Tensor, self: Tensor, padding: List[int]):
    with torch.enable_grad():
        x = _vjp_leaf(self)
        if len(padding) == 2:
            y = torch.reflection_pad1d(x, padding)
        elif len(padding) == 4:
            y = torch.reflection_pad2d(x, padding)
        else:
            y = torch.reflection_pad3d(x, padding)
        return _vjp(y, x, grad_output)

def b_replication_pad(grad_output: Tensor, self: Tensor, padding: List[int]):
    with torch.enable_grad():
        x = _vjp_leaf(self)
        if len(padding) == 2:
            y = torch.replication_pad1d(x, padding)
        elif len(padding) == 4:
            y = torch.replication_pad2d(x, padding)
        else:
            y = torch.replication_pad3d(x, padding)
        return _vjp(y, x, grad_output)

def _sum_like(t: Tensor, like: Tensor) -> Tensor:
    return _sum_to(t, like.size())

def _loss_scale(grad_output: Tensor, self: Tensor, reduction: int) -> Tensor:
    if reduction == 1:
        return grad_output / self.numel()
    return grad_output

def b_mse_loss(grad_output: Tensor, self: Tensor, target: Tensor, reduction: int):
    return _sum_like(2.0 * (self - target) * _loss_scale(grad_output, self, reduction), self)

def b_smooth_l1_loss(grad_output: Tensor, self: Tensor, target: Tensor, reduction: int, beta: float):
    d = self - target
    if beta == 0.0:
        s = d.sign()
    else:
        s = torch.where(d.abs() < beta, d / beta, d.sign())
    return _sum_like(s * _loss_scale(grad_output, self, reduction), self)

def b_huber_loss(grad_output: Tensor, self: Tensor, target: Tensor, reduction: int, delta: float):
    d = (self - target).clamp(-delta, delta)
    return _sum_like(d * _loss_scale(grad_output, self, reduction), self)

def b_binary_cross_entropy(grad_output: Tensor, self: Tensor, target: Tensor, weight: Optional[Tensor], reduction: int):
    g = (self - target) / ((1.0 - self) * self).clamp_min(1e-12) * _loss_scale(grad_output, self, reduction)
    if weight is not None:
        g = g * weight
    return g

def b_soft_margin_loss(grad_output: Tensor, self: Tensor, target: Tensor, reduction: int):
    z = torch.exp(-target * self)
    return -target * z / (1.0 + z) * _loss_scale(grad_output, self, reduction)

def b_nll_loss(grad_output: Tensor, self: Tensor, target: Tensor, weight: Optional[Tensor], reduction: int, ignore_index: int, total_weight: Tensor):
    return _nll_grad(grad_output, self, target, weight, reduction, ignore_index)

def b_select(grad_output: Tensor, input_sizes: List[int], dim: int, index: int):
    return d_select_int(grad_output, input_sizes, dim, index)

def b_slice(grad_output: Tensor, input_sizes: List[int], dim: int, start: int, end: int, step: int):
    return _zeros(input_sizes, grad_output).slice_scatter(grad_output, dim, start, end, step)

def b_diagonal(grad_output: Tensor, input_sizes: List[int], offset: int, dim1: int, dim2: int):
    return d_diagonal(grad_output, input_sizes, offset, dim1, dim2)

def b_index_select(grad: Tensor, self_sizes: List[int], dim: int, index: Tensor):
    return d_index_select(grad, self_sizes, dim, index)

def b_unfold(grad_in: Tensor, input_sizes: List[int], dim: int, size: int, step: int):
    return d_unfold(grad_in, input_sizes, dim, size, step)

def b_trace(grad: Tensor, sizes: List[int]):
    return d_trace(grad, sizes)

def b_gather(grad: Tensor, self: Tensor, dim: int, index: Tensor, sparse_grad: bool):
    return d_gather(grad, self.size(), dim, index)

def b_value_selecting_reduction(grad: Tensor, dim: int, indices: Tensor, sizes: List[int], keepdim: bool):
    g = grad
    idx = indices
    if not keepdim and len(sizes) > 0:
        g = grad.unsqueeze(dim)
        idx = indices.unsqueeze(dim)
    return _zeros(sizes, grad).scatter(dim, idx, g)

def b_cummaxmin(grad: Tensor, input: Tensor, indices: Tensor, dim: int):
    if input.dim() == 0:
        return grad
    return torch.zeros_like(input).scatter_add(dim, indices, grad)

def b_cumprod(grad: Tensor, input: Tensor, dim: int, output: Tensor):
    with torch.enable_grad():
        x = _vjp_leaf(input)
        return _vjp(torch.cumprod(x, dim), x, grad)

def b_diag(grad: Tensor, input_sizes: List[int], diagonal: int):
    return d_diag(grad, input_sizes, diagonal)

def b_masked_select(grad: Tensor, input: Tensor, mask: Tensor):
    base = torch.zeros_like(input) + torch.zeros_like(mask, dtype=input.dtype)
    return base.masked_scatter(mask, grad)

def b_cdist(grad: Tensor, x1: Tensor, x2: Tensor, p: float, cdist: Tensor):
    with torch.enable_grad():
        x = _vjp_leaf(x1)
        return _vjp(torch._cdist_forward(x, x2, p, None), x, grad)

def b_pdist(grad: Tensor, self: Tensor, p: float, pdist: Tensor):
    with torch.enable_grad():
        x = _vjp_leaf(self)
        return _vjp(torch._pdist_forward(x, p), x, grad)

def b_matrix_exp(self: Tensor, grad: Tensor):
    with torch.enable_grad():
        x = _vjp_leaf(self)
        return _vjp(torch.matrix_exp(x), x, grad)

def b_pack_padded_sequence(grad: Tensor, input_size: List[int], batch_sizes: Tensor, batch_first: bool):
    sizes = input_size
    if batch_first:
        sizes = [input_size[1], input_size[0]] + input_size[2:]
    gi = _zeros(sizes, grad)
    offset = 0
    for t in range(batch_sizes.size(0)):
        n = int(batch_sizes[t])
        gi.select(0, t).narrow(0, 0, n).copy_(grad.narrow(0, offset, n))
        offset += n
    if batch_first:
        return gi.transpose(0, 1)
    return gi

def b_embedding_sparse(grad: Tensor, indices: Tensor, num_weights: int, padding_idx: int, scale_grad_by_freq: bool):
    raise RuntimeError("embedding_sparse_backward: sparse gradients are not supported by ember (sparse tensors are not implemented)")

def _offset2bag(indices: Tensor, offsets: Tensor, offset2bag: Tensor) -> Tensor:
    # The forward leaves offset2bag empty on its sum fast path: the bag of each index from offsets.
    if offset2bag.numel() == indices.numel():
        return offset2bag
    n = indices.size(0)
    marks = torch.zeros([n + 1], dtype=torch.long).index_add(0, offsets.to(torch.long), torch.ones_like(offsets, dtype=torch.long))
    return marks.cumsum(0).narrow(0, 0, n) - 1

def b_embedding_bag_dense(grad: Tensor, indices: Tensor, offset2bag: Tensor, bag_size: Tensor, maximum_indices: Tensor, num_weights: int, scale_grad_by_freq: bool, mode: int, per_sample_weights: Optional[Tensor], padding_idx: int):
    gw = _zeros([num_weights, grad.size(1)], grad)
    counts = torch.ones([num_weights], dtype=grad.dtype)
    if scale_grad_by_freq:
        counts = torch.bincount(indices, None, num_weights).to(grad.dtype).clamp_min(1.0)
    if mode == 2:
        valid = (bag_size > 0).unsqueeze(1).expand_as(maximum_indices)
        idx = maximum_indices.masked_fill(valid.logical_not(), 0)
        src = grad.masked_fill(valid.logical_not(), 0.0)
        if padding_idx >= 0:
            src = src.masked_fill(idx == padding_idx, 0.0)
        if scale_grad_by_freq:
            src = src / counts.index_select(0, idx.reshape([-1])).reshape(idx.size())
        return gw.scatter_add(0, idx, src)
    rows = grad.index_select(0, offset2bag)
    if mode == 1:
        rows = rows / bag_size.index_select(0, offset2bag).clamp_min(1).unsqueeze(1).to(grad.dtype)
    if per_sample_weights is not None:
        rows = rows * per_sample_weights.unsqueeze(1)
    if scale_grad_by_freq:
        rows = rows / counts.index_select(0, indices).unsqueeze(1)
    if padding_idx >= 0:
        rows = rows.masked_fill((indices == padding_idx).unsqueeze(1), 0.0)
    return gw.index_add(0, indices, rows)

def b_embedding_bag(grad: Tensor, indices: Tensor, offsets: Tensor, offset2bag: Tensor, bag_size: Tensor, maximum_indices: Tensor, num_weights: int, scale_grad_by_freq: bool, mode: int, sparse: bool, per_sample_weights: Optional[Tensor], padding_idx: int):
    if sparse:
        raise RuntimeError("_embedding_bag_backward: sparse gradients are not supported by ember (sparse tensors are not implemented)")
    o2b = _offset2bag(indices, offsets, offset2bag)
    return b_embedding_bag_dense(grad, indices, o2b, bag_size, maximum_indices, num_weights, scale_grad_by_freq, mode, per_sample_weights, padding_idx)

def b_embedding_bag_per_sample_weights(grad: Tensor, weight: Tensor, indices: Tensor, offsets: Tensor, offset2bag: Tensor, mode: int, padding_idx: int):
    if mode != 0:
        raise RuntimeError("embedding_bag_backward: per_sample_weights only supported for mode='sum'")
    o2b = _offset2bag(indices, offsets, offset2bag)
    r = (grad.index_select(0, o2b) * weight.index_select(0, indices)).sum(1)
    if padding_idx >= 0:
        r = r.masked_fill(indices == padding_idx, 0.0)
    return r

def b_segment_reduce(grad: Tensor, output: Tensor, data: Tensor, reduce: str, lengths: Optional[Tensor], offsets: Optional[Tensor], axis: int, initial: Optional[number]):
    with torch.enable_grad():
        x = _vjp_leaf(data)
        y = torch.segment_reduce(x, reduce, lengths=lengths, offsets=offsets, axis=axis, initial=initial)
        return _vjp(y, x, grad)

def b_batch_norm_impl_index(impl_index: int, input: Tensor, grad_output: Tensor, weight: Optional[Tensor], running_mean: Optional[Tensor], running_var: Optional[Tensor], save_mean: Optional[Tensor], save_var_transform: Optional[Tensor], train: bool, eps: float, output_mask: List[bool], reservedSpace: Tensor):
    return b_native_batch_norm(grad_output, input, weight, running_mean, running_var, save_mean, save_var_transform, train, eps, output_mask)

def b_embedding_dense(grad_output: Tensor, indices: Tensor, num_weights: int, padding_idx: int, scale_grad_by_freq: bool):
    flat = indices.reshape([-1])
    g = grad_output.reshape([flat.numel(), grad_output.size(-1)])
    if scale_grad_by_freq:
        counts = torch.bincount(flat, None, num_weights).to(g.dtype)
        g = g / counts.index_select(0, flat).unsqueeze(1)
    if padding_idx >= 0:
        g = g * (flat != padding_idx).to(g.dtype).unsqueeze(1)
    return _zeros([num_weights, grad_output.size(-1)], grad_output).index_add(0, flat, g)

def b_embedding(grad: Tensor, indices: Tensor, num_weights: int, padding_idx: int, scale_grad_by_freq: bool, sparse: bool):
    if sparse:
        raise RuntimeError("embedding_backward: sparse gradients are not supported by ember (sparse tensors are not implemented)")
    return b_embedding_dense(grad, indices, num_weights, padding_idx, scale_grad_by_freq)

# This round's new forwards (issue 15): each the vector-Jacobian product of its decomposed forward.
def _vjp2(y: Tensor, x1: Tensor, x2: Tensor, grad_output: Tensor) -> Tuple[Tensor, Tensor]:
    go: List[Optional[Tensor]] = [grad_output]
    r = torch.autograd.grad([y], [x1, x2], go, allow_unused=True)
    g1 = r[0]
    g2 = r[1]
    if g1 is None:
        g1 = torch.zeros_like(x1)
    if g2 is None:
        g2 = torch.zeros_like(x2)
    return g1.detach(), g2.detach()

def b_upsample_bilinear2d_aa(grad_output: Tensor, output_size: List[int], input_size: List[int], align_corners: bool, scales_h: Optional[float], scales_w: Optional[float]):
    with torch.enable_grad():
        x = _vjp_zeros(input_size, grad_output)
        return _vjp(torch._upsample_bilinear2d_aa(x, output_size, align_corners, scales_h, scales_w), x, grad_output)

def b_upsample_bilinear2d_aa_vec(grad_output: Tensor, output_size: Optional[List[int]], input_size: List[int], align_corners: bool, scale_factors: Optional[List[float]]):
    with torch.enable_grad():
        x = _vjp_zeros(input_size, grad_output)
        return _vjp(torch._upsample_bilinear2d_aa(x, output_size, align_corners, scale_factors), x, grad_output)

def b_upsample_bicubic2d_aa(grad_output: Tensor, output_size: List[int], input_size: List[int], align_corners: bool, scales_h: Optional[float], scales_w: Optional[float]):
    with torch.enable_grad():
        x = _vjp_zeros(input_size, grad_output)
        return _vjp(torch._upsample_bicubic2d_aa(x, output_size, align_corners, scales_h, scales_w), x, grad_output)

def b_upsample_bicubic2d_aa_vec(grad_output: Tensor, output_size: Optional[List[int]], input_size: List[int], align_corners: bool, scale_factors: Optional[List[float]]):
    with torch.enable_grad():
        x = _vjp_zeros(input_size, grad_output)
        return _vjp(torch._upsample_bicubic2d_aa(x, output_size, align_corners, scale_factors), x, grad_output)

def b_grid_sampler_2d(grad_output: Tensor, input: Tensor, grid: Tensor, interpolation_mode: int, padding_mode: int, align_corners: bool, output_mask: List[bool]):
    with torch.enable_grad():
        x = _vjp_leaf(input)
        g = _vjp_leaf(grid)
        return _vjp2(torch.grid_sampler_2d(x, g, interpolation_mode, padding_mode, align_corners), x, g, grad_output)

def b_grid_sampler_3d(grad_output: Tensor, input: Tensor, grid: Tensor, interpolation_mode: int, padding_mode: int, align_corners: bool, output_mask: List[bool]):
    with torch.enable_grad():
        x = _vjp_leaf(input)
        g = _vjp_leaf(grid)
        return _vjp2(torch.grid_sampler_3d(x, g, interpolation_mode, padding_mode, align_corners), x, g, grad_output)

def b_affine_grid_generator(grad: Tensor, size: List[int], align_corners: bool):
    rows = 2 if len(size) == 4 else 3
    with torch.enable_grad():
        theta = torch.zeros([size[0], rows, rows + 1], dtype=grad.dtype).requires_grad_(True)
        return _vjp(torch.affine_grid_generator(theta, size, align_corners), theta, grad)

def b_multi_margin_loss(grad_output: Tensor, self: Tensor, target: Tensor, p: float, margin: float, weight: Optional[Tensor], reduction: int):
    with torch.enable_grad():
        x = _vjp_leaf(self)
        return _vjp(torch.multi_margin_loss(x, target, p, margin, weight, reduction), x, grad_output)

def b_multilabel_margin_loss(grad_output: Tensor, self: Tensor, target: Tensor, reduction: int, is_target: Tensor):
    with torch.enable_grad():
        x = _vjp_leaf(self)
        return _vjp(torch.multilabel_margin_loss(x, target, reduction), x, grad_output)

def b_masked_softmax(grad_output: Tensor, output: Tensor, mask: Tensor, dim: Optional[int]):
    d = output.dim() - 1
    if dim is not None:
        d = dim
    g = output * (grad_output - (grad_output * output).sum([d], True))
    return g.masked_fill(mask, 0)

def b_weight_norm_interface(grad_w: Tensor, saved_v: Tensor, saved_g: Tensor, saved_norms: Tensor, dim: int):
    with torch.enable_grad():
        v = _vjp_leaf(saved_v)
        g = _vjp_leaf(saved_g)
        return _vjp2(torch._weight_norm_interface(v, g, dim)[0], v, g, grad_w)

def b_conv_tbc(self: Tensor, input: Tensor, weight: Tensor, bias: Tensor, pad: int):
    with torch.enable_grad():
        x = _vjp_leaf(input)
        w = _vjp_leaf(weight)
        b = _vjp_leaf(bias)
        go: List[Optional[Tensor]] = [self]
        r = torch.autograd.grad([torch.conv_tbc(x, w, b, pad)], [x, w, b], go)
        gx = r[0]
        gw = r[1]
        gb = r[2]
        assert gx is not None
        assert gw is not None
        assert gb is not None
        return gx.detach(), gw.detach(), gb.detach()

# PyTorch's CTC gradient is taken as if log_probs came from a log_softmax: the vector-Jacobian
# product of the loss plus exp(log_probs) * grad, zero past each input length (and, with
# zero_infinity, for the samples whose loss is infinite).
def b_ctc_loss(grad: Tensor, log_probs: Tensor, targets: Tensor, input_lengths: List[int], target_lengths: List[int], neg_log_likelihood: Tensor, log_alpha: Tensor, blank: int, zero_infinity: bool):
    with torch.enable_grad():
        x = _vjp_leaf(log_probs)
        nll = torch.ctc_loss(x, targets, input_lengths, target_lengths, blank, 0, False)
        g = _vjp(nll, x, grad)
    steps = torch.arange(log_probs.size(0)).unsqueeze(1)
    valid = steps < torch.tensor(input_lengths).unsqueeze(0)
    g = (g + log_probs.exp() * grad.unsqueeze(0).unsqueeze(2)) * valid.unsqueeze(2).to(g.dtype)
    if zero_infinity:
        g = g.masked_fill(torch.isinf(neg_log_likelihood).unsqueeze(0).unsqueeze(2), 0.0)
    return g

def b_ctc_loss_tensor(grad: Tensor, log_probs: Tensor, targets: Tensor, input_lengths: Tensor, target_lengths: Tensor, neg_log_likelihood: Tensor, log_alpha: Tensor, blank: int, zero_infinity: bool):
    in_lengths: List[int] = input_lengths.reshape([-1]).tolist()
    tgt_lengths: List[int] = target_lengths.reshape([-1]).tolist()
    return b_ctc_loss(grad, log_probs, targets, in_lengths, tgt_lengths, neg_log_likelihood, log_alpha, blank, zero_infinity)
)TS";

}  // namespace ember::jit::aten
