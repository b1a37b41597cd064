"""kron, tensordot, inner, addr, cross, block_diag, cartesian_prod, combinations, cdist, cov, corrcoef,
diag_embed, diagflat, tril/triu_indices, narrow_copy, vander, renorm, diff, trapezoid, cumulative_trapezoid."""
import torch

from caselib import bools, empty_out, floats, ints


def cases(c):
    f = floats(2, 3)
    g = floats(3, 2, seed=1)
    d = floats(3, 4, dtype=torch.float64, seed=2)
    # kron
    c.add("aten::kron", [f, g])
    c.add("aten::kron", [f, ints(3)])
    c.add("aten::kron", [ints(2, 1, 2), ints(2, 2, seed=1)])
    c.add("aten::kron", [f.t(), torch.tensor(2.0)])
    c.add("aten::kron", [torch.zeros(0, 2), f])
    c.add("aten::kron", [bools(2, 2), bools(2, seed=1)])
    c.add("aten::kron.out", [f, g, empty_out()])
    # tensordot / inner
    a3 = floats(2, 3, 4, seed=3)
    c.add("aten::tensordot", [a3, floats(4, 3, 5, seed=4), [1, 2], [1, 0]])
    c.add("aten::tensordot", [a3, floats(3, 2, seed=5), [1], [0]])
    c.add("aten::tensordot", [a3.permute(2, 0, 1), floats(4, 2, seed=5), [0], [0]])
    c.add("aten::tensordot", [f, g, [], []])
    c.add("aten::tensordot", [ints(2, 3), ints(3, 2, seed=1), [1], [0]])
    c.add("aten::tensordot", [f, g, [1], [1]])  # error: sizes
    c.add("aten::tensordot", [f, g, [1, 0], [0]])  # error: counts
    c.add("aten::tensordot.out", [f, g, [1], [0], empty_out()])
    c.add("aten::inner", [f, floats(4, 3, seed=2)])
    c.add("aten::inner", [a3, floats(4, seed=2)])
    c.add("aten::inner", [f, torch.tensor(2.0)])
    c.add("aten::inner", [ints(3), ints(3, seed=1)])
    c.add("aten::inner", [f, floats(2, seed=2)])  # error
    c.add("aten::inner.out", [f, f, empty_out()])
    # addr
    v1, v2 = floats(2, seed=6), floats(3, seed=7)
    c.add("aten::addr", [f, v1, v2])
    c.add("aten::addr", [f, v1, v2, 0.5, 2])
    c.add("aten::addr", [floats(3), v1, v2, 2, -1])  # broadcast self
    c.add("aten::addr", [torch.full((2, 3), float("nan")), v1, v2, 0])
    c.add("aten::addr", [ints(2, 3), ints(2), ints(3), 2, 3])
    c.add("aten::addr", [ints(2, 3), ints(2), ints(3), 1, 1.5])  # error: float alpha
    c.add("aten::addr", [f, ints(2), ints(3), 1, 1.5])
    c.add("aten::addr", [bools(2, 1), bools(2, seed=1), bools(3, seed=2)])
    c.add("aten::addr", [f, f, v2])  # error: 2-D vec1
    c.add("aten::addr_", [f.clone(), v1, v2, 2, 3])
    c.add("aten::addr_", [floats(3), v1, v2])  # error: self can't grow
    c.add("aten::addr.out", [f, v1, v2, 1, 1, empty_out()])
    # cross
    x3, y3 = floats(4, 3, seed=8), floats(4, 3, seed=9)
    c.add("aten::linalg_cross", [x3, y3])
    c.add("aten::linalg_cross", [x3.t(), y3.t(), 0])
    c.add("aten::linalg_cross", [x3, floats(1, 3, seed=1)])
    c.add("aten::linalg_cross", [ints(2, 3), ints(2, 3, seed=1)])
    c.add("aten::linalg_cross", [floats(2, 4), floats(2, 4)])  # error
    c.add("aten::linalg_cross", [x3, floats(3)])  # error: dims
    c.add("aten::linalg_cross.out", [x3, y3, -1, empty_out()])
    c.add("aten::cross", [x3, y3])
    c.add("aten::cross", [floats(3, 2), floats(3, 2, seed=1)])
    c.add("aten::cross", [floats(3, 3), floats(3, 3, seed=1), 1])
    c.add("aten::cross", [floats(2, 2), floats(2, 2)])  # error
    c.add("aten::cross.out", [x3, y3, None, empty_out()])
    # block_diag / cartesian_prod / combinations
    c.add("aten::block_diag", [[f, torch.tensor(5.0), torch.tensor([1.0, 2.0])]])
    c.add("aten::block_diag", [[ints(2, 2), f]])
    c.add("aten::block_diag", [[ints(2, 2), torch.zeros(0, 3, dtype=torch.int64)]])
    c.add("aten::block_diag", [[f.t()]])
    c.add("aten::block_diag", [[floats(2, 2, 2)]])  # error
    c.add("aten::block_diag.out", [[f, g], empty_out()])
    c.add("aten::cartesian_prod", [[ints(3), ints(2, seed=1)]])
    c.add("aten::cartesian_prod", [[ints(2), ints(2, seed=1), ints(3, seed=2)]])
    c.add("aten::cartesian_prod", [[floats(3)]])
    c.add("aten::cartesian_prod", [[ints(3), torch.tensor([], dtype=torch.int64)]])
    c.add("aten::cartesian_prod", [[f]])  # error
    for r in [0, 1, 2, 3, 5]:
        for rep in [False, True]:
            c.add("aten::combinations", [torch.tensor([1, 2, 3, 4]), r, rep])
    c.add("aten::combinations", [floats(3)])
    c.add("aten::combinations", [torch.tensor([]), 2])
    c.add("aten::combinations", [f])  # error
    c.add("aten::combinations", [floats(3), -1])  # error
    # cdist
    p1, p2 = floats(5, 3, seed=10), floats(4, 3, seed=11)
    for p in [0.0, 1.0, 2.0, 3.0, 0.5, float("inf")]:
        c.add("aten::cdist", [p1, p2, p], name=f"cdist_p{p}")
    c.add("aten::cdist", [floats(2, 5, 3, seed=10), floats(1, 4, 3, seed=11)])
    c.add("aten::cdist", [p1.double(), p2.double(), 2.0, 1])
    c.add("aten::cdist", [floats(3, 5, seed=1).t(), p2])
    c.add("aten::cdist", [p1, floats(4, 2)])  # error: columns
    c.add("aten::cdist", [ints(2, 3), ints(2, 3)])  # error: ints
    c.add("aten::cdist", [p1, p2, -1.0])  # error
    c.add("aten::cdist", [floats(3), p2])  # error: 1-D
    big1, big2 = floats(30, 4, seed=15), floats(27, 4, seed=16)
    for mode in [None, 0, 1, 2]:  # more than 25 rows: the matrix-product form unless mode 2
        c.add("aten::cdist", [big1, big2, 2.0, mode], name=f"cdist_mm_{mode}")
    c.add("aten::cdist", [p1, p2, 2.0, 1])
    c.add("aten::cdist", [floats(2, 30, 3, seed=19), floats(1, 27, 3, seed=20)])  # product form, broadcast batch
    c.add("aten::cdist", [floats(30, 3, seed=19).t().contiguous().t(), floats(27, 3, seed=20), 2.0, 0])
    c.add("aten::cdist", [floats(2, 30, 3, seed=17), floats(2, 4, 3, seed=18), 3.0])
    c.add("aten::cdist", [p1, p2, 2.0, 3])  # error: mode
    c.add("aten::_cdist_forward", [p1, p2, 1.0, None])
    c.add("aten::_euclidean_dist", [p1, p2])
    # cov / corrcoef
    obs = floats(3, 6, seed=12)
    c.add("aten::cov", [obs])
    c.add("aten::cov", [obs, 0])
    c.add("aten::cov", [obs.t().contiguous().t()])
    c.add("aten::cov", [floats(6, seed=1)])
    c.add("aten::cov", [ints(2, 5)])
    c.add("aten::cov", [obs, 1, torch.tensor([1, 2, 1, 3, 1, 1])])
    c.add("aten::cov", [obs, 1, None, floats(6, lo=0.1, hi=2, seed=3)])
    c.add("aten::cov", [obs, 2, torch.tensor([1, 2, 1, 3, 1, 1]), floats(6, lo=0.1, hi=2, seed=3)])
    c.add("aten::cov", [floats(3), 5])
    c.add("aten::cov", [floats(2, 2, 2)])  # error
    c.add("aten::cov", [obs, 1, torch.tensor([1.0, 2, 1, 3, 1, 1])])  # error: float fweights
    c.add("aten::corrcoef", [obs])
    c.add("aten::corrcoef", [floats(5)])
    c.add("aten::corrcoef", [ints(3, 4)])
    # diag_embed / diagflat / tril/triu_indices / narrow_copy / vander
    c.add("aten::diag_embed", [f])
    c.add("aten::diag_embed", [f, 1, 0, 2])
    c.add("aten::diag_embed", [f.t(), -2, -1, 0])
    c.add("aten::diag_embed", [ints(3)])
    c.add("aten::diag_embed", [f, 0, 1, 1])  # error
    c.add("aten::diag_embed.out", [f, 0, -2, -1, empty_out()])
    c.add("aten::diagflat", [f])
    c.add("aten::diagflat", [ints(2, 2), -1])
    c.add("aten::diagflat", [torch.tensor(3.0), 2])
    for op in ["tril_indices", "triu_indices"]:
        for args in [[3, 4], [3, 4, 1], [4, 3, -2], [0, 4, 1], [5, 5, 10], [5, 5, -10]]:
            c.add(f"aten::{op}", args)
        c.add(f"aten::{op}", [3, 3, 0, torch.int32])
        c.add(f"aten::{op}", [-1, 3])  # error
        c.add(f"aten::{op}.out", [3, 4, 0, empty_out(torch.int64)])
    c.add("aten::sum_to_size", [f, [1, 3]])
    c.add("aten::sum_to_size", [f, [3]])
    c.add("aten::sum_to_size", [f.t(), [3, 1]])
    c.add("aten::sum_to_size", [floats(2, 3, 4), [3, 1]])
    c.add("aten::sum_to_size", [f, [4, 3]])  # error
    c.add("aten::narrow_copy", [f, 1, 1, 2])
    c.add("aten::narrow_copy", [f.t(), 0, 0, 2])
    c.add("aten::narrow_copy", [f, 1, -2, 2])
    c.add("aten::narrow_copy", [f, 1, 2, 5])  # error
    c.add("aten::narrow_copy.out", [f, 0, 1, 1, empty_out()])
    c.add("aten::vander", [torch.tensor([1.0, 2.0, 3.0])])
    c.add("aten::vander", [torch.tensor([1, 2, 3]), 4, True])
    c.add("aten::vander", [torch.tensor([2, 3], dtype=torch.int8), 3])
    c.add("aten::vander", [bools(3), 2])
    c.add("aten::vander", [floats(3), 0])
    c.add("aten::vander", [floats(3), 1])
    c.add("aten::vander", [f])  # error
    c.add("aten::vander", [floats(3), -1])  # error
    # renorm
    c.add("aten::renorm", [d, 2, 0, 1.0])
    c.add("aten::renorm", [d, 1, 1, 2.0])
    c.add("aten::renorm", [d.t(), 3, -1, 0.5])
    c.add("aten::renorm", [floats(2, 3, 4, seed=5), 2, 1, 1.5])
    c.add("aten::renorm", [d, float("inf"), 0, 1.0])
    c.add("aten::renorm", [d, -1, 0, 1.0])  # error
    c.add("aten::renorm", [d, 2, 0, -1.0])  # error
    c.add("aten::renorm", [floats(3), 2, 0, 1.0])  # error
    c.add("aten::renorm_", [d.clone(), 2, 0, 1.0])
    c.add("aten::renorm.out", [d, 2, 1, 1.0, empty_out(torch.float64)])
    # diff
    c.add("aten::diff", [d])
    c.add("aten::diff", [d, 2, 0])
    c.add("aten::diff", [d.t(), 1, 0])
    c.add("aten::diff", [ints(6), 3])
    c.add("aten::diff", [ints(3), 5])
    c.add("aten::diff", [bools(5)])
    c.add("aten::diff", [d, 0])
    c.add("aten::diff", [d, 1, 1, floats(3, 2, dtype=torch.float64), floats(3, 1, dtype=torch.float64, seed=1)])
    c.add("aten::diff", [ints(4), 1, 0, None, ints(2, seed=1)])
    c.add("aten::diff", [torch.tensor(1.0)])  # error
    c.add("aten::diff", [d, -1])  # aten::diff (unlike torch.diff) returns the input
    c.add("aten::diff", [d, 1, 1, floats(2, 2, dtype=torch.float64)])  # error: prepend shape
    c.add("aten::diff.out", [d, 1, -1, None, None, empty_out(torch.float64)])
    # trapezoid / trapz / cumulative_trapezoid
    y = floats(3, 5, seed=13)
    xs = torch.tensor([0.0, 0.5, 1.5, 2.0, 4.0])
    for op in ["trapezoid", "trapz", "cumulative_trapezoid"]:
        c.add(f"aten::{op}.x", [y, xs])
        c.add(f"aten::{op}.x", [y.t(), xs[:3].contiguous(), 1])
        c.add(f"aten::{op}.x", [y, floats(3, 5, seed=14)])
        c.add(f"aten::{op}.x", [ints(4), ints(4, seed=1)])
        c.add(f"aten::{op}.x", [y, xs[:4].contiguous()])  # error
        c.add(f"aten::{op}.dx", [y])
        c.add(f"aten::{op}.dx", [y, 0.5, 0])
        c.add(f"aten::{op}.dx", [ints(4), 2])
        c.add(f"aten::{op}.dx", [torch.ones(2, 0)])
