#!/usr/bin/python3
"""Writes graph dumps printed by PyTorch 1.13 for the IR round-trip test.

usage: gen_graphs.py OUTDIR

Each dump is OUTDIR/<name>.ir holding `str(graph)` exactly as PyTorch prints it: scripted
functions (control flow, containers, constants of every kind), traced functions (complete
tensor types with strides and devices), and optimized graphs from the profiling executor
(type checks, fusion groups with `with prim::TensorExprGroup_0 = graph(...)` subgraphs).
ember must parse each and print it back identically, source-location comments aside.
Cached: OUTDIR/stamp holds a hash of this file and the torch version.
"""
import hashlib
import os
import sys
from typing import Dict, List, Optional, Tuple

import torch

SCRIPTED = {}


def scripted(fn):
    SCRIPTED[fn.__name__] = fn
    return fn


@scripted
def arith(x, y: int, z: float):
    a = x + y
    b = a * z - 1.5
    return b / 2, a // 3, x ** 2, -x, y % 4, z // 2.0


@scripted
def if_else(x, c: bool):
    if c:
        y = x + 1
    else:
        y = x - 1
    return y


@scripted
def elif_chain(n: int):
    if n < 0:
        r = -1
    elif n == 0:
        r = 0
    elif n < 10:
        r = 1
    else:
        r = 2
    return r


@scripted
def for_range(x, n: int):
    for i in range(n):
        x = x * 2 + i
    return x


@scripted
def while_loop(n: int):
    s = 0
    while n > 0:
        s += n
        n -= 1
    return s


@scripted
def nested_loops(n: int):
    total = 0
    for i in range(n):
        for j in range(i):
            if (i + j) % 2 == 0:
                continue
            total += i * j
            if total > 100:
                break
    return total


@scripted
def early_return(x, n: int):
    if n > 3:
        return x
    for i in range(n):
        if i == 2:
            return x * i
    return x + 1


@scripted
def lists(n: int):
    l: List[int] = []
    for i in range(n):
        l.append(i * i)
    l2 = [1, 2, 3] + l
    return l2[1:3], len(l2), l2[-1], 3 in l2


@scripted
def dicts(keys: List[str]):
    d: Dict[str, int] = {}
    for i, k in enumerate(keys):
        d[k] = i
    out: List[str] = []
    for k, v in d.items():
        out.append(k + str(v))
    return d, out, d.get("a", -1)


@scripted
def tuples(x, y):
    t = (x, y, 3)
    a, b, c = t
    return t[0] + b, c, (a, (b, c))


@scripted
def optionals(x, o: Optional[int] = None):
    if o is None:
        return x
    else:
        return x + o


@scripted
def strings(s: str, n: int):
    parts = s.split(",")
    r = "-".join(parts) + "\n\t\"q'" + f"{n}"
    return r.upper(), r.startswith("a"), r[1:], len(r), r.find("q")


@scripted
def tensor_ops(x, w, b):
    y = torch.nn.functional.linear(x, w, b)
    y = torch.relu(y)
    z = torch.cat([y, y], dim=1)
    s = z.sum(dim=0, keepdim=True)
    return torch.softmax(s, dim=-1), z.view(-1), z.transpose(0, 1).contiguous(), z[:, 1:3]


@scripted
def factories(n: int):
    a = torch.zeros([n, 3], dtype=torch.float64)
    b = torch.ones(2, 2)
    c = torch.arange(0, n, 2)
    d = torch.full([2], 1.5)
    e = torch.tensor([1, 2, 3])
    return a, b, c, d, e


@scripted
def raises(x, n: int):
    if n < 0:
        raise ValueError("n must be non-negative, got " + str(n))
    assert n < 100, "too big"
    return x


@scripted
def constants_of_every_kind(x):
    f = 1e-5
    g = 1e20
    h = -0.0
    i = 123456789.0
    j = 9223372036854775807
    k = True
    d = torch.device("cpu")
    t = torch.float16
    return x, f, g, h, i, j, k, d, t, float("inf"), 1.0 / 3, "s\n\"q'"


@scripted
def isinstance_refinement(x: Optional[torch.Tensor], y: List[int]):
    if x is not None and isinstance(x, torch.Tensor):
        return x.sum() + len(y)
    return torch.zeros(1)


@scripted
def comprehension(xs: List[int]):
    ys = [x * 2 for x in xs]
    zs = {str(x): x for x in xs}
    return ys, zs


@scripted
def min_max_builtins(a: int, b: float, xs: List[int]):
    return min(a, 3), max(b, 2.0), max(xs), abs(-a), round(b), divmod(a, 3), int(b), float(a), bool(a)


@scripted
def with_print(x):
    print("value", x, 1)
    return x


class Counter(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 3)
        self.count = 0
        self.names: List[str] = ["a", "b"]

    def forward(self, x):
        self.count += 1
        for n in self.names:
            x = x + len(n)
        return self.lin(x)


def traced_fn(x, y):
    z = x.matmul(y.t())
    return torch.tanh(z) * 2 + y.sum()


def fused(x, y):
    a = x * y + 1
    b = torch.sigmoid(a) * x - y
    return b.relu()


def write(outdir, name, text):
    with open(os.path.join(outdir, name + ".ir"), "w") as fh:
        fh.write(text)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: gen_graphs.py OUTDIR")
    outdir = sys.argv[1]
    os.makedirs(outdir, exist_ok=True)
    with open(__file__, "rb") as fh:
        digest = hashlib.sha256(fh.read() + torch.__version__.encode()).hexdigest()
    stamp = os.path.join(outdir, "stamp")
    if os.path.exists(stamp) and open(stamp).read() == digest:
        print("graph dumps up to date")
        return
    torch.manual_seed(0)
    count = 0
    for name, fn in SCRIPTED.items():
        write(outdir, "script_" + name, str(torch.jit.script(fn).graph))
        count += 1
    m = torch.jit.script(Counter())
    write(outdir, "module_forward", str(m.graph))
    write(outdir, "module_forward_inlined", str(m.inlined_graph))
    count += 2
    tr = torch.jit.trace(traced_fn, (torch.randn(2, 3), torch.randn(4, 3)))
    write(outdir, "traced_fn", str(tr.graph))
    tm = torch.jit.trace(torch.nn.Sequential(torch.nn.Conv2d(1, 2, 3), torch.nn.ReLU()), torch.randn(1, 1, 5, 5))
    write(outdir, "traced_module_inlined", str(tm.inlined_graph))
    count += 2
    # The profiling executor's optimized graph: type checks, fusion groups, bailouts.
    sf = torch.jit.script(fused)
    a, b = torch.randn(4, 4, requires_grad=True), torch.randn(4, 4, requires_grad=True)
    for _ in range(3):
        sf(a, b)
    write(outdir, "optimized_fused", str(torch.jit.last_executed_optimized_graph()))
    count += 1
    with open(stamp, "w") as fh:
        fh.write(digest)
    print(f"wrote {count} graph dumps to {outdir}")


if __name__ == "__main__":
    main()
