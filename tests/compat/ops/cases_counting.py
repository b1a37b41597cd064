"""unique family, bincount, histc, histogram, searchsorted, bucketize, isin, mode, quantile, logcumsumexp."""
import torch

from caselib import bools, empty_out, floats, ints

INTERP = ["linear", "lower", "higher", "midpoint", "nearest"]


def cases(c):
    i = ints(4, 5, lo=0, hi=4)
    f = floats(3, 4)
    rep = torch.tensor([[1.0, 3.0], [2.0, 2.0], [1.0, 3.0], [0.5, -1.0]])
    # unique (sorted results: PyTorch's order for sorted=False is unspecified, not compared)
    for inv in [False, True]:
        for cnt in [False, True]:
            c.add("aten::_unique2", [i, True, inv, cnt])
            c.add("aten::unique_consecutive", [torch.tensor([1, 1, 2, 2, 3, 1, 1, 2]), inv, cnt])
            c.add("aten::unique_dim", [rep, 0, True, inv, cnt])
            c.add("aten::unique_dim_consecutive", [rep, 0, inv, cnt])
    c.add("aten::_unique2", [i.t(), True, True, True])
    hashy = torch.tensor([3, 1, 2, 3, 1, 5, 10, -4, 7, 7, 100])
    for inv in [False, True]:  # sorted=False: PyTorch's hash-set order
        c.add("aten::_unique2", [hashy, False, inv, not inv])
        c.add("aten::_unique2", [hashy.float(), False, inv, True])
        c.add("aten::_unique", [hashy.to(torch.int8), False, inv])
    c.add("aten::_unique2", [ints(200, lo=-50, hi=50, seed=7), False, True, True])
    c.add("aten::_unique2", [bools(9), False, True, True])
    c.add("aten::_unique2", [hashy.bfloat16(), False, True, True])
    c.add("aten::_unique2", [floats(10).round(), True, True, True])
    c.add("aten::_unique2", [bools(3, 3), True, True, True])
    c.add("aten::_unique2", [torch.tensor([0.0, -0.0, 1.0]), True, False, True])
    c.add("aten::_unique2", [torch.zeros(0, 3), True, True, True])
    c.add("aten::_unique2", [torch.tensor(3), True, True, True])
    c.add("aten::_unique", [i, True, True])
    c.add("aten::unique_dim", [rep, 1, True, True, True])
    c.add("aten::unique_dim", [rep.t(), -1, True, True, True])
    c.add("aten::unique_dim", [ints(2, 3, 2, lo=0, hi=2), 2, True, True, True])
    c.add("aten::unique_dim", [torch.zeros(0, 3), 0, True, True, True])
    c.add("aten::unique_dim", [torch.zeros(0, 3), 1, True, True, True])  # error: zero-size dim not selected
    c.add("aten::unique_dim", [rep, 2])  # error: dim out of range
    c.add("aten::unique_consecutive", [ints(3, 4, lo=0, hi=2), True, True, 1])
    c.add("aten::unique_consecutive", [ints(3, 4, lo=0, hi=2).t(), True, True])
    c.add("aten::_unique2.out", [i, True, True, True, empty_out(torch.int64), empty_out(torch.int64),
                                 empty_out(torch.int64)])
    # bincount
    b = torch.tensor([1, 3, 1, 0, 7])
    c.add("aten::bincount", [b])
    c.add("aten::bincount", [b, None, 10])
    c.add("aten::bincount", [b, floats(5)])
    c.add("aten::bincount", [b, floats(5, dtype=torch.float64)])
    c.add("aten::bincount", [b, ints(5)])
    c.add("aten::bincount", [b.to(torch.uint8)])
    c.add("aten::bincount", [torch.tensor([], dtype=torch.long), None, 3])
    c.add("aten::bincount", [torch.tensor([-1, 2])])  # error
    c.add("aten::bincount", [torch.tensor([1.0])])  # error
    c.add("aten::bincount", [ints(2, 2, lo=0)])  # error: 2-d
    c.add("aten::bincount", [b, floats(4)])  # error: weights length
    c.add("aten::bincount", [b, None, -1])  # error
    c.add("aten::bincount.out", [b, None, 0, empty_out(torch.int64)])
    # histc / histogram
    x = torch.tensor([0.0, 1.0, 2.0, 2.5, 3.0, -1.0, 7.0, 0.1, 0.7, 1.9])
    c.add("aten::histc", [x])
    c.add("aten::histc", [x, 4])
    c.add("aten::histc", [x, 7, 0, 3])
    c.add("aten::histc", [x.double(), 5, -1.5, 2])
    c.add("aten::histc", [floats(4, 5, seed=3).t(), 6])
    c.add("aten::histc", [torch.tensor([2.0, 2.0]), 4])
    c.add("aten::histc", [torch.tensor([]), 3])
    c.add("aten::histc", [torch.tensor([1.0, float("nan")]), 3])  # error: range not finite
    c.add("aten::histc", [torch.tensor([1, 2, 3]), 3])  # error: ints
    c.add("aten::histc", [x, 4, 3, 1])  # error: max < min
    c.add("aten::histc", [x, 0])  # error
    c.add("aten::histc.out", [x, 4, 0, 0, empty_out()])
    big = floats(70000, seed=9)  # several chunks counted in parallel
    c.add("aten::histc", [big, 50])
    c.add("aten::histogram.bin_ct", [big.double(), 7, None, floats(70000, lo=0, hi=1, dtype=torch.float64)])
    c.add("aten::bincount", [ints(70000, lo=0, hi=300, seed=2)])
    c.add("aten::bincount", [ints(70000, lo=0, hi=300, seed=2), floats(70000, seed=3)], rtol=1e-4, atol=1e-3)
    c.add("aten::histogram.bin_ct", [x, 3])
    c.add("aten::histogram.bin_ct", [x, 5, [0.0, 2.0]])
    c.add("aten::histogram.bin_ct", [x.double(), 4, None, floats(10, lo=0, hi=1, dtype=torch.float64)])
    c.add("aten::histogram.bin_ct", [x, 3, [0.0, 6.0], None, True])
    c.add("aten::histogram.bin_ct", [torch.tensor([]), 3])
    c.add("aten::histogram.bin_ct", [torch.tensor([2.0, 2.0]), 4])
    c.add("aten::histogram.bin_ct", [x, 3, [3.0, 1.0]])  # error
    c.add("aten::histogram.bin_ct", [torch.tensor([1, 2]), 3])  # error: ints
    c.add("aten::histogram.bins_tensor", [x, torch.tensor([0.0, 1.5, 3.0])])
    c.add("aten::histogram.bins_tensor", [x, torch.tensor([-1.0, 0.0, 0.1, 2.0, 7.0]), floats(10, lo=0, hi=1)])
    c.add("aten::histogram.bins_tensor", [x, torch.tensor([-1.0, 0.0, 0.1, 2.0, 7.0]), None, True])
    c.add("aten::histogram.bins_tensor", [x, torch.tensor([[0.0, 1.5, 3.0]])])  # error
    c.add("aten::histogram.bins_tensor", [x, torch.tensor([0.0, 1.5], dtype=torch.float64)])  # error
    c.add("aten::histogram.bin_ct_out", [x, 3, None, None, False, empty_out(), empty_out()])
    # histogramdd
    pts = floats(40, 2, seed=21)
    c.add("aten::histogramdd", [pts, [3, 4]])
    c.add("aten::histogramdd", [pts, [3, 2], [-1.0, 1.0, 0.0, 3.0]])
    c.add("aten::histogramdd", [floats(5, 8, 3, dtype=torch.float64, seed=22), [2, 3, 2], None,
                                floats(5, 8, lo=0, hi=1, dtype=torch.float64, seed=23), True])
    c.add("aten::histogramdd", [torch.tensor([[0.0, 1.0], [1.0, 0.0], [2.0, 2.0]]), [2, 2]])
    c.add("aten::histogramdd", [pts, [3]])  # error: bins per dim
    c.add("aten::histogramdd", [pts.long(), [3, 3]])  # error: ints
    c.add("aten::histogramdd.int_bins", [pts, 5])
    c.add("aten::histogramdd.int_bins", [pts.t().contiguous().t(), 2, [0.0, 1.0, 0.0, 1.0], None, True])
    c.add("aten::histogramdd.TensorList_bins", [pts, [torch.tensor([-3.0, 0.0, 3.0]), torch.tensor([-1.0, 1.0])]])
    c.add("aten::histogramdd.TensorList_bins", [pts, [torch.tensor([-3.0, 0.0, 3.0]),
                                                      torch.tensor([-2.0, -1.0, 0.5, 2.0])], None, floats(40, seed=3)])
    # searchsorted / bucketize
    seq = torch.tensor([1.0, 3.0, 3.0, 5.0, 9.0])
    vals = torch.tensor([[0.0, 3.0, 4.0], [9.0, 10.0, 5.0]])
    for right in [False, True]:
        c.add("aten::searchsorted.Tensor", [seq, vals, False, right])
        c.add("aten::bucketize.Tensor", [vals, seq, False, right])
    for side in ["left", "right"]:
        c.add("aten::searchsorted.Tensor", [seq, vals, False, False, side])
    c.add("aten::searchsorted.Tensor", [seq, vals, True])
    c.add("aten::searchsorted.Tensor", [torch.tensor([1, 3, 5]), torch.tensor([2.5, 3.0])])
    c.add("aten::searchsorted.Tensor", [torch.tensor([[1.0, 3.0, 5.0], [0.0, 1.0, 2.0]]),
                                        torch.tensor([[2.0, 3.0], [0.5, 7.0]])])
    c.add("aten::searchsorted.Tensor", [torch.tensor([[1.0, 3.0, 5.0], [0.0, 1.0, 2.0]]).t().contiguous().t(),
                                        torch.tensor([[2.0, 3.0], [0.5, 7.0]]).t()])
    c.add("aten::searchsorted.Tensor", [torch.tensor([5.0, 1.0, 3.0]), torch.tensor([2.0, 3.0]), False, False,
                                        "right", torch.tensor([1, 2, 0])])
    c.add("aten::searchsorted.Tensor", [torch.tensor([[1.0, 3.0, 5.0], [0.0, 1.0, 2.0]]),
                                        torch.tensor([2.0, 3.0])])  # error: leading dims
    c.add("aten::searchsorted.Tensor", [seq, vals, False, True, "left"])  # error: conflict
    c.add("aten::searchsorted.Tensor", [seq, vals, False, False, "middle"])  # error
    nanv = torch.tensor([float("nan"), 3.0, float("inf"), float("-inf")])
    c.add("aten::searchsorted.Tensor", [seq, nanv])
    c.add("aten::searchsorted.Tensor", [seq, nanv, False, True])
    c.add("aten::searchsorted.Tensor", [torch.tensor([1.0, 2.0, float("nan")]), nanv, False, True])
    c.add("aten::searchsorted.Tensor", [torch.tensor([1.0]), torch.tensor([0.0, 1.0, 2.0])])
    c.add("aten::searchsorted.Tensor", [torch.tensor([1.0]), torch.tensor([0.0, 1.0, 2.0]), False, True])
    c.add("aten::searchsorted.Tensor", [torch.tensor([5.0, 1.0, 3.0, 3.0]), torch.tensor([2.0, 3.0, 9.0]), False, True,
                                        None, torch.tensor([1, 2, 3, 0])])
    c.add("aten::isin.Tensor_Tensor", [ints(50, lo=-20, hi=20, seed=4), ints(7, lo=-20, hi=20, seed=5)])
    c.add("aten::isin.Tensor_Tensor", [bools(6), torch.tensor([True])])  # error: bool
    c.add("aten::isin.Tensor_Tensor", [floats(3).half(), floats(2).half()])  # error: half
    c.add("aten::isin.Tensor_Tensor", [ints(6, lo=0, dtype=torch.uint8), ints(2, lo=0, dtype=torch.uint8, seed=1)])
    c.add("aten::searchsorted.Scalar", [seq, 3])
    c.add("aten::searchsorted.Scalar", [seq, 3.5, True, True])
    c.add("aten::searchsorted.Tensor_out", [seq, vals, False, False, None, None, empty_out(torch.int64)])
    c.add("aten::bucketize.Scalar", [4, seq])
    c.add("aten::bucketize.Tensor", [ints(3, 4), torch.tensor([-2, 0, 3])])
    c.add("aten::bucketize.Tensor", [vals, seq.reshape(1, 5)])  # error
    c.add("aten::bucketize.Tensor_out", [vals, seq, True, False, empty_out(torch.int32)])
    # isin
    c.add("aten::isin.Tensor_Tensor", [ints(3, 4), torch.tensor([0, 2, 4])])
    c.add("aten::isin.Tensor_Tensor", [ints(3, 4), torch.tensor([0, 2, 4]), False, True])
    c.add("aten::isin.Tensor_Tensor", [torch.tensor([1, 2, 3]), torch.tensor([2.0, 3.5])])
    c.add("aten::isin.Tensor_Tensor", [torch.tensor([1.0, float("nan"), 2.0]), torch.tensor([float("nan"), 1.0])])
    c.add("aten::isin.Tensor_Tensor", [ints(3, 4).t(), torch.tensor([], dtype=torch.long)])
    c.add("aten::isin.Tensor_Scalar", [ints(3, 4), 2])
    c.add("aten::isin.Scalar_Tensor", [2, ints(3, 4)])
    c.add("aten::isin.Tensor_Tensor_out", [ints(3), ints(2), False, False, empty_out(torch.bool)])
    # mode
    c.add("aten::mode", [torch.tensor([1, 2, 2, 1, 3])])
    c.add("aten::mode", [torch.tensor([[5, 5, 1, 1, 1], [2, 2, 4, 4, 2]]), 1])
    c.add("aten::mode", [ints(4, 6, lo=0, hi=3), 0, True])
    c.add("aten::mode", [ints(4, 6, lo=0, hi=3).t(), 1])
    c.add("aten::mode", [torch.tensor([5.0, 2.0, 2.0, -1.0])])
    c.add("aten::mode", [bools(7)])
    c.add("aten::mode", [torch.tensor(5.0)])
    c.add("aten::mode", [torch.zeros(0, 3), 1])
    c.add("aten::mode", [torch.zeros(3, 0), 1])  # error
    c.add("aten::mode.values", [ints(3, 4, lo=0, hi=2), 1, False, empty_out(torch.int64), empty_out(torch.int64)])
    # quantile / nanquantile
    qf = floats(4, 5, seed=4)
    qn = qf.clone()
    qn[0, 1] = float("nan")
    qn[2, :] = float("nan")
    q = torch.tensor([0.0, 0.25, 0.5, 0.9, 1.0])
    for op in ["quantile", "nanquantile"]:
        for interp in INTERP:
            c.add(f"aten::{op}", [qf, q, None, False, interp], name=f"{op}_{interp}")
            c.add(f"aten::{op}", [qn, q, 1, False, interp], name=f"{op}_nan_{interp}")
            c.add(f"aten::{op}.scalar", [qf.double(), 0.3, 0, True, interp], name=f"{op}_scalar_{interp}")
        c.add(f"aten::{op}", [qf.t(), torch.tensor(0.5), 0, False])
        c.add(f"aten::{op}", [qf, q, None, True])
        c.add(f"aten::{op}", [qn, q])
        c.add(f"aten::{op}", [qf, q.double()])  # error: dtype
        c.add(f"aten::{op}", [qf, torch.tensor([1.5])])  # error: range
        c.add(f"aten::{op}", [ints(3), torch.tensor([0.5])])  # error: ints
        c.add(f"aten::{op}", [torch.tensor([]), torch.tensor([0.5])])  # error: empty
        c.add(f"aten::{op}.scalar", [qf, 0.5, None, False, "foo"])  # error
        c.add(f"aten::{op}.scalar", [qf, 1.5])  # error
        c.add(f"aten::{op}.out", [qf, q, 1, False, "linear", empty_out()])
        c.add(f"aten::{op}.scalar_out", [qf, 0.5, 1, False, "linear", empty_out()])
    # logcumsumexp
    c.add("aten::logcumsumexp", [floats(3, 4, lo=-50, hi=50), 1])
    c.add("aten::logcumsumexp", [floats(3, 4).t(), 0])
    c.add("aten::logcumsumexp", [floats(3, 4, dtype=torch.float64), -1])
    c.add("aten::logcumsumexp", [torch.tensor([float("-inf"), 0.0, float("inf"), 1.0, float("nan"), 2.0]), 0])
    c.add("aten::logcumsumexp", [torch.tensor(2.0), 0])
    c.add("aten::logcumsumexp", [torch.zeros(0, 3), 1])
    c.add("aten::logcumsumexp", [ints(3), 0])  # error
    c.add("aten::logcumsumexp.out", [floats(3, 4), 1, empty_out()])
    c.add("aten::_logcumsumexp", [floats(3, 4), 0])
