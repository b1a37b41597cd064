"""Every dtype through the new pointwise / indexing / counting / product ops: PyTorch 1.13's CPU
kernels support different dtype sets per op, and ember must compute or reject exactly the same."""
import torch

DTYPES = [torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64, torch.float16,
          torch.bfloat16, torch.float32, torch.float64]


def t(values, dtype):
    return torch.tensor(values).to(dtype)


def cases(c):
    for dt in DTYPES:
        n = str(dt).split(".")[1]
        a = t([[1, 0, 3], [2, 2, 1]], dt)
        b = t([[2, 1, 1], [0, 3, 1]], dt)
        v = t([1, 0, 3, 2, 2], dt)
        idx = torch.tensor([[0, 1, 0], [1, 0, 1]])
        def add(op, args, name=None):
            c.add(op, args, name=name or f"{op.split('::')[1]}_{n}")

        add("aten::gcd", [a, b])
        add("aten::lcm", [a, b])
        add("aten::heaviside", [a, b])
        add("aten::nextafter", [a, b])
        add("aten::ldexp.Tensor", [a, b])
        add("aten::float_power.Tensor_Tensor", [a, b])
        add("aten::frexp.Tensor", [a])
        add("aten::angle", [a])
        add("aten::conj_physical", [a])
        add("aten::scatter_reduce.two", [a, 0, idx, b, "sum"])
        add("aten::scatter_reduce.two", [a, 0, idx, b, "amax", False], name=f"scatter_reduce_amax_{n}")
        add("aten::scatter_reduce.two", [a, 0, idx, b, "mean"], name=f"scatter_reduce_mean_{n}")
        add("aten::index_reduce", [a, 0, torch.tensor([1, 1]), b, "prod"])
        add("aten::index_copy", [a, 1, torch.tensor([2, 0, 1]), b])
        add("aten::masked_scatter", [a, a > 1 if dt != torch.bool else a, b])
        add("aten::put", [a, torch.tensor([0, 5]), t([7, 1], dt)])
        add("aten::_unique2", [v, True, True, True])
        add("aten::unique_dim", [a, 1])
        add("aten::unique_consecutive", [v, True, True])
        add("aten::bincount", [v])
        add("aten::histc", [v, 3])
        add("aten::histogram.bin_ct", [v, 3])
        add("aten::searchsorted.Tensor", [t([0, 1, 2, 3], dt), v])
        add("aten::bucketize.Tensor", [v, t([0, 1, 2, 3], dt)])
        add("aten::isin.Tensor_Tensor", [v, t([1, 2], dt)])
        add("aten::mode", [v])
        add("aten::quantile.scalar", [v, 0.5])
        add("aten::logcumsumexp", [v, 0])
        add("aten::kron", [a, b])
        add("aten::tensordot", [a, b.t(), [1], [0]])
        add("aten::inner", [a, b])
        add("aten::addr", [a, v[:2].contiguous(), v[:3].contiguous()])
        add("aten::linalg_cross", [a, b])
        add("aten::block_diag", [[a, b]])
        add("aten::cartesian_prod", [[v, v]])
        add("aten::combinations", [v])
        add("aten::cdist", [a, b])
        add("aten::cov", [a])
        add("aten::corrcoef", [a])
        add("aten::diag_embed", [a])
        add("aten::diagflat", [v])
        add("aten::vander", [v])
        add("aten::renorm", [a, 2, 0, 1.0])
        add("aten::diff", [v])
        add("aten::trapezoid.dx", [v])
        add("aten::cumulative_trapezoid.dx", [v])
        add("aten::gradient.scalarint", [v])
        add("aten::segment_reduce", [v, "sum", torch.tensor([2, 3])])
        add("aten::histogramdd", [a.t().contiguous(), [2, 2]])
        add("aten::sum_to_size", [a, [1, 3]])
