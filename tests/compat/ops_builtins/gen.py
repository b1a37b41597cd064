#!/usr/bin/python3
"""Writes PyTorch's answers for the scalar/list/dict/str builtin operator tests.

Usage: /usr/bin/python3 gen.py OUTDIR

Every module cases_<family>.py next to this file defines `cases(c)` and calls c.op(...) or
c.script(...) (see Collector). For each family this writes OUTDIR/<family>.json: one entry per
case with the operator's exact name, its inputs and what PyTorch 1.13 returned or the error text
it raised. ops_builtins_test.cpp runs the same operator in ember and compares.

Values travel as typed JSON (see encode): ints, bools, strings and None natively, floats as JSON
floats (non-finite ones as {"float": "nan"}), lists as {"list": [...], "elem": "int"}, tuples as
{"tuple": [...]}, dicts as {"dict": [[k, v], ...], "key": "str", "value": "int"}.

Output is cached: OUTDIR/stamp holds a hash of the generator sources and the torch version.
"""
import glob
import hashlib
import importlib.util
import json
import math
import os
import re
import sys
import traceback

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
from schema_text import split_top  # noqa: E402


class L(list):
    """A list with an explicit element type (needed for empty lists): L([], 'int')."""

    def __init__(self, items, elem):
        super().__init__(items)
        self.elem = elem


class D(dict):
    """A dict with explicit key and value types."""

    def __init__(self, items, key, value):
        super().__init__(items)
        self.key = key
        self.value = value


def type_of(v):
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int):
        return "int"
    if isinstance(v, float):
        return "float"
    if isinstance(v, str):
        return "str"
    if isinstance(v, complex):
        return "complex"
    if isinstance(v, L):
        return v.elem + "[]"
    if isinstance(v, list):
        if not v:
            raise ValueError("empty list needs L([], elem)")
        return type_of(v[0]) + "[]"
    if isinstance(v, tuple):
        return "(" + ", ".join(type_of(x) for x in v) + ")"
    if isinstance(v, D):
        return f"Dict({v.key}, {v.value})"
    if isinstance(v, dict):
        k, x = next(iter(v.items()))
        return f"Dict({type_of(k)}, {type_of(x)})"
    if v is None:
        return "NoneType"
    raise TypeError(f"unsupported value {v!r}")


def annotation(t):
    """Schema type -> Python annotation for the scripted wrappers."""
    if t.endswith("[]"):
        return f"List[{annotation(t[:-2])}]"
    if t.startswith("Dict("):
        k, v = t[5:-1].split(", ", 1)
        return f"Dict[{annotation(k)}, {annotation(v)}]"
    if t.startswith("("):
        return "Tuple[" + ", ".join(annotation(x) for x in split_top(t[1:-1])) + "]"
    return t



def encode(v):
    if v is None or isinstance(v, (bool, int, str)):
        return v
    if isinstance(v, float):
        if math.isnan(v):
            return {"float": "nan"}
        if math.isinf(v):
            return {"float": "inf" if v > 0 else "-inf"}
        return v
    if isinstance(v, list):
        elem = v.elem if isinstance(v, L) else (type_of(v[0]) if v else None)
        out = {"list": [encode(x) for x in v]}
        if elem:
            out["elem"] = elem
        return out
    if isinstance(v, tuple):
        return {"tuple": [encode(x) for x in v]}
    if isinstance(v, dict):
        key = v.key if isinstance(v, D) else (type_of(next(iter(v))) if v else "str")
        value = v.value if isinstance(v, D) else (type_of(next(iter(v.values()))) if v else "int")
        return {"dict": [[encode(k), encode(x)] for k, x in v.items()], "key": key, "value": value}
    if isinstance(v, complex):
        return {"complex": [encode(v.real), encode(v.imag)]}
    raise TypeError(f"cannot encode {v!r}")


def error_text(e):
    """The message PyTorch gives, without the TorchScript traceback or exception class."""
    text = str(e).strip()
    if "Traceback of TorchScript" in text:
        last = text.splitlines()[-1]
        m = re.match(r"^([A-Za-z_.]+Error|[A-Za-z_.]+Exception): ?(.*)$", last)
        return m.group(2) if m else last
    return text


class Collector:
    def __init__(self, family):
        self.family = family
        self.cases = []
        self.counter = 0
        self.L = L  # case modules build typed lists/dicts through these
        self.D = D

    def _record(self, name, args, run, extra):
        case = {"op": name, "args": [encode(a) for a in args]}
        if os.environ.get("GEN_TRACE"):  # find the case when PyTorch itself crashes
            print(name, args, file=sys.stderr, flush=True)
        case.update(extra)
        try:
            case["expected"] = encode(run())
        except Exception as e:  # noqa: BLE001 - any PyTorch error is an expected outcome
            case["error"] = error_text(e)
        self.cases.append(case)

    def op(self, name, *args, **extra):
        """Calls the exact overload through torch.ops (no overload resolution involved)."""
        ns, rest = name.split("::")
        base, _, overload = rest.partition(".")
        packet = getattr(getattr(torch.ops, ns), base)
        fn = getattr(packet, overload or "default")
        self._record(name, args, lambda: fn(*args), extra)

    def call(self, name, *args, mutates=None, **extra):
        """script() with the operator called as torch.ops.<ns>.<name>(a0, a1, ...): TorchScript
        resolves the overload from the argument types (checked against `name`)."""
        ns, rest = name.split("::")
        base = rest.partition(".")[0]
        call = f"torch.ops.{ns}.{base}(" + ", ".join(f"a{i}" for i in range(len(args))) + ")"
        self.script(name, call, *args, mutates=mutates, **extra)

    def python(self, name, *args, expected, why):
        """Where PyTorch fails with a C++ library error (an implementation accident such as
        "vector::reserve"), ember follows Python: `expected` is what Python computes."""
        self.cases.append({"op": name, "args": [encode(a) for a in args], "expected": encode(expected), "why": why})

    def crashes(self, name, *args):
        """PyTorch dies (SIGFPE) or never returns on these inputs, so there is no answer to record;
        ember must raise an error instead ("error": null accepts any message)."""
        self.cases.append({"op": name, "args": [encode(a) for a in args], "error": None})

    def script(self, name, call, *args, mutates=None, **extra):
        """For generic (`t`) operators that torch.ops cannot call: compiles
        `def f(a0, a1, ...): return <call>` with the argument types of `args`, checks that the
        graph calls `name`, and runs it. With mutates=i the wrapper returns (result, a_i) and
        the case compares both."""
        self.counter += 1
        params = ", ".join(f"a{i}: {annotation(type_of(a))}" for i, a in enumerate(args))
        if mutates is None:
            body = f"    return {call}\n"
        else:
            body = f"    r = {call}\n    return r, a{mutates}\n"
        src = f"def f({params}):\n{body}"
        cu = torch.jit.CompilationUnit(src)
        fn = cu.f
        check_graph_calls(fn.graph, name, src)
        if mutates is not None:
            extra = dict(extra, mutates=mutates)
        self._record(name, args, lambda: fn(*copy_args(args)), extra)


def copy_args(args):
    out = []
    for a in args:
        if isinstance(a, list):
            out.append(list(a))
        elif isinstance(a, dict):
            out.append(dict(a))
        else:
            out.append(a)
    return out


def check_graph_calls(graph, name, src):
    seen = []
    for node in graph.nodes():
        try:
            s = node.schema()
        except RuntimeError:
            continue
        full = str(s).split("(", 1)[0]
        seen.append(full)
        if full == name:
            return
    raise AssertionError(f"{src}\ndoes not call {name}; calls {seen}")


def sources_hash():
    h = hashlib.sha256(torch.__version__.encode())
    for path in sorted(glob.glob(os.path.join(HERE, "*.py"))) + [os.path.join(HERE, "..", "schema_text.py")]:
        with open(path, "rb") as f:
            h.update(f.read())
    return h.hexdigest()


def main():
    outdir = sys.argv[1]
    os.makedirs(outdir, exist_ok=True)
    stamp_path = os.path.join(outdir, "stamp")
    digest = sources_hash()
    if os.path.exists(stamp_path) and open(stamp_path).read() == digest:
        return 0
    failed = False
    for path in sorted(glob.glob(os.path.join(HERE, "cases_*.py"))):
        family = os.path.basename(path)[len("cases_"):-len(".py")]
        spec = importlib.util.spec_from_file_location(f"cases_{family}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        c = Collector(family)
        try:
            module.cases(c)
        except Exception:  # noqa: BLE001
            traceback.print_exc()
            failed = True
            continue
        with open(os.path.join(outdir, family + ".json"), "w") as f:
            json.dump(c.cases, f, indent=0)
        print(f"{family}: {len(c.cases)} cases")
    if failed:
        return 1
    with open(stamp_path, "w") as f:
        f.write(digest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
