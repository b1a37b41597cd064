"""The `*_copy` forms of views (src/runtime/ops/aten_view_copy_ops.cpp): values, shapes, strides
(PyTorch keeps a dense view's layout and makes others contiguous), the out= forms (out lists for
split/unbind), and the views' errors."""
import torch

from caselib import empty_out, floats

F32, F64 = torch.float32, torch.float64


def add_out(c, op, args, dt):
    """The out= form twice: with an empty out (an error: PyTorch 1.13's copy kernels do not resize
    out) and with out tensors of the shape the functional form returns."""
    name, overload = op.split("::")[1].split(".")
    packet = getattr(torch.ops.aten, name)
    fn = packet.default if overload == "out" else getattr(packet, overload[:-len("_out")])
    keywords = {p.name: v for p, v in zip(fn._schema.arguments, args) if p.kwarg_only}
    try:
        r = fn(*args[:len(args) - len(keywords)], **keywords)
    except RuntimeError:  # the functional form's error: the out= form raises it too
        c.add(op, args + [empty_out(dt)])
        return
    if isinstance(r, (list, tuple)):
        c.add(op, args + [[empty_out(t.dtype) for t in r]])
        c.add(op, args + [[torch.empty(t.shape, dtype=t.dtype) for t in r]])
    else:
        c.add(op, args + [empty_out(r.dtype)])
        c.add(op, args + [torch.empty(r.shape, dtype=r.dtype)])


def cases(c):
    for dt in (F32, F64):
        x = floats(2, 3, 4, dtype=dt)
        m = floats(3, 5, dtype=dt, seed=1)
        st = {"strides": True}
        c.add("aten::alias_copy", [x], **st)
        add_out(c, "aten::alias_copy.out", [x], dt)
        c.add("aten::as_strided_copy", [x, [3, 2], [1, 4]], **st)
        c.add("aten::as_strided_copy", [x, [2, 2], [4, 1], 5], **st)
        add_out(c, "aten::as_strided_copy.out", [x, [3, 2], [1, 4], 2], dt)
        c.add("aten::_reshape_alias_copy", [x, [6, 4], [4, 1]], **st)
        add_out(c, "aten::_reshape_alias_copy.out", [x, [4, 6], [6, 1]], dt)
        c.add("aten::diagonal_copy", [x], **st)
        c.add("aten::diagonal_copy", [x, 1, 1, 2], **st)
        c.add("aten::diagonal_copy", [x, -1, 2, 0], **st)
        c.add("aten::diagonal_copy", [x, 0, 1, 1])  # error: same dims
        add_out(c, "aten::diagonal_copy.out", [x, 0, 1, 2], dt)
        c.add("aten::expand_copy", [m[:, :1].contiguous(), [2, 3, 4]], **st)
        c.add("aten::expand_copy", [m[:, :1].contiguous(), [-1, 6]], **st)
        c.add("aten::expand_copy", [m, [3, 4]])  # error
        add_out(c, "aten::expand_copy.out", [m[:1].contiguous(), [4, 5], False], dt)
        c.add("aten::permute_copy", [x, [2, 0, 1]], **st)
        c.add("aten::permute_copy", [x, [0, 1]])  # error: too few dims
        add_out(c, "aten::permute_copy.out", [x, [1, 2, 0]], dt)
        c.add("aten::select_copy.int", [x, 1, 2], **st)
        c.add("aten::select_copy.int", [x, -1, -1], **st)
        c.add("aten::select_copy.int", [x, 0, 5])  # error: index out of range
        add_out(c, "aten::select_copy.int_out", [x, 2, 0], dt)
        c.add("aten::slice_copy.Tensor", [x, 2, 1, 4, 2], **st)
        c.add("aten::slice_copy.Tensor", [x, 1, None, -1], **st)
        c.add("aten::slice_copy.Tensor", [x], **st)
        add_out(c, "aten::slice_copy.Tensor_out", [x, 0, 1, None, 1], dt)
        c.add("aten::split_copy.Tensor", [x, 2, 2], **st)
        c.add("aten::split_copy.Tensor", [m, 2], **st)
        add_out(c, "aten::split_copy.Tensor_out", [x, 2, 2], dt)
        c.add("aten::split_with_sizes_copy", [x, [1, 2], 1], **st)
        c.add("aten::split_with_sizes_copy", [x, [1, 1], 1])  # error: sizes do not sum
        add_out(c, "aten::split_with_sizes_copy.out", [m, [2, 3], 1], dt)
        y = floats(2, 1, 4, 1, dtype=dt, seed=2)
        c.add("aten::squeeze_copy", [y], **st)
        add_out(c, "aten::squeeze_copy.out", [y], dt)
        c.add("aten::squeeze_copy.dim", [y, 1], **st)
        c.add("aten::squeeze_copy.dim", [y, 2], **st)
        add_out(c, "aten::squeeze_copy.dim_out", [y, -1], dt)
        c.add("aten::t_copy", [m], **st)
        c.add("aten::t_copy", [x])  # error: 3-d
        add_out(c, "aten::t_copy.out", [m], dt)
        c.add("aten::transpose_copy.int", [x, 0, 2], **st)
        add_out(c, "aten::transpose_copy.int_out", [x, 1, -1], dt)
        c.add("aten::unbind_copy.int", [x], **st)
        c.add("aten::unbind_copy.int", [x, 2], **st)
        add_out(c, "aten::unbind_copy.int_out", [m, 0], dt)
        c.add("aten::unfold_copy", [m, 1, 2, 2], **st)
        c.add("aten::unfold_copy", [m, 0, 3, 1], **st)
        add_out(c, "aten::unfold_copy.out", [m, 1, 3, 1], dt)
        c.add("aten::unsqueeze_copy", [m, 1], **st)
        c.add("aten::unsqueeze_copy", [m, -1], **st)
        add_out(c, "aten::unsqueeze_copy.out", [m, 0], dt)
        c.add("aten::view_copy", [x, [4, 6]], **st)
        c.add("aten::view_copy", [x, [-1]], **st)
        c.add("aten::view_copy", [x, [5, 5]])  # error
        add_out(c, "aten::view_copy.out", [x, [3, 8]], dt)
        c.add("aten::view_copy.dtype", [x, torch.int32 if dt == F32 else torch.int64], **st)
        add_out(c, "aten::view_copy.dtype_out", [x, torch.int32 if dt == F32 else torch.int64], dt)
        # complex values are recorded through their real views (graphs)
        for op, name in (("view_as_complex_copy", "vac"), ("_conj_copy", "conjc"), ("_neg_view_copy", "negc"),
                         ("view_as_real_copy", "var")):
            text = "graph(%x : Tensor):\n  %z : Tensor = aten::view_as_complex(%x)\n"
            if op == "view_as_complex_copy":
                text += "  %y : Tensor = aten::view_as_complex_copy(%x)\n  %r : Tensor = aten::view_as_real(%y)\n"
            elif op == "view_as_real_copy":
                text += "  %r : Tensor = aten::view_as_real_copy(%z)\n"
            else:
                text += f"  %y : Tensor = aten::{op}(%z)\n  %yr : Tensor = aten::resolve_conj(%y)\n"
                text += "  %r : Tensor = aten::view_as_real(%yr)\n"
            text += "  return (%r)\n"
            inp = floats(3, 2, dtype=dt, seed=3)
            fn = torch._C._create_function_from_graph("f", torch._C.parse_ir(text))
            c.add_graph(f"{name}_{'f32' if dt == F32 else 'f64'}", text, [inp], [fn(inp.clone())])
        c.add("aten::view_as_complex_copy", [floats(3, 3, dtype=dt, seed=3)])  # error: last dim 3
        c.add("aten::detach_copy", [x], **st)
        add_out(c, "aten::detach_copy.out", [x], dt)
        c.add("aten::lift_fresh_copy", [x], **st)
        add_out(c, "aten::lift_fresh_copy.out", [x], dt)
        c.add("aten::_neg_view_copy", [x], **st)
        add_out(c, "aten::_neg_view_copy.out", [x], dt)
        c.add("aten::_conj_copy", [x], **st)
        add_out(c, "aten::_conj_copy.out", [x], dt)

    xt = floats(2, 3).t()
    c.add("aten::_to_copy", [xt], strides=True)
    c.add("aten::_to_copy", [xt, torch.float64], strides=True)
    c.add("aten::_to_copy", [xt, torch.int32, None, None, None, False, torch.contiguous_format], strides=True)
    c.add("aten::_to_copy.out", [xt, False, None, torch.empty(0, dtype=torch.int64)])
    c.add("aten::_to_copy.out", [xt, False, None, torch.empty(3, 2, dtype=torch.float64)])
