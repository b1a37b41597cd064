"""PyTorch loads the modules ember froze (freeze_test.cpp saved them) and runs them: the results
must match PyTorch's own frozen modules. Usage: check_frozen.py CASES_DIR FROZEN_DIR"""
import json
import os
import sys

import torch


def main():
    cases_dir, frozen_dir = sys.argv[1:3]
    with open(os.path.join(cases_dir, "cases.json")) as f:
        cases = [c for c in json.load(f) if c["error"] is None]
    failures = 0
    for c in cases:
        name = c["name"]
        path = os.path.join(frozen_dir, name + ".frozen.pt")
        try:
            module = torch.jit.load(path)
            inputs = torch.load(os.path.join(cases_dir, name + ".inputs.pt"))
            expected = torch.load(os.path.join(cases_dir, name + ".expected.pt"))
            with torch.no_grad():
                torch.testing.assert_close(module(*inputs), expected, rtol=c["rtol"], atol=c["atol"])
        except Exception as e:  # noqa: BLE001 - every failure is reported, then counted
            failures += 1
            print(f"---- {name}: {type(e).__name__}: {str(e)[:600]}")
    print(f"{len(cases) - failures} passed, {failures} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
