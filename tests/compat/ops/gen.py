#!/usr/bin/python3
"""Writes PyTorch's answers for the aten-operator differential tests.

Usage: /usr/bin/python3 gen.py OUTDIR

Every cases_<family>.py next to this file defines `cases(c)` and calls
`c.add("aten::add.Tensor", [arg0, arg1, ...], ...)` with the operator's arguments in schema
order (trailing arguments with defaults may be left out: they are filled from the schema). For
each case this calls torch.ops.aten.<name>.<overload> (keyword-only arguments by keyword) and
records the full argument list and PyTorch's result, or the error it raised, in
OUTDIR/<family>.json. The C++ side (ops_test.cpp) pushes the same values on a Stack, runs the
registered operator and compares.

Value encoding (JSON): ints, bools, strings and None as themselves; floats as JSON numbers with
a fraction (non-finite ones as {"float": "nan" | "inf" | "-inf"}); tensors as
{"tensor": {"dtype", "shape", "data" (row-major), "perm" (optional: the tensor is the given
data permuted by perm, so it is not contiguous), "strides" (the tensor's own, compared for results
of cases with check_strides)}}; lists as {"list": [...], "elem": "int" |
"float" | "bool" | "Tensor" | "Optional[Tensor]"}; dtypes as {"dtype": "float32"} (an int code
on the stack); devices as {"device": "cpu"}.

A case may instead hold a whole graph (Collector.add_graph): "graph" (IR text), "args" (its inputs)
and "outputs"; ember parses and runs it with its graph executor.

Output is cached: OUTDIR/stamp holds a hash of the generator sources and the torch version.
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
sys.path.insert(0, HERE)  # for caselib.py, shared by the cases files
sys.dont_write_bytecode = True  # keep the source tree free of __pycache__

DTYPE_NAMES = {
    torch.bool: "bool", torch.uint8: "uint8", torch.int8: "int8", torch.int16: "int16",
    torch.int32: "int32", torch.int64: "int64", torch.float16: "float16",
    torch.bfloat16: "bfloat16", torch.float32: "float32", torch.float64: "float64",
}
# c10::ScalarType codes, which dtypes are at run time.
DTYPE_CODES = {
    torch.uint8: 0, torch.int8: 1, torch.int16: 2, torch.int32: 3, torch.int64: 4, torch.float16: 5,
    torch.float32: 6, torch.float64: 7, torch.bool: 11, torch.bfloat16: 15,
}
MEMORY_FORMAT_CODES = {
    torch.contiguous_format: 0, torch.preserve_format: 1, torch.channels_last: 2, torch.channels_last_3d: 3,
}


def _float(x):
    if math.isfinite(x):
        return float(x)
    return {"float": "nan" if math.isnan(x) else ("inf" if x > 0 else "-inf")}


def _flat_values(t):
    t = t.detach()
    if t.dtype in (torch.float16, torch.bfloat16):
        t = t.float()
    flat = t.reshape(-1).tolist()
    if t.dtype.is_floating_point:
        return [_float(v) for v in flat]
    return flat


def encode_tensor(t):
    spec = {"dtype": DTYPE_NAMES[t.dtype]}
    if t.dim() > 1 and not t.is_contiguous():
        # A permutation of a contiguous tensor keeps its layout: order dims by stride.
        order = sorted(range(t.dim()), key=lambda d: -t.stride(d))
        base = t.permute(order)
        if base.is_contiguous():
            perm = [order.index(d) for d in range(t.dim())]
            spec.update(shape=list(base.shape), data=_flat_values(base), perm=perm, strides=list(t.stride()))
            return {"tensor": spec}
    spec.update(shape=list(t.shape), data=_flat_values(t), strides=list(t.stride()))
    return {"tensor": spec}


def _list_elem(type_str):
    inner = type_str
    if inner.startswith("Optional[") and inner.endswith("]"):
        inner = inner[len("Optional["):-1]
    if inner.startswith("List[") and inner.endswith("]"):
        return inner[len("List["):-1]
    return None


SCALAR_TYPES = ("number", "Optional[number]", "Scalar", "Optional[Scalar]")


def encode(value, type_str="Any", is_arg=False):
    """Encodes an argument (typed by its schema type) or a result."""
    if is_arg and isinstance(value, bool) and type_str in SCALAR_TYPES:
        # torch.ops turns a Python bool passed as a Scalar into an int (bool subclasses int), so
        # that is what PyTorch computed with.
        return int(value)
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return _float(value)
    if isinstance(value, torch.Tensor):
        return encode_tensor(value)
    if isinstance(value, torch.dtype):
        return {"dtype": DTYPE_NAMES[value]}
    if isinstance(value, torch.memory_format):
        return MEMORY_FORMAT_CODES[value]
    if isinstance(value, torch.layout):
        return 0 if value == torch.strided else 1
    if isinstance(value, torch.device):
        return {"device": str(value)}
    if isinstance(value, (list, tuple)):
        elem = _list_elem(type_str)
        if elem is None:  # a result: infer from the elements
            elem = "Tensor" if value and isinstance(value[0], torch.Tensor) else "Any"
        return {"list": [encode(v, elem) for v in value], "elem": elem}
    raise TypeError(f"cannot encode {type(value)}")


def _resolve(qualname):
    ns, rest = qualname.split("::")
    name, _, overload = rest.partition(".")
    packet = getattr(getattr(torch.ops, ns), name)
    return getattr(packet, overload or "default")


def _clone_arg(v):
    if isinstance(v, torch.Tensor):
        return v.clone() if v.is_contiguous() else v.clone().as_strided(v.shape, v.stride())
    if isinstance(v, list):
        return [_clone_arg(e) for e in v]
    return v


class Collector:
    def __init__(self, family):
        self.family = family
        self.cases = []
        self.names = set()

    def add(self, op, args, name=None, seed=None, rtol=None, atol=None, values=True, strides=False, ref=None):
        """Records one call. `values=False` compares only dtypes and shapes (uninitialised results);
        `strides=True` also compares the strides of tensor results (layouts of memory formats);
        `ref(*args)` computes PyTorch's answer where torch.ops cannot call the operator (generic
        `t[]` arguments), with all arguments in schema order."""
        fn = _resolve(op)
        schema = fn._schema
        params = list(schema.arguments)
        if len(args) > len(params):
            raise ValueError(f"{op}: {len(args)} arguments for {len(params)} parameters")
        full = list(args)
        for p in params[len(args):]:
            if not p.has_default_value():
                raise ValueError(f"{op}: argument '{p.name}' has no default and was not given")
            full.append(p.default_value)
        encoded = [encode(v, str(p.type), is_arg=True) for v, p in zip(full, params)]
        # Writes (in place and out=) must not change the recorded inputs.
        call_args = [_clone_arg(v) for v in full]
        positional, keywords = [], {}
        for v, p in zip(call_args, params):
            if p.kwarg_only:
                keywords[p.name] = v
            else:
                positional.append(v)
        case = {"op": op, "args": encoded}
        # Results written through an argument (`Tensor(a!)`) must be that argument.
        alias_of = []
        for r in schema.returns:
            idx = -1
            if r.alias_info is not None and r.alias_info.is_write:
                for i, p in enumerate(params):
                    if p.alias_info is not None and p.alias_info.before_set == r.alias_info.before_set:
                        idx = i
            alias_of.append(idx)
        case["alias_of"] = alias_of
        if seed is not None:
            case["seed"] = seed
            torch.manual_seed(seed)
        try:
            result = ref(*call_args) if ref is not None else fn(*positional, **keywords)
        except Exception as e:  # noqa: BLE001 - every PyTorch error means ember must raise too
            case["error"] = {"type": type(e).__name__, "message": str(e).splitlines()[0] if str(e) else ""}
        else:
            if len(schema.returns) > 1:
                case["outputs"] = [encode(r) for r in result]
            elif len(schema.returns) == 1:
                case["outputs"] = [encode(result, str(schema.returns[0].type))]
            else:
                case["outputs"] = []
        if not values:
            case["check_values"] = False
        if strides:
            case["check_strides"] = True
        if rtol is not None:
            case["rtol"] = rtol
        if atol is not None:
            case["atol"] = atol
        base = name or op.split("::")[1]
        unique, k = base, 1
        while unique in self.names:
            k += 1
            unique = f"{base}_{k}"
        self.names.add(unique)
        case["name"] = unique.replace(".", "_")
        self.cases.append(case)


    def add_graph(self, name, graph, inputs, outputs, rtol=None, atol=None):
        """Records a whole graph: IR text as PyTorch prints it, run on `inputs` (the graph's inputs in
        order) with PyTorch's `outputs` (one per graph output). ember parses the text and runs it
        through its graph executor."""
        case = {"name": name, "graph": graph, "args": [encode(v) for v in inputs],
                "outputs": [encode(o) for o in outputs], "alias_of": []}
        if rtol is not None:
            case["rtol"] = rtol
        if atol is not None:
            case["atol"] = atol
        if name in self.names:
            raise ValueError(f"duplicate graph case {name}")
        self.names.add(name)
        self.cases.append(case)


def _sources_hash():
    h = hashlib.sha256(torch.__version__.encode())
    for f in sorted(os.listdir(HERE)):
        if f.endswith(".py"):
            with open(os.path.join(HERE, f), "rb") as fh:
                h.update(f.encode() + fh.read())
    return h.hexdigest()


def main():
    outdir = sys.argv[1]
    os.makedirs(outdir, exist_ok=True)
    stamp_path = os.path.join(outdir, "stamp")
    digest = _sources_hash()
    if os.path.exists(stamp_path) and open(stamp_path).read() == digest:
        return 0
    torch.set_default_dtype(torch.float32)
    failed = False
    for f in sorted(os.listdir(HERE)):
        if not (f.startswith("cases_") and f.endswith(".py")):
            continue
        family = f[len("cases_"):-len(".py")]
        spec = importlib.util.spec_from_file_location(f[:-3], os.path.join(HERE, f))
        module = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(module)
            c = Collector(family)
            module.cases(c)
        except Exception:  # noqa: BLE001
            traceback.print_exc()
            failed = True
            continue
        with open(os.path.join(outdir, family + ".json"), "w") as fh:
            json.dump({"family": family, "cases": c.cases}, fh, allow_nan=False)
    if failed:
        return 1
    with open(stamp_path, "w") as fh:
        fh.write(digest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
