"""Empty and 0-dim inputs through the new ops: results (shapes, dtypes) or errors as PyTorch's."""
import torch


def cases(c):
    shapes = {"e03": (0, 3), "e30": (3, 0), "s": ()}
    for tag, shape in shapes.items():
        a = torch.ones(shape)
        i = torch.zeros(shape, dtype=torch.long)

        def add(op, args, name=None):
            c.add(op, args, name=name or f"{op.split('::')[1]}_{tag}")
        add("aten::gcd", [i, i])
        add("aten::heaviside", [a, a])
        add("aten::frexp.Tensor", [a])
        add("aten::float_power.Tensor_Scalar", [a, 2])
        add("aten::scatter_reduce.two", [a, 0, i, a, "mean"])
        add("aten::scatter_reduce.two", [a, -1, i, a, "amax", False], name=f"scatter_reduce_amax_{tag}")
        add("aten::index_copy", [a, 0, torch.zeros(a.shape[0] if a.dim() else 1, dtype=torch.long)[:0 if a.dim() and a.shape[0] == 0 else None], a])
        add("aten::masked_scatter", [a, torch.ones(shape, dtype=torch.bool), a])
        add("aten::put", [a, torch.zeros(0, dtype=torch.long), torch.zeros(0)])
        add("aten::_unique2", [a, True, True, True])
        add("aten::unique_consecutive", [a, True, True])
        add("aten::unique_dim", [a, 0, True, True, True])
        add("aten::histc", [a, 4])
        add("aten::searchsorted.Tensor", [torch.tensor([0.0, 1.0]), a])
        add("aten::isin.Tensor_Tensor", [a, a])
        add("aten::mode", [a, -1])
        add("aten::quantile.scalar", [a, 0.5])
        add("aten::nanquantile.scalar", [a, 0.5, -1])
        add("aten::logcumsumexp", [a, -1])
        add("aten::kron", [a, a])
        add("aten::inner", [a, a])
        add("aten::cdist", [a, a])
        add("aten::cov", [a])
        add("aten::corrcoef", [a])
        add("aten::diag_embed", [a])
        add("aten::diagflat", [a])
        add("aten::renorm", [a, 2, 0, 1.0])
        add("aten::diff", [a])
        add("aten::trapezoid.dx", [a])
        add("aten::cumulative_trapezoid.dx", [a])
        add("aten::gradient.scalarint", [a])
        add("aten::combinations", [a.reshape(-1)])
        add("aten::cartesian_prod", [[a.reshape(-1), torch.ones(2)]])
        add("aten::block_diag", [[a]])
        add("aten::sum_to_size", [a, [1] * a.dim()])
        add("aten::histogramdd", [a, [2] * (a.shape[-1] if a.dim() else 0)])
