"""Random ops after torch.manual_seed: ember reproduces PyTorch's CPU streams."""
import torch

from caselib import floats


def cases(c):
    m = floats(2, 3)
    c.add("aten::rand", [[2, 3]], seed=0)
    c.add("aten::rand", [[5], torch.float64], seed=1)
    c.add("aten::randn", [[3, 2]], seed=0, rtol=1e-6, atol=1e-6)
    c.add("aten::randn", [[4], torch.float64], seed=7, rtol=1e-12, atol=1e-12)
    c.add("aten::randint", [10, [6]], seed=0)
    c.add("aten::randint.low", [-5, 5, [2, 3], torch.int32], seed=3)
    c.add("aten::randperm", [8], seed=0)
    c.add("aten::rand_like", [m], seed=2)
    c.add("aten::randn_like", [m], seed=2, rtol=1e-6, atol=1e-6)
    c.add("aten::randint_like", [m, 4], seed=5)
    c.add("aten::normal.float_float", [1.0, 2.0, [4]], seed=0, rtol=1e-6, atol=1e-6)
    c.add("aten::normal.Tensor_float", [m, 0.5], seed=0, rtol=1e-6, atol=1e-6)
    c.add("aten::uniform_", [torch.empty(5), -2.0, 2.0], seed=4)
    c.add("aten::normal_", [torch.empty(5), 3.0, 0.1], seed=4, rtol=1e-6, atol=1e-6)
    c.add("aten::bernoulli.p", [torch.empty(8), 0.3], seed=0)
    c.add("aten::bernoulli", [torch.full((6,), 0.5)], seed=1)
    c.add("aten::random_.from", [torch.empty(5, dtype=torch.int64), 3, 9], seed=0)
    c.add("aten::random_.to", [torch.empty(5), 100], seed=0)
    c.add("aten::exponential_", [torch.empty(4, dtype=torch.float64), 2.0], seed=0, rtol=1e-12, atol=1e-12)
