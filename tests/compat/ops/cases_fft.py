"""torch.fft: the 1-D, 2-D and n-D transforms (complex, real-to-complex, complex-to-real and
Hermitian), their n / s, dim and norm arguments, out= forms and errors, and fftfreq, rfftfreq,
fftshift and ifftshift.

Complex tensors cannot be recorded, so transforms with a complex input or result run as small
graphs: the input is recorded as its real view (pairs [..., 2]) and turned complex with
aten::view_as_complex, complex results are returned through aten::view_as_real. PyTorch runs
the same IR text (torch._C.parse_ir) for the expected outputs (complex results pass through
aten::resolve_conj first: PyTorch's ihfft returns a lazily conjugated view). Real-in, real-out forms (irfft
and hfft of a real signal) and every error case use plain operator cases."""
import torch

from caselib import empty_out, floats, ints

F32 = {"rtol": 1e-5, "atol": 1e-4}
F64 = {"rtol": 1e-10, "atol": 1e-10}


def _const(name, value):
    if value is None:
        return [f"  %{name} : NoneType = prim::Constant()"]
    if isinstance(value, str):
        return [f'  %{name} : str = prim::Constant[value="{value}"]()']
    if isinstance(value, (list, tuple)):
        lines, names = [], []
        for i, v in enumerate(value):
            lines.append(f"  %{name}_{i} : int = prim::Constant[value={v}]()")
            names.append(f"%{name}_{i}")
        lines.append(f"  %{name} : int[] = prim::ListConstruct({', '.join(names)})")
        return lines
    return [f"  %{name} : int = prim::Constant[value={value}]()"]


class FftCases:
    def __init__(self, c):
        self.c = c
        self.count = {}

    def graph(self, op, x, consts, complex_in, complex_out, out_dtype=None, **tol):
        """op(x, *consts) as a graph; x is a real tensor, or (complex_in) the real view of the
        complex input. With out_dtype the .out form writes into an empty tensor of that dtype."""
        lines = ["graph(%x : Tensor" + (", %o : Tensor" if out_dtype is not None else "") + "):"]
        args = ["%xc" if complex_in else "%x"]
        for i, v in enumerate(consts):
            lines += _const(f"a{i}", v)
            args.append(f"%a{i}")
        if complex_in:
            lines.append("  %xc : Tensor = aten::view_as_complex(%x)")
        inputs = [x]
        if out_dtype is not None:
            if out_dtype.is_complex:
                lines.append("  %oc : Tensor = aten::view_as_complex(%o)")
                args.append("%oc")
                inputs.append(torch.empty(0, 2, dtype=torch.float32 if out_dtype == torch.complex64 else torch.float64))
            else:
                args.append("%o")
                inputs.append(torch.empty(0, dtype=out_dtype))
        lines.append(f"  %y : Tensor = aten::{op}({', '.join(args)})")
        if complex_out:
            # ihfft returns a lazily conjugated view in PyTorch; ember's is already resolved.
            lines.append("  %yr : Tensor = aten::resolve_conj(%y)")
            lines.append("  %r : Tensor = aten::view_as_real(%yr)")
            lines.append("  return (%r)")
        else:
            lines.append("  return (%y)")
        text = "\n".join(lines) + "\n"
        g = torch._C.parse_ir(text)
        fn = torch._C._create_function_from_graph("f", g)
        expected = fn(*[t.clone() for t in inputs])
        k = self.count.get(op, 0) + 1
        self.count[op] = k
        tol = tol or (F64 if x.dtype == torch.float64 else F32)
        suffix = "_out" if out_dtype is not None else ""
        self.c.add_graph(f"{op}{suffix}_{k}", text, inputs, [expected], **tol)


def complex_pairs(*shape, dtype=torch.float32, seed=0):
    return floats(*shape, 2, dtype=dtype, seed=seed)


def one_dim_cases(f):
    x = floats(3, 10, seed=1)
    z = complex_pairs(3, 10, seed=2)
    for op in ["fft_fft", "fft_ifft"]:
        for n, dim, norm in [(None, -1, None), (16, -1, "ortho"), (6, 1, "forward"), (None, 0, "backward"),
                             (7, 0, None)]:
            f.graph(op, x, [n, dim, norm], False, True)
            f.graph(op, z, [n, dim, norm], True, True)
        f.graph(op, x.double(), [None, -1, None], False, True)
        f.graph(op, z.double(), [5, 0, "ortho"], True, True)
        f.graph(op, ints(4, 6), [None, 1, None], False, True)
        f.graph(op, x.t().contiguous().t(), [None, 0, None], False, True)  # strided input
        f.graph(op, x, [None, -1, None], False, True, out_dtype=torch.complex64)
    for op in ["fft_rfft", "fft_ihfft"]:
        for n, dim, norm in [(None, -1, None), (16, -1, "ortho"), (5, 1, "forward"), (None, 0, None), (9, 0, None)]:
            f.graph(op, x, [n, dim, norm], False, True)
        f.graph(op, x.double(), [None, -1, "ortho"], False, True)
        f.graph(op, ints(2, 7), [None, -1, None], False, True)
        f.graph(op, x, [8, -1, None], False, True, out_dtype=torch.complex64)
    for op in ["fft_irfft", "fft_hfft"]:
        for n, dim, norm in [(None, -1, None), (16, -1, "ortho"), (5, 1, "forward"), (None, 0, None), (9, 0, None),
                             (18, -1, None), (19, -1, None)]:
            f.graph(op, z, [n, dim, norm], True, False)
        f.graph(op, z.double(), [None, -1, "forward"], True, False)
        f.graph(op, z, [None, -1, None], True, False, out_dtype=torch.float64)
    # Real inputs to the complex-to-real transforms and the errors, as plain operator cases.
    c = f.c
    c.add("aten::fft_irfft", [x], **F32)
    c.add("aten::fft_hfft", [x, 12, 0, "ortho"], **F32)
    c.add("aten::fft_irfft.out", [x.double(), None, -1, None, empty_out(torch.float64)], **F64)
    c.add("aten::fft_hfft.out", [x, None, -1, None, empty_out(torch.int64)])  # error: can't cast
    c.add("aten::fft_fft.out", [x, None, -1, None, empty_out()])  # error: real out
    c.add("aten::fft_fft", [x, 0])  # error: n
    c.add("aten::fft_rfft", [x, -2])  # error: n
    c.add("aten::fft_irfft", [floats(3, 1)])  # error: default n is 0
    c.add("aten::fft_fft", [x, None, 2])  # error: dim
    c.add("aten::fft_fft", [x, None, -1, "bogus"])  # error: norm
    c.add("aten::fft_fft", [x.half()])  # error: Half
    c.add("aten::fft_fft", [torch.tensor(1.0)])  # error: 0-dim


def many_dim_cases(f):
    x = floats(2, 4, 6, seed=3)
    z = complex_pairs(2, 4, 6, seed=4)
    for op in ["fft_fftn", "fft_ifftn"]:
        for s, dim, norm in [(None, None, None), ([3, 8], None, "ortho"), (None, [0, 2], "forward"),
                             ([5, -1], [2, 0], None), ([4], [1], None)]:
            f.graph(op, x, [s, dim, norm], False, True)
            f.graph(op, z, [s, dim, norm], True, True)
        f.graph(op, x.double(), [None, [1, 2], None], False, True)
        f.graph(op, x, [None, None, None], False, True, out_dtype=torch.complex64)
    for op in ["fft_fft2", "fft_ifft2"]:
        f.graph(op, x, [None, [-2, -1], None], False, True)
        f.graph(op, z, [[3, 7], [0, 2], "ortho"], True, True)
        f.graph(op, z.double(), [None, [-2, -1], None], True, True, out_dtype=torch.complex128)
    for op in ["fft_rfftn", "fft_ihfftn"]:
        for s, dim, norm in [(None, None, None), ([3, 8], None, "ortho"), (None, [2, 0], "forward"),
                             ([5, 4], [1, 2], None)]:
            f.graph(op, x, [s, dim, norm], False, True)
        f.graph(op, x.double(), [None, [0, 1], "backward"], False, True)
        f.graph(op, x, [None, None, None], False, True, out_dtype=torch.complex64)
    for op in ["fft_rfft2", "fft_ihfft2"]:
        f.graph(op, x, [None, [-2, -1], None], False, True)
        f.graph(op, x, [[4, 5], [0, 1], "ortho"], False, True)
    for op in ["fft_irfftn", "fft_hfftn"]:
        for s, dim, norm in [(None, None, None), ([3, 8], None, "ortho"), (None, [2, 0], "forward"),
                             ([5, 4], [1, 2], None), ([4, -1], [0, 2], None)]:
            f.graph(op, z, [s, dim, norm], True, False)
        f.graph(op, z.double(), [None, [0, 1], None], True, False)
        f.graph(op, z, [None, None, None], True, False, out_dtype=torch.float32)
    for op in ["fft_irfft2", "fft_hfft2"]:
        f.graph(op, z, [None, [-2, -1], None], True, False)
        f.graph(op, z, [[4, 10], [0, 2], "forward"], True, False)
    c = f.c
    c.add("aten::fft_irfftn", [x], **F32)
    c.add("aten::fft_hfft2", [x, [3, 4]], **F32)
    c.add("aten::fft_fftn", [x, [2, 2], [0]])  # error: lengths differ
    c.add("aten::fft_fftn", [floats(5), [2, 2]])  # error: s longer than dims
    c.add("aten::fft_fftn", [x, None, [0, 0]])  # error: repeated dim
    c.add("aten::fft_fftn", [x, [0, 2]])  # error: zero points
    c.add("aten::fft_fft2", [floats(5)])  # error: dim out of range
    c.add("aten::fft_rfft2", [x, None, [0, 3]])  # error: dim out of range
    c.add("aten::fft_irfftn", [x, [4, 0]])  # error: zero points


def helper_cases(c):
    for n, d in [(1, 1.0), (5, 1.0), (8, 0.25), (0, 1.0), (7, 3.0)]:
        c.add("aten::fft_fftfreq", [n, d])
        c.add("aten::fft_rfftfreq", [n, d])
    c.add("aten::fft_fftfreq", [6, 0.5, torch.float64])
    c.add("aten::fft_rfftfreq", [9, 2.0, torch.float64])
    c.add("aten::fft_fftfreq", [5, 1.0, torch.int64])  # error: integer dtype
    c.add("aten::fft_fftfreq", [-1])  # error: negative size
    c.add("aten::fft_fftfreq.out", [5, 1.0, empty_out(torch.float64)])
    c.add("aten::fft_rfftfreq.out", [6, 0.5, empty_out()])
    x = torch.arange(30.0).reshape(5, 6)
    for op in ["fft_fftshift", "fft_ifftshift"]:
        c.add(f"aten::{op}", [x])
        c.add(f"aten::{op}", [x, [0]])
        c.add(f"aten::{op}", [x, [-1]])
        c.add(f"aten::{op}", [ints(7)])
        c.add(f"aten::{op}", [x.t()])
        c.add(f"aten::{op}", [x, [2]])  # error: dim out of range
        c.add(f"aten::{op}", [torch.tensor(3.0)])  # error: 0-dim


def cases(c):
    f = FftCases(c)
    one_dim_cases(f)
    many_dim_cases(f)
    helper_cases(c)
    # fftshift of a complex spectrum, as a graph.
    f.graph("fft_fftshift", complex_pairs(4, 5, seed=9), [None], True, True)
    f.graph("fft_ifftshift", complex_pairs(4, 5, seed=9), [[1]], True, True)
