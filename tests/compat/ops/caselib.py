"""Inputs shared by the cases_<family>.py files (fixed values: fixtures must be reproducible)."""
import torch


def floats(*shape, lo=-3.0, hi=3.0, dtype=torch.float32, seed=0):
    g = torch.Generator().manual_seed(seed)
    return (torch.rand(*shape, generator=g, dtype=torch.float64) * (hi - lo) + lo).to(dtype)


def ints(*shape, lo=-5, hi=6, dtype=torch.int64, seed=0):
    g = torch.Generator().manual_seed(seed)
    return torch.randint(lo, hi, shape, generator=g).to(dtype)


def bools(*shape, seed=0):
    g = torch.Generator().manual_seed(seed)
    return torch.rand(*shape, generator=g) > 0.5


def positive(*shape, dtype=torch.float32, seed=0):
    return floats(*shape, lo=0.1, hi=4.0, dtype=dtype, seed=seed)


def empty_out(dtype=torch.float32):
    return torch.empty(0, dtype=dtype)
