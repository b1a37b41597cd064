"""The other direction of the zoo: every archive ember ran correctly was saved again by ember
(models_test.cpp --resave-dir); PyTorch 1.13 must load each and return what it returned for the
original archive.

Usage: check_resaved.py ZOO RESAVED
"""
import json
import os
import sys

import torch


def same(a, e, rtol, atol):
    if isinstance(e, torch.Tensor):
        return isinstance(a, torch.Tensor) and a.dtype == e.dtype and a.shape == e.shape and \
            torch.allclose(a, e, rtol=rtol, atol=atol, equal_nan=True)
    if isinstance(e, (tuple, list)):
        return isinstance(a, (tuple, list)) and len(a) == len(e) and all(same(x, y, rtol, atol) for x, y in zip(a, e))
    if isinstance(e, dict):
        return isinstance(a, dict) and a.keys() == e.keys() and all(same(a[k], e[k], rtol, atol) for k in e)
    if isinstance(e, float):
        return isinstance(a, (float, int)) and abs(a - e) <= atol + rtol * abs(e)
    return a == e


def main():
    zoo, resaved = sys.argv[1], sys.argv[2]
    cases = json.load(open(os.path.join(zoo, "zoo.json")))
    failures, checked = [], 0
    for c in cases:
        path = os.path.join(resaved, c["name"] + ".pt")
        if not os.path.exists(path):
            continue  # ember did not run it (known failing)
        checked += 1
        try:
            m = torch.jit.load(path)
            inputs = torch.load(os.path.join(zoo, c["name"] + ".inputs.pt"))
            expected = torch.load(os.path.join(zoo, c["name"] + ".expected.pt"))
            with torch.no_grad():
                actual = getattr(m, c["method"])(*inputs)
            if not same(actual, expected, c["rtol"], c["atol"]):
                failures.append(f"{c['name']}: results differ")
        except Exception as e:  # noqa: BLE001 - report every failure, then fail
            failures.append(f"{c['name']}: {type(e).__name__}: {str(e)[:800]}")
    print(f"torch.jit.load ran {checked - len(failures)} of {checked} archives ember saved")
    for f in failures:
        print("----", f)
    if checked == 0 or failures:
        sys.exit(1)


if __name__ == "__main__":
    main()
