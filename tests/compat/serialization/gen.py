"""Writes the fixtures of the serialization differential suite (run with the Python that has
PyTorch 1.13):

  OUT/save/<case>.pt    files written by torch.save
  OUT/ts/<case>.pt      archives written by torch.jit.save
  OUT/spec.json         for each file, the value ember must load, encoded by `enc` below from the
                        object PyTorch saved (torch.save cases) or decoded from data.pkl and
                        constants.pkl by Python's own pickle module (TorchScript cases); plus the
                        errors expected for files ember must refuse, and the values the C++ test
                        saves for check.py to load with torch.load.

Usage: gen.py OUT
"""
import collections
import io
import json
import os
import pickle
import struct
import sys
import zipfile

import torch

DTYPE_NAMES = {
    torch.uint8: "uint8", torch.int8: "int8", torch.int16: "int16", torch.int32: "int32",
    torch.int64: "int64", torch.float16: "float16", torch.bfloat16: "bfloat16",
    torch.float32: "float32", torch.float64: "float64", torch.bool: "bool",
    torch.complex64: "complex64", torch.complex128: "complex128",
}
# ScalarType codes (FORMATS.md §4.3), what a dtype object loads as in TorchScript terms.
DTYPE_CODES = {torch.uint8: 0, torch.int8: 1, torch.int16: 2, torch.int32: 3, torch.int64: 4,
               torch.float16: 5, torch.float32: 6, torch.float64: 7, torch.complex64: 9,
               torch.complex128: 10, torch.bool: 11, torch.bfloat16: 15}


def fbits(x):
    return struct.pack("<d", x).hex()


class Encoder:
    """Encodes a loaded Python value as the JSON value ember's result is compared with.
    Storages are numbered by first appearance, so aliasing must match too."""

    def __init__(self):
        self.storages = {}  # data_ptr -> id
        self.storage_bytes = []

    def storage_id(self, t):
        s = t.storage().untyped()
        # Empty storages may share a null data pointer; each counts as its own.
        key = s.data_ptr() if s.nbytes() else ("empty", len(self.storage_bytes))
        if key not in self.storages:
            self.storages[key] = len(self.storage_bytes)
            self.storage_bytes.append(bytes(s.tolist()).hex())
        return self.storages[key]

    def enc(self, v):
        if v is None:
            return {"t": "none"}
        if isinstance(v, bool):
            return {"t": "bool", "v": v}
        if isinstance(v, int):
            return {"t": "int", "v": str(v)}
        if isinstance(v, float):
            return {"t": "float", "v": fbits(v)}
        if isinstance(v, complex):
            return {"t": "complex", "re": fbits(v.real), "im": fbits(v.imag)}
        if isinstance(v, str):
            return {"t": "str", "hex": v.encode("utf-8").hex()}
        if isinstance(v, bytes):
            return {"t": "str", "hex": v.hex()}
        if isinstance(v, torch.dtype):
            return {"t": "int", "v": str(DTYPE_CODES[v])}
        if isinstance(v, torch.device):
            return {"t": "device", "v": str(v)}
        if isinstance(v, torch.Tensor):
            return {"t": "tensor", "dtype": DTYPE_NAMES[v.dtype], "sizes": list(v.shape),
                    "strides": list(v.stride()), "offset": v.storage_offset(),
                    "requires_grad": v.requires_grad, "storage": self.storage_id(v)}
        if isinstance(v, tuple):  # torch.Size too
            return {"t": "tuple", "v": [self.enc(x) for x in v]}
        if isinstance(v, (list, set, frozenset)):
            out = {"t": "list", "v": [self.enc(x) for x in v]}
            if hasattr(v, "ts_type"):
                out["type"] = v.ts_type
            return out
        if isinstance(v, dict):
            out = {"t": "dict", "v": [[self.enc(k), self.enc(x)] for k, x in v.items()]}
            if hasattr(v, "ts_type"):
                out["type"] = v.ts_type
            return out
        if isinstance(v, TSObject):
            return {"t": "object", "class": v.cls, "attrs": [[k, self.enc(x)] for k, x in v.state.items()]}
        if isinstance(v, TSEnum):
            return {"t": "enum", "class": v.cls, "value": self.enc(v.value)}
        raise TypeError(type(v))


def encode(v):
    e = Encoder()
    return {"value": e.enc(v), "storages": e.storage_bytes}


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 2)
        self.register_buffer("running", torch.arange(4.0))

    def forward(self, x):
        return self.lin(x) + self.running.sum()


def save_cases():
    base = torch.arange(12.0)
    same = torch.tensor([1.0, 2.0])
    p = torch.nn.Parameter(torch.tensor([0.5, -1.5]))
    torch.manual_seed(0)
    net = Net()
    cases = {
        "tensor": torch.tensor([1.0, 2.0, 3.0]),
        "dtypes": {DTYPE_NAMES[d]: torch.tensor([1, 0, 3], dtype=d) for d in DTYPE_NAMES},
        "views": {"base": base, "tail": base[4:], "t": base.view(3, 4).t(), "step": base[::3]},
        "shapes": {"empty": torch.zeros(0, 3), "scalar": torch.tensor(3.5), "expanded": torch.tensor([1.0]).expand(4),
                   "channels_last": torch.arange(12.0).reshape(1, 3, 2, 2).to(memory_format=torch.channels_last)},
        "nested": {"list": [1, [2, 3], (4, 5)], "t": (torch.ones(2), "x"), "d": {"k": None, "f": 0.25}},
        "primitives": [0, -7, 255, 256, 65536, -2**31, 2**31, 2**40, 2**63 - 1, -2**63, 0.1, -0.0,
                       float("inf"), float("-inf"), 1e-300, "", "unié ☃", None, True, False],
        "size": torch.Size([2, 3]),
        "state_dict": net.state_dict(),
        "parameter": p,
        "requires_grad": torch.tensor([1.0, 2.0], requires_grad=True),
        "same_twice": [same, same, {"again": same}],
        "long_list": list(range(2500)),
        "device": torch.device("cpu"),
        "dtype_objects": [torch.float16, torch.int64, torch.bool],
        "bytes": b"\x00\xffraw",
        "complex": complex(1.0, -2.0),
        "sets": [{1, 2}, frozenset([3])],
        "int_keys": {1: "a", 2: "b"},
    }
    return cases


def error_cases():
    net = Net()
    return {
        "legacy": (torch.ones(2), "legacy format", {"_use_new_zipfile_serialization": False}),
        "quantized": (torch.quantize_per_tensor(torch.ones(2), 0.1, 0, torch.quint8), "quantized", {}),
        "sparse": (torch.eye(2).to_sparse(), "sparse", {}),
        "whole_module": (net, "unsupported global", {}),
        "huge_int": ([2**70], "64 bits", {}),
    }


# Values the C++ side builds from their encoding and saves; check.py loads them with torch.load.
def writable_cases():
    base = torch.arange(6, dtype=torch.float64)
    shared = torch.tensor([7, 8], dtype=torch.int32)
    return {
        "w_tensor": torch.tensor([1.0, -2.5, 3.25]),
        "w_dtypes": [torch.tensor([1, 0, 3], dtype=d) for d in DTYPE_NAMES],
        "w_views": (base, base[2:], base.view(2, 3).t(), shared, {"again": shared}),
        "w_nested": {"a": [1, 2**40, -5], "b": (0.5, "s", None, True), "c": {"x": [], "y": {}},
                     "e": torch.zeros(0, 2), "s": torch.tensor(2.0), "dev": torch.device("cpu"),
                     "z": complex(0.5, 2.0), "grad": torch.ones(2, requires_grad=True)},
        "w_long": list(range(2500)),
    }


class TaggedList(list):
    pass


class TaggedDict(dict):
    pass


class TSObject:
    def __init__(self, cls):
        self.cls = cls
        self.state = None


class TSEnum:
    def __init__(self, cls, value):
        self.cls, self.value = cls, value


class ArchiveUnpickler(pickle._Unpickler):
    """Python's own (pure-Python) unpickler reading a TorchScript pickle: the reference decoding
    of data.pkl. Its REDUCE also accepts the non-tuple argument of enum members (FORMATS.md §3.3)."""

    dispatch = dict(pickle._Unpickler.dispatch)

    def load_reduce(self):
        args = self.stack.pop()
        func = self.stack[-1]
        self.stack[-1] = func(*args) if isinstance(args, tuple) else func(args)

    dispatch[pickle.REDUCE[0]] = load_reduce

    def __init__(self, data, zf, root, folder):
        super().__init__(io.BytesIO(data))
        self.zf, self.root, self.folder = zf, root, folder
        self.cache = {}

    def persistent_load(self, pid):
        _, storage_type, key, _, _ = pid
        if key not in self.cache:
            raw = self.zf.read(f"{self.root}/{self.folder}/{key}")
            dtype = storage_type.dtype if hasattr(storage_type, "dtype") else storage_type(0).dtype
            t = torch.frombuffer(bytearray(raw), dtype=torch.uint8) if raw else torch.empty(0, dtype=torch.uint8)
            self.cache[key] = torch.storage.TypedStorage(wrap_storage=t.storage().untyped(), dtype=dtype)
        return self.cache[key]

    def find_class(self, module, name):
        if module.startswith("__torch__"):
            qual = f"{module}.{name}"

            class Cls:
                def __new__(cls, *args):
                    if args:  # enum member: GLOBAL, value, REDUCE
                        return TSEnum(qual, args[0])
                    return TSObject(qual)
            return Cls
        if module == "torch.jit._pickle":
            # Record the static type each helper gives its container.
            def tag(v, t):
                v = TaggedList(v) if isinstance(v, list) else TaggedDict(v)
                v.ts_type = t
                return v
            kinds = {"build_intlist": "List[int]", "build_doublelist": "List[float]",
                     "build_boollist": "List[bool]", "build_tensorlist": "List[Tensor]"}
            if name == "restore_type_tag":
                return tag
            return lambda v: tag(v, kinds[name])
        return super().find_class(module, name)


def _setstate(self, state):
    self.state = state if isinstance(state, dict) else {"__state__": state}


TSObject.__setstate__ = _setstate


def ts_source():
    return '''
import torch
from enum import Enum
from typing import Dict, List, NamedTuple, Tuple

class Color(Enum):
    RED = 1
    GREEN = 2

class Leaf(torch.nn.Module):
    def __init__(self, shared):
        super().__init__()
        self.shared = shared
        self.register_buffer("running", torch.arange(3.0))
    def forward(self, x):
        return x * self.shared + self.running.sum()

class Attrs(torch.nn.Module):
    color: Color
    def __init__(self):
        super().__init__()
        shared = torch.nn.Parameter(torch.tensor([2.0, 3.0]))
        self.a = Leaf(shared)
        self.b = Leaf(shared)
        self.n = 7
        self.f = 0.5
        self.s = "text"
        self.flag = True
        self.li = [1, 2, 3]
        self.lf = [0.5]
        self.ls = ["a", "b"]
        self.d = {"a": 1, "b": 2}
        self.dt = {"w": torch.ones(2)}
        self.tup = (1, "x")
        self.nested = [[1], [2, 3]]
        self.color = Color.GREEN
        self.base = torch.arange(6.0)
        self.view = self.base[2:]
    def forward(self, x):
        y = self.a(x) + self.b(x)
        if self.color == Color.GREEN:
            y = y + 1
        return y

class WithState(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w = torch.ones(2)
        self.k = 3
    @torch.jit.export
    def __getstate__(self) -> Tuple[torch.Tensor, int, bool]:
        return (self.w, self.k, self.training)
    @torch.jit.export
    def __setstate__(self, state: Tuple[torch.Tensor, int, bool]):
        self.w = state[0]
        self.k = state[1]
        self.training = state[2]
    def forward(self, x):
        return x + self.w

class Lin(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)
    def forward(self, x):
        return torch.nn.functional.gelu(self.lin(x)) + torch.tensor([1.0, 2.0, 3.0, 4.0])
'''


def ts_cases(outdir):
    src_path = os.path.join(outdir, "ts_models.py")
    with open(src_path, "w") as f:
        f.write(ts_source())
    sys.path.insert(0, outdir)
    import ts_models
    torch.manual_seed(0)
    mods = {
        "ts_attrs": torch.jit.script(ts_models.Attrs()),
        "ts_getstate": torch.jit.script(ts_models.WithState()),
        "ts_frozen": torch.jit.freeze(torch.jit.script(ts_models.Lin().eval())),
    }
    specs = {}
    for name, m in mods.items():
        path = os.path.join(outdir, "ts", name + ".pt")
        torch.jit.save(m, path)
        zf = zipfile.ZipFile(path)
        root = zf.namelist()[0].split("/")[0]
        e = Encoder()
        entry = {}
        for pkl, folder in (("data.pkl", "data"), ("constants.pkl", "constants")):
            value = ArchiveUnpickler(zf.read(f"{root}/{pkl}"), zf, root, folder).load()
            entry[pkl] = e.enc(value)
        version_name = f"{root}/.data/version" if f"{root}/.data/version" in zf.namelist() else f"{root}/version"
        entry["version"] = int(zf.read(version_name))
        entry["storages"] = e.storage_bytes
        specs[name] = entry
    return specs


def main():
    out = sys.argv[1]
    for sub in ("save", "ts", "errors", "ember"):
        os.makedirs(os.path.join(out, sub), exist_ok=True)
    spec = {"save": {}, "errors": {}, "writable": {}, "ts": {}}
    for name, obj in save_cases().items():
        torch.save(obj, os.path.join(out, "save", name + ".pt"))
        spec["save"][name] = encode(obj)
    # torch.save to a buffer: root folder "archive"
    buf = io.BytesIO()
    torch.save({"x": torch.ones(2)}, buf)
    with open(os.path.join(out, "save", "buffer_root.pt"), "wb") as f:
        f.write(buf.getvalue())
    spec["save"]["buffer_root"] = encode({"x": torch.ones(2)})
    # pickle protocol 4 (FRAME, SHORT_BINUNICODE, MEMOIZE, STACK_GLOBAL)
    proto4 = {"a": torch.arange(3), "b": [1.5, "two"]}
    torch.save(proto4, os.path.join(out, "save", "protocol4.pt"), pickle_protocol=4)
    spec["save"]["protocol4"] = encode(proto4)
    for name, (obj, message, kwargs) in error_cases().items():
        torch.save(obj, os.path.join(out, "errors", name + ".pt"), **kwargs)
        spec["errors"][name] = message
    for name, obj in writable_cases().items():
        spec["writable"][name] = encode(obj)
    spec["ts"] = ts_cases(out)
    with open(os.path.join(out, "spec.json"), "w") as f:
        json.dump(spec, f, indent=1)


if __name__ == "__main__":
    main()
