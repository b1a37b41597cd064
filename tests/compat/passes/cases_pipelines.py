"""Pipelines of passes on small realistic programs, in the order an optimising executor runs
them (PyTorch's runOptimization: dce, peephole, constant propagation, pooling, unrolling)."""

_MLP = """
def fn(x, w1, b1, w2, b2, n: int):
    h = x
    for i in range(n):
        h = torch.relu(torch.mm(h, w1) + b1)
    out = torch.mm(h, w2) + b2
    if out.dim() == 2:
        out = out * 1.0
    return out
"""

_SCALAR = """
def fn(n: int, k: int):
    total = 0
    for i in range(3):
        for j in range(n):
            total = total + i * k + j
    if total == total:
        total = total + 0
    return total
"""

_LISTS = """
def fn(x: int, y: int):
    l = [x, y, x + y]
    s = 0
    for i in range(len(l)):
        s += l[i]
    return s + l[-1]
"""

_OPTIMIZE = "dce,peephole,constant_propagation,constant_pooling,loop_unrolling,constant_propagation,dce"

CASES = [
    ("mlp_optimize", _OPTIMIZE, _MLP),
    ("mlp_decompose_fuse", "fuse_addmm,dce,decompose_ops", _MLP),
    ("scalar_optimize", _OPTIMIZE, _SCALAR),
    ("scalar_unroll_fold", "loop_unrolling,constant_propagation,peephole,constant_pooling,dce", _SCALAR),
    ("lists_optimize", _OPTIMIZE, _LISTS),
    ("lists_peephole_propagate", "peephole,constant_propagation", _LISTS),
    ("scalar_erase_numbers", "constant_propagation,erase_number_types", _SCALAR),
    ("mlp_canonicalize", "loop_unrolling,canonicalize", _MLP),
]
