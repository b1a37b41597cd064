#!/usr/bin/python3
"""Regenerates tensor_print_cases.txt: tensors as TorchScript's print() shows them in PyTorch 1.13
(its C++ operator<<: " 1.5000\\n 2.0000\\n[ CPUFloatType{2} ]").

Run: /usr/bin/python3 gen_tensor_print_cases.py > tensor_print_cases.txt
Per case: "#### CASE <name> <dtype> <sizes, comma-separated or 'scalar'>", the flat values on one
line, "#### EXPECTED", the printed text, "#### END".
"""
import os
import sys

import torch


@torch.jit.script
def show(x: torch.Tensor):
    print(x)


def printed(t):
    r, w = os.pipe()
    saved = os.dup(1)
    sys.stdout.flush()
    os.dup2(w, 1)
    show(t)
    sys.stdout.flush()
    os.dup2(saved, 1)
    os.close(saved)
    os.close(w)
    data = os.read(r, 1 << 20).decode()
    os.close(r)
    return data


cases = {  # name: tensor
 "float1d": torch.tensor([1.5, 2.0]),
 "scalar_float": torch.tensor(3.25),
 "scalar_int": torch.tensor(7),
 "int1d": torch.tensor([1, -20, 300]),
 "bool1d": torch.tensor([True, False]),
 "double2d": torch.tensor([[1.0, 2.5], [-3.0, 4.125]], dtype=torch.float64),
 "float3d": torch.arange(12, dtype=torch.float32).reshape(2, 3, 2) / 4,
 "big": torch.tensor([123456.0, 2.5]),
 "bigint": torch.tensor([12345678901, 2]),
 "tiny": torch.tensor([1e-7, 1.0]),
 "small": torch.tensor([0.001, 0.5]),
 "nan": torch.tensor([float('nan'), 1.5, float('inf')]),
 "allnan": torch.tensor([float('nan')]),
 "empty": torch.zeros(0),
 "empty2d": torch.zeros(2, 0),
 "wide": torch.arange(30, dtype=torch.float32).reshape(2, 15) + 0.5,
 "scaled2d": torch.tensor([[123456.0, 2.5], [1.0, 2.0]]),
 "neg_exp": torch.tensor([-0.5, 0.25]),
 "zeros": torch.zeros(3),
 "int32": torch.tensor([1, 2], dtype=torch.int32),
 "uint8": torch.tensor([1, 2], dtype=torch.uint8),
 "half": torch.tensor([1.5, 2], dtype=torch.float16),
 "4d": torch.arange(8).reshape(2, 2, 1, 2),
 "negzero": torch.tensor([-0.0, 1.0]),
 "hugeexp": torch.tensor([1e200, 1e-200], dtype=torch.float64),
 "scale1d": torch.tensor([123456.0, 99999.0]),
 "scale2d": torch.tensor([[123456.0, 99999.5], [100000.0, 200000.0]]),
 "scale3d": torch.tensor([[[123456.0, 99999.5]], [[100000.0, 200000.0]]]),
 "negative_scale": torch.tensor([-123456.0, -99999.0]),
 "int_inf": torch.tensor([float("inf"), 2.0, -3.0]),
 "smallfrac": torch.tensor([0.05, 0.02]),
 "mixed_small_large": torch.tensor([0.05, 20.0]),
}


def main():
    out = []
    for name, t in cases.items():
        sizes = ",".join(str(s) for s in t.shape) if t.dim() else "scalar"
        dtype = str(t.dtype).replace("torch.", "")
        values = " ".join(repr(float(v)) for v in t.flatten().tolist())
        out.append("#### CASE %s %s %s\n%s\n#### EXPECTED\n%s#### END\n" % (name, dtype, sizes, values, printed(t)))
    sys.stdout.write("".join(out))


if __name__ == "__main__":
    main()
