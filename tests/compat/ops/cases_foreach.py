"""aten::_foreach_*: every unary operator, add/sub/mul/div with a List / Scalar / ScalarList,
maximum/minimum, addcmul/addcdiv with a Scalar / ScalarList, norm and zero, in their
functional, in-place and out= forms, and the errors (lists of different lengths, an empty
list, a scalar list of the wrong length, in-place results that cannot be cast or broadcast back).

Functional forms are plain operator cases. In-place and out= forms return nothing, so they run
as small graphs (IR text) that return the written lists; PyTorch's answer is the lists after the
same eager call (torch._C.parse_ir cannot read nodes without outputs)."""
import math

import torch

from caselib import floats, ints, positive

UNARY = ["abs", "acos", "asin", "atan", "ceil", "cos", "cosh", "erf", "erfc", "exp", "expm1", "floor", "frac",
         "lgamma", "log", "log10", "log1p", "log2", "neg", "reciprocal", "round", "sigmoid", "sin", "sinh", "sqrt",
         "tan", "tanh", "trunc"]
# Arguments inside each function's domain (logs and square roots of positives, asin of [-1, 1]).
POSITIVE = {"log", "log10", "log2", "sqrt", "lgamma", "reciprocal"}
UNIT = {"acos", "asin"}


def float_list(seed=0, kind="any"):
    if kind == "positive":
        return [positive(3, seed=seed), positive(2, 2, seed=seed + 1), positive(5, dtype=torch.float64, seed=seed + 2)]
    if kind == "unit":
        return [floats(3, lo=-0.9, hi=0.9, seed=seed), floats(2, 2, lo=-0.9, hi=0.9, seed=seed + 1),
                floats(5, lo=-0.9, hi=0.9, dtype=torch.float64, seed=seed + 2)]
    return [floats(3, seed=seed), floats(2, 2, seed=seed + 1), floats(5, dtype=torch.float64, seed=seed + 2)]


def _kind(op):
    return "positive" if op in POSITIVE else "unit" if op in UNIT else "any"


def _const(name, value):
    """IR lines binding %name to a Python number or a list of numbers (a Scalar[])."""
    if isinstance(value, list):
        lines, names = [], []
        for i, v in enumerate(value):
            lines += _const(f"{name}_{i}", v)
            names.append(f"%{name}_{i}")
        lines.append(f"  %{name} : Scalar[] = prim::ListConstruct({', '.join(names)})")
        return lines
    if isinstance(value, bool):
        return [f"  %{name} : bool = prim::Constant[value={int(value)}]()"]
    if isinstance(value, int):
        return [f"  %{name} : int = prim::Constant[value={value}]()"]
    return [f"  %{name} : float = prim::Constant[value={value!r}]()"]


def _is_tensor_list(v):
    return isinstance(v, list) and bool(v) and isinstance(v[0], torch.Tensor)


class WriteCases:
    """In-place (`_foreach_add_.List`) and out= (`_foreach_add.List_out`) forms as graphs."""

    def __init__(self, c):
        self.c = c
        self.count = {}

    def add(self, op, args, rtol=None, atol=None):
        """args in schema order: Tensor lists become graph inputs, numbers and lists of numbers
        constants. The graph returns the written list (self for in-place forms, out for out=)."""
        name = op.split("::")[1]
        name, overload = name.split(".") if "." in name else (name, "default")
        fn = getattr(getattr(torch.ops.aten, name), overload)
        params = list(fn._schema.arguments)
        lines, names, inputs, tensor_inputs = [], [], [], []
        for i, (p, v) in enumerate(zip(params, args)):
            if _is_tensor_list(v):
                inputs.append(f"%l{i} : Tensor[]")
                tensor_inputs.append(v)
                names.append(f"%l{i}")
            else:
                lines += _const(f"c{i}", v)
                names.append(f"%c{i}")
        written = len(params) - 1 if params[-1].name == "out" else 0
        text = "graph(" + ", ".join(inputs) + "):\n" + "\n".join(lines) + ("\n" if lines else "")
        text += f"   = aten::{name}({', '.join(names)})\n  return (%l{written})\n"
        call = [[t.clone() for t in v] if _is_tensor_list(v) else v for v in args]
        positional = [v for p, v in zip(params, call) if not p.kwarg_only]
        keywords = {p.name: v for p, v in zip(params, call) if p.kwarg_only}
        try:
            fn(*positional, **keywords)
        except Exception:  # noqa: BLE001 - the error cases are plain operator cases
            raise ValueError(f"{op}: graph cases must not raise") from None
        k = self.count.get(op, 0) + 1
        self.count[op] = k
        tol = {}
        if rtol is not None:
            tol = {"rtol": rtol, "atol": atol}
        self.c.add_graph(f"{op.split('::')[1].replace('.', '_')}_graph_{k}", text, [[t.clone() for t in v] for v in tensor_inputs],
                         [call[written]], **tol)


def empty_outs(n, dtype=torch.float32):
    return [torch.empty(0, dtype=dtype) for _ in range(n)]


def unary_cases(c, w):
    for op in UNARY:
        xs = float_list(kind=_kind(op))
        c.add(f"aten::_foreach_{op}", [xs])
        w.add(f"aten::_foreach_{op}_", [xs])
        w.add(f"aten::_foreach_{op}.out", [xs, empty_outs(3)])
    c.add("aten::_foreach_sqrt", [[ints(4, lo=0, hi=9), positive(2)]])  # integers compute in float
    c.add("aten::_foreach_neg", [[ints(4), ints(2, 3, dtype=torch.int32)]])
    c.add("aten::_foreach_abs", [[ints(4)]])
    c.add("aten::_foreach_sqrt_", [[ints(4, lo=0, hi=9)]])  # error: Float result into a Long tensor
    c.add("aten::_foreach_neg", [[]])  # error: empty list
    c.add("aten::_foreach_exp", [[torch.empty(0), torch.tensor(0.5), floats(1, 0, 3)]])
    c.add("aten::_foreach_neg", [[torch.tensor([True, False])]])  # error: neg of bool
    c.add("aten::_foreach_abs", [[floats(3), ints(2, dtype=torch.int8), torch.tensor([-2.5], dtype=torch.bfloat16)]])
    c.add("aten::_foreach_zero", [float_list()])
    w.add("aten::_foreach_zero_", [float_list()])
    w.add("aten::_foreach_zero.out", [float_list(), empty_outs(3)])


def binary_cases(c, w):
    xs, ys = float_list(1), float_list(7)
    nz = float_list(4, kind="positive")
    for op in ["add", "sub"]:
        c.add(f"aten::_foreach_{op}.List", [xs, ys])
        c.add(f"aten::_foreach_{op}.List", [xs, ys, 2.5])
        c.add(f"aten::_foreach_{op}.List", [[ints(3), ints(2, 2)], [ints(3, seed=1), floats(2, 2)], 2])
        w.add(f"aten::_foreach_{op}_.List", [xs, ys, -0.5])
        w.add(f"aten::_foreach_{op}.List_out", [xs, ys, 3, empty_outs(3)])
    for op in ["mul", "div", "maximum", "minimum"]:
        other = nz if op == "div" else ys
        c.add(f"aten::_foreach_{op}.List", [xs, other])
        c.add(f"aten::_foreach_{op}.List", [[ints(3), ints(2, 2, lo=1)], [ints(3, seed=1, lo=1), ints(2, 2, lo=1)]])
        w.add(f"aten::_foreach_{op}_.List", [xs, other])
        w.add(f"aten::_foreach_{op}.List_out", [xs, other, empty_outs(3)])
    for op in ["add", "sub", "mul", "div"]:
        c.add(f"aten::_foreach_{op}.Scalar", [xs, 1.5])
        c.add(f"aten::_foreach_{op}.Scalar", [[ints(3), ints(2, 2)], 2])
        c.add(f"aten::_foreach_{op}.ScalarList", [xs, [2, -1.5, 0.25]])
        c.add(f"aten::_foreach_{op}.ScalarList", [[ints(3), ints(2), floats(2)], [2, 1.5, 3]])
        w.add(f"aten::_foreach_{op}_.Scalar", [xs, 0.75])
        w.add(f"aten::_foreach_{op}_.ScalarList", [xs, [1, 2.5, -3.0]])
        w.add(f"aten::_foreach_{op}.Scalar_out", [xs, -2, empty_outs(3)])
        w.add(f"aten::_foreach_{op}.ScalarList_out", [xs, [0.5, 3, 1.25], empty_outs(3)])
    # Broadcasting within a pair, as the plain operator broadcasts.
    c.add("aten::_foreach_mul.List", [[floats(3, 1)], [floats(4, seed=1)]])
    # Errors.
    c.add("aten::_foreach_add.List", [xs, ys[:2]])
    c.add("aten::_foreach_add.ScalarList", [xs, [1.0, 2.0]])
    c.add("aten::_foreach_add_.List", [[floats(3)], [floats(2, 3)]])
    c.add("aten::_foreach_mul_.Scalar", [[ints(3)], 1.5])
    c.add("aten::_foreach_add.List", [[floats(3)], [floats(4)]])


def ternary_cases(c, w):
    xs, t1, t2 = float_list(2), float_list(3), float_list(5, kind="positive")
    for op in ["addcmul", "addcdiv"]:
        c.add(f"aten::_foreach_{op}.Scalar", [xs, t1, t2])
        c.add(f"aten::_foreach_{op}.Scalar", [xs, t1, t2, -0.5])
        c.add(f"aten::_foreach_{op}.ScalarList", [xs, t1, t2, [1, 0.5, 2.0]])
        w.add(f"aten::_foreach_{op}_.Scalar", [xs, t1, t2, 2.0])
        w.add(f"aten::_foreach_{op}_.ScalarList", [xs, t1, t2, [0.5, -1, 3.0]])
        w.add(f"aten::_foreach_{op}.Scalar_out", [xs, t1, t2, 1.5, empty_outs(3)])
        w.add(f"aten::_foreach_{op}.ScalarList_out", [xs, t1, t2, [2, 0.25, 1.0], empty_outs(3)])
        c.add(f"aten::_foreach_{op}.Scalar", [xs, t1, t2[:2]])  # error
        c.add(f"aten::_foreach_{op}.ScalarList", [xs, t1, t2, [1.0]])  # error
    c.add("aten::_foreach_addcdiv.Scalar", [[ints(3)], [ints(3, seed=1)], [ints(3, lo=1, seed=2)]])  # error


def norm_cases(c, w):
    xs = float_list(6)
    for ord in [2, 1, 3.5, math.inf, -math.inf, 0]:
        c.add("aten::_foreach_norm.Scalar", [xs, ord])
    w.add("aten::_foreach_norm.Scalar_out", [xs, 2, empty_outs(3)])
    c.add("aten::_foreach_norm.Scalar", [[ints(3)]])  # error: integer input


def cases(c):
    w = WriteCases(c)
    unary_cases(c, w)
    binary_cases(c, w)
    ternary_cases(c, w)
    norm_cases(c, w)
