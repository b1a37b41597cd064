"""Utility operators that graphs and archives reach: _to_copy, _cast_*, _unsafe_view,
_reshape_alias, _shape_as_tensor, _infer_size, _dim_arange, _grad_sum_to_size, is_same_size,
_local_scalar_dense, _stack, _add_relu, _addmm_activation, _aminmax, _fft_c2c/_fft_r2c/_fft_c2r
(complex values go through view_as_complex / view_as_real graphs), range (end-inclusive),
fill_diagonal_, resize / resize_as (functional forms), _histogramdd_*, and the
Tensor[] list builtins (sorted, sort, count, index, remove) as TorchScript compiles them."""
from typing import List

import torch

from caselib import empty_out, floats, ints

C32 = {"rtol": 1e-5, "atol": 1e-4}


def _graph_case(c, name, text, inputs, **tol):
    g = torch._C.parse_ir(text)
    fn = torch._C._create_function_from_graph("f", g)
    expected = fn(*[t.clone() for t in inputs])
    c.add_graph(name, text, inputs, [expected], **tol)


def _int_list(name, values):
    lines = [f"  %{name}_{i} : int = prim::Constant[value={v}]()" for i, v in enumerate(values)]
    items = ", ".join(f"%{name}_{i}" for i in range(len(values)))
    lines.append(f"  %{name} : int[] = prim::ListConstruct({items})")
    return lines


def _fft_graph(op, dims, norm, last, complex_in, complex_out):
    """aten::op(x, dims, norm, last) where last is a bool (forward / onesided) or an int."""
    lines = ["graph(%x : Tensor):"] + _int_list("d", dims)
    lines.append(f"  %n : int = prim::Constant[value={norm}]()")
    if isinstance(last, bool):
        lines.append(f"  %l : bool = prim::Constant[value={int(last)}]()")
    else:
        lines.append(f"  %l : int = prim::Constant[value={last}]()")
    src = "%x"
    if complex_in:
        lines.append("  %xc : Tensor = aten::view_as_complex(%x)")
        src = "%xc"
    lines.append(f"  %y : Tensor = aten::{op}({src}, %d, %n, %l)")
    if complex_out:
        lines.append("  %r : Tensor = aten::view_as_real(%y)")
        lines.append("  return (%r)")
    else:
        lines.append("  return (%y)")
    return "\n".join(lines) + "\n"


def fft_cases(c):
    z = floats(3, 8, 2, seed=3)
    x = floats(3, 8, seed=4)
    k = 0
    for dims in ([1], [0, 1]):
        for norm in (0, 1, 2):
            for forward in (True, False):
                k += 1
                _graph_case(c, f"_fft_c2c_{k}", _fft_graph("_fft_c2c", dims, norm, forward, True, True), [z], **C32)
            k += 1
            _graph_case(c, f"_fft_r2c_{k}", _fft_graph("_fft_r2c", dims, norm, True, False, True), [x], **C32)
            k += 1
            _graph_case(c, f"_fft_r2c_full_{k}", _fft_graph("_fft_r2c", dims, norm, False, False, True), [x], **C32)
            k += 1
            _graph_case(c, f"_fft_c2r_{k}", _fft_graph("_fft_c2r", dims, norm, 14, True, False), [z], **C32)
            k += 1
            _graph_case(c, f"_fft_c2r_odd_{k}", _fft_graph("_fft_c2r", dims, norm, 15, True, False), [z], **C32)
    c.add("aten::_fft_c2c", [floats(4), [0], 0, True])  # error: real input
    c.add("aten::_fft_r2c", [ints(4), [0], 0, True])  # error: integer input


# TorchScript's list builtins over Tensor elements (compiled by PyTorch, IR text run by ember).
def list_sorted(a: List[torch.Tensor]) -> List[torch.Tensor]:
    return sorted(a)


def list_sort(a: List[torch.Tensor], reverse: bool) -> List[torch.Tensor]:
    a.sort(reverse=reverse)
    return a


def list_count_index(a: List[torch.Tensor], e: torch.Tensor) -> int:
    return a.count(e) * 10 + a.index(e)


def list_remove(a: List[torch.Tensor], e: torch.Tensor) -> List[torch.Tensor]:
    a.remove(e)
    return a


def complex_tensor(re: float, im: float) -> torch.Tensor:
    return torch.view_as_real(torch.tensor(complex(re, im), dtype=torch.complex128))


def complex_as_tensor(re: float, im: float) -> torch.Tensor:
    return torch.view_as_real(torch.as_tensor(complex(re, im)))


def einsum_sublist_pair(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    return torch.einsum(x, [0, 1], y, [1, 30])


def einsum_sublist_out(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    return torch.einsum(x, [27, 3], y, [3, 27], [27])


def einsum_sublist_single(x: torch.Tensor) -> torch.Tensor:
    return torch.einsum(x, [5, 5])


def einsum_cases(c):
    for fn, inputs in [(einsum_sublist_pair, [floats(3, 4), floats(4, 5, seed=1)]),
                       (einsum_sublist_out, [floats(3, 4), floats(4, 3, seed=1)]),
                       (einsum_sublist_single, [floats(4, 4)])]:
        scripted = torch.jit.script(fn)
        c.add_graph(fn.__name__, str(scripted.graph), inputs, [scripted(*inputs)])


def list_cases(c):
    vals = [torch.tensor(3.0), torch.tensor(1.0), torch.tensor(2.0), torch.tensor(1.0), torch.tensor(-4.0)]
    fns = {"sorted": (list_sorted, lambda: [list(vals)]),
           "sort_reverse": (list_sort, lambda: [list(vals), True]),
           "sort": (list_sort, lambda: [list(vals), False]),
           "count_index": (list_count_index, lambda: [list(vals), torch.tensor(1.0)]),
           "remove": (list_remove, lambda: [list(vals), torch.tensor(1.0)])}
    for name, (fn, make) in fns.items():
        scripted = torch.jit.script(fn)
        graph = scripted.graph.copy()
        torch._C._jit_pass_inline(graph)
        text = str(graph)
        expected = scripted(*make())
        c.add_graph(f"list_{name}", text, make(), [expected])
    c.add("aten::count.Tensor", [[torch.tensor(1), torch.tensor(2.0), torch.tensor(1.0)], torch.tensor(1)])
    c.add("aten::index.list_Tensor", [[torch.tensor(1), torch.tensor(2.0)], torch.tensor(2)])
    c.add("aten::index.list_Tensor", [[torch.tensor(1), torch.tensor(2.0)], torch.tensor(5)])  # error
    c.add("aten::count.Tensor", [[floats(2), floats(2)], floats(2)])  # error: ambiguous bool
    c.add("aten::sorted.Tensor", [[floats(2), floats(2, seed=1)]])  # error: ambiguous bool


def cases(c):
    x = floats(3, 4)
    c.add("aten::_to_copy", [x])
    c.add("aten::_to_copy", [ints(3, 4), torch.float64])
    c.add("aten::_to_copy", [floats(2, 3, 4, 5).to(memory_format=torch.channels_last)], strides=True)
    c.add("aten::_to_copy", [x, None, None, None, None, False, torch.contiguous_format], strides=True)
    c.add("aten::_to_copy.out", [floats(5), False, None, empty_out(torch.float64)])
    for name, dtype in [("Byte", torch.uint8), ("Char", torch.int8), ("Double", torch.float64),
                        ("Float", torch.float32), ("Half", torch.float16), ("Int", torch.int32),
                        ("Long", torch.int64), ("Short", torch.int16)]:
        c.add(f"aten::_cast_{name}", [floats(6, lo=0.0, hi=100.0) if dtype == torch.uint8 else floats(6, hi=50.0)])
    c.add("aten::_cast_Float", [ints(4)])
    c.add("aten::_unsafe_view", [floats(2, 6), [3, -1]])
    c.add("aten::_unsafe_view", [floats(2, 6), [5, 2]])  # error
    c.add("aten::_unsafe_view.out", [floats(2, 6), [4, 3], empty_out()])
    c.add("aten::_reshape_alias", [floats(2, 6), [3, 4], [4, 1]], strides=True)
    c.add("aten::_reshape_alias", [floats(4, 5), [2, 3], [5, 2]], strides=True)
    c.add("aten::_neg_view", [floats(3)])
    c.add("aten::_conj_physical", [floats(3)])
    c.add("aten::_conj_physical.out", [ints(3), empty_out(torch.int64)])
    c.add("aten::_shape_as_tensor", [floats(2, 0, 5)])
    c.add("aten::_shape_as_tensor", [torch.tensor(1.0)])
    c.add("aten::_infer_size", [[3, 1, 5], [4, 1]])
    c.add("aten::_infer_size", [[3, 2], [4]])  # error
    c.add("aten::_dim_arange", [floats(3, 7), 1])
    c.add("aten::_dim_arange", [floats(3, 7), -2])
    c.add("aten::_grad_sum_to_size", [floats(2, 3, 4), [3, 1]])
    c.add("aten::_grad_sum_to_size", [floats(2, 3), None])
    c.add("aten::_grad_sum_to_size", [floats(2, 3), [4]])  # error
    c.add("aten::is_same_size", [floats(2, 3), floats(2, 3)])
    c.add("aten::is_same_size", [floats(2, 3), floats(3, 2)])
    c.add("aten::_local_scalar_dense", [torch.tensor([2.5])])
    c.add("aten::_local_scalar_dense", [torch.tensor(7)])
    c.add("aten::_local_scalar_dense", [floats(2)])  # the first element
    c.add("aten::_stack", [[floats(2, 3), floats(2, 3, seed=1)], 1])
    c.add("aten::_stack.out", [[floats(2), floats(2, seed=1)], 0, empty_out()])
    c.add("aten::_stack", [[floats(2), floats(3)]])  # error

    a, b = floats(3, 4), floats(3, 4, seed=1)
    c.add("aten::_add_relu.Tensor", [a, b])
    c.add("aten::_add_relu.Tensor", [ints(3, 4), ints(4, seed=2), 2])
    c.add("aten::_add_relu_.Tensor", [a, b, 0.5])
    c.add("aten::_add_relu.out", [a, b, 1, empty_out()])
    c.add("aten::_add_relu.Scalar", [a, 0.5, 2])
    c.add("aten::_add_relu_.Scalar", [a, -1.0])
    c.add("aten::_add_relu.Scalar_out", [a, 1.5, 1, empty_out()])
    m1, m2, bias = floats(3, 5), floats(5, 4, seed=1), floats(4, seed=2)
    c.add("aten::_addmm_activation", [bias, m1, m2])
    c.add("aten::_addmm_activation", [bias, m1, m2, 0.5, 2.0, True])
    c.add("aten::_addmm_activation.out", [bias, m1, m2, 1, 1, True, empty_out()])
    c.add("aten::_addmm_activation", [bias, m1, floats(4, 4)])  # error
    c.add("aten::_aminmax", [floats(3, 5)])
    c.add("aten::_aminmax.dim", [floats(3, 5), 1])
    c.add("aten::_aminmax.dim", [ints(3, 5), 0, True])
    c.add("aten::_aminmax.out", [floats(4), empty_out(), empty_out()])
    c.add("aten::_aminmax.dim_out", [floats(3, 5), -1, False, empty_out(), empty_out()])
    c.add("aten::_aminmax", [torch.empty(0)])  # error

    c.add("aten::range", [0, 5])
    c.add("aten::range", [-1.5, 2.25, torch.float64])
    c.add("aten::range.step", [0, 1, 0.3])
    c.add("aten::range.step", [1, 10, 2, torch.int64])
    c.add("aten::range.step", [5, -2, -1.5])
    c.add("aten::range.step", [0, 1, -1])  # error
    c.add("aten::range.step", [0, 1, 0])  # error
    c.add("aten::range.step", [0, 2, 0.5, torch.int64])
    c.add("aten::range.step", [0.5, 3.7, 1, torch.int32])
    c.add("aten::range.step", [0, 1, 0.1, torch.float64])
    c.add("aten::range", [3, 3])
    c.add("aten::range.out", [0, 4, 0.5, empty_out()])
    c.add("aten::range.out_", [2, 6, empty_out(torch.int64)])

    c.add("aten::fill_diagonal_", [floats(3, 3), 2.5])
    c.add("aten::fill_diagonal_", [floats(3, 5), -1])
    c.add("aten::fill_diagonal_", [floats(7, 3), 9, False])
    c.add("aten::fill_diagonal_", [floats(7, 3), 9, True])
    c.add("aten::fill_diagonal_", [floats(8, 3), 9, True])
    c.add("aten::fill_diagonal_", [floats(4, 4, 4), 0])
    c.add("aten::fill_diagonal_", [floats(5, 4).t(), 7, True])
    c.add("aten::fill_diagonal_", [floats(4, 4, 3), 0])  # error
    c.add("aten::fill_diagonal_", [floats(4), 0])  # error
    c.add("aten::fill_diagonal_", [ints(4, 3), 2.7])
    c.add("aten::fill_diagonal_", [floats(3, 3, 6), 5.0])  # error: sizes differ
    c.add("aten::fill_diagonal_", [torch.empty(0, 3), 5.0])
    c.add("aten::fill_diagonal_", [floats(6, 6, 6).permute(2, 0, 1), 5.0])

    c.add("aten::resize", [floats(3, 4), [2, 5]])
    c.add("aten::resize", [floats(3, 4), [12]])
    c.add("aten::resize.out", [floats(3, 4), [2, 2], None, empty_out()])
    c.add("aten::resize_as", [floats(3, 4), floats(6, 2)])
    c.add("aten::resize_as.out", [floats(3, 4), floats(2, 3), None, empty_out()])

    pts = floats(20, 2, seed=5)
    w = floats(20, lo=0.0, hi=1.0, seed=6)
    c.add("aten::_histogramdd_bin_edges", [pts, [3, 4]])
    c.add("aten::_histogramdd_bin_edges", [pts, [2, 2], [-1.0, 1.0, -2.0, 2.0]])
    c.add("aten::_histogramdd_from_bin_cts", [pts, [3, 4]])
    c.add("aten::_histogramdd_from_bin_cts", [pts, [2, 5], [-1.0, 1.0, -2.0, 2.0], w, True])
    edges = [torch.tensor([-3.0, -1.0, 0.0, 3.0]), torch.tensor([-3.0, 0.0, 3.0])]
    c.add("aten::_histogramdd_from_bin_tensors", [pts, edges])
    c.add("aten::_histogramdd_from_bin_tensors", [pts, edges, w, True])
    c.add("aten::_histogramdd_from_bin_tensors.out", [pts, edges, None, False, empty_out()])
    c.add("aten::_histogramdd_from_bin_cts", [pts, [3]])  # error: one bin count for two dims

    for name, fn in (("tensor_complex", complex_tensor), ("as_tensor_complex", complex_as_tensor)):
        scripted = torch.jit.script(fn)
        graph = scripted.graph.copy()
        torch._C._jit_pass_inline(graph)
        c.add_graph(name, str(graph), [1.5, -2.0], [scripted(1.5, -2.0)])

    einsum_cases(c)
    fft_cases(c)
    list_cases(c)
