#!/usr/bin/python3
"""Writes PyTorch's answers for the tensor-op differential tests.

Usage: /usr/bin/python3 gen.py OUTDIR

Every module named cases_<family>.py next to this file defines `cases(c)` and calls
`c.add(...)` (see Collector.add). For each family this writes OUTDIR/<family>.json (the cases)
and OUTDIR/<family>.bin (the raw little-endian bytes of every input storage and every
expected output). The C++ side (harness.cpp) rebuilds the inputs with the same sizes,
strides, storage offsets and storage sharing, runs the op in ember and compares.

Output is cached: OUTDIR/stamp holds a hash of the generator sources and the torch version,
and nothing is regenerated while it matches.
"""
import hashlib
import importlib.util
import json
import math
import os
import sys
import traceback

import torch

HERE = os.path.dirname(os.path.abspath(__file__))

DTYPE_NAMES = {
    torch.bool: "bool", torch.uint8: "uint8", torch.int8: "int8", torch.int16: "int16",
    torch.int32: "int32", torch.int64: "int64", torch.float16: "float16",
    torch.bfloat16: "bfloat16", torch.float32: "float32", torch.float64: "float64",
}


def _raw_bytes(flat):
    """Bytes of a 1-D contiguous tensor, for any supported dtype."""
    if flat.dtype == torch.bfloat16:
        flat = flat.view(torch.int16)
    return flat.numpy().tobytes()


def _encode_args(value):
    """JSON has no NaN or infinity: non-finite floats travel as {"float": "nan" | "inf" | "-inf"}."""
    if isinstance(value, float) and not math.isfinite(value):
        return {"float": "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")}
    if isinstance(value, dict):
        return {k: _encode_args(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_encode_args(v) for v in value]
    return value


class Collector:
    def __init__(self, family):
        self.family = family
        self.cases = []
        self.blob = bytearray()
        self.names = set()

    def _append(self, data):
        offset = len(self.blob)
        self.blob += data
        # Keep every chunk 64-byte aligned so the C++ side may map it directly.
        self.blob += b"\0" * (-len(self.blob) % 64)
        return offset

    def _input_spec(self, t, storages):
        if not isinstance(t, torch.Tensor):
            raise TypeError(f"inputs must be tensors, got {type(t).__name__}; pass scalars in args")
        if t.dtype not in DTYPE_NAMES:
            raise TypeError(f"unsupported dtype {t.dtype}")
        st = t.storage()
        key = (st.data_ptr(), st.size(), t.dtype)
        if key not in storages:
            flat = torch.tensor([], dtype=t.dtype).set_(st)
            storages[key] = {"offset": self._append(_raw_bytes(flat.clone())),
                             "nbytes": st.size() * t.element_size(), "id": len(storages)}
        s = storages[key]
        return {"dtype": DTYPE_NAMES[t.dtype], "sizes": list(t.shape), "strides": list(t.stride()),
                "storage_offset": t.storage_offset(), "storage": s["id"],
                "data_offset": s["offset"], "data_nbytes": s["nbytes"]}

    def _output_spec(self, value):
        if isinstance(value, bool):
            value = torch.tensor(value, dtype=torch.bool)
        elif isinstance(value, int):
            value = torch.tensor(value, dtype=torch.int64)
        elif isinstance(value, float):
            value = torch.tensor(value, dtype=torch.float64)
        if not isinstance(value, torch.Tensor):
            raise TypeError(f"results must be tensors or Python scalars, got {type(value).__name__}")
        flat = value.detach().contiguous().reshape(-1)
        return {"dtype": DTYPE_NAMES[value.dtype], "sizes": list(value.shape), "strides": list(value.stride()),
                "data_offset": self._append(_raw_bytes(flat)), "data_nbytes": flat.numel() * value.element_size()}

    def add(self, name, op, inputs, fn, args=None, rtol=None, atol=None, check_strides=False,
            error_contains=None):
        """Records one case.

        name: unique "<family>.<op>.<variant>". op: the C++ adapter's key. inputs: torch tensors
        (views are kept as views; inputs sharing a storage share it in ember too). fn(*inputs):
        PyTorch's result (tensor, Python scalar, or tuple/list of them); if it raises, ember must
        raise too. args: JSON-able dict for the adapter.
        """
        if name in self.names:
            raise ValueError(f"duplicate case name {name}")
        self.names.add(name)
        storages = {}
        case = {"name": name, "op": op, "args": _encode_args(args if args is not None else {}),
                "inputs": [self._input_spec(t, storages) for t in inputs]}
        if rtol is not None:
            case["rtol"] = rtol
        if atol is not None:
            case["atol"] = atol
        if check_strides:
            case["check_strides"] = True
        if error_contains is not None:
            case["error_contains"] = error_contains
        # fn may modify its inputs in place: their bytes were captured above.
        try:
            result = fn(*inputs)
        except Exception as e:  # PyTorch rejects this case: ember must too.
            case["error"] = str(e).split("\n")[0]
        else:
            values = list(result) if isinstance(result, (tuple, list)) else [result]
            case["outputs"] = [self._output_spec(v) for v in values]
        json.dumps(case["args"], allow_nan=False)  # fail early on unserialisable args
        self.cases.append(case)


def case_modules():
    return sorted(f for f in os.listdir(HERE) if f.startswith("cases_") and f.endswith(".py"))


def source_hash():
    h = hashlib.sha256(torch.__version__.encode())
    for f in ["gen.py"] + case_modules():
        with open(os.path.join(HERE, f), "rb") as fh:
            h.update(f.encode() + b"\0" + fh.read())
    return h.hexdigest()


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: gen.py OUTDIR")
    outdir = sys.argv[1]
    os.makedirs(outdir, exist_ok=True)
    stamp_path = os.path.join(outdir, "stamp")
    digest = source_hash()
    if os.path.exists(stamp_path) and open(stamp_path).read() == digest:
        print("fixtures up to date")
        return
    torch.set_num_threads(1)
    total = 0
    for fname in case_modules():
        family = fname[len("cases_"):-3]
        spec = importlib.util.spec_from_file_location(fname[:-3], os.path.join(HERE, fname))
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        torch.manual_seed(0)
        collector = Collector(family)
        try:
            module.cases(collector)
        except Exception:
            traceback.print_exc()
            sys.exit(f"gen.py: {fname} failed")
        with open(os.path.join(outdir, family + ".bin"), "wb") as fh:
            fh.write(collector.blob)
        with open(os.path.join(outdir, family + ".json"), "w") as fh:
            json.dump({"family": family, "cases": collector.cases}, fh, allow_nan=False)
        total += len(collector.cases)
        print(f"{family}: {len(collector.cases)} cases")
    with open(stamp_path, "w") as fh:
        fh.write(digest)
    print(f"wrote {total} cases to {outdir}")


if __name__ == "__main__":
    main()
