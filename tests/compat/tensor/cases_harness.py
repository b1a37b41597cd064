"""Self-test of the differential harness: identity cases over every dtype and geometry.

The adapter returns its input unchanged, so these pass only if gen.py and harness.cpp agree
on dtype encodings, strides, storage offsets and storage sharing.
"""
import torch

DTYPES = [torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64,
          torch.float16, torch.bfloat16, torch.float32, torch.float64]


def cases(c):
    for dt in DTYPES:
        name = str(dt).replace("torch.", "")
        base = (torch.randn(4, 6) * 100).to(dt)
        c.add(f"harness.identity.{name}", "identity", [base], lambda x: x)
        c.add(f"harness.identity.{name}_transposed", "identity", [base.t()], lambda x: x, check_strides=True)
        c.add(f"harness.identity.{name}_offset_step", "identity", [base[1:, ::2]], lambda x: x,
              check_strides=True)
    c.add("harness.identity.zero_dim", "identity", [torch.tensor(3.5)], lambda x: x)
    c.add("harness.identity.empty", "identity", [torch.empty(0, 3)], lambda x: x)
    special = torch.tensor([float("nan"), float("inf"), -float("inf"), -0.0, 1e-40])
    c.add("harness.identity.special_values", "identity", [special], lambda x: x)
    shared = torch.arange(12.0)
    c.add("harness.shared_storage", "second_aliases_first", [shared, shared[2:5]], lambda a, b: True)
    c.add("harness.python_scalars", "scalars", [], lambda: (True, 7, 2.5), args={"i": 7, "f": 2.5})
    c.add("harness.error_expected", "raise", [], lambda: torch.zeros(2).view(3))
