"""Writes the model zoo of the archive differential suite (run with /usr/bin/python3, which has
PyTorch 1.13 and torchvision):

  OUT/<case>.pt           the archive torch.jit.save (or _save_for_lite_interpreter) wrote
  OUT/<case>.inputs.pt    torch.save of the tuple of positional arguments
  OUT/<case>.expected.pt  torch.save of what PyTorch's loaded archive returned for them
  OUT/zoo.json            [{"name", "method", "rtol", "atol", "group"}] in case order

ember loads each archive, calls the method on the inputs and compares with the expected value
(models_test.cpp). Output is cached: OUT/stamp holds a hash of this file, the case files and the
torch version; nothing is regenerated while it matches. Weights are random (seeded): no download.

Usage: gen_zoo.py OUT [--only SUBSTRING]
"""
import hashlib
import io
import json
import os
import sys

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import zoo_custom  # noqa: E402
import zoo_nn_missing  # noqa: E402
import zoo_nn  # noqa: E402
import zoo_vision  # noqa: E402

GROUPS = [zoo_custom, zoo_nn, zoo_nn_missing, zoo_vision]


def plain(v):
    """NamedTuples returned by loaded archives have classes pickle cannot name: plain tuples."""
    if isinstance(v, tuple):
        return tuple(plain(e) for e in v)
    if isinstance(v, list):
        return [plain(e) for e in v]
    if isinstance(v, dict):
        return {k: plain(e) for k, e in v.items()}
    return v


def stamp():
    h = hashlib.sha256(torch.__version__.encode())
    for name in sorted(os.listdir(HERE)):
        if name.endswith(".py"):
            with open(os.path.join(HERE, name), "rb") as f:
                h.update(name.encode() + f.read())
    return h.hexdigest()


class Zoo:
    def __init__(self, out, only):
        self.out = out
        self.only = only
        self.manifest = []

    def add(self, name, module, inputs, method="forward", rtol=1e-4, atol=1e-5, group="custom",
            lite=False, save=None):
        """Saves `module` (scripted/traced/frozen already), reloads it with torch.jit.load and
        records what the reloaded module returns: the archive is the reference, exactly as ember
        sees it."""
        if self.only and self.only not in name:
            return
        path = os.path.join(self.out, name + ".pt")
        if save is not None:
            save(module, path)
        elif lite:
            module._save_for_lite_interpreter(path)
        else:
            torch.jit.save(module, path)
        loaded = torch.jit.load(path)
        with torch.no_grad():
            expected = getattr(loaded, method)(*inputs)
        torch.save(tuple(inputs), os.path.join(self.out, name + ".inputs.pt"))
        torch.save(plain(expected), os.path.join(self.out, name + ".expected.pt"))
        self.manifest.append({"name": name, "method": method, "rtol": rtol, "atol": atol, "group": group})


def main():
    out = sys.argv[1]
    only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else None
    os.makedirs(out, exist_ok=True)
    stamp_path = os.path.join(out, "stamp")
    digest = stamp()
    if not only and os.path.exists(stamp_path) and open(stamp_path).read() == digest:
        return
    torch.manual_seed(0)
    zoo = Zoo(out, only)
    for group in GROUPS:
        group.cases(zoo)
    with open(os.path.join(out, "zoo.json"), "w") as f:
        json.dump(zoo.manifest, f, indent=1)
    if not only:
        with open(stamp_path, "w") as f:
            f.write(digest)


if __name__ == "__main__":
    main()
