"""The last small operators of issue 15: complex(x, y) with 0-dim tensors (aten::Complex.* and
ComplexImplicit; complex results go through prim::NumToTensor / view_as_real graphs), the sym_*
size queries, data, is_pinned / pin_memory (CPU: pinning needs CUDA, an error), is_set_to,
_tensor_to_list / _list_to_tensor, the _index_put_impl forms, the _no_grad_* initialisers (seeded)
and the out= forms of unsafe_split (graphs returning the written list)."""
import torch

from caselib import empty_out, floats, ints


def _run_graph(text, inputs):
    g = torch._C.parse_ir(text)
    fn = torch._C._create_function_from_graph("f", g)
    return fn(*[[t.clone() for t in v] if isinstance(v, list) else v.clone() if isinstance(v, torch.Tensor) else v
                for v in inputs])


def _complex_graph(tx, ty, implicit=False, complex_x=False):
    """complex_x: %x is a real [2] tensor taken as a 0-dim complex one (view_as_complex)."""
    x = "%xc" if complex_x else "%x"
    view = "  %xc : Tensor = aten::view_as_complex(%x)\n" if complex_x else ""
    if implicit:
        head = f"graph(%x : {tx}):\n{view}  %c : complex = aten::ComplexImplicit({x})\n"
    else:
        head = f"graph(%x : {tx}, %y : {ty}):\n{view}  %c : complex = aten::Complex({x}, %y)\n"
    return head + ("  %t : Tensor = prim::NumToTensor(%c)\n"
                   "  %r : Tensor = aten::view_as_real(%t)\n"
                   "  return (%r)\n")


def complex_cases(c):
    t = torch.tensor
    pairs = [
        ("tt_float_long", "Tensor", "Tensor", [t(1.5), t(-2)]),
        ("tt_bool_double", "Tensor", "Tensor", [t(True), t(0.25, dtype=torch.float64)]),
        ("tt_int_half", "Tensor", "Tensor", [t(7, dtype=torch.int32), t(-0.5, dtype=torch.float16)]),
        ("tensor_bool", "Tensor", "bool", [t(2.5), True]),
        ("tensor_float", "Tensor", "float", [t(3), 2.5]),
        ("tensor_int", "Tensor", "int", [t(-1.75), 9]),
        ("bool_tensor", "bool", "Tensor", [False, t(4)]),
        ("float_tensor", "float", "Tensor", [-0.5, t(1.25)]),
        ("int_tensor", "int", "Tensor", [6, t(True)]),
        ("int_tensor_1x1", "int", "Tensor", [6, t([[2.5]])]),
    ]
    for name, tx, ty, inputs in pairs:
        text = _complex_graph(tx, ty)
        c.add_graph(f"Complex_{name}", text, inputs, [_run_graph(text, inputs)])
    # Errors (no complex result to encode): a tensor of more than one element (one element of any
    # dimension converts: the graph case below). (A complex argument cannot be recorded.)
    c.add("aten::Complex.Tensor_Tensor", [t([1.0, 2.0]), t(1)])
    c.add("aten::Complex.Tensor_float", [floats(2, 2, seed=10), 1.0])
    c.add("aten::Complex.int_Tensor", [1, torch.ones(0)])
    c.add("aten::ComplexImplicit", [t([1.0, 2.0])])
    # A complex tensor with a zero imaginary part converts; complex(x, y) of a real complex is real.
    text = _complex_graph("Tensor", "Tensor", complex_x=True)
    inputs = [t([3.0, 0.0]), t(4.0)]
    c.add_graph("Complex_tt_real_complex", text, inputs, [_run_graph(text, inputs)])
    for name, x, cplx in [("float", t(3.0), False), ("long", t(-4), False), ("bool", t(True), False),
                          ("cfloat", t([1.5, -2.0]), True), ("cdouble", t([-0.25, 8.0], dtype=torch.float64), True)]:
        text = _complex_graph("Tensor", None, implicit=True, complex_x=cplx)
        c.add_graph(f"ComplexImplicit_{name}", text, [x], [_run_graph(text, [x])])


def size_cases(c):
    x = floats(2, 3, 4, seed=1)
    xt = x.transpose(0, 2)
    row = x[1]
    for v in (x, xt, row, torch.tensor(2.0)):
        c.add("aten::sym_size", [v])
        c.add("aten::sym_stride", [v])
        c.add("aten::sym_numel", [v])
        c.add("aten::sym_storage_offset", [v])
    # PyTorch 1.13 reads sizes()[dim] unchecked (negative and out-of-range dims read past the
    # array); ember wraps negative dims and raises out of range, so only valid dims compare.
    for d in (0, 1, 2):
        c.add("aten::sym_size.int", [x, d])
        c.add("aten::sym_stride.int", [xt, d])


def property_cases(c):
    x = floats(3, 4, seed=2)
    c.add("aten::data", [x])
    c.add("aten::data", [ints(5, seed=3)])
    c.add("aten::is_pinned", [x])
    c.add("aten::pin_memory", [x])
    c.add("aten::is_set_to", [x, floats(3, 4, seed=2)])
    c.add("aten::_tensor_to_list", [torch.tensor([4, -2, 7], dtype=torch.int32)])
    c.add("aten::_tensor_to_list", [torch.tensor([[1, 2], [3, 4]], dtype=torch.int32)])
    c.add("aten::_tensor_to_list", [torch.tensor([4, 5])])
    c.add("aten::_list_to_tensor", [[3, -1, 0, 8]])
    c.add("aten::_list_to_tensor", [[]])


def is_set_to_graphs(c):
    """is_set_to needs aliases of one storage: made inside the graph."""
    x = floats(4, 6, seed=4)
    views = {
        "same": "  %v : Tensor = aten::alias(%x)\n",
        "transposed": "  %a : int = prim::Constant[value=0]()\n  %b : int = prim::Constant[value=1]()\n"
                      "  %v : Tensor = aten::transpose(%x, %a, %b)\n",
        "flattened": "  %s : int[] = prim::Constant[value=[24]]()\n  %v : Tensor = aten::view(%x, %s)\n",
        "row": "  %a : int = prim::Constant[value=0]()\n  %v : Tensor = aten::select(%x, %a, %a)\n",
        "copy": "  %n : NoneType = prim::Constant()\n  %v : Tensor = aten::clone(%x, %n)\n",
    }
    for name, body in views.items():
        text = ("graph(%x : Tensor):\n" + body + "  %r : bool = aten::is_set_to(%x, %v)\n"
                "  %t : Tensor = prim::NumToTensor(%r)\n  return (%t)\n")
        c.add_graph(f"is_set_to_{name}", text, [x], [_run_graph(text, [x])])


def index_put_cases(c):
    x = floats(4, 5, seed=5)
    rows = torch.tensor([0, 2, 2])
    cols = torch.tensor([1, 4, 1])
    vals = floats(3, seed=6)
    for acc in (False, True):
        c.add("aten::_index_put_impl", [x, [rows, cols], vals, acc])
        c.add("aten::_index_put_impl", [x, [rows, None], floats(5, seed=7), acc, True])
        c.add("aten::_index_put_impl_", [x, [rows, cols], vals, acc])
        c.add("aten::_index_put_impl_.hacked_twin", [x, [rows, cols], vals, acc])
        c.add("aten::_index_put_impl.out", [x, [rows, cols], vals, acc, False, empty_out()])
    c.add("aten::_index_put_impl_", [x, [x > 0], torch.tensor(0.5)])
    c.add("aten::_index_put_impl", [x, [torch.tensor([9])], torch.tensor(1.0)])
    c.add("aten::_index_put_impl_", [x, [rows, cols], vals.double()])


def no_grad_cases(c):
    x = torch.zeros(3, 4)
    c.add("aten::_no_grad_fill_", [x, 2.5])
    c.add("aten::_no_grad_fill_", [torch.zeros(5, dtype=torch.int64), 3.0])
    c.add("aten::_no_grad_zero_", [floats(2, 3, seed=8)])
    for seed in (0, 7):
        c.add("aten::_no_grad_uniform_", [torch.empty(4, 6), -2.0, 3.0], seed=seed)
        c.add("aten::_no_grad_normal_", [torch.empty(4, 6), 1.0, 0.5], seed=seed)
        c.add("aten::_no_grad_uniform_", [torch.empty(40, dtype=torch.float64), 0.0, 1.0], seed=seed)
        c.add("aten::_no_grad_normal_", [torch.empty(40, dtype=torch.float64), -1.0, 2.0], seed=seed)


def split_out_cases(c):
    x = floats(7, 4, seed=9)
    graphs = [
        ("Tensor_out", "unsafe_split", "int", 3, 0, 3),
        ("Tensor_out_dim1", "unsafe_split", "int", 2, 1, 2),
        ("with_sizes_out", "unsafe_split_with_sizes", "int[]", [2, 4, 1], 0, 3),
        ("with_sizes_out_dim1", "unsafe_split_with_sizes", "int[]", [1, 3], -1, 2),
    ]
    for name, op, kind, split, dim, n in graphs:
        text = (f"graph(%x : Tensor, %o : Tensor[]):\n  %s : {kind} = prim::Constant[value={split}]()\n"
                f"  %d : int = prim::Constant[value={dim}]()\n   = aten::{op}(%x, %s, %d, %o)\n  return (%o)\n")
        outs = [torch.empty(0) for _ in range(n)]
        inputs = [x, outs]
        written = [torch.empty(0) for _ in range(n)]
        getattr(torch.ops.aten, op).out(x, split, dim, out=written) if kind == "int[]" else \
            torch.ops.aten.unsafe_split.Tensor_out(x, split, dim, out=written)
        c.add_graph(f"unsafe_split_{name}", text, inputs, [written])


TOL = {"rtol": 1e-4, "atol": 1e-5}


def backward_cases(c):
    """The backwards of this round's new forwards, called with what autograd would pass."""
    from caselib import positive
    for kind in ("bilinear", "bicubic"):
        for align in (False, True):
            for isz, osz in (([1, 2, 6, 4], [3, 5]), ([2, 1, 3, 3], [5, 2])):
                go = floats(isz[0], isz[1], *osz, seed=20)
                c.add(f"aten::_upsample_{kind}2d_aa_backward", [go, osz, isz, align], **TOL)
                c.add(f"aten::_upsample_{kind}2d_aa_backward.grad_input", [go, osz, isz, align, None, None, empty_out()],
                      **TOL)
        go = floats(1, 2, 3, 5, seed=21)
        c.add(f"aten::_upsample_{kind}2d_aa_backward.vec", [go, None, [1, 2, 6, 4], False, [0.5, 1.25]], **TOL)
        c.add(f"aten::_upsample_{kind}2d_aa_backward.vec", [go, [3, 5], [1, 2, 6, 4], True, None], **TOL)
        c.add(f"aten::_upsample_{kind}2d_aa_backward.vec_out", [go, [3, 5], [1, 2, 6, 4], False, None, empty_out()],
              **TOL)
    x2 = floats(1, 2, 4, 5, seed=22)
    grid2 = floats(1, 3, 3, 2, lo=-1.2, hi=1.2, seed=23)
    go2 = floats(1, 2, 3, 3, seed=24)
    for interp in (0, 1, 2):
        for pad in (0, 1, 2):
            for align in (False, True):
                c.add("aten::grid_sampler_2d_backward", [go2, x2, grid2, interp, pad, align, [True, True]], **TOL)
    c.add("aten::grid_sampler_2d_backward", [go2, x2, grid2, 0, 0, False, [False, True]], **TOL)
    c.add("aten::grid_sampler_2d_backward.out", [go2, x2, grid2, 1, 1, True, [True, True], empty_out(), empty_out()],
          **TOL)
    x3 = floats(1, 2, 3, 4, 3, seed=25)
    grid3 = floats(1, 2, 2, 3, 3, lo=-1.2, hi=1.2, seed=26)
    go3 = floats(1, 2, 2, 2, 3, seed=27)
    for interp in (0, 1):
        for pad in (0, 1, 2):
            c.add("aten::grid_sampler_3d_backward", [go3, x3, grid3, interp, pad, pad == 1, [True, True]], **TOL)
    c.add("aten::grid_sampler_3d_backward.out", [go3, x3, grid3, 0, 0, False, [True, True], empty_out(), empty_out()],
          **TOL)
    for align in (False, True):
        c.add("aten::affine_grid_generator_backward", [floats(2, 3, 4, 2, seed=28), [2, 1, 3, 4], align], **TOL)
        c.add("aten::affine_grid_generator_backward", [floats(1, 2, 3, 2, 3, seed=29), [1, 1, 2, 3, 2], align], **TOL)
    x = floats(3, 4, seed=30)
    target = torch.tensor([2, 0, 3])
    for p, margin in ((1, 1.0), (2, 0.5)):
        for weight in (None, positive(4, seed=31)):
            for red in (0, 1, 2):
                go = floats(3, seed=32) if red == 0 else torch.tensor(1.5)
                c.add("aten::multi_margin_loss_backward", [go, x, target, p, margin, weight, red], **TOL)
    c.add("aten::multi_margin_loss_backward.grad_input",
          [torch.tensor(0.5), x, target, 1, 1.0, None, 1, empty_out()], **TOL)
    mt = torch.tensor([[3, 0, -1, 1], [1, 2, 3, -1]])
    xm = floats(2, 4, seed=33)
    for red in (0, 1, 2):
        _, is_target = torch.ops.aten.multilabel_margin_loss_forward(xm, mt, red)
        go = floats(2, seed=34) if red == 0 else torch.tensor(-0.75)
        c.add("aten::multilabel_margin_loss_backward", [go, xm, mt, red, is_target], **TOL)
    c.add("aten::multilabel_margin_loss_backward.grad_input", [torch.tensor(1.0), xm, mt, 1, is_target, empty_out()],
          **TOL)
    xs = floats(3, 5, seed=35)
    mask = torch.tensor([[False, True, False, False, True], [True, True, True, True, True],
                         [False, False, False, False, False]])
    g = floats(3, 5, seed=36)
    for dim in (None, 1, 0):
        d = 1 if dim is None else dim
        y = torch.softmax(xs.masked_fill(mask, -float("inf")), d).nan_to_num(0.0)
        c.add("aten::_masked_softmax_backward", [g, y, mask, dim], **TOL)
    c.add("aten::_masked_softmax_backward.out", [g, y, mask, 0, empty_out()], **TOL)
    for shape, dim in (((4, 3, 2), 0), ((4, 3, 2), 2), ((5, 3), 0)):
        v = floats(*shape, seed=37)
        gshape = [1] * len(shape)
        gshape[dim] = shape[dim]
        gg = positive(*gshape, seed=38)
        w, norms = torch._weight_norm_interface(v, gg, dim)
        gw = floats(*shape, seed=39)
        c.add("aten::_weight_norm_interface_backward", [gw, v, gg, norms, dim], **TOL)
    c.add("aten::_weight_norm_interface_backward.out", [gw, v, gg, norms, dim, empty_out(), empty_out()], **TOL)
    for pad in (0, 1):
        inp = floats(6, 2, 3, seed=40)
        wt = floats(3, 3, 4, seed=41)
        bias = floats(4, seed=42)
        go = floats(6 + 2 * pad - 3 + 1, 2, 4, seed=43)
        c.add("aten::conv_tbc_backward", [go, inp, wt, bias, pad], **TOL)


def eig_out_cases(c):
    """linalg_eig.out into complex out tensors made in the graph, read back through view_as_real
    (one graph per result; the out tensor itself is the third). ember and PyTorch both call
    LAPACK's geev, so the eigenvectors compare directly."""
    for name, x, dt in (("cfloat", floats(3, 3, seed=50), 9), ("cdouble_out", floats(4, 4, seed=51), 10),
                        ("batched", floats(2, 3, 3, seed=52, dtype=torch.float64), 10)):
        for which in ("%w", "%v", "%a"):
            text = ("graph(%x : Tensor):\n  %s : int[] = prim::Constant[value=[0]]()\n"
                    f"  %dt : int = prim::Constant[value={dt}]()\n  %n : NoneType = prim::Constant()\n"
                    "  %a : Tensor = aten::empty(%s, %dt, %n, %n, %n, %n)\n"
                    "  %b : Tensor = aten::empty(%s, %dt, %n, %n, %n, %n)\n"
                    "  %w : Tensor, %v : Tensor = aten::linalg_eig(%x, %a, %b)\n"
                    f"  %r : Tensor = aten::view_as_real({which})\n  return (%r)\n")
            # PyTorch's interpreter crashes on this out= node: its answer comes from the eager call.
            ctype = torch.complex64 if dt == 9 else torch.complex128
            a, b = torch.empty(0, dtype=ctype), torch.empty(0, dtype=ctype)
            w, v = torch.ops.aten.linalg_eig.out(x, eigenvalues=a, eigenvectors=b)
            expected = torch.view_as_real({"%w": w, "%v": v, "%a": a}[which])
            c.add_graph(f"linalg_eig_out_{name}_{which[1]}", text, [x], [expected], rtol=1e-4, atol=1e-5)
    c.add("aten::linalg_eig.out", [floats(3, 3, seed=53), empty_out(), empty_out()])


def set_cases(c):
    """set_ / set over tensor sources. A geometry past the source's storage enlarges it (the new
    element is uninitialised: shapes only). PyTorch accepts a source of another dtype, ember
    raises: not compared."""
    src = floats(6, seed=60)
    c.add("aten::set_", [floats(2, 3, seed=61)])
    c.add("aten::set_.source_Tensor", [torch.zeros(1), src])
    c.add("aten::set_.source_Tensor", [torch.zeros(4, 4), floats(2, 3, seed=62)], strides=True)
    c.add("aten::set_.source_Tensor_storage_offset", [torch.zeros(1), src, 1, [2, 2], [1, 2]], strides=True)
    c.add("aten::set_.source_Tensor_storage_offset", [torch.zeros(1), src, 2, [2, 2]], strides=True)
    c.add("aten::set_.source_Tensor_storage_offset", [torch.zeros(1), src, 0, [3, 0], [5, 1]], strides=True)
    c.add("aten::set_.source_Tensor_storage_offset", [torch.zeros(1), src, 1, [3, 2]], values=False)
    c.add("aten::set", [floats(2, 3, seed=63)])
    c.add("aten::set.out", [floats(2, 3, seed=63), empty_out()])
    c.add("aten::set.source_Tensor", [torch.zeros(2), floats(3, 2, seed=64)])
    c.add("aten::set.source_Tensor_out", [torch.zeros(2), floats(3, 2, seed=64), empty_out()])
    c.add("aten::set_.source_Tensor", [torch.zeros(1, dtype=torch.int64), ints(4, seed=65)])


def ctc_backward_cases(c):
    """_ctc_loss_backward with the saved values of _ctc_loss (padded and concatenated targets)."""
    T, B, C = 6, 2, 4
    lp = torch.log_softmax(floats(T, B, C, seed=70), 2)
    for name, targets, in_l, tgt_l, blank, zinf in (
            ("padded", torch.tensor([[1, 2, 2], [3, 1, 0]]), [6, 5], [3, 2], 0, False),
            ("concat", torch.tensor([1, 2, 3, 3]), [6, 4], [1, 3], 0, True),
            ("blank_last", torch.tensor([[0, 1], [2, 2]]), [5, 6], [2, 2], 3, False),
            ("infinite", torch.tensor([[1, 1, 1, 1], [2, 1, 0, 0]]), [3, 6], [4, 2], 0, True)):
        nll, alpha = torch.ops.aten._ctc_loss(lp, targets, in_l, tgt_l, blank, zinf)
        grad = floats(B, lo=0.5, hi=2.0, seed=71)
        c.add("aten::_ctc_loss_backward", [grad, lp, targets, in_l, tgt_l, nll, alpha, blank, zinf],
              name=f"_ctc_loss_backward_{name}", **TOL)
        c.add("aten::_ctc_loss_backward.Tensor", [grad, lp, targets, torch.tensor(in_l), torch.tensor(tgt_l), nll,
                                                  alpha, blank, zinf], name=f"_ctc_loss_backward_Tensor_{name}", **TOL)
    c.add("aten::_ctc_loss_backward.out", [grad, lp, targets, in_l, tgt_l, nll, alpha, blank, zinf, empty_out()],
          **TOL)


def cases(c):
    ctc_backward_cases(c)
    set_cases(c)
    eig_out_cases(c)
    backward_cases(c)
    complex_cases(c)
    size_cases(c)
    property_cases(c)
    is_set_to_graphs(c)
    index_put_cases(c)
    no_grad_cases(c)
    split_out_cases(c)
