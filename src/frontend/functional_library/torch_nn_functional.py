# torch.nn.functional for ember, written in TorchScript on top of aten operators.
#
# PyTorch compiles the Python functions of torch/nn/functional.py when a program calls them;
# these are ember's own versions with PyTorch 1.13's signatures (names, keyword names, defaults,
# Optional arguments) and argument checks (same exception classes and messages). Functions that
# TorchScript maps straight to an operator (F.conv2d, F.gelu, F.pad, F.linear, ...) are not here:
# the frontend calls the operator.
#
# Conventions (read by src/frontend/functional_library.cpp):
# - each `def` is compiled the first time a program uses it, and shared by every program;
# - `name__1`, `name__2`, ... are overloads of `name`, tried in order (PyTorch's @_overload);
# - names starting with `_` are helpers, not visible as F._name from programs;
# - the choice between `x_with_indices` and `_x` on return_indices is a C++ table there;
# - aten operators are reached as torch.<op> or Tensor methods.


# ---- helpers -------------------------------------------------------------------------------

def _reduction_enum(reduction: str) -> int:
    if reduction == "none":
        return 0
    if reduction == "mean" or reduction == "elementwise_mean":
        return 1
    if reduction == "sum":
        return 2
    raise ValueError("{} is not a valid value for reduction".format(reduction))


# The reduction named by the deprecated size_average / reduce flags (both default to True).
def _legacy_reduction(size_average: Optional[bool], reduce: Optional[bool]) -> str:
    average = True
    if size_average is not None:
        average = size_average
    reducing = True
    if reduce is not None:
        reducing = reduce
    if not reducing:
        return "none"
    if average:
        return "mean"
    return "sum"


def _reduction_of(size_average: Optional[bool], reduce: Optional[bool], reduction: str) -> str:
    if size_average is not None or reduce is not None:
        return _legacy_reduction(size_average, reduce)
    return reduction


# Reduces a loss computed element by element; other names are rejected as PyTorch's losses
# written in Python do ("foo is not valid").
def _reduce_loss(loss: Tensor, reduction: str) -> Tensor:
    if reduction == "none":
        return loss
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    raise ValueError(reduction + " is not valid")


def _reduce_enum_loss(loss: Tensor, reduction: str) -> Tensor:
    enum = _reduction_enum(reduction)
    if enum == 0:
        return loss
    if enum == 1:
        return loss.mean()
    return loss.sum()


def _check_dropout_p(p: float):
    if p < 0.0 or p > 1.0:
        raise ValueError("dropout probability has to be between 0 and 1, but got {}".format(p))


def _get_softmax_dim(name: str, ndim: int, stacklevel: int) -> int:
    if ndim == 0 or ndim == 1 or ndim == 3:
        return 0
    return 1


def _verify_batch_size(size: List[int]):
    values = size[0]
    for i in range(len(size) - 2):
        values *= size[i + 2]
    if values == 1:
        raise ValueError("Expected more than 1 value per channel when training, got input size {}".format(size))


def _verify_spatial_size(size: List[int]):
    elements = 1
    for i in range(2, len(size)):
        elements *= size[i]
    if elements == 1:
        raise ValueError("Expected more than 1 spatial element when training, got input size {}".format(size))


# ---- activations ---------------------------------------------------------------------------

# F.threshold (functional_library.cpp maps the name, as PyTorch's F.threshold is _threshold).
def _threshold(input: Tensor, threshold: float, value: float, inplace: bool = False) -> Tensor:
    if inplace:
        return torch.threshold_(input, threshold, value)
    return torch.threshold(input, threshold, value)


def relu(input: Tensor, inplace: bool = False) -> Tensor:
    if inplace:
        return torch.relu_(input)
    return torch.relu(input)


def relu6(input: Tensor, inplace: bool = False) -> Tensor:
    if inplace:
        return torch.hardtanh_(input, 0.0, 6.0)
    return torch.relu6(input)


def hardtanh(input: Tensor, min_val: float = -1.0, max_val: float = 1.0, inplace: bool = False) -> Tensor:
    if inplace:
        return torch.hardtanh_(input, min_val, max_val)
    return torch.hardtanh(input, min_val, max_val)


def elu(input: Tensor, alpha: float = 1.0, inplace: bool = False) -> Tensor:
    if inplace:
        return torch.elu_(input, alpha)
    return torch.elu(input, alpha)


def selu(input: Tensor, inplace: bool = False) -> Tensor:
    if inplace:
        return torch.selu_(input)
    return torch.selu(input)


def celu(input: Tensor, alpha: float = 1.0, inplace: bool = False) -> Tensor:
    if inplace:
        return torch.celu_(input, alpha)
    return torch.celu(input, alpha)


def leaky_relu(input: Tensor, negative_slope: float = 0.01, inplace: bool = False) -> Tensor:
    if inplace:
        return torch.leaky_relu_(input, negative_slope)
    return torch.leaky_relu(input, negative_slope)


def rrelu(input: Tensor, lower: float = 0.125, upper: float = 0.3333333333333333, training: bool = False,
          inplace: bool = False) -> Tensor:
    # Negative inputs are scaled by a slope drawn from U(lower, upper) per element while
    # training, by the mean slope otherwise.
    if training:
        slopes = torch.empty_like(input).uniform_(lower, upper)
        result = torch.where(input >= 0, input, input * slopes)
    else:
        result = torch.leaky_relu(input, (lower + upper) / 2)
    if inplace:
        return input.copy_(result)
    return result


def rrelu_(input: Tensor, lower: float = 0.125, upper: float = 0.3333333333333333, training: bool = False) -> Tensor:
    return rrelu(input, lower, upper, training, True)


def glu(input: Tensor, dim: int = -1) -> Tensor:
    if input.dim() == 0:
        raise RuntimeError("glu does not support scalars because halving size must be even")
    return torch.glu(input, dim)


def hardsigmoid(input: Tensor, inplace: bool = False) -> Tensor:
    if inplace:
        return torch.hardsigmoid_(input)
    return torch.hardsigmoid(input)


def hardswish(input: Tensor, inplace: bool = False) -> Tensor:
    if inplace:
        return torch.hardswish_(input)
    return torch.hardswish(input)


def silu(input: Tensor, inplace: bool = False) -> Tensor:
    if inplace:
        return torch.silu_(input)
    return torch.silu(input)


def mish(input: Tensor, inplace: bool = False) -> Tensor:
    if inplace:
        return torch.mish_(input)
    return torch.mish(input)


def sigmoid(input: Tensor) -> Tensor:
    return input.sigmoid()


def tanh(input: Tensor) -> Tensor:
    return input.tanh()


def tanhshrink(input: Tensor) -> Tensor:
    return input - input.tanh()


def softsign(input: Tensor) -> Tensor:
    return input / (input.abs() + 1)


def softmax(input: Tensor, dim: Optional[int] = None, _stacklevel: int = 3, dtype: Optional[int] = None) -> Tensor:
    if dim is None:
        dim = _get_softmax_dim("softmax", input.dim(), _stacklevel)
    if dtype is None:
        return input.softmax(dim)
    return input.softmax(dim, dtype=dtype)


def softmin(input: Tensor, dim: Optional[int] = None, _stacklevel: int = 3, dtype: Optional[int] = None) -> Tensor:
    if dim is None:
        dim = _get_softmax_dim("softmin", input.dim(), _stacklevel)
    if dtype is None:
        return (-input).softmax(dim)
    return (-input).softmax(dim, dtype=dtype)


def log_softmax(input: Tensor, dim: Optional[int] = None, _stacklevel: int = 3, dtype: Optional[int] = None) -> Tensor:
    if dim is None:
        dim = _get_softmax_dim("log_softmax", input.dim(), _stacklevel)
    if dtype is None:
        return input.log_softmax(dim)
    return input.log_softmax(dim, dtype=dtype)


def gumbel_softmax(logits: Tensor, tau: float = 1, hard: bool = False, eps: float = 1e-10, dim: int = -1) -> Tensor:
    noise = -torch.empty_like(logits).exponential_().log()
    soft = ((logits + noise) / tau).softmax(dim)
    if not hard:
        return soft
    index = soft.max(dim, keepdim=True)[1]
    one_hot = torch.zeros_like(logits).scatter_(dim, index, 1.0)
    return one_hot - soft.detach() + soft


def normalize(input: Tensor, p: float = 2.0, dim: int = 1, eps: float = 1e-12, out: Optional[Tensor] = None) -> Tensor:
    denom = input.norm(p, dim, keepdim=True).clamp_min(eps).expand_as(input)
    if out is None:
        return input / denom
    return torch.div(input, denom, out=out)


# ---- dropout -------------------------------------------------------------------------------

def dropout(input: Tensor, p: float = 0.5, training: bool = True, inplace: bool = False) -> Tensor:
    _check_dropout_p(p)
    if inplace:
        return torch.dropout_(input, p, training)
    return torch.dropout(input, p, training)


def alpha_dropout(input: Tensor, p: float = 0.5, training: bool = False, inplace: bool = False) -> Tensor:
    _check_dropout_p(p)
    if inplace:
        return torch.alpha_dropout_(input, p, training)
    return torch.alpha_dropout(input, p, training)


def feature_alpha_dropout(input: Tensor, p: float = 0.5, training: bool = False, inplace: bool = False) -> Tensor:
    _check_dropout_p(p)
    if inplace:
        return torch.feature_alpha_dropout_(input, p, training)
    return torch.feature_alpha_dropout(input, p, training)


# Channel-wise dropout of an input whose unbatched form has `dims` dimensions.
def _feature_dropout(input: Tensor, p: float, training: bool, inplace: bool, dims: int) -> Tensor:
    batched = input.dim() == dims + 1
    if not batched:
        if inplace:
            input = input.unsqueeze_(0)
        else:
            input = input.unsqueeze(0)
    if inplace:
        result = torch.feature_dropout_(input, p, training)
    else:
        result = torch.feature_dropout(input, p, training)
    if not batched:
        if inplace:
            result = result.squeeze_(0)
        else:
            result = result.squeeze(0)
    return result


def dropout1d(input: Tensor, p: float = 0.5, training: bool = True, inplace: bool = False) -> Tensor:
    _check_dropout_p(p)
    ndim = input.dim()
    if ndim != 2 and ndim != 3:
        raise RuntimeError("dropout1d: Expected 2D or 3D input, but received a {}D input. Note that dropout1d "
                           "exists to provide channel-wise dropout on inputs with 1 spatial dimension, a channel "
                           "dimension, and an optional batch dimension (i.e. 2D or 3D inputs).".format(ndim))
    return _feature_dropout(input, p, training, inplace, 2)


def dropout2d(input: Tensor, p: float = 0.5, training: bool = True, inplace: bool = False) -> Tensor:
    _check_dropout_p(p)
    # PyTorch 1.13 treats a 3D input as batched (and warns): channel-wise over its dim 1.
    if inplace:
        return torch.feature_dropout_(input, p, training)
    return torch.feature_dropout(input, p, training)


def dropout3d(input: Tensor, p: float = 0.5, training: bool = True, inplace: bool = False) -> Tensor:
    _check_dropout_p(p)
    return _feature_dropout(input, p, training, inplace, 4)


# ---- normalization -------------------------------------------------------------------------

def batch_norm(input: Tensor, running_mean: Optional[Tensor], running_var: Optional[Tensor],
               weight: Optional[Tensor] = None, bias: Optional[Tensor] = None, training: bool = False,
               momentum: float = 0.1, eps: float = 1e-5) -> Tensor:
    if training:
        _verify_batch_size(input.size())
    return torch.batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps, False)


def instance_norm(input: Tensor, running_mean: Optional[Tensor] = None, running_var: Optional[Tensor] = None,
                  weight: Optional[Tensor] = None, bias: Optional[Tensor] = None, use_input_stats: bool = True,
                  momentum: float = 0.1, eps: float = 1e-5) -> Tensor:
    if use_input_stats:
        _verify_spatial_size(input.size())
    return torch.instance_norm(input, weight, bias, running_mean, running_var, use_input_stats, momentum, eps,
                               False)


def layer_norm(input: Tensor, normalized_shape: List[int], weight: Optional[Tensor] = None,
               bias: Optional[Tensor] = None, eps: float = 1e-5) -> Tensor:
    return torch.layer_norm(input, normalized_shape, weight, bias, eps, False)


def group_norm(input: Tensor, num_groups: int, weight: Optional[Tensor] = None, bias: Optional[Tensor] = None,
               eps: float = 1e-5) -> Tensor:
    sizes = input.size()
    grouped = [input.size(0) * input.size(1) // num_groups, num_groups]
    for i in range(2, len(sizes)):
        grouped.append(sizes[i])
    _verify_batch_size(grouped)
    return torch.group_norm(input, num_groups, weight, bias, eps, False)


def local_response_norm(input: Tensor, size: int, alpha: float = 1e-4, beta: float = 0.75, k: float = 1.0) -> Tensor:
    ndim = input.dim()
    if ndim < 3:
        raise ValueError("Expected 3D or higher dimensionality                          input (got {} dimensions)"
                         .format(ndim))
    if input.numel() == 0:
        return input
    # Each channel is divided by (k + alpha * mean of the squares of the `size` channels around it)
    # ** beta, channels beyond the edges counting as zeros: the window sums are shifted slices of
    # the zero-padded squares, added up.
    channels = input.size(1)
    pad: List[int] = [0] * (2 * (ndim - 2))
    pad.append(size // 2)
    pad.append((size - 1) // 2)
    padded = torch.constant_pad_nd(input * input, pad, 0.0)
    window = padded.narrow(1, 0, channels)
    for offset in range(1, size):
        window = window + padded.narrow(1, offset, channels)
    scale = window.div(size).mul(alpha).add(k).pow(beta)
    return input / scale


# ---- embeddings ----------------------------------------------------------------------------

def embedding(input: Tensor, weight: Tensor, padding_idx: Optional[int] = None, max_norm: Optional[float] = None,
              norm_type: float = 2.0, scale_grad_by_freq: bool = False, sparse: bool = False) -> Tensor:
    index = -1
    if padding_idx is not None:
        index = padding_idx
        if index > 0:
            assert index < weight.size(0), "Padding_idx must be within num_embeddings"
        elif index < 0:
            assert index >= -weight.size(0), "Padding_idx must be within num_embeddings"
            index = weight.size(0) + index
    # max_norm: PyTorch 1.13's scripted embedding does not renormalise the weight (its renorm
    # call is a Python-only builtin that TorchScript drops), so neither does this one.
    return torch.embedding(weight, input, index, scale_grad_by_freq, sparse)


def embedding_bag(input: Tensor, weight: Tensor, offsets: Optional[Tensor] = None, max_norm: Optional[float] = None,
                  norm_type: float = 2, scale_grad_by_freq: bool = False, mode: str = "mean", sparse: bool = False,
                  per_sample_weights: Optional[Tensor] = None, include_last_offset: bool = False,
                  padding_idx: Optional[int] = None) -> Tensor:
    if per_sample_weights is not None and input.size() != per_sample_weights.size():
        raise ValueError("embedding_bag: If per_sample_weights ({}) is not None, then it must have the same "
                         "shape as the input ({})".format(per_sample_weights.shape, input.shape))
    if input.dim() == 2:
        if offsets is not None:
            raise ValueError("if input is 2D, then offsets has to be None, as input is treated is a mini-batch "
                             "of fixed length sequences. However, found offsets of type Tensor")
        bags = torch.arange(0, input.numel(), input.size(1), dtype=input.dtype, device=input.device)
        input = input.reshape(-1)
        if per_sample_weights is not None:
            per_sample_weights = per_sample_weights.reshape(-1)
    elif input.dim() == 1:
        if offsets is None:
            raise ValueError("offsets has to be a 1D Tensor but got None")
        bags = offsets
        if bags.dim() != 1:
            raise ValueError("offsets has to be a 1D Tensor")
    else:
        raise ValueError("input has to be 1D or 2D Tensor, but got Tensor of dimension {}".format(input.dim()))
    if mode == "sum":
        mode_enum = 0
    elif mode == "mean":
        mode_enum = 1
    elif mode == "max":
        mode_enum = 2
        if scale_grad_by_freq:
            raise ValueError("max mode does not support scaling the gradient by the frequency")
        if sparse:
            raise ValueError("max mode does not support sparse weights")
    else:
        raise ValueError("mode has to be one of sum, mean or max")
    # max_norm: not applied, as in PyTorch 1.13's scripted embedding_bag (see embedding).
    if per_sample_weights is not None and mode != "sum":
        raise NotImplementedError("embedding_bag: per_sample_weights was not None. per_sample_weights is only "
                                  "supported for mode='sum' (got mode='{}'). Please open a feature request on "
                                  "the Github.".format(mode))
    result = torch.embedding_bag(weight, input, bags, scale_grad_by_freq, mode_enum, sparse, per_sample_weights,
                                 include_last_offset, padding_idx)
    return result[0]


# ---- pooling -------------------------------------------------------------------------------

def _stride_or_empty(stride: Optional[List[int]]) -> List[int]:
    if stride is None:
        return torch.jit.annotate(List[int], [])
    return stride


def max_pool1d_with_indices(input: Tensor, kernel_size: BroadcastingList1[int],
                            stride: Optional[BroadcastingList1[int]] = None, padding: BroadcastingList1[int] = 0,
                            dilation: BroadcastingList1[int] = 1, ceil_mode: bool = False,
                            return_indices: bool = False) -> Tuple[Tensor, Tensor]:
    return torch.max_pool1d_with_indices(input, kernel_size, _stride_or_empty(stride), padding, dilation, ceil_mode)


def _max_pool1d(input: Tensor, kernel_size: BroadcastingList1[int], stride: Optional[BroadcastingList1[int]] = None,
                padding: BroadcastingList1[int] = 0, dilation: BroadcastingList1[int] = 1, ceil_mode: bool = False,
                return_indices: bool = False) -> Tensor:
    return torch.max_pool1d(input, kernel_size, _stride_or_empty(stride), padding, dilation, ceil_mode)


def max_pool2d_with_indices(input: Tensor, kernel_size: BroadcastingList2[int],
                            stride: Optional[BroadcastingList2[int]] = None, padding: BroadcastingList2[int] = 0,
                            dilation: BroadcastingList2[int] = 1, ceil_mode: bool = False,
                            return_indices: bool = False) -> Tuple[Tensor, Tensor]:
    return torch.max_pool2d_with_indices(input, kernel_size, _stride_or_empty(stride), padding, dilation, ceil_mode)


def _max_pool2d(input: Tensor, kernel_size: BroadcastingList2[int], stride: Optional[BroadcastingList2[int]] = None,
                padding: BroadcastingList2[int] = 0, dilation: BroadcastingList2[int] = 1, ceil_mode: bool = False,
                return_indices: bool = False) -> Tensor:
    return torch.max_pool2d(input, kernel_size, _stride_or_empty(stride), padding, dilation, ceil_mode)


def max_pool3d_with_indices(input: Tensor, kernel_size: BroadcastingList3[int],
                            stride: Optional[BroadcastingList3[int]] = None, padding: BroadcastingList3[int] = 0,
                            dilation: BroadcastingList3[int] = 1, ceil_mode: bool = False,
                            return_indices: bool = False) -> Tuple[Tensor, Tensor]:
    return torch.max_pool3d_with_indices(input, kernel_size, _stride_or_empty(stride), padding, dilation, ceil_mode)


def _max_pool3d(input: Tensor, kernel_size: BroadcastingList3[int], stride: Optional[BroadcastingList3[int]] = None,
                padding: BroadcastingList3[int] = 0, dilation: BroadcastingList3[int] = 1, ceil_mode: bool = False,
                return_indices: bool = False) -> Tensor:
    return torch.max_pool3d(input, kernel_size, _stride_or_empty(stride), padding, dilation, ceil_mode)


def adaptive_max_pool1d_with_indices(input: Tensor, output_size: BroadcastingList1[int],
                                     return_indices: bool = False) -> Tuple[Tensor, Tensor]:
    return torch.adaptive_max_pool1d(input, output_size)


def _adaptive_max_pool1d(input: Tensor, output_size: BroadcastingList1[int], return_indices: bool = False) -> Tensor:
    return torch.adaptive_max_pool1d(input, output_size)[0]


def adaptive_max_pool2d_with_indices(input: Tensor, output_size: BroadcastingList2[int],
                                     return_indices: bool = False) -> Tuple[Tensor, Tensor]:
    return torch.adaptive_max_pool2d(input, output_size)


def _adaptive_max_pool2d(input: Tensor, output_size: BroadcastingList2[int], return_indices: bool = False) -> Tensor:
    return torch.adaptive_max_pool2d(input, output_size)[0]


def adaptive_max_pool3d_with_indices(input: Tensor, output_size: BroadcastingList3[int],
                                     return_indices: bool = False) -> Tuple[Tensor, Tensor]:
    return torch.adaptive_max_pool3d(input, output_size)


def _adaptive_max_pool3d(input: Tensor, output_size: BroadcastingList3[int], return_indices: bool = False) -> Tensor:
    return torch.adaptive_max_pool3d(input, output_size)[0]


def adaptive_avg_pool2d(input: Tensor, output_size: BroadcastingList2[int]) -> Tensor:
    return torch.adaptive_avg_pool2d(input, output_size)


def adaptive_avg_pool3d(input: Tensor, output_size: BroadcastingList3[int]) -> Tensor:
    return torch.adaptive_avg_pool3d(input, output_size)


# Power-average pooling: (sum over the window of x^p)^(1/p), from an average pool of x^p.
def _lp_root(pooled: Tensor, norm_type: float, window: int) -> Tensor:
    return (torch.sign(pooled) * torch.relu(torch.abs(pooled))).mul(window).pow(1.0 / norm_type)


def lp_pool1d__1(input: Tensor, norm_type: float, kernel_size: int, stride: Optional[BroadcastingList1[int]] = None,
                 ceil_mode: bool = False) -> Tensor:
    if stride is not None:
        pooled = torch.avg_pool1d(input.pow(norm_type), [kernel_size], stride, [0], ceil_mode)
    else:
        pooled = torch.avg_pool1d(input.pow(norm_type), [kernel_size], [kernel_size], [0], ceil_mode)
    return _lp_root(pooled, norm_type, kernel_size)


# norm_type is Union[int, float] in PyTorch: an int is the same power as a float.
def lp_pool1d__2(input: Tensor, norm_type: int, kernel_size: int, stride: Optional[BroadcastingList1[int]] = None,
                 ceil_mode: bool = False) -> Tensor:
    return lp_pool1d__1(input, float(norm_type), kernel_size, stride, ceil_mode)


def lp_pool2d__1(input: Tensor, norm_type: float, kernel_size: BroadcastingList2[int],
                 stride: Optional[BroadcastingList2[int]] = None, ceil_mode: bool = False) -> Tensor:
    if stride is not None:
        pooled = torch.avg_pool2d(input.pow(norm_type), kernel_size, stride, [0, 0], ceil_mode)
    else:
        pooled = torch.avg_pool2d(input.pow(norm_type), kernel_size, kernel_size, [0, 0], ceil_mode)
    return _lp_root(pooled, norm_type, kernel_size[0] * kernel_size[1])


def lp_pool2d__2(input: Tensor, norm_type: int, kernel_size: BroadcastingList2[int],
                 stride: Optional[BroadcastingList2[int]] = None, ceil_mode: bool = False) -> Tensor:
    return lp_pool2d__1(input, float(norm_type), kernel_size, stride, ceil_mode)


# The spatial output size of max_unpool: from output_size (with or without batch and channel
# dimensions) or from the pooling parameters.
def _unpool_output_size(input: Tensor, kernel_size: List[int], stride: List[int], padding: List[int],
                        output_size: Optional[List[int]]) -> List[int]:
    # The size max pooling would have come from, per spatial dim: (in - 1) * stride + kernel - 2 * pad.
    spatial = len(kernel_size)
    sizes = input.size()
    first = len(sizes) - spatial
    natural: List[int] = []
    for d in range(spatial):
        natural.append((sizes[first + d] - 1) * stride[d] + kernel_size[d] - 2 * padding[d])
    if output_size is None:
        return natural
    # An explicit size may include the batch and channel dims; any size within one stride of the
    # natural one is reachable.
    wanted = output_size[2:] if len(output_size) == spatial + 2 else output_size
    if len(wanted) != spatial:
        raise ValueError("output_size should be a sequence containing {} or {} elements, but it has a length of "
                         "'{}'".format(spatial, spatial + 2, len(wanted)))
    for d in range(spatial):
        low = natural[d] - stride[d]
        high = natural[d] + stride[d]
        if wanted[d] <= low or wanted[d] >= high:
            raise ValueError('invalid output_size "{}" (dim {} must be between {} and {})'.format(wanted, d, low, high))
    return wanted


# Scatters each pooled value back to the flat spatial position its index names.
def _max_unpool(input: Tensor, indices: Tensor, kernel_size: List[int], stride: Optional[List[int]],
                padding: List[int], output_size: Optional[List[int]]) -> Tensor:
    steps = kernel_size
    if stride is not None:
        steps = stride
    size = _unpool_output_size(input, kernel_size, steps, padding, output_size)
    spatial = len(kernel_size)
    batched = input.dim() == spatial + 2
    x = input
    idx = indices
    if not batched:
        x = x.unsqueeze(0)
        idx = idx.unsqueeze(0)
    n = x.size(0)
    c = x.size(1)
    plane = 1
    for s in size:
        plane *= s
    out = torch.zeros([n, c, plane], dtype=x.dtype, device=x.device)
    out = out.scatter(2, idx.reshape([n, c, -1]), x.reshape([n, c, -1]))
    shape = [n, c]
    for s in size:
        shape.append(s)
    out = out.view(shape)
    if not batched:
        out = out.squeeze(0)
    return out


def max_unpool1d(input: Tensor, indices: Tensor, kernel_size: BroadcastingList1[int],
                 stride: Optional[BroadcastingList1[int]] = None, padding: BroadcastingList1[int] = 0,
                 output_size: Optional[BroadcastingList1[int]] = None) -> Tensor:
    return _max_unpool(input, indices, kernel_size, stride, padding, output_size)


def max_unpool2d(input: Tensor, indices: Tensor, kernel_size: BroadcastingList2[int],
                 stride: Optional[BroadcastingList2[int]] = None, padding: BroadcastingList2[int] = 0,
                 output_size: Optional[BroadcastingList2[int]] = None) -> Tensor:
    return _max_unpool(input, indices, kernel_size, stride, padding, output_size)


def max_unpool3d(input: Tensor, indices: Tensor, kernel_size: BroadcastingList3[int],
                 stride: Optional[BroadcastingList3[int]] = None, padding: BroadcastingList3[int] = 0,
                 output_size: Optional[BroadcastingList3[int]] = None) -> Tensor:
    return _max_unpool(input, indices, kernel_size, stride, padding, output_size)


# ---- unfold / fold -------------------------------------------------------------------------


def conv_tbc(input: Tensor, weight: Tensor, bias: Tensor, pad: int = 0) -> Tensor:
    # A 1-d convolution of a (time, batch, channels) input with a (kernel, in, out) weight: conv1d
    # on the (batch, channels, time) layout, the result back in (time, batch, channels).
    if input.dim() != 3:
        raise RuntimeError("Input must have 3 dims: time, batch, in_channel")
    if weight.dim() != 3:
        raise RuntimeError("Weight tensor must have 3 dims: kernel_width, in_channels, out_channels.")
    if bias.dim() != 1:
        raise RuntimeError("Bias must be 1-D")
    out = torch.conv1d(input.permute(1, 2, 0), weight.permute(2, 1, 0), bias, [1], [pad])
    return out.permute(2, 0, 1)


def assert_int_or_pair(arg: List[int], arg_name: str, message: str) -> None:
    assert len(arg) == 1 or len(arg) == 2, message.format(arg_name)


def has_torch_function_unary(input: Tensor) -> bool:
    # No tensor of a TorchScript program has a __torch_function__ override.
    return False


def unfold(input: Tensor, kernel_size: BroadcastingList2[int], dilation: BroadcastingList2[int] = 1,
           padding: BroadcastingList2[int] = 0, stride: BroadcastingList2[int] = 1) -> Tensor:
    if input.dim() != 3 and input.dim() != 4:
        raise RuntimeError("Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size for input, but "
                           "got: {}".format(input.size()))
    return torch.im2col(input, kernel_size, dilation, padding, stride)


# The shape checks with the functional's messages, then col2im (summing the blocks into place).
def fold(input: Tensor, output_size: BroadcastingList2[int], kernel_size: BroadcastingList2[int],
         dilation: BroadcastingList2[int] = 1, padding: BroadcastingList2[int] = 0,
         stride: BroadcastingList2[int] = 1) -> Tensor:
    if input.dim() != 2 and input.dim() != 3:
        raise RuntimeError("Expected 2D or 3D (batch mode) tensor for input with possibly 0 batch size and "
                           "non-zero dimensions for input, but got: {}".format(input.size()))
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
    return torch.col2im(input, output_size, kernel_size, dilation, padding, stride)


# ---- interpolate ---------------------------------------------------------------------------

def _interpolate(input: Tensor, size: Optional[List[int]], scale_factor: Optional[List[float]], mode: str,
                 align_corners: Optional[bool], recompute_scale_factor: Optional[bool], antialias: bool) -> Tensor:
    if mode == "nearest" or mode == "area" or mode == "nearest-exact":
        if align_corners is not None:
            raise ValueError("align_corners option can only be set with the interpolating modes: "
                             "linear | bilinear | bicubic | trilinear")
        corners = False
    else:
        corners = False
        if align_corners is not None:
            corners = align_corners
    dims = input.dim() - 2
    output_size: Optional[List[int]] = None
    scales: Optional[List[float]] = None
    if size is not None and scale_factor is not None:
        raise ValueError("only one of size or scale_factor should be defined")
    elif size is not None:
        if len(size) != dims:
            raise ValueError("Input and output must have the same number of spatial dimensions, but got input with "
                             "spatial dimensions of {} and output size of {}. Please provide input tensor in (N, C, "
                             "d1, d2, ...,dK) format and output size in (o1, o2, ...,oK) format.".format(
                                 input.size()[2:], size))
        output_size = size
    elif scale_factor is not None:
        if len(scale_factor) != dims:
            raise ValueError("Input and scale_factor must have the same number of spatial dimensions, but got input "
                             "with spatial dimensions of {} and scale_factor of shape {}. Please provide input tensor "
                             "in (N, C, d1, d2, ...,dK) format and scale_factor in (s1, s2, ...,sK) format.".format(
                                 input.size()[2:], scale_factor))
        scales = scale_factor
    else:
        raise ValueError("either size or scale_factor should be defined")
    recompute = False
    if recompute_scale_factor is not None:
        recompute = recompute_scale_factor
        if recompute and size is not None:
            raise ValueError("recompute_scale_factor is not meaningful with an explicit size.")
    if mode == "area" and output_size is None:
        recompute = True
    if recompute and scales is not None:
        computed = torch.jit.annotate(List[int], [])
        for i in range(dims):
            computed.append(int(math.floor(float(input.size(i + 2)) * scales[i])))
        output_size = computed
        scales = None
    if antialias and not ((mode == "bilinear" or mode == "bicubic") and input.dim() == 4):
        raise ValueError("Anti-alias option is only supported for bilinear and bicubic modes")
    ndim = input.dim()
    if ndim == 3 and mode == "nearest":
        return torch.upsample_nearest1d(input, output_size, scales)
    if ndim == 4 and mode == "nearest":
        return torch.upsample_nearest2d(input, output_size, scales)
    if ndim == 5 and mode == "nearest":
        return torch.upsample_nearest3d(input, output_size, scales)
    if ndim == 3 and mode == "nearest-exact":
        return torch._upsample_nearest_exact1d(input, output_size, scales)
    if ndim == 4 and mode == "nearest-exact":
        return torch._upsample_nearest_exact2d(input, output_size, scales)
    if ndim == 5 and mode == "nearest-exact":
        return torch._upsample_nearest_exact3d(input, output_size, scales)
    if mode == "area":
        assert output_size is not None
        if ndim == 3:
            return torch.adaptive_avg_pool1d(input, output_size)
        if ndim == 4:
            return torch.adaptive_avg_pool2d(input, output_size)
        if ndim == 5:
            return torch.adaptive_avg_pool3d(input, output_size)
    if ndim == 3 and mode == "linear":
        return torch.upsample_linear1d(input, output_size, corners, scales)
    if ndim == 4 and mode == "bilinear":
        if antialias:
            return torch._upsample_bilinear2d_aa(input, output_size, corners, scales)
        return torch.upsample_bilinear2d(input, output_size, corners, scales)
    if ndim == 5 and mode == "trilinear":
        return torch.upsample_trilinear3d(input, output_size, corners, scales)
    if ndim == 4 and mode == "bicubic":
        if antialias:
            return torch._upsample_bicubic2d_aa(input, output_size, corners, scales)
        return torch.upsample_bicubic2d(input, output_size, corners, scales)
    if ndim == 3 and mode == "bilinear":
        raise NotImplementedError("Got 3D input, but bilinear mode needs 4D input")
    if ndim == 3 and mode == "trilinear":
        raise NotImplementedError("Got 3D input, but trilinear mode needs 5D input")
    if ndim == 4 and mode == "linear":
        raise NotImplementedError("Got 4D input, but linear mode needs 3D input")
    if ndim == 4 and mode == "trilinear":
        raise NotImplementedError("Got 4D input, but trilinear mode needs 5D input")
    if ndim == 5 and mode == "linear":
        raise NotImplementedError("Got 5D input, but linear mode needs 3D input")
    if ndim == 5 and mode == "bilinear":
        raise NotImplementedError("Got 5D input, but bilinear mode needs 4D input")
    raise NotImplementedError("Input Error: Only 3D, 4D and 5D input Tensors supported (got {}D) for the modes: "
                              "nearest | linear | bilinear | bicubic | trilinear | area | nearest-exact (got {})"
                              .format(ndim, mode))


# A single size or scale stands for every spatial dimension.
def _size_list(input: Tensor, size: Optional[int]) -> Optional[List[int]]:
    if size is None:
        return None
    sizes = torch.jit.annotate(List[int], [])
    for _ in range(input.dim() - 2):
        sizes.append(size)
    return sizes


def _scale_list(input: Tensor, scale: Optional[float]) -> Optional[List[float]]:
    if scale is None:
        return None
    scales = torch.jit.annotate(List[float], [])
    for _ in range(input.dim() - 2):
        scales.append(scale)
    return scales


def interpolate__1(input: Tensor, size: Optional[int] = None, scale_factor: Optional[float] = None,
                   mode: str = "nearest", align_corners: Optional[bool] = None,
                   recompute_scale_factor: Optional[bool] = None, antialias: bool = False) -> Tensor:
    return _interpolate(input, _size_list(input, size), _scale_list(input, scale_factor), mode, align_corners,
                        recompute_scale_factor, antialias)


def interpolate__2(input: Tensor, size: Optional[List[int]] = None, scale_factor: Optional[List[float]] = None,
                   mode: str = "nearest", align_corners: Optional[bool] = None,
                   recompute_scale_factor: Optional[bool] = None, antialias: bool = False) -> Tensor:
    return _interpolate(input, size, scale_factor, mode, align_corners, recompute_scale_factor, antialias)


def interpolate__3(input: Tensor, size: Optional[int] = None, scale_factor: Optional[List[float]] = None,
                   mode: str = "nearest", align_corners: Optional[bool] = None,
                   recompute_scale_factor: Optional[bool] = None, antialias: bool = False) -> Tensor:
    return _interpolate(input, _size_list(input, size), scale_factor, mode, align_corners,
                        recompute_scale_factor, antialias)


def interpolate__4(input: Tensor, size: Optional[List[int]] = None, scale_factor: Optional[float] = None,
                   mode: str = "nearest", align_corners: Optional[bool] = None,
                   recompute_scale_factor: Optional[bool] = None, antialias: bool = False) -> Tensor:
    return _interpolate(input, size, _scale_list(input, scale_factor), mode, align_corners,
                        recompute_scale_factor, antialias)


def upsample__1(input: Tensor, size: Optional[int] = None, scale_factor: Optional[float] = None,
                mode: str = "nearest", align_corners: Optional[bool] = None) -> Tensor:
    return _interpolate(input, _size_list(input, size), _scale_list(input, scale_factor), mode, align_corners,
                        None, False)


def upsample__2(input: Tensor, size: Optional[List[int]] = None, scale_factor: Optional[List[float]] = None,
                mode: str = "nearest", align_corners: Optional[bool] = None) -> Tensor:
    return _interpolate(input, size, scale_factor, mode, align_corners, None, False)


def upsample_nearest__1(input: Tensor, size: Optional[int] = None, scale_factor: Optional[float] = None) -> Tensor:
    return _interpolate(input, _size_list(input, size), _scale_list(input, scale_factor), "nearest", None, None,
                        False)


def upsample_nearest__2(input: Tensor, size: Optional[List[int]] = None,
                        scale_factor: Optional[List[float]] = None) -> Tensor:
    return _interpolate(input, size, scale_factor, "nearest", None, None, False)


def upsample_bilinear__1(input: Tensor, size: Optional[int] = None, scale_factor: Optional[float] = None) -> Tensor:
    return _interpolate(input, _size_list(input, size), _scale_list(input, scale_factor), "bilinear", True, None,
                        False)


def upsample_bilinear__2(input: Tensor, size: Optional[List[int]] = None,
                         scale_factor: Optional[List[float]] = None) -> Tensor:
    return _interpolate(input, size, scale_factor, "bilinear", True, None, False)


# ---- losses --------------------------------------------------------------------------------

def l1_loss(input: Tensor, target: Tensor, size_average: Optional[bool] = None, reduce: Optional[bool] = None,
            reduction: str = "mean") -> Tensor:
    reduction = _reduction_of(size_average, reduce, reduction)
    both = torch.broadcast_tensors([input, target])
    return torch.l1_loss(both[0], both[1], _reduction_enum(reduction))


def mse_loss(input: Tensor, target: Tensor, size_average: Optional[bool] = None, reduce: Optional[bool] = None,
             reduction: str = "mean") -> Tensor:
    reduction = _reduction_of(size_average, reduce, reduction)
    both = torch.broadcast_tensors([input, target])
    return torch.mse_loss(both[0], both[1], _reduction_enum(reduction))


def smooth_l1_loss(input: Tensor, target: Tensor, size_average: Optional[bool] = None, reduce: Optional[bool] = None,
                   reduction: str = "mean", beta: float = 1.0) -> Tensor:
    reduction = _reduction_of(size_average, reduce, reduction)
    both = torch.broadcast_tensors([input, target])
    if beta == 0.0:
        return torch.l1_loss(both[0], both[1], _reduction_enum(reduction))
    return torch.smooth_l1_loss(both[0], both[1], _reduction_enum(reduction), beta)


def huber_loss(input: Tensor, target: Tensor, reduction: str = "mean", delta: float = 1.0) -> Tensor:
    both = torch.broadcast_tensors([input, target])
    return torch.huber_loss(both[0], both[1], _reduction_enum(reduction), delta)


def nll_loss(input: Tensor, target: Tensor, weight: Optional[Tensor] = None, size_average: Optional[bool] = None,
             ignore_index: int = -100, reduce: Optional[bool] = None, reduction: str = "mean") -> Tensor:
    reduction = _reduction_of(size_average, reduce, reduction)
    return torch.nll_loss_nd(input, target, weight, _reduction_enum(reduction), ignore_index)


def cross_entropy(input: Tensor, target: Tensor, weight: Optional[Tensor] = None, size_average: Optional[bool] = None,
                  ignore_index: int = -100, reduce: Optional[bool] = None, reduction: str = "mean",
                  label_smoothing: float = 0.0) -> Tensor:
    reduction = _reduction_of(size_average, reduce, reduction)
    return torch.cross_entropy_loss(input, target, weight, _reduction_enum(reduction), ignore_index, label_smoothing)


def binary_cross_entropy(input: Tensor, target: Tensor, weight: Optional[Tensor] = None,
                         size_average: Optional[bool] = None, reduce: Optional[bool] = None,
                         reduction: str = "mean") -> Tensor:
    reduction = _reduction_of(size_average, reduce, reduction)
    if target.size() != input.size():
        raise ValueError("Using a target size ({}) that is different to the input size ({}) is deprecated. Please "
                         "ensure they have the same size.".format(target.size(), input.size()))
    if weight is not None:
        weight = torch.broadcast_tensors([target, weight])[1]
    return torch.binary_cross_entropy(input, target, weight, _reduction_enum(reduction))


def binary_cross_entropy_with_logits(input: Tensor, target: Tensor, weight: Optional[Tensor] = None,
                                     size_average: Optional[bool] = None, reduce: Optional[bool] = None,
                                     reduction: str = "mean", pos_weight: Optional[Tensor] = None) -> Tensor:
    reduction = _reduction_of(size_average, reduce, reduction)
    if target.size() != input.size():
        raise ValueError("Target size ({}) must be the same as input size ({})".format(
            target.size(), input.size()))
    return torch.binary_cross_entropy_with_logits(input, target, weight, pos_weight, _reduction_enum(reduction))


def kl_div(input: Tensor, target: Tensor, size_average: Optional[bool] = None, reduce: Optional[bool] = None,
           reduction: str = "mean", log_target: bool = False) -> Tensor:
    if size_average is not None or reduce is not None:
        reduction = _legacy_reduction(size_average, reduce)
    if reduction == "batchmean":
        reduced = torch.kl_div(input, target, 2, log_target=log_target)
        if input.dim() != 0:
            reduced = reduced / input.size(0)
        return reduced
    return torch.kl_div(input, target, _reduction_enum(reduction), log_target=log_target)

def poisson_nll_loss(input: Tensor, target: Tensor, log_input: bool = True, full: bool = False,
                     size_average: Optional[bool] = None, eps: float = 1e-8, reduce: Optional[bool] = None,
                     reduction: str = "mean") -> Tensor:
    reduction = _reduction_of(size_average, reduce, reduction)
    if reduction != "none" and reduction != "mean" and reduction != "sum":
        raise ValueError(reduction + " is not valid")
    return torch.poisson_nll_loss(input, target, log_input, full, eps, _reduction_enum(reduction))

def gaussian_nll_loss(input: Tensor, target: Tensor, var: Tensor, full: bool = False, eps: float = 1e-6,
                      reduction: str = "mean") -> Tensor:
    if var.size() != input.size():
        if input.size()[:-1] == var.size():
            var = torch.unsqueeze(var, -1)
        elif input.size()[:-1] == var.size()[:-1] and var.size(-1) == 1:
            pass
        else:
            raise ValueError("var is of incorrect size")
    if reduction != "none" and reduction != "mean" and reduction != "sum":
        raise ValueError(reduction + " is not valid")
    if bool(torch.any(var < 0)):
        raise ValueError("var has negative entry/entries")
    var = var.clamp_min(eps)
    loss = 0.5 * (torch.log(var) + (input - target) ** 2 / var)
    if full:
        loss = loss + 0.5 * math.log(2 * math.pi)
    return _reduce_loss(loss, reduction)


def hinge_embedding_loss(input: Tensor, target: Tensor, margin: float = 1.0, size_average: Optional[bool] = None,
                         reduce: Optional[bool] = None, reduction: str = "mean") -> Tensor:
    reduction = _reduction_of(size_average, reduce, reduction)
    return torch.hinge_embedding_loss(input, target, margin, _reduction_enum(reduction))

def margin_ranking_loss(input1: Tensor, input2: Tensor, target: Tensor, margin: float = 0,
                        size_average: Optional[bool] = None, reduce: Optional[bool] = None,
                        reduction: str = "mean") -> Tensor:
    reduction = _reduction_of(size_average, reduce, reduction)
    enum = _reduction_enum(reduction)
    if input1.dim() != input2.dim() or input1.dim() != target.dim():
        raise RuntimeError("margin_ranking_loss : All input tensors should have same dimension but got sizes: "
                           "input1: {}, input2: {}, target: {} ".format(
                               input1.size(), input2.size(), target.size()))
    return torch.margin_ranking_loss(input1, input2, target, margin, enum)

def soft_margin_loss(input: Tensor, target: Tensor, size_average: Optional[bool] = None, reduce: Optional[bool] = None,
                     reduction: str = "mean") -> Tensor:
    reduction = _reduction_of(size_average, reduce, reduction)
    return torch.soft_margin_loss(input, target, _reduction_enum(reduction))

def multilabel_soft_margin_loss(input: Tensor, target: Tensor, weight: Optional[Tensor] = None,
                                size_average: Optional[bool] = None, reduce: Optional[bool] = None,
                                reduction: str = "mean") -> Tensor:
    reduction = _reduction_of(size_average, reduce, reduction)
    loss = -(target * torch.log_sigmoid(input) + (1 - target) * torch.log_sigmoid(-input))
    if weight is not None:
        loss = loss * weight
    class_dim = input.dim() - 1
    loss = loss.sum(dim=class_dim) / input.size(class_dim)
    return _reduce_loss(loss, reduction)


# For each sample: the mean over classes of max(0, 1 - (x[y] - x[i]))^p, i != y, weighted by
# weight[y].
def multi_margin_loss(input: Tensor, target: Tensor, p: int = 1, margin: float = 1.0,
                      weight: Optional[Tensor] = None, size_average: Optional[bool] = None,
                      reduce: Optional[bool] = None, reduction: str = "mean") -> Tensor:
    reduction = _reduction_of(size_average, reduce, reduction)
    enum = _reduction_enum(reduction)
    if p != 1 and p != 2:
        raise ValueError("only p == 1 and p == 2 supported")
    if weight is not None:
        if weight.dim() != 1:
            raise ValueError("weight must be one-dimensional")
    return torch.multi_margin_loss(input, target, p, margin, weight, enum)

# For each sample: the targets are the class indices before the first -1; the loss sums
# max(0, 1 - (x[j] - x[i])) over targets j and non-targets i, divided by the class count.
def multilabel_margin_loss(input: Tensor, target: Tensor, size_average: Optional[bool] = None,
                           reduce: Optional[bool] = None, reduction: str = "mean") -> Tensor:
    reduction = _reduction_of(size_average, reduce, reduction)
    return torch.multilabel_margin_loss(input, target, _reduction_enum(reduction))

def cosine_embedding_loss(input1: Tensor, input2: Tensor, target: Tensor, margin: float = 0,
                          size_average: Optional[bool] = None, reduce: Optional[bool] = None,
                          reduction: str = "mean") -> Tensor:
    reduction = _reduction_of(size_average, reduce, reduction)
    return torch.cosine_embedding_loss(input1, input2, target, margin, _reduction_enum(reduction))

def triplet_margin_loss(anchor: Tensor, positive: Tensor, negative: Tensor, margin: float = 1.0, p: float = 2,
                        eps: float = 1e-6, swap: bool = False, size_average: Optional[bool] = None,
                        reduce: Optional[bool] = None, reduction: str = "mean") -> Tensor:
    reduction = _reduction_of(size_average, reduce, reduction)
    enum = _reduction_enum(reduction)
    if anchor.dim() != positive.dim() or positive.dim() != negative.dim():
        raise RuntimeError("All inputs should have same dimension but got {}D, {}D and {}D inputs.".format(
            anchor.dim(), positive.dim(), negative.dim()))
    return torch.triplet_margin_loss(anchor, positive, negative, margin, p, eps, swap, enum)

# ---- sampling grids ------------------------------------------------------------------------

def affine_grid(theta: Tensor, size: List[int], align_corners: Optional[bool] = None) -> Tensor:
    corners = False
    if align_corners is not None:
        corners = align_corners
    if not theta.is_floating_point():
        raise ValueError("Expected theta to have floating point type, but got {}".format(theta.dtype))
    if len(size) == 4:
        if theta.dim() != 3 or theta.size(-2) != 2 or theta.size(-1) != 3:
            raise ValueError("Expected a batch of 2D affine matrices of shape Nx2x3 for size {}. Got {}.".format(
                size, theta.shape))
    elif len(size) == 5:
        if theta.dim() != 3 or theta.size(-2) != 3 or theta.size(-1) != 4:
            raise ValueError("Expected a batch of 3D affine matrices of shape Nx3x4 for size {}. Got {}.".format(
                size, theta.shape))
    else:
        raise NotImplementedError("affine_grid only supports 4D and 5D sizes, for 2D and 3D affine transforms, "
                                  "respectively. Got size {}.".format(size))
    if min(size) <= 0:
        raise ValueError("Expected non-zero, positive output size. Got {}".format(size))
    return torch.affine_grid_generator(theta, size, corners)


# ---- attention -----------------------------------------------------------------------------

# softmax(q k^T / sqrt(E) + mask) v, batched over the first dim; also returns the weights.
def _attention(q: Tensor, k: Tensor, v: Tensor, attn_mask: Optional[Tensor], dropout_p: float) -> Tuple[Tensor, Tensor]:
    q = q / math.sqrt(q.size(-1))
    if attn_mask is not None:
        scores = torch.baddbmm(attn_mask, q, k.transpose(-2, -1))
    else:
        scores = torch.bmm(q, k.transpose(-2, -1))
    weights = scores.softmax(-1)
    if dropout_p > 0.0:
        weights = torch.dropout(weights, dropout_p, True)
    return torch.bmm(weights, v), weights


# Appends one column (value 0) to the last dim of a mask.
def _pad_mask(mask: Optional[Tensor]) -> Optional[Tensor]:
    if mask is None:
        return None
    return torch.constant_pad_nd(mask, [0, 1], 0.0)


def multi_head_attention_forward(query: Tensor, key: Tensor, value: Tensor, embed_dim_to_check: int, num_heads: int,
                                 in_proj_weight: Optional[Tensor], in_proj_bias: Optional[Tensor],
                                 bias_k: Optional[Tensor], bias_v: Optional[Tensor], add_zero_attn: bool,
                                 dropout_p: float, out_proj_weight: Tensor, out_proj_bias: Optional[Tensor],
                                 training: bool = True, key_padding_mask: Optional[Tensor] = None,
                                 need_weights: bool = True, attn_mask: Optional[Tensor] = None,
                                 use_separate_proj_weight: bool = False, q_proj_weight: Optional[Tensor] = None,
                                 k_proj_weight: Optional[Tensor] = None, v_proj_weight: Optional[Tensor] = None,
                                 static_k: Optional[Tensor] = None, static_v: Optional[Tensor] = None,
                                 average_attn_weights: bool = True) -> Tuple[Tensor, Optional[Tensor]]:
    if query.dim() == 3:
        batched = True
        if key.dim() != 3 or value.dim() != 3:
            raise AssertionError("For batched (3-D) `query`, expected `key` and `value` to be 3-D but found {}-D "
                                 "and {}-D tensors respectively".format(key.dim(), value.dim()))
        if key_padding_mask is not None and key_padding_mask.dim() != 2:
            raise AssertionError("For batched (3-D) `query`, expected `key_padding_mask` to be `None` or 2-D but "
                                 "found {}-D tensor instead".format(key_padding_mask.dim()))
        if attn_mask is not None and attn_mask.dim() != 2 and attn_mask.dim() != 3:
            raise AssertionError("For batched (3-D) `query`, expected `attn_mask` to be `None`, 2-D or 3-D but "
                                 "found {}-D tensor instead".format(attn_mask.dim()))
    elif query.dim() == 2:
        batched = False
        if key.dim() != 2 or value.dim() != 2:
            raise AssertionError("For unbatched (2-D) `query`, expected `key` and `value` to be 2-D but found {}-D "
                                 "and {}-D tensors respectively".format(key.dim(), value.dim()))
        if key_padding_mask is not None and key_padding_mask.dim() != 1:
            raise AssertionError("For unbatched (2-D) `query`, expected `key_padding_mask` to be `None` or 1-D but "
                                 "found {}-D tensor instead".format(key_padding_mask.dim()))
        if attn_mask is not None and attn_mask.dim() != 2 and attn_mask.dim() != 3:
            raise AssertionError("For unbatched (2-D) `query`, expected `attn_mask` to be `None`, 2-D or 3-D but "
                                 "found {}-D tensor instead".format(attn_mask.dim()))
        query = query.unsqueeze(1)
        key = key.unsqueeze(1)
        value = value.unsqueeze(1)
        if key_padding_mask is not None:
            key_padding_mask = key_padding_mask.unsqueeze(0)
    else:
        raise AssertionError("query should be unbatched 2D or batched 3D tensor but received {}-D query tensor"
                             .format(query.dim()))
    tgt_len = query.size(0)
    bsz = query.size(1)
    embed_dim = query.size(2)
    assert embed_dim == embed_dim_to_check, \
        "was expecting embedding dimension of {}, but got {}".format(embed_dim_to_check, embed_dim)
    head_dim = embed_dim // num_heads
    assert head_dim * num_heads == embed_dim, "embed_dim {} not divisible by num_heads {}".format(embed_dim, num_heads)
    # Input projections: one packed (3E, E) weight, or three separate ones.
    if not use_separate_proj_weight:
        assert in_proj_weight is not None, "use_separate_proj_weight is False but in_proj_weight is None"
        w = in_proj_weight.chunk(3)
        b0: Optional[Tensor] = None
        b1: Optional[Tensor] = None
        b2: Optional[Tensor] = None
        if in_proj_bias is not None:
            b = in_proj_bias.chunk(3)
            b0 = b[0]
            b1 = b[1]
            b2 = b[2]
        q = torch.linear(query, w[0], b0)
        k = torch.linear(key, w[1], b1)
        v = torch.linear(value, w[2], b2)
    else:
        assert q_proj_weight is not None, "use_separate_proj_weight is True but q_proj_weight is None"
        assert k_proj_weight is not None, "use_separate_proj_weight is True but k_proj_weight is None"
        assert v_proj_weight is not None, "use_separate_proj_weight is True but v_proj_weight is None"
        b0: Optional[Tensor] = None
        b1: Optional[Tensor] = None
        b2: Optional[Tensor] = None
        if in_proj_bias is not None:
            b = in_proj_bias.chunk(3)
            b0 = b[0]
            b1 = b[1]
            b2 = b[2]
        q = torch.linear(query, q_proj_weight, b0)
        k = torch.linear(key, k_proj_weight, b1)
        v = torch.linear(value, v_proj_weight, b2)
    # Masks become additive float masks of shape (bsz * heads | 1, tgt, src).
    if attn_mask is not None:
        if attn_mask.dtype == torch.uint8:
            attn_mask = attn_mask.to(torch.bool)
        else:
            assert attn_mask.is_floating_point() or attn_mask.dtype == torch.bool, \
                "Only float, byte, and bool types are supported for attn_mask, not {}".format(attn_mask.dtype)
        if attn_mask.dim() == 2:
            if attn_mask.size(0) != tgt_len or attn_mask.size(1) != key.size(0):
                raise RuntimeError("The shape of the 2D attn_mask is {}, but should be ({}, {}).".format(
                    attn_mask.shape, tgt_len, key.size(0)))
            attn_mask = attn_mask.unsqueeze(0)
        elif attn_mask.dim() == 3:
            if attn_mask.size(0) != bsz * num_heads or attn_mask.size(1) != tgt_len or attn_mask.size(2) != key.size(0):
                raise RuntimeError("The shape of the 3D attn_mask is {}, but should be ({}, {}, {}).".format(
                    attn_mask.shape, bsz * num_heads, tgt_len, key.size(0)))
        else:
            raise RuntimeError("attn_mask's dimension {} is not supported".format(attn_mask.dim()))
    if key_padding_mask is not None and key_padding_mask.dtype == torch.uint8:
        key_padding_mask = key_padding_mask.to(torch.bool)
    if bias_k is not None and bias_v is not None:
        assert static_k is None, "bias cannot be added to static key."
        assert static_v is None, "bias cannot be added to static value."
        k = torch.cat([k, bias_k.repeat([1, bsz, 1])])
        v = torch.cat([v, bias_v.repeat([1, bsz, 1])])
        attn_mask = _pad_mask(attn_mask)
        key_padding_mask = _pad_mask(key_padding_mask)
    else:
        assert bias_k is None
        assert bias_v is None
    # Heads: (len, bsz, E) -> (bsz * heads, len, head_dim).
    q = q.contiguous().view([tgt_len, bsz * num_heads, head_dim]).transpose(0, 1)
    if static_k is None:
        k = k.contiguous().view([k.size(0), bsz * num_heads, head_dim]).transpose(0, 1)
    else:
        k = static_k
    if static_v is None:
        v = v.contiguous().view([v.size(0), bsz * num_heads, head_dim]).transpose(0, 1)
    else:
        v = static_v
    if add_zero_attn:
        k = torch.cat([k, torch.zeros([bsz * num_heads, 1, head_dim], dtype=k.dtype, device=k.device)], 1)
        v = torch.cat([v, torch.zeros([bsz * num_heads, 1, head_dim], dtype=v.dtype, device=v.device)], 1)
        attn_mask = _pad_mask(attn_mask)
        key_padding_mask = _pad_mask(key_padding_mask)
    src_len = k.size(1)
    if key_padding_mask is not None:
        assert key_padding_mask.size(0) == bsz and key_padding_mask.size(1) == src_len, \
            "expecting key_padding_mask shape of ({}, {}), but got {}".format(bsz, src_len, key_padding_mask.shape)
        padding = key_padding_mask.view([bsz, 1, 1, src_len]).expand([-1, num_heads, -1, -1]).reshape(
            [bsz * num_heads, 1, src_len])
        if attn_mask is None:
            attn_mask = padding
        elif attn_mask.dtype == torch.bool:
            attn_mask = torch.logical_or(attn_mask, padding)
        else:
            attn_mask = attn_mask.masked_fill(padding, -math.inf)
    if attn_mask is not None and attn_mask.dtype == torch.bool:
        attn_mask = torch.zeros_like(attn_mask, dtype=q.dtype).masked_fill(attn_mask, -math.inf)
    if not training:
        dropout_p = 0.0
    result = _attention(q, k, v, attn_mask, dropout_p)
    out = result[0].transpose(0, 1).contiguous().view([tgt_len * bsz, embed_dim])
    out = torch.linear(out, out_proj_weight, out_proj_bias)
    out = out.view([tgt_len, bsz, out.size(1)])
    if need_weights:
        weights = result[1].view([bsz, num_heads, tgt_len, src_len])
        if average_attn_weights:
            weights = weights.sum(dim=1) / num_heads
        if not batched:
            return out.squeeze(1), weights.squeeze(0)
        return out, weights
    if not batched:
        out = out.squeeze(1)
    return out, None


# ---- grid_sample ---------------------------------------------------------------------------

# PyTorch's F.grid_sample checks the mode names and calls aten::grid_sampler, which checks the
# shapes (src/tensor/nn_grid_sample.cpp).
def grid_sample(input: Tensor, grid: Tensor, mode: str = "bilinear", padding_mode: str = "zeros",
                align_corners: Optional[bool] = None) -> Tensor:
    if mode != "bilinear" and mode != "nearest" and mode != "bicubic":
        raise ValueError("nn.functional.grid_sample(): expected mode to be 'bilinear', 'nearest' or 'bicubic', "
                         "but got: '{}'".format(mode))
    if padding_mode != "zeros" and padding_mode != "border" and padding_mode != "reflection":
        raise ValueError("nn.functional.grid_sample(): expected padding_mode to be 'zeros', 'border', or "
                         "'reflection', but got: '{}'".format(padding_mode))
    mode_enum = 0
    if mode == "nearest":
        mode_enum = 1
    elif mode == "bicubic":
        mode_enum = 2
    padding_enum = 0
    if padding_mode == "border":
        padding_enum = 1
    elif padding_mode == "reflection":
        padding_enum = 2
    corners = False
    if align_corners is not None:
        corners = align_corners
    return torch.grid_sampler(input, grid, mode_enum, padding_enum, corners)


# ---- CTC loss ------------------------------------------------------------------------------

# The negative log likelihood of each target under the alignment model: aten::ctc_loss
# (src/tensor/loss_ctc.cpp), as PyTorch's F.ctc_loss calls it.
def ctc_loss(log_probs: Tensor, targets: Tensor, input_lengths: Tensor, target_lengths: Tensor, blank: int = 0,
             reduction: str = "mean", zero_infinity: bool = False) -> Tensor:
    return torch.ctc_loss(log_probs, targets, input_lengths, target_lengths, blank, _reduction_enum(reduction),
                          zero_infinity)

# ---- fractional max pooling ----------------------------------------------------------------

def _fractional_output_size(name: str, input: Tensor, dims: int, output_size: Optional[List[int]],
                            output_ratio: Optional[List[float]]) -> List[int]:
    if output_size is not None:
        return output_size
    if output_ratio is None:
        raise ValueError(name + " requires specifying either an output_size or an output_ratio")
    sizes = torch.jit.annotate(List[int], [])
    for d in range(dims):
        sizes.append(int(input.size(input.dim() - dims + d) * output_ratio[d]))
    return sizes


# The operators (aten::fractional_max_pool2d / 3d, src/tensor/pool_unpool.cpp) place the windows
# from samples (N, C, dims) drawn here as PyTorch draws them.
def _fractional_samples(input: Tensor, dims: int, samples: Optional[Tensor]) -> Tensor:
    if samples is not None:
        return samples
    batch = 1
    if input.dim() == dims + 2:
        batch = input.size(0)
    return torch.rand([batch, input.size(input.dim() - dims - 1), dims], dtype=input.dtype, device=input.device)


def fractional_max_pool2d_with_indices(input: Tensor, kernel_size: BroadcastingList2[int],
                                       output_size: Optional[BroadcastingList2[int]] = None,
                                       output_ratio: Optional[BroadcastingList2[float]] = None,
                                       return_indices: bool = False,
                                       _random_samples: Optional[Tensor] = None) -> Tuple[Tensor, Tensor]:
    out_size = _fractional_output_size("fractional_max_pool2d", input, 2, output_size, output_ratio)
    samples = _fractional_samples(input, 2, _random_samples)
    return torch.fractional_max_pool2d(input, kernel_size, out_size, samples)


def _fractional_max_pool2d(input: Tensor, kernel_size: BroadcastingList2[int],
                           output_size: Optional[BroadcastingList2[int]] = None,
                           output_ratio: Optional[BroadcastingList2[float]] = None, return_indices: bool = False,
                           _random_samples: Optional[Tensor] = None) -> Tensor:
    return fractional_max_pool2d_with_indices(input, kernel_size, output_size, output_ratio, return_indices,
                                              _random_samples)[0]


def fractional_max_pool3d_with_indices(input: Tensor, kernel_size: BroadcastingList3[int],
                                       output_size: Optional[BroadcastingList3[int]] = None,
                                       output_ratio: Optional[BroadcastingList3[float]] = None,
                                       return_indices: bool = False,
                                       _random_samples: Optional[Tensor] = None) -> Tuple[Tensor, Tensor]:
    out_size = _fractional_output_size("fractional_max_pool3d", input, 3, output_size, output_ratio)
    samples = _fractional_samples(input, 3, _random_samples)
    return torch.fractional_max_pool3d(input, kernel_size, out_size, samples)


def _fractional_max_pool3d(input: Tensor, kernel_size: BroadcastingList3[int],
                           output_size: Optional[BroadcastingList3[int]] = None,
                           output_ratio: Optional[BroadcastingList3[float]] = None, return_indices: bool = False,
                           _random_samples: Optional[Tensor] = None) -> Tensor:
    return fractional_max_pool3d_with_indices(input, kernel_size, output_size, output_ratio, return_indices,
                                              _random_samples)[0]

