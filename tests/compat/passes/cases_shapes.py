"""Differential cases for shape/dtype/device propagation, requires-grad analysis and integer value
refinement.

CASES (picked up by gen.py like every cases_*.py): refine_integer_values, batch_mm (tree and side
batching) and constant propagation cases, compared with PyTorch's passes graph for graph.

Running this file also writes cases_dtype_device.txt (the SHAPE_CASES programs with inputs typed
by dtype, rank and device only; per value the real tensor's type and the types PyTorch's
propagate_dtype and propagate_device give; read by dtype_device_propagation_test.cpp) and
cases_symbolic.txt (SYMBOLIC_CASES with PyTorch's propagate_shapes_on_graph symbolic sizes,
symbols renumbered by first appearance; read by symbolic_shape_analysis_test.cpp).

SHAPE_CASES: (name, mode, TorchScript source of `fn`, Python expression for its inputs, values
allowed to stay inexact). Run this file with /usr/bin/python3 to rewrite cases_shapes.txt next to
it; tests/unit/passes/shape_analysis_test.cpp reads it. For each case the file holds
- the graph ember starts from: `fn`'s inlined graph with the inputs' types set, complete
  (mode "complete": sizes, strides, dtype, device, requires_grad of the actual inputs) or
  partial (mode "partial": dtype, rank, device and requires_grad only);
- for every value of the top-level block that is a tensor (graph inputs, then node outputs in
  order): the type of the tensor PyTorch computes for it when the program runs on the inputs
  (ground truth, with autograd on), and in complete mode the type PyTorch 1.13's own
  `_jit_pass_complete_shape_analysis(graph, inputs, False)` gives it ("-" when the pass fails).

The test checks ember's types against the ground truth (every fact ember states must hold),
requires that ember knows at least what PyTorch's pass knows when that is right, and that in
complete mode every value except the listed inexact ones gets a complete type (in partial
mode: a dtype and a rank).
"""
import os
import sys

import torch

CASES = []


def case(name, source):
    CASES.append((name, "refine_integer_values", source))


# ---- integer value refinement (torch._C._jit_pass_refine_integer_values) ----
case("refine_eq_both_branches", """
def fn(x: int, y: int):
    if x == 3:
        a = x + x
        b = x * 2
        d = x
    else:
        a = 1
        b = 2
        d = 5
    if 4 != y:
        e = y * 2
    else:
        e = y * 3
    return a, b, d, e
""")
case("refine_assert_and_raise", """
def fn(x: int, y: int):
    assert x == 3
    a = x + 1
    if y == 1:
        pass
    else:
        raise Exception("no")
    if x == 4:
        raise Exception("x")
    return a, y, x
""")
case("refine_and_or_not", """
def fn(x: int, y: int, z: int):
    a = 0
    if y == 2 and z == 5:
        a = y + z
    if x != 1 or y != 2:
        a += 1
    else:
        a += x + y
    if not x == 3:
        a += x
    else:
        a += x + 1
    b = x == 5
    if b:
        a += x
    return a
""")
case("refine_nested_and_loops", """
def fn(x: int, y: int, n: int, l: List[int]):
    c = 0
    if len(l) == 2:
        c = len(l) + l[0]
        if y == 7:
            for i in range(y):
                c += y
    if x == 3:
        for i in range(4):
            c += x
    for i in range(n):
        if y == 2:
            c += y
    if 3 == x:
        if y == x:
            c += y
        else:
            c += x
    return c
""")
case("refine_no_constant", """
def fn(x: int, y: int, t: torch.Tensor):
    c = 0
    if x == y:
        c = x
    if t.dim() == 2:
        c = t.dim() + 1
    if x < 2:
        c = x
    return c
""")
case("refine_while_condition", """
def fn(y: int):
    e = 0
    while y == 4:
        e += y
        y = y - 1
    return e
""")
case("refine_ir_eq_ne", """
graph(%x : int, %y : float):
  %three : int = prim::Constant[value=3]()
  %half : float = prim::Constant[value=0.5]()
  %c : bool = aten::eq(%x, %three)
  %d : bool = aten::eq(%y, %half)
  %r : int = prim::If(%c)
    block0():
      %s : int = aten::mul(%x, %x)
      -> (%s)
    block1():
      -> (%x)
  %f : float = prim::If(%d)
    block0():
      -> (%y)
    block1():
      -> (%half)
  return (%r, %f)
""")


def _typed_ir(source, shapes):
    """`fn`'s graph after PyTorch's complete shape analysis on random inputs of these shapes, as
    IR text (batch_mm needs complete types, which Python reaches only through that pass)."""
    cu = torch.jit.CompilationUnit(source)
    graph = cu.find_function("fn").graph
    torch._C._jit_pass_complete_shape_analysis(graph, tuple(torch.randn(*s) for s in shapes), False)
    lines = []
    for line in str(graph).splitlines():
        pos = line.find(" # ")
        lines.append((line[:pos] if pos >= 0 else line).rstrip())
    return "\n".join(lines) + "\n"


_SUM4 = """
def fn(a, b, c, d, e, f, g, h):
    return torch.mm(a, b) + torch.mm(c, d) + torch.mm(e, f) + torch.mm(g, h)
"""
CASES += [
    ("batch_mm_four_products", "batch_mm", _typed_ir(_SUM4, [(4, 4)] * 8)),
    ("batch_mm_inner_sizes_differ", "batch_mm",
     _typed_ir(_SUM4, [(4, 3), (3, 5), (4, 2), (2, 5), (4, 3), (3, 5), (4, 6), (6, 5)])),
    ("batch_mm_balanced_tree", "batch_mm", _typed_ir("""
def fn(a, b, c, d, e, f):
    return (torch.mm(a, b) + torch.mm(c, d)) + (torch.mm(e, f) + torch.mm(a, b))
""", [(4, 4)] * 6)),
    ("batch_mm_three_is_too_few", "batch_mm", _typed_ir("""
def fn(a, b, c, d, e, f):
    return torch.mm(a, b) + torch.mm(c, d) + torch.mm(e, f)
""", [(4, 4)] * 6)),
    ("batch_mm_shared_product", "batch_mm", _typed_ir("""
def fn(a, b, c, d, e, f, g, h):
    x = torch.mm(a, b)
    return x + torch.mm(c, d) + torch.mm(e, f) + torch.mm(g, h), x
""", [(4, 4)] * 8)),
    ("batch_mm_mutation_in_block", "batch_mm", _typed_ir("""
def fn(a, b, c, d, e, f, g, h):
    a.add_(1)
    return torch.mm(a, b) + torch.mm(c, d) + torch.mm(e, f) + torch.mm(g, h)
""", [(4, 4)] * 8)),
    ("batch_mm_sub_ends_tree", "batch_mm", _typed_ir("""
def fn(a, b, c, d, e, f, g, h):
    return torch.mm(a, b) + torch.mm(c, d) + torch.mm(e, f) - torch.mm(g, h)
""", [(4, 4)] * 8)),
    ("batch_mm_untyped_unchanged", "batch_mm", _SUM4),
    ("batch_mm_alpha", "batch_mm", _typed_ir("""
def fn(a, b, c, d, e, f, g, h):
    return torch.add(torch.mm(a, b) + torch.mm(c, d), torch.mm(e, f) + torch.mm(g, h), alpha=2)
""", [(4, 4)] * 8)),
]



def _side_source(count, left=True, extra=""):
    """`fn(w, x0, ...)` returning `count` products sharing `w` (on the left or the right)."""
    xs = [f"x{i}" for i in range(count)]
    products = [f"torch.mm(w, {x})" if left else f"torch.mm({x}, w)" for x in xs]
    return f"\ndef fn(w, {', '.join(xs)}):\n{extra}    return {', '.join(products)}\n"


# MMBatchSide: at least 8 independent products sharing one operand (no types needed).
CASES += [
    ("batch_mm_side_left", "batch_mm", _side_source(8)),
    ("batch_mm_side_right", "batch_mm", _side_source(9, left=False)),
    ("batch_mm_side_seven_is_too_few", "batch_mm", _side_source(7)),
    ("batch_mm_side_mutation", "batch_mm", _side_source(8, extra="    x0.add_(1)\n")),
    ("batch_mm_side_dependent", "batch_mm", """
def fn(w, x0, x1, x2, x3, x4, x5, x6, x7):
    y = torch.mm(w, x0)
    z = torch.mm(w, y)
    return z, torch.mm(w, x1), torch.mm(w, x2), torch.mm(w, x3), torch.mm(w, x4), torch.mm(w, x5), \
        torch.mm(w, x6), torch.mm(w, x7), torch.mm(w, w)
"""),
    ("batch_mm_side_nested_block", "batch_mm", """
def fn(w, x0, x1, x2, x3, x4, x5, x6, x7, c: bool):
    if c:
        r = torch.mm(w, x0) + torch.mm(w, x1) * torch.mm(w, x2) - torch.mm(w, x3)
        r = r + torch.mm(w, x4) + torch.mm(w, x5) + torch.mm(w, x6) + torch.mm(w, x7)
    else:
        r = w
    return r
"""),
]

# ---- constant propagation of lists (the gaps issue 16 lists) ----
_CONST_LISTS = """
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %two : int = prim::Constant[value=2]()
  %l : int[] = prim::ListConstruct(%one, %two)
  %n : int = aten::len(%l)
  %s : int = aten::__getitem__(%l, %one)
  %t : (int, int) = prim::TupleConstruct(%one, %two)
  %ti : int = prim::TupleIndex(%t, %one)
  %v : Tensor = aten::view(%x, %l)
  %tl : Tensor[] = prim::ListConstruct(%x, %x)
  %tn : int = aten::len(%tl)
  %r : (int, int, Tensor, int, int) = prim::TupleConstruct(%n, %s, %v, %ti, %tn)
  return (%r)
"""
CASES += [
    ("constprop_constant_lists", "constant_propagation", _CONST_LISTS),
    ("constprop_constant_lists_immutable", "constant_propagation_immutable_types", _CONST_LISTS),
    ("constprop_written_list_kept", "constant_propagation", """
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %m : int[] = prim::ListConstruct(%one)
  %z : int[] = aten::append(%m, %one)
  %n : int = aten::len(%m)
  %k : float[] = prim::ListConstruct()
  %f : float = prim::Constant[value=2.5]()
  %w : float[] = prim::ListConstruct(%f, %f)
  %s : float = aten::sum(%w)
  %r : (int, float) = prim::TupleConstruct(%n, %s)
  return (%r)
"""),
    ("constprop_returned_list", "constant_propagation", """
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %l : int[] = prim::ListConstruct(%one, %one)
  %n : int = aten::len(%l)
  %t : (int[], int) = prim::TupleConstruct(%l, %n)
  return (%t)
"""),
]

KNOWN_DIFFERENCES = {
    "batch_mm_untyped_unchanged": "PyTorch 1.13 also fuses products whose types are the unrefined Tensor, which "
                                  "is wrong when they broadcast against each other (1xN + MxN cannot be one "
                                  "concatenated product); ember needs equal complete types",
    "constprop_returned_list": "PyTorch folds a list that the graph returns into a constant, so every call "
                               "returns the same list object; ember keeps lists that escape the graph",
    "batch_mm_alpha": "PyTorch 1.13 fuses an add whose alpha is 2 into the MMTreeReduce and so loses the "
                      "alpha (a wrong result); ember's tree ends at such an add",
}


# ---- shape, dtype and device propagation ----
SHAPE_CASES = []


def shape_case(name, mode, source, inputs, inexact=()):
    SHAPE_CASES.append((name, mode, source, inputs, tuple(inexact)))


shape_case("pointwise_broadcast", "complete", """
def fn(x, y, z):
    a = x + y
    b = a * z
    c = b - 1
    d = torch.relu(c)
    e = torch.sigmoid(d)
    f = torch.where(x > 0, a, b)
    g = x / y
    h = torch.pow(a, 2)
    return a, b, c, d, e, f, g, h
""", "[torch.randn(2, 3), torch.randn(3, requires_grad=True), torch.randn(4, 1, 1)]")

shape_case("type_promotion", "complete", """
def fn(i, f, d, b, z):
    a = i + f
    c = i * 2.5
    e = i / i
    g = i // 2
    h = b + 1
    k = b & b
    m = i + d
    n = f + z
    o = i + z
    p = d * 1
    q = i == 1
    r = f < d
    return a, c, e, g, h, k, m, n, o, p, q, r
""", "[torch.arange(6).view(2, 3), torch.randn(2, 3), torch.randn(3, dtype=torch.float64), "
    "torch.tensor([True, False, True]), torch.tensor(2.5, dtype=torch.float64)]")

shape_case("reductions", "complete", """
def fn(x, i):
    a = x.sum()
    b = x.sum(1)
    c = x.mean([0, 2], keepdim=True)
    d, e = torch.max(x, 1)
    f = torch.argmax(x, 2)
    g = i.sum()
    h = i.prod(0)
    k = (x > 0).any(1)
    m = x.amax([1, 2])
    n = torch.softmax(x, 1)
    o = torch.log_softmax(x, -1)
    p = x.std(0)
    return a, b, c, d, e, f, g, h, k, m, n, o, p
""", "[torch.randn(2, 3, 4, requires_grad=True), torch.arange(6).view(2, 3)]")

shape_case("linear_algebra", "complete", """
def fn(a, b, v, w, bias, batch):
    mm = torch.mm(a, b)
    m1 = torch.matmul(a, v)
    m2 = torch.matmul(v, v)
    m3 = torch.matmul(batch, b)
    m4 = torch.matmul(v, b)
    bm = torch.bmm(batch, batch.transpose(1, 2))
    lin = torch.nn.functional.linear(batch, w, bias)
    am = torch.addmm(bias, a, w.t())
    return mm, m1, m2, m3, m4, bm, lin, am
""", "[torch.randn(2, 3), torch.randn(3, 5), torch.randn(3), torch.randn(4, 3), torch.randn(4), "
    "torch.randn(6, 2, 3)]")

shape_case("conv_pool_norm", "complete", """
def fn(x, w, b, mean, var):
    c = torch.conv2d(x, w, b, [2, 2], [1, 1])
    p = torch.max_pool2d(c, [2, 2], [2, 2])
    a = torch.nn.functional.avg_pool2d(x, [3, 3], [1, 1], [1, 1])
    ad = torch.nn.functional.adaptive_avg_pool2d(c, [1, 1])
    bn = torch.batch_norm(c, None, None, mean, var, False, 0.1, 1e-5, False)
    fl = torch.flatten(ad, 1)
    return p, a, ad, bn, fl
""", "[torch.randn(2, 3, 8, 8), torch.randn(4, 3, 3, 3, requires_grad=True), torch.randn(4), "
    "torch.zeros(4), torch.ones(4)]")

shape_case("views_and_shapes", "complete", """
def fn(x, y):
    a = x.view(-1)
    b = x.reshape([x.size(0), -1])
    c = x.permute([2, 0, 1])
    d = x.transpose(0, 1)
    e = x.unsqueeze(1)
    f = e.squeeze(1)
    g = x.flatten(0, 1)
    h = x.select(1, 0)
    k = x[:, 1:3]
    m = x.narrow(2, 1, 2)
    n = y.expand(2, 4, 4)
    o = d.contiguous()
    p = torch.cat([x, x], 1)
    q = torch.stack([y, y], 0)
    r = c.t() if c.dim() == 2 else c
    s = x.view(x.size(0), x.size(1) * x.size(2))
    return a, b, c, d, e, f, g, h, k, m, n, o, p, q, r, s
""", "[torch.randn(2, 3, 4, requires_grad=True), torch.randn(4, 1)]")

shape_case("lists_of_tensors", "complete", """
def fn(x):
    a, b = x.chunk(2, 1)
    c, d, e = torch.unbind(x[:3], 0)
    f = torch.split(x, [1, 3], 0)
    g = f[1] * 2
    p, q = torch.split(x, [2, 2], 0)
    return a + 1, b, c, d, e, g, p, q
""", "[torch.randn(4, 6)]")

shape_case("noncontiguous_inputs", "complete", """
def fn(t, e, s):
    a = t + 1
    b = t * e
    c = torch.relu(t)
    d = s.clone()
    f = torch.matmul(t, t.t())
    g = s.contiguous()
    return a, b, c, d, f, g
""", "[torch.randn(3, 4).t(), torch.randn(4, 1).expand(4, 3), torch.randn(4, 6)[:, ::2]]")

shape_case("factories_and_conversions", "complete", """
def fn(x, i):
    a = torch.zeros([2, 3])
    b = torch.ones([x.size(0)], dtype=torch.float64)
    c = torch.full([2], 7)
    d = torch.zeros_like(x)
    e = torch.ones_like(i, dtype=torch.float32)
    f = torch.arange(5)
    g = x.to(torch.int32)
    h = x.float()
    k = i.long()
    m = x.type_as(i)
    n = torch.rand([3, 2])
    o = torch.empty_like(x)
    p = torch.tensor([1.0, 2.0])
    return a, b, c, d, e, f, g, h, k, m, n, o, p
""", "[torch.randn(2, 3), torch.arange(4)]")

shape_case("control_flow", "complete", """
def fn(x, y, flag: bool, n: int):
    if flag:
        a = x + 1
    else:
        a = x * 2
    if flag:
        b = x
    else:
        b = y
    c = x
    for i in range(n):
        c = c + x
    d = y
    for i in range(3):
        d = torch.cat([d, d], 0)
    e = x
    k = 0
    while k < n:
        e = torch.relu(e)
        k += 1
    return a, b, c, d, e
""", "[torch.randn(2, 3, requires_grad=True), torch.randn(4, 3), True, 3]", inexact=["b", "d"])

shape_case("in_place_and_out", "complete", """
def fn(x, y):
    a = x.clone()
    a.add_(y)
    b = a.relu_()
    c = x.t()
    c.mul_(2)
    d = torch.zeros([2, 3])
    torch.add(x, y, out=d)
    return a, b, c, d
""", "[torch.randn(2, 3), torch.randn(3)]")

shape_case("requires_grad_rules", "complete", """
def fn(x, y, i):
    a = x * y
    b = a.detach()
    c = a > 0
    d = torch.argmax(a, 1)
    e = i + 1
    f = a.type_as(i)
    g = x * 2
    h = torch.zeros([2])
    k = h + a.sum(1)
    m = b.float()
    acc = h
    for j in range(3):
        acc = acc + k
    return a, b, c, d, e, f, g, h, k, m, acc
""", "[torch.randn(2, 3), torch.randn(3, requires_grad=True), torch.arange(6).view(2, 3)]")

shape_case("data_dependent_and_unknown", "complete", """
def fn(x):
    a = torch.nonzero(x > 0)
    b = torch.masked_select(x, x > 0)
    c = a.float() + 1
    d = x[x > 0]
    e = torch.unique(x)
    return a, b, c, d, e
""", "[torch.randn(3, 4)]", inexact=["*"])

shape_case("partial_pointwise_and_reductions", "partial", """
def fn(x, y, i):
    a = x + y
    b = a.sum(1)
    c = a.mean([0], keepdim=True)
    d = i * 2.5
    e = i + i
    f = x > y
    g = torch.relu(a).unsqueeze(0)
    h = torch.matmul(x, x.t())
    k = torch.cat([x, y], 0)
    m = x.view(-1)
    n = a.permute([1, 0]).contiguous()
    o = torch.argmax(a, 1)
    p = torch.zeros([x.size(0), 2])
    q = x.to(torch.float64)
    return a, b, c, d, e, f, g, h, k, m, n, o, p, q
""", "[torch.randn(2, 3, requires_grad=True), torch.randn(2, 3), torch.arange(6).view(2, 3)]")

shape_case("partial_control_flow", "partial", """
def fn(x, y, flag: bool, n: int):
    if flag:
        a = x + 1
    else:
        a = y
    c = x
    for i in range(n):
        c = c * 2
    d = torch.stack([x, x], 0)
    e = d.transpose(0, 2)
    f = e.flatten()
    g = torch.conv2d(x.view(1, 1, 2, 3), torch.ones([2, 1, 1, 1]))
    return a, c, d, e, f, g
""", "[torch.randn(2, 3), torch.randn(2, 3, dtype=torch.float64), False, 2]", inexact=["a"])


# ---- symbolic shapes (torch._C._jit_pass_propagate_shapes_on_graph) ----
# (name, TorchScript source of `fn`, sizes of its tensor inputs with None for unknown ones,
# values where ember deliberately differs from PyTorch 1.13: see SYMBOLIC_DIFFERENCES).
SYMBOLIC_CASES = []


def symbolic_case(name, source, sizes, different=()):
    SYMBOLIC_CASES.append((name, source, sizes, different))


# Where ember deliberately differs (the values are listed per case):
SYMBOLIC_DIFFERENCES = {
    "static_broadcast": "a symbol broadcast with a static size other than 1 gives that size (a valid "
                        "program has the symbol equal to it or to 1); PyTorch 1.13 makes a fresh symbol",
    "if_merge": "branches with different symbols give the If a fresh one; PyTorch 1.13 gives it the "
                "else branch's, which is wrong when the then branch runs (the use after it differs too)",
    "reductions_and_views": "reshape of a static (6, 5) to (2, -1) is (2, 15); PyTorch 1.13 loses the rank",
}

symbolic_case("pointwise_and_matmul", """
def fn(a, b, w):
    x = a + b
    y = torch.relu(x)
    z = torch.mm(y, w)
    s = z.sum()
    m = a * 2
    t = a.t()
    p = torch.matmul(t, x)
    return s, m, p, x.sum(1), x.unsqueeze(1), z
""", [[None, 3], [None, None], [3, None]])
symbolic_case("equal_symbols_broadcast", """
def fn(a, b, c):
    x = a + a
    y = a * b
    z = torch.where(a > 0, c, a)
    return x, y, z, x - y
""", [[None, None], [None, 1], [1, None]])
symbolic_case("reductions_and_views", """
def fn(x, y):
    a = x.sum(0)
    b = x.mean([1, 2], keepdim=True)
    c = x.permute(2, 0, 1)
    d = x.transpose(0, 1)
    e = x.view(-1)
    f = y.reshape(2, -1)
    g = x.flatten(1)
    h = x.select(1, 0)
    k = torch.cat([y, y], 0)
    return a, b, c, d, e, f, g, h, k
""", [[None, 4, None], [6, 5]], ("f",))
symbolic_case("linear_and_conv", """
def fn(x, w, b, img, k):
    y = torch.nn.functional.linear(x, w, b)
    z = torch.bmm(x, x.transpose(1, 2))
    c = torch.conv2d(img, k)
    d = torch.conv2d(img, k, None, 2, 1)
    return y, z, c, d
""", [[None, None, 8], [16, 8], [16], [None, 3, 32, 32], [4, 3, 3, 3]])
symbolic_case("if_merge", """
def fn(x, y, flag: bool):
    if flag:
        z = x + 1
    else:
        z = y * 2
    return z, z + x
""", [[None, 3], [None, 3]], ("z", "20"))
symbolic_case("static_broadcast", """
def fn(a, b):
    return a + b, torch.matmul(a, b.t())
""", [[None, 3], [5, 1]], ("5",))


# ---- the generator of cases_shapes.txt ----

def _strip_locations(text):
    lines = []
    for line in text.splitlines():
        pos = line.find(" # ")
        if pos >= 0 and ":" in line[pos:]:
            line = line[:pos]
        lines.append(line.rstrip())
    return "\n".join(lines) + "\n"


def _compiled_graph(source):
    cu = torch.jit.CompilationUnit(source)
    graph = cu.find_function("fn").graph
    torch._C._jit_pass_inline(graph)
    for node in list(graph.nodes()):
        if node.kind() == "prim::Constant" and node.output().type().kind() == "FunctionType" \
                and not node.output().uses():
            node.destroy()
    return graph


def _dtype_name(t):
    return str(torch._C.TensorType.create_from_tensor(t).str()).split("(")[0]


def _partial_type(t):
    dims = ", ".join(["*"] * t.dim())
    inner = (dims + ", " if dims else "") + f"requires_grad={int(t.requires_grad)}, device={t.device}"
    return f"{_dtype_name(t)}({inner})"


def _top_level_values(graph):
    values = list(graph.inputs())
    for node in graph.nodes():
        values.extend(node.outputs())
    return values


def _is_tensor(value):
    return value.type().kind() == "TensorType"


def _actual_types(graph, inputs):
    """The tensors the program computes for every top-level tensor value, by making them all
    outputs of a copy of the graph and running it."""
    g = graph.copy()
    values = _top_level_values(g)
    extra = [i for i, v in enumerate(values) if _is_tensor(v)]
    packed = [values[i] for i in extra]
    tup = g.insertNode(g.create("prim::TupleConstruct", packed))
    tup.output().setType(torch._C.TupleType([v.type() for v in packed]))
    g.eraseOutput(0)
    g.registerOutput(tup.output())
    fn = torch._C._create_function_from_graph("shapes_case", g)
    results = list(fn(*inputs))
    return {i: torch._C.TensorType.create_from_tensor(t).str() for i, t in zip(extra, results)}


def _legacy_types(graph, inputs):
    g = graph.copy()
    try:
        torch._C._jit_pass_complete_shape_analysis(g, tuple(inputs), False)
    except RuntimeError:
        return {}
    return {i: v.type().str() for i, v in enumerate(_top_level_values(g)) if _is_tensor(v)}


def _shape_entry(name, mode, source, inputs_expr, inexact):
    inputs = eval(inputs_expr, {"torch": torch})  # noqa: S307 (our own case table)
    graph = _compiled_graph(source)
    tensors = [t for t in inputs if isinstance(t, torch.Tensor)]
    tensor_inputs = [v for v in graph.inputs() if _is_tensor(v)]
    assert len(tensors) == len(tensor_inputs), name
    for v, t in zip(tensor_inputs, tensors):
        v.setType(torch._C.TensorType.create_from_tensor(t))
    text = _strip_locations(str(graph))
    if mode == "partial":
        header, body = text.split("):\n", 1)
        for t in tensors:
            header = header.replace(torch._C.TensorType.create_from_tensor(t).str(), _partial_type(t), 1)
        text = header + "):\n" + body
    actual = _actual_types(graph, inputs)
    legacy = _legacy_types(graph, inputs) if mode == "complete" else {}
    values = _top_level_values(graph)
    lines = [f"#### CASE {name} {mode}", text.rstrip("\n"), "#### INEXACT", " ".join(inexact), "#### VALUES"]
    for i in sorted(actual):
        lines.append(f"{i} %{values[i].debugName()} | {actual[i]} | {legacy.get(i, '-')}")
    lines.append("#### END")
    return "\n".join(lines) + "\n"


def _pass_types(graph, pass_name):
    g = graph.copy()
    try:
        getattr(torch._C, "_jit_pass_" + pass_name)(g)
    except RuntimeError:
        return {}
    return {i: v.type().str() for i, v in enumerate(_top_level_values(g)) if _is_tensor(v)}


def _dtype_device_entry(name, mode, source, inputs_expr, inexact):
    """The same program for propagate_dtype / propagate_device: inputs typed with dtype, rank and
    device only; per value the real tensor's type and the types PyTorch's two passes give."""
    inputs = eval(inputs_expr, {"torch": torch})  # noqa: S307 (our own case table)
    graph = _compiled_graph(source)
    tensors = [t for t in inputs if isinstance(t, torch.Tensor)]
    for v, t in zip([v for v in graph.inputs() if _is_tensor(v)], tensors):
        v.setType(torch._C.TensorType.get().with_dtype(t.dtype).with_sizes([None] * t.dim())
                  .with_device(t.device))
    actual = _actual_types(graph, inputs)
    dtypes = _pass_types(graph, "propagate_dtype")
    devices = _pass_types(graph, "propagate_device")
    values = _top_level_values(graph)
    lines = [f"#### CASE {name}", _strip_locations(str(graph)).rstrip("\n"), "#### VALUES"]
    for i in sorted(actual):
        lines.append(f"{i} %{values[i].debugName()} | {actual[i]} | {dtypes.get(i, '-')} | {devices.get(i, '-')}")
    lines.append("#### END")
    return "\n".join(lines) + "\n"


def _symbolic_entry(name, source, sizes, different):
    """The graph with the inputs' sizes set, and for every top-level tensor value of known rank
    the symbolic sizes PyTorch's pass gives it, symbols renumbered -1, -2, ... in order of first
    appearance."""
    graph = _compiled_graph(source)
    tensor_inputs = [v for v in graph.inputs() if _is_tensor(v)]
    assert len(tensor_inputs) == len(sizes), name
    for v, dims in zip(tensor_inputs, sizes):
        v.setType(torch._C.TensorType.get().with_sizes(dims))
    text = _strip_locations(str(graph))
    g = graph.copy()
    torch._C._jit_pass_propagate_shapes_on_graph(g)
    renumbered = {}
    names = [v.debugName() for v in _top_level_values(graph)]
    lines = [f"#### CASE {name}", text.rstrip("\n"), "#### DIFFERENT", " ".join(different), "#### VALUES"]
    for i, v in enumerate(_top_level_values(g)):
        if not _is_tensor(v):
            continue
        dims = v.type().symbolic_sizes()
        if dims is None:
            lines.append(f"{i} %{names[i]} | -")
            continue
        out = []
        for d in dims:
            if d < 0:
                d = renumbered.setdefault(d, -(len(renumbered) + 1))
                out.append(f"SS({d})")
            else:
                out.append(str(d))
        lines.append(f"{i} %{names[i]} | ({', '.join(out)})")
    lines.append("#### END")
    return "\n".join(lines) + "\n"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    for file_name, entry_of in (("cases_shapes.txt", _shape_entry), ("cases_dtype_device.txt", _dtype_device_entry)):
        torch.manual_seed(0)  # some inputs are random: the same files on every regeneration
        out = [f"# Generated by cases_shapes.py from PyTorch {torch.__version__}; do not edit.\n"]
        for entry in SHAPE_CASES:
            out.append(entry_of(*entry))
        with open(os.path.join(here, file_name), "w") as fh:
            fh.write("".join(out))
    torch.manual_seed(0)
    out = [f"# Generated by cases_shapes.py from PyTorch {torch.__version__}; do not edit.\n"]
    for entry in SYMBOLIC_CASES:
        out.append(_symbolic_entry(*entry))
    with open(os.path.join(here, "cases_symbolic.txt"), "w") as fh:
        fh.write("".join(out))
    return 0


if __name__ == "__main__":
    sys.dont_write_bytecode = True
    sys.exit(main())
