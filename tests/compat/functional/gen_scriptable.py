#!/usr/bin/python3
"""Which functions of torch.nn.functional PyTorch 1.13 can script, for scriptable_test.cpp.

usage: /usr/bin/python3 gen_scriptable.py OUT.json

For every public function of torch.nn.functional, the one-line function
`def fn(x0: Tensor):\\n    return torch.nn.functional.<name>(x0)` is compiled with
torch.jit.CompilationUnit and classified:
  compiles    PyTorch compiles it (the name resolves and one tensor is a valid call);
  resolves    the name resolves but the call's arguments do not match (PyTorch's argument
              errors), so a call with the right arguments would compile;
  unresolved  TorchScript cannot call the name at all (helpers such as handle_torch_function).
scriptable_test.cpp asserts that ember compiles the `compiles` ones and resolves the `resolves`
ones (any error but an unknown name).
"""
import inspect
import json
import os
import sys
import warnings

import torch  # noqa: F401  (CompilationUnit resolves `torch` in its caller's frame)
import torch.nn.functional as F

# Parts of PyTorch's compile errors that come from matching a call's arguments, not its name.
ARGUMENT_ERRORS = ("Arguments for call are not valid", "not provided.", "missing value for argument", "isIntList()",
                   "Expected a value of type")


def classify(source):
    try:
        torch.jit.CompilationUnit(source)
        return "compiles"
    except Exception as e:  # noqa: BLE001 - PyTorch's compile error decides the class
        return "resolves" if any(p in str(e) for p in ARGUMENT_ERRORS) else "unresolved"


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    warnings.simplefilter("ignore")
    out = []
    for name in sorted(dir(F)):
        obj = getattr(F, name)
        if name.startswith("_") or not callable(obj) or inspect.isclass(obj) or inspect.ismodule(obj) or \
                getattr(obj, "__module__", "") == "typing":
            continue
        source = f"def fn(x0: Tensor):\n    return torch.nn.functional.{name}(x0)\n"
        out.append({"name": name, "source": source, "pytorch": classify(source)})
    os.makedirs(os.path.dirname(os.path.abspath(sys.argv[1])), exist_ok=True)
    with open(sys.argv[1], "w") as fh:
        json.dump(out, fh, indent=0)
    counts = {k: sum(c["pytorch"] == k for c in out) for k in ("compiles", "resolves", "unresolved")}
    print(f"{len(out)} functions of torch.nn.functional: {counts}")


if __name__ == "__main__":
    main()
