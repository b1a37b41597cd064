#!/usr/bin/python3
"""Runs PyTorch 1.13's OpInfo samples of the linear-algebra operators as TorchScript through ember.

Not part of ctest (it starts one `ember run` per sample and takes minutes); run by hand after
changing src/tensor/linalg_lapack*.cpp:

    /usr/bin/python3 tests/compat/ops/opinfo_linalg_check.py build/bin/ember [op,op,...] [--noncontiguous]

For every sample (float32 and float64) it compiles `def fn(x0, ...): return torch.<op>(...)` with
torch.jit.CompilationUnit, runs it in PyTorch and with `ember run`, and compares every output
(complex ones as real views). Prints the samples that fail and a count.
"""
import os
import subprocess
import sys
import tempfile
import types
import unittest
import warnings

warnings.filterwarnings("ignore")
# torch.testing._internal imports expecttest, which Debian does not package.
sys.modules.setdefault("expecttest", types.SimpleNamespace(TestCase=unittest.TestCase, ACCEPT=False))

import torch  # noqa: E402
from torch.testing._internal.common_methods_invocations import op_db  # noqa: E402

LEGACY = {"det", "logdet", "slogdet", "inverse", "lu", "lu_solve", "lu_unpack", "cholesky", "cholesky_solve",
          "cholesky_inverse", "qr", "symeig", "svd", "pinverse", "matrix_power", "matrix_exp", "geqrf", "ormqr",
          "orgqr", "triangular_solve", "norm", "nuclear_norm", "chain_matmul"}


def literal(v, tensors):
    if isinstance(v, torch.Tensor):
        tensors.append(v)
        return f"x{len(tensors) - 1}"
    if isinstance(v, (list, tuple)):
        inner = ", ".join(literal(e, tensors) for e in v)
        return f"({inner}{',' if len(v) == 1 else ''})" if isinstance(v, tuple) else f"[{inner}]"
    if isinstance(v, float) and v in (float("inf"), float("-inf")):
        return f"float('{v}')"
    return str(v) if isinstance(v, torch.dtype) else repr(v)


def flatten(r):
    if isinstance(r, torch.Tensor):
        return [torch.view_as_real(r.resolve_conj()) if r.is_complex() else r]
    if isinstance(r, (tuple, list)):
        return [t for e in r for t in flatten(e)]
    return [torch.tensor(r)]


def check(ember, tmp, op, dtype, sample):
    tensors = []
    args = [literal(sample.input, tensors)] + [literal(a, tensors) for a in sample.args]
    args += [f"{k}={literal(v, tensors)}" for k, v in sample.kwargs.items()]
    params = ", ".join(f"x{j}: Tensor" for j in range(len(tensors)))
    src = f"def fn({params}):\n    return torch.{op.name}({', '.join(args)})\n"
    try:
        with torch.no_grad():
            expected = flatten(torch.jit.CompilationUnit(src).fn(*[t.clone() for t in tensors]))
    except Exception:  # noqa: BLE001 - not scriptable, or PyTorch rejects it: nothing to compare
        return None
    prog, inputs, outputs = (os.path.join(tmp, f) for f in ("p.py", "in.pt", "out.pt"))
    with open(prog, "w") as f:
        f.write(src)
    torch.save(tuple(tensors), inputs)
    if os.path.exists(outputs):
        os.remove(outputs)
    p = subprocess.run([ember, "run", prog, "--method", "fn", "--inputs", inputs, "--save-outputs", outputs],
                       capture_output=True, text=True)
    where = f"{op.name}/{op.variant_test_name} {dtype} {src.splitlines()[1].strip()} {[tuple(t.shape) for t in tensors]}"
    if p.returncode != 0 or not os.path.exists(outputs):
        return f"FAIL {where}: {(p.stderr or p.stdout).strip().splitlines()[:1]}"
    got = flatten(torch.load(outputs))
    if len(got) != len(expected):
        return f"MISMATCH {where}: {len(got)} outputs, PyTorch {len(expected)}"
    tol = 1e-4 if dtype == torch.float32 else 1e-7
    for a, b in zip(got, expected):
        if a.shape != b.shape or a.dtype != b.dtype:
            return f"MISMATCH {where}: {a.shape} {a.dtype}, PyTorch {b.shape} {b.dtype}"
        if a.numel() and not torch.allclose(a.double(), b.double(), rtol=tol, atol=tol, equal_nan=True):
            return f"MISMATCH {where}: max difference {(a.double() - b.double()).abs().max().item()}"
    return ""


def main():
    ember = sys.argv[1]
    names = set(sys.argv[2].split(",")) if len(sys.argv) > 2 and not sys.argv[2].startswith("--") else None
    noncontiguous = "--noncontiguous" in sys.argv
    ops = [o for o in op_db if (o.name.startswith("linalg.") or o.name in LEGACY) and (not names or o.name in names)]
    ran = failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for op in ops:
            for dtype in (torch.float32, torch.float64):
                for sample in op.sample_inputs("cpu", dtype, requires_grad=False):
                    result = check(ember, tmp, op, dtype, sample.noncontiguous() if noncontiguous else sample)
                    if result is None:
                        continue
                    ran += 1
                    if result:
                        failed += 1
                        print(result)
    print(f"{ran} samples, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
