#!/usr/bin/python3
"""Writes PyTorch's repr() of ~100 varied tensors for ember's printing test (repr_test.cpp).

Usage: /usr/bin/python3 gen_repr.py OUT.json

Each entry holds the tensor's dtype, sizes, strides, storage offset, requires_grad, the raw
little-endian bytes of its whole storage (hex), and the exact string repr(t) gives.
"""
import json
import os
import math
import sys

import torch

DTYPE_NAMES = {
    torch.bool: "bool", torch.uint8: "uint8", torch.int8: "int8", torch.int16: "int16",
    torch.int32: "int32", torch.int64: "int64", torch.float16: "float16",
    torch.bfloat16: "bfloat16", torch.float32: "float32", torch.float64: "float64",
    torch.complex64: "complex64", torch.complex128: "complex128",
}


def storage_hex(t):
    st = t.storage()
    flat = torch.tensor([], dtype=t.dtype).set_(st).clone()
    if flat.dtype == torch.bfloat16:
        flat = flat.view(torch.int16)
    return flat.numpy().tobytes().hex()


def tensors():
    g = torch.Generator().manual_seed(1234)
    r = lambda *s: torch.randn(*s, generator=g)  # noqa: E731
    yield torch.tensor([[1., 2.], [3., 4.]])
    yield torch.tensor(3.)
    yield torch.tensor(3)
    yield torch.tensor(True)
    yield torch.tensor(-0.)
    yield torch.tensor(2.5, dtype=torch.float64)
    yield torch.tensor(7, dtype=torch.int32)
    yield torch.tensor(float("nan"))
    yield torch.tensor([1.5, float("nan"), float("inf"), -float("inf")])
    yield torch.tensor([1., float("nan"), float("inf"), -float("inf"), -0.])
    yield torch.tensor([0., -0., 0.])
    yield torch.tensor([float("nan"), float("nan")])
    yield torch.tensor([1e-5, 1.0])
    yield torch.tensor([1e10, 1.0])
    yield torch.tensor([1e9, 2e9])
    yield torch.tensor([1., 1001.])
    yield torch.tensor([1., 999.])
    yield torch.tensor([123456789., 1.])
    yield torch.tensor([0.1, 0.25, 100.5])
    yield torch.tensor([-1e-4, 1e-4])
    yield torch.tensor([1e-3, 0.5])
    yield torch.tensor([12345.678, 0.5])
    yield torch.tensor([1e300, -1e-300], dtype=torch.float64)
    yield torch.tensor([3.14159265, 2.71828], dtype=torch.float64)
    yield torch.tensor([0.00005, 0.00015])
    yield torch.tensor([0.5, 1.5, 2.5, 3.5, 0.125, 0.0625])
    yield torch.tensor([True, False, True])
    yield torch.tensor([[True], [False]])
    yield torch.tensor([1, -2, 300])
    yield torch.tensor([10**12, -5])
    yield torch.tensor([2**63 - 1, -2**63])
    for dt in [torch.uint8, torch.int8, torch.int16, torch.int32]:
        yield torch.arange(-3, 9).clamp(min=0 if dt == torch.uint8 else -3).to(dt).view(3, 4)
    for dt in [torch.float16, torch.bfloat16, torch.float64]:
        yield (r(3, 4) * 10).to(dt)
        yield torch.tensor([1., 2., 3.], dtype=dt)
    yield r(5)
    yield r(2, 3)
    yield r(2, 3, 4)
    yield r(2, 1, 3)
    yield r(1, 1, 1, 2)
    yield r(4, 4) * 1e-6
    yield r(4, 4) * 1e6
    yield r(4, 4) * 1e9
    yield r(3, 3).t()
    yield r(6, 5)[::2, 1:]
    yield r(3, 4)[1]
    yield r(3, 4)[:, 2]
    yield r(3, 1).expand(3, 4)
    yield torch.arange(30.)
    yield torch.arange(30)
    yield torch.arange(100.) / 7
    yield torch.arange(200)
    yield torch.arange(1001)
    yield torch.arange(1000)
    yield torch.arange(2000.) / 3
    yield r(50, 50)
    yield r(20, 20, 20)
    yield r(1001)
    yield torch.arange(1200).view(2, 600)
    yield torch.arange(1200).view(600, 2)
    yield torch.arange(1500.).view(10, 10, 15) * 1e5
    yield r(40, 30).to(torch.float64)
    yield (r(40, 30) > 0)
    yield torch.randint(-1000, 1000, (40, 30), generator=g, dtype=torch.int16)
    yield torch.empty(0)
    yield torch.empty(0, 3)
    yield torch.empty(3, 0)
    yield torch.empty(2, 0, 3)
    yield torch.empty(0, dtype=torch.int64)
    yield torch.empty(0, 2, dtype=torch.float64)
    yield torch.empty(0, dtype=torch.bool)
    yield torch.ones(3, requires_grad=True)
    yield torch.tensor(2., requires_grad=True)
    yield torch.ones(2, 2, dtype=torch.float64, requires_grad=True)
    yield torch.zeros(0, requires_grad=True)
    yield r(10, 10).requires_grad_()
    yield torch.full((12,), 123456.0)
    yield torch.full((12,), 1.0e8, dtype=torch.float64)
    yield torch.full((12,), 1.5e8, dtype=torch.float64)
    yield torch.linspace(-1, 1, 25, dtype=torch.float64)
    yield torch.tensor([[1e-8, 1.], [float("inf"), 0.]])
    yield torch.tensor([1.0000001, 2.0])
    yield torch.tensor([0.99999, 1.00001])
    yield torch.tensor([99999.5, 0.5])
    yield torch.tensor([65504., -65504.], dtype=torch.float16)
    yield torch.tensor([1e-7, 6e-8], dtype=torch.float16)
    yield torch.tensor([[[1, 2], [3, 4]], [[5, 6], [7, 8]]])
    yield torch.tensor([[[1., 2.], [3., 4.]], [[5., 6.], [7., 8.]]])
    yield torch.arange(24).view(2, 3, 4).permute(2, 0, 1)
    yield torch.arange(7 * 1001).view(7, 1001)
    yield torch.arange(6.).view(1, 6).expand(200, 6)
    # complex: parts formatted separately, "re+imj"
    yield torch.tensor([1 + 2j, -3.5 - 0.25j, 0j])
    yield torch.tensor(2 - 1j)
    yield torch.tensor([[1 + 1j, 2 - 2j], [-0.0 - 0.0j, 4 + 100j]], dtype=torch.complex128)
    yield torch.complex(r(3, 4), r(3, 4) * 1e-5)
    yield torch.complex(r(2, 3) * 1e6, r(2, 3))
    yield torch.tensor([complex(float("nan"), 1), complex(1, float("inf")), complex(-float("inf"), -2)])
    yield torch.complex(torch.arange(2000.), -torch.arange(2000.) / 7)
    yield torch.complex(r(4, 5), r(4, 5)).t()
    yield torch.empty(0, dtype=torch.complex64)
    yield torch.empty(2, 0, dtype=torch.complex128)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: gen_repr.py OUT.json")
    out = []
    for t in tensors():
        out.append({"dtype": DTYPE_NAMES[t.dtype], "sizes": list(t.shape), "strides": list(t.stride()),
                    "storage_offset": t.storage_offset(), "requires_grad": t.requires_grad,
                    "storage": storage_hex(t.detach()), "repr": repr(t)})
    os.makedirs(os.path.dirname(os.path.abspath(sys.argv[1])), exist_ok=True)
    with open(sys.argv[1], "w") as fh:
        json.dump(out, fh, indent=0)
    print(f"wrote {len(out)} reprs to {sys.argv[1]}")


if __name__ == "__main__":
    main()
