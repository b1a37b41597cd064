"""Building blocks of the cases_*.py files: a case, and deterministic input tensors."""
import math


class Case:
    """`fn(args)` returning `expr` (or running `body`), with PyTorch's outcome expected to be a
    result, a run-time error containing `error`, or a compile error containing `compile_error`."""

    def __init__(self, name, expr, args, error=None, compile_error=None, body=None):
        self.name = name
        self.expr = expr
        self.args = args
        self.error = error
        self.compile_error = compile_error
        self.body = body


def case(name, expr, *args, error=None, compile_error=None, body=None):
    return Case(name, expr, list(args), error=error, compile_error=compile_error, body=body)


def _values(n, seed, lo, hi):
    # A small linear congruential generator: the same inputs on every machine, without torch.
    state = (seed * 2654435761 + 12345) % (2 ** 32)
    out = []
    for _ in range(n):
        state = (1103515245 * state + 12345) % (2 ** 31)
        out.append(lo + (hi - lo) * state / 2 ** 31)
    return out


def tensor(sizes, dtype="float32", seed=0, lo=-2.0, hi=2.0, data=None):
    n = math.prod(sizes)
    if data is None:
        raw = _values(n, seed, lo, hi)
        if dtype in ("int64", "int32"):
            data = [int(math.floor(v)) for v in raw]
        elif dtype == "bool":
            data = [v > (lo + hi) / 2 for v in raw]
        else:
            data = [round(v, 4) for v in raw]
    if dtype not in ("int64", "int32", "bool"):
        data = [float(v) for v in data]
    assert len(data) == n
    return {"tensor": {"dtype": dtype, "sizes": list(sizes), "data": data}}


def X(*sizes, seed=0, lo=-2.0, hi=2.0, dtype="float32"):
    """A Tensor parameter `x` of the given sizes."""
    return ("x: Tensor", tensor(sizes, dtype=dtype, seed=seed, lo=lo, hi=hi))


def arg(name, value, type_="Tensor"):
    return (name + ": " + type_, value)


def T(name, *sizes, seed=1, lo=-2.0, hi=2.0, dtype="float32", data=None):
    return (name + ": Tensor", tensor(sizes, dtype=dtype, seed=seed, lo=lo, hi=hi, data=data))


def labels(name, sizes, classes, seed=2, data=None):
    if data is None:
        data = [int(v) for v in _values(math.prod(sizes), seed, 0, classes - 1e-9)]
    return (name + ": Tensor", tensor(sizes, dtype="int64", data=data))
