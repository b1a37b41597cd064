# The Python functions of torch.functional that PyTorch compiles when a program calls them
# (torch.norm, torch.cdist, torch.tensordot, torch.stft, torch.unique, torch.unique_consecutive),
# written for ember in TorchScript on top of aten operators, with PyTorch 1.13's signatures and
# argument checks. The rest of torch.functional (split, einsum, meshgrid, ...) are operators.
# Conventions as in torch_nn_functional.py. Inside this file torch.norm & co. would name these
# functions again, so the operators are reached as torch.ops.aten.<op> or Tensor methods.


def _all_dims(input: Tensor) -> List[int]:
    dims = torch.jit.annotate(List[int], [])
    for d in range(input.dim()):
        dims.append(d)
    return dims


def _string_norm(input: Tensor, p: str, dim: Optional[List[int]], keepdim: bool, dtype: Optional[int]) -> Tensor:
    dims = _all_dims(input)
    if dim is not None:
        dims = dim
    if p == "fro":
        if dtype is not None:
            raise ValueError("dtype argument is not supported in frobenius norm")
        if dim is None:
            return torch.ops.aten.frobenius_norm(input, torch.jit.annotate(List[int], []), keepdim)
        return torch.ops.aten.frobenius_norm(input, dims, keepdim)
    if p == "nuc":
        if dtype is not None:
            raise ValueError("dtype argument is not supported in nuclear norm")
        if dim is None:
            return torch.ops.aten.nuclear_norm(input, keepdim)
        return torch.ops.aten.nuclear_norm(input, dims, keepdim)
    raise RuntimeError("only valid string values are 'fro' and 'nuc', found {}".format(p))


def _number_norm(input: Tensor, p: Optional[number], dim: Optional[List[int]], keepdim: bool,
                 dtype: Optional[int]) -> Tensor:
    dims = _all_dims(input)
    if dim is not None:
        dims = dim
    if dtype is None:
        return torch.ops.aten.norm(input, p, dims, keepdim)
    return torch.ops.aten.norm(input, p, dims, keepdim, dtype=dtype)


def norm__1(input: Tensor, p: str = "fro", dim: Optional[List[int]] = None, keepdim: bool = False,
            out: Optional[Tensor] = None, dtype: Optional[int] = None) -> Tensor:
    return _string_norm(input, p, dim, keepdim, dtype)


def norm__2(input: Tensor, p: str = "fro", dim: Optional[int] = None, keepdim: bool = False,
            out: Optional[Tensor] = None, dtype: Optional[int] = None) -> Tensor:
    if dim is None:
        return _string_norm(input, p, None, keepdim, dtype)
    return _string_norm(input, p, [dim], keepdim, dtype)


def norm__3(input: Tensor, p: Optional[number] = 2, dim: Optional[List[int]] = None, keepdim: bool = False,
            out: Optional[Tensor] = None, dtype: Optional[int] = None) -> Tensor:
    return _number_norm(input, p, dim, keepdim, dtype)


def norm__4(input: Tensor, p: Optional[number] = 2, dim: Optional[int] = None, keepdim: bool = False,
            out: Optional[Tensor] = None, dtype: Optional[int] = None) -> Tensor:
    if dim is None:
        return _number_norm(input, p, None, keepdim, dtype)
    return _number_norm(input, p, [dim], keepdim, dtype)


# A dtype as ATen's messages name it ("Long").
def _dtype_name(dtype: int) -> str:
    names = ["Byte", "Char", "Short", "Int", "Long", "Half", "Float", "Double", "ComplexHalf", "ComplexFloat",
             "ComplexDouble", "Bool", "QInt8", "QUInt8", "QInt32", "BFloat16"]
    if dtype < len(names):
        return names[dtype]
    return str(dtype)


# The p-norm distance between each row of x1 and each row of x2 (batched over leading dims).
def cdist(x1: Tensor, x2: Tensor, p: float = 2.0,
          compute_mode: str = "use_mm_for_euclid_dist_if_necessary") -> Tensor:
    # compute_mode picks aten::cdist's mode: None (matrix products beyond 25 rows), 1 (always), 2 (never).
    if compute_mode == "use_mm_for_euclid_dist_if_necessary":
        return torch.ops.aten.cdist(x1, x2, p, None)
    if compute_mode == "use_mm_for_euclid_dist":
        return torch.ops.aten.cdist(x1, x2, p, 1)
    if compute_mode == "donot_use_mm_for_euclid_dist":
        return torch.ops.aten.cdist(x1, x2, p, 2)
    raise ValueError("{} is not a valid value for compute_mode".format(compute_mode))


# Contracts dims_a of a with dims_b of b: both permuted to (free, contracted) and multiplied.
def _tensordot(a: Tensor, b: Tensor, dims_a: List[int], dims_b: List[int]) -> Tensor:
    if len(dims_a) != len(dims_b):
        raise RuntimeError("both dimension lists should have same length")
    contracted_a = torch.jit.annotate(List[int], [])
    contracted_b = torch.jit.annotate(List[int], [])
    size = 1
    for i in range(len(dims_a)):
        da = dims_a[i]
        db = dims_b[i]
        if da < 0:
            da += a.dim()
        if db < 0:
            db += b.dim()
        if a.size(da) != b.size(db):
            raise RuntimeError("contracted dimensions need to match, but first has size {} in dim {} and second "
                               "has size {} in dim {}".format(a.size(da), da, b.size(db), db))
        contracted_a.append(da)
        contracted_b.append(db)
        size *= a.size(da)
    free_a = torch.jit.annotate(List[int], [])
    shape = torch.jit.annotate(List[int], [])
    rows = 1
    for d in range(a.dim()):
        if d not in contracted_a:
            free_a.append(d)
            shape.append(a.size(d))
            rows *= a.size(d)
    free_b = torch.jit.annotate(List[int], [])
    cols = 1
    for d in range(b.dim()):
        if d not in contracted_b:
            free_b.append(d)
            shape.append(b.size(d))
            cols *= b.size(d)
    left = a.permute(free_a + contracted_a).reshape([rows, size])
    right = b.permute(contracted_b + free_b).reshape([size, cols])
    return left.mm(right).reshape(shape)


def tensordot__1(a: Tensor, b: Tensor, dims: int = 2, out: Optional[Tensor] = None) -> Tensor:
    if dims < 0:
        raise RuntimeError("tensordot expects dims >= 0, but got dims={}".format(dims))
    if dims > min(a.dim(), b.dim()):
        raise RuntimeError("tensordot expects dims < ndim_a or ndim_b, but got dims={}".format(dims))
    dims_a = torch.jit.annotate(List[int], [])
    dims_b = torch.jit.annotate(List[int], [])
    for i in range(dims):
        dims_a.append(a.dim() - dims + i)
        dims_b.append(i)
    return _tensordot(a, b, dims_a, dims_b)


def tensordot__2(a: Tensor, b: Tensor, dims: List[List[int]], out: Optional[Tensor] = None) -> Tensor:
    if len(dims) != 2:
        raise RuntimeError("tensordot expects dims to be a pair of dimension lists")
    return _tensordot(a, b, dims[0], dims[1])


def tensordot__3(a: Tensor, b: Tensor, dims: List[int], out: Optional[Tensor] = None) -> Tensor:
    if len(dims) != 2:
        raise RuntimeError("tensordot expects dims to be a pair of dimensions")
    return _tensordot(a, b, [dims[0]], [dims[1]])


def stft(input: Tensor, n_fft: int, hop_length: Optional[int] = None, win_length: Optional[int] = None,
         window: Optional[Tensor] = None, center: bool = True, pad_mode: str = "reflect", normalized: bool = False,
         onesided: Optional[bool] = None, return_complex: Optional[bool] = None) -> Tensor:
    if center:
        ndim = input.dim()
        shape = torch.jit.annotate(List[int], [])
        for _ in range(3 - ndim):
            shape.append(1)
        for s in input.size():
            shape.append(s)
        half = n_fft // 2
        padded = torch.ops.aten.pad(input.view(shape), [half, half], pad_mode)
        input = padded.view(padded.size()[3 - ndim:])
    return torch.ops.aten.stft(input, n_fft, hop_length, win_length, window, normalized, onesided, return_complex)


def _unique(input: Tensor, sorted: bool, return_inverse: bool, return_counts: bool,
            dim: Optional[int]) -> Tuple[Tensor, Tensor, Tensor]:
    if dim is not None:
        return torch.ops.aten.unique_dim(input, dim, sorted, return_inverse, return_counts)
    return torch.ops.aten._unique2(input, sorted, return_inverse, return_counts)


# torch.unique's result type depends on return_inverse and return_counts (constants): a
# Tensor, or a tuple with the inverse indices and/or the counts.
def _unique_output(input: Tensor, sorted: bool = True, return_inverse: bool = False, return_counts: bool = False,
                   dim: Optional[int] = None) -> Tensor:
    return _unique(input, sorted, return_inverse, return_counts, dim)[0]


def _unique_counts(input: Tensor, sorted: bool = True, return_inverse: bool = False, return_counts: bool = False,
                   dim: Optional[int] = None) -> Tuple[Tensor, Tensor]:
    result = _unique(input, sorted, return_inverse, return_counts, dim)
    return result[0], result[2]


def _unique_inverse(input: Tensor, sorted: bool = True, return_inverse: bool = False, return_counts: bool = False,
                    dim: Optional[int] = None) -> Tuple[Tensor, Tensor]:
    result = _unique(input, sorted, return_inverse, return_counts, dim)
    return result[0], result[1]


def _unique_all(input: Tensor, sorted: bool = True, return_inverse: bool = False, return_counts: bool = False,
                dim: Optional[int] = None) -> Tuple[Tensor, Tensor, Tensor]:
    return _unique(input, sorted, return_inverse, return_counts, dim)


def _unique_consecutive(input: Tensor, return_inverse: bool, return_counts: bool,
                        dim: Optional[int]) -> Tuple[Tensor, Tensor, Tensor]:
    return torch.ops.aten.unique_consecutive(input, return_inverse, return_counts, dim)


def _consecutive_output(input: Tensor, return_inverse: bool = False, return_counts: bool = False,
                        dim: Optional[int] = None) -> Tensor:
    return _unique_consecutive(input, return_inverse, return_counts, dim)[0]


def _consecutive_counts(input: Tensor, return_inverse: bool = False, return_counts: bool = False,
                        dim: Optional[int] = None) -> Tuple[Tensor, Tensor]:
    result = _unique_consecutive(input, return_inverse, return_counts, dim)
    return result[0], result[2]


def _consecutive_inverse(input: Tensor, return_inverse: bool = False, return_counts: bool = False,
                         dim: Optional[int] = None) -> Tuple[Tensor, Tensor]:
    result = _unique_consecutive(input, return_inverse, return_counts, dim)
    return result[0], result[1]


def _consecutive_all(input: Tensor, return_inverse: bool = False, return_counts: bool = False,
                     dim: Optional[int] = None) -> Tuple[Tensor, Tensor, Tensor]:
    return _unique_consecutive(input, return_inverse, return_counts, dim)


# torch.lu: aten::_lu_with_info (LAPACK's getrf, complex matrices included), errors checked
# unless get_infos, as torch.functional._lu_impl calls it.
def _lu_with_infos(A: Tensor, pivot: bool = True, get_infos: bool = False,
                   out: Optional[Tuple[Tensor, Tensor, Tensor]] = None) -> Tuple[Tensor, Tensor, Tensor]:
    return torch._lu_with_info(A, pivot=pivot, check_errors=(not get_infos))


def _lu_no_infos(A: Tensor, pivot: bool = True, get_infos: bool = False,
                 out: Optional[Tuple[Tensor, Tensor]] = None) -> Tuple[Tensor, Tensor]:
    result = torch._lu_with_info(A, pivot=pivot, check_errors=(not get_infos))
    return result[0], result[1]
