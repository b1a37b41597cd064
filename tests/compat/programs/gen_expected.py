#!/usr/bin/python3
"""Runs every TorchScript program of the corpus under PyTorch 1.13 and records what it did.

usage: /usr/bin/python3 gen_expected.py OUTDIR [PROGRAM...]

For each corpus/<name>.py (see README.md for the trailer format) this writes
  OUTDIR/<name>.json        the expected outcome (value encoding in README.md)
  OUTDIR/<name>.graph.txt   str(graph) of the entry function, when it compiled
It fails loudly (exit status 1, nothing cached) when a program's EXPECT disagrees with what
PyTorch did, when an error's text lacks the trailer's MATCH string, or when two runs of the same
program give different results, so the corpus stays honest.
Cached: OUTDIR/stamp holds a hash of this file, every corpus file and torch/version.py; a rerun
with an up-to-date stamp does nothing (and does not even import torch). Naming PROGRAMs (file stems) checks only those and writes
no stamp (for authoring).
"""
import contextlib
import enum
import hashlib
import importlib.util
import io
import json
import math
import os
import re
import sys
from typing import Any, Dict, List, NamedTuple, Optional, Tuple, Union

torch = None  # imported only when the cache is stale, so an up-to-date rerun is instant

HERE = os.path.dirname(os.path.abspath(__file__))
# EMBER_CORPUS_DIR: another corpus in the same format (tests/compat/autograd reuses this script);
# EMBER_CORPUS_UNOPTIMIZED=1 runs PyTorch's graph executor without optimisation.
CORPUS = os.environ.get("EMBER_CORPUS_DIR") or os.path.join(HERE, "corpus")
TRAILER_RE = re.compile(r"^# ([A-Z_]+): (.*)$")
REQUIRED = ("AREA", "MODE", "ENTRY", "INPUTS", "EXPECT")
EXPECTS = ("run", "compile_error", "runtime_error")



def environment():
    """The only globals a program sees (besides Python's builtins), in both modes."""
    return {
        "torch": torch,
        "math": math,
        "List": List,
        "Dict": Dict,
        "Tuple": Tuple,
        "Optional": Optional,
        "Union": Union,
        "Any": Any,
        "NamedTuple": NamedTuple,
        "Final": torch.jit.Final,
        "Enum": enum.Enum,
    }


class CorpusError(Exception):
    pass


def parse_program(path):
    """Returns (trailer dict, source text). The trailer is the block of `# KEY: json` lines at the end."""
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    lines = text.rstrip("\n").split("\n")
    trailer = {}
    i = len(lines)
    while i > 0:
        m = TRAILER_RE.match(lines[i - 1])
        if not m:
            break
        key = m.group(1)
        if key in trailer:
            raise CorpusError(f"{path}: duplicate trailer key {key}")
        try:
            trailer[key] = json.loads(m.group(2))
        except json.JSONDecodeError as e:
            raise CorpusError(f"{path}: trailer {key} is not one JSON value: {e}")
        i -= 1
    for key in REQUIRED:
        if key not in trailer:
            raise CorpusError(f"{path}: trailer lacks {key}")
    unknown = set(trailer) - set(REQUIRED) - {"MATCH"}
    if unknown:
        raise CorpusError(f"{path}: unknown trailer keys {sorted(unknown)}")
    if trailer["EXPECT"] not in EXPECTS:
        raise CorpusError(f"{path}: EXPECT must be one of {EXPECTS}")
    if trailer["MODE"] not in ("cu", "script"):
        raise CorpusError(f"{path}: MODE must be \"cu\" or \"script\"")
    if (trailer["EXPECT"] != "run") != ("MATCH" in trailer):
        raise CorpusError(f"{path}: MATCH is required for error cases and only for them")
    if not isinstance(trailer["INPUTS"], list):
        raise CorpusError(f"{path}: INPUTS must be a JSON array")
    return trailer, text


# ---- value encoding -------------------------------------------------------------------------

def dtype_name(dtype):
    return str(dtype).replace("torch.", "")


def encode_float(f):
    if math.isnan(f):
        return {"float": "nan"}
    if math.isinf(f):
        return {"float": "inf" if f > 0 else "-inf"}
    return f


def encode(v):
    if v is None or isinstance(v, (bool, int, str)):
        return v
    if isinstance(v, float):
        return encode_float(v)
    if isinstance(v, torch.Tensor):
        flat = v.detach().contiguous().reshape(-1).tolist()
        if v.dtype.is_floating_point:
            flat = [encode_float(x) for x in flat]
        return {"tensor": {"dtype": dtype_name(v.dtype), "sizes": list(v.shape), "data": flat}}
    if isinstance(v, tuple):
        out = {"tuple": [encode(x) for x in v]}
        if hasattr(v, "_fields"):
            out["fields"] = list(v._fields)
        return out
    if isinstance(v, list):
        return [encode(x) for x in v]
    if isinstance(v, dict):
        return {"dict": [[encode(k), encode(x)] for k, x in v.items()]}
    if isinstance(v, torch.dtype):
        return {"dtype": dtype_name(v)}
    if isinstance(v, torch.device):
        return {"device": str(v)}
    raise CorpusError(f"cannot encode a value of type {type(v).__name__}")


def decode(v):
    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    if isinstance(v, list):
        return [decode(x) for x in v]
    if isinstance(v, dict) and len(v) >= 1:
        if "float" in v:
            return float(v["float"])
        if "tuple" in v:
            return tuple(decode(x) for x in v["tuple"])
        if "dict" in v:
            return {decode(k): decode(x) for k, x in v["dict"]}
        if "tensor" in v:
            t = v["tensor"]
            dtype = getattr(torch, t["dtype"])
            data = [decode(x) for x in t["data"]]
            return torch.tensor(data, dtype=dtype).reshape(t["sizes"]).requires_grad_(t.get("requires_grad", False))
        if "dtype" in v:
            return getattr(torch, v["dtype"])
        if "device" in v:
            return torch.device(v["device"])
    raise CorpusError(f"cannot decode input {v!r}")


# ---- compiling and running ------------------------------------------------------------------

def sanitize(text):
    """Drops the checkout's absolute path and object addresses so outputs are reproducible."""
    return re.sub(r"(?<=at: )0x[0-9a-f]+", "0x?", text.replace(CORPUS + os.sep, ""))


def compile_program(name, path, trailer, text):
    """Returns the callable entry, or raises the compile error."""
    entry = trailer["ENTRY"]
    if trailer["MODE"] == "cu":
        env = environment()
        env["__source__"] = text
        # Names in the source resolve through this frame's globals: exactly environment().
        exec("__cu__ = torch.jit.CompilationUnit(__source__)", env)
        return getattr(env["__cu__"], entry)
    # script mode: the file is a Python module; torch.jit.script compiles the entry and whatever
    # it uses (classes, NamedTuples, other functions), as TorchScript does for Python code.
    modname = "corpus_" + name.split("_")[0]
    spec = importlib.util.spec_from_file_location(modname, path)
    module = importlib.util.module_from_spec(spec)
    module.__dict__.update(environment())
    sys.modules[modname] = module
    spec.loader.exec_module(module)
    return torch.jit.script(getattr(module, entry))


ERROR_LINE_RE = re.compile(r"^(?:builtins\.)?([A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Iteration)): ?(.*)$")


def describe_error(e, kind):
    full = sanitize(str(e))
    first = next((line for line in full.split("\n") if line.strip()), "")
    err = {"kind": kind, "type": type(e).__name__, "message": first.strip(), "full": full,
           "python_class": type(e).__module__ + "." + type(e).__qualname__}
    if kind == "runtime" and "<--- HERE" in full:
        # TorchScript traceback: the exception line follows the last source excerpt.
        tail = full[full.rindex("<--- HERE"):].split("\n")[1:]
        for i, line in enumerate(tail):
            m = ERROR_LINE_RE.match(line)
            if m:
                err["type"] = m.group(1)
                err["message"] = "\n".join([m.group(2)] + tail[i + 1:]).rstrip("\n")
                break
    return err


def run_once(fn, inputs):
    torch.manual_seed(0)
    args = decode(inputs)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            result = encode(fn(*args))
        except CorpusError:
            raise
        except Exception as e:  # noqa: BLE001 - any exception is the program's outcome
            result = {"error": describe_error(e, "runtime")}
    return {"result": result, "stdout": out.getvalue(), "inputs_after": encode(list(args))}


def process(name, path, outdir):
    trailer, text = parse_program(path)
    record = {"program": name, "area": trailer["AREA"], "mode": trailer["MODE"], "entry": trailer["ENTRY"],
              "inputs": trailer["INPUTS"], "expect": trailer["EXPECT"]}
    try:
        fn = compile_program(name, path, trailer, text)
    except Exception as e:  # noqa: BLE001
        record.update({"result": {"error": describe_error(e, "compile")}, "stdout": "", "inputs_after": None})
        actual = "compile_error"
    else:
        with open(os.path.join(outdir, name + ".graph.txt"), "w", encoding="utf-8") as fh:
            fh.write(sanitize(str(fn.graph)))
        first = run_once(fn, trailer["INPUTS"])
        second = run_once(fn, trailer["INPUTS"])
        if json.dumps(first) != json.dumps(second):
            raise CorpusError(f"{name}: two runs differ:\n  {json.dumps(first)}\n  {json.dumps(second)}")
        record.update(first)
        actual = "runtime_error" if isinstance(record["result"], dict) and "error" in record["result"] else "run"
    problems = []
    if actual != trailer["EXPECT"]:
        res = record["result"]
        detail = res["error"]["full"] if isinstance(res, dict) and "error" in res else json.dumps(res)
        problems.append(f"{name}: EXPECT {trailer['EXPECT']} but PyTorch gave {actual}:\n{detail}")
    elif "MATCH" in trailer and trailer["MATCH"] not in record["result"]["error"]["full"]:
        problems.append(f"{name}: error text lacks MATCH {trailer['MATCH']!r}:\n{record['result']['error']['full']}")
    with open(os.path.join(outdir, name + ".json"), "w", encoding="utf-8") as fh:
        json.dump(record, fh, ensure_ascii=False, indent=1)
        fh.write("\n")
    return problems


def corpus_files():
    return sorted(f for f in os.listdir(CORPUS) if f.endswith(".py"))


def torch_version_file():
    """torch/version.py, found without importing torch (which takes seconds)."""
    spec = importlib.util.find_spec("torch")
    if spec is None or spec.origin is None:
        raise CorpusError("this Python has no torch: run the script with /usr/bin/python3")
    return os.path.join(os.path.dirname(spec.origin), "version.py")


def corpus_hash(files):
    h = hashlib.sha256()
    for path in [torch_version_file(), os.path.abspath(__file__)] + [os.path.join(CORPUS, f) for f in files]:
        h.update(os.path.basename(path).encode())
        with open(path, "rb") as fh:
            h.update(fh.read())
    return h.hexdigest()


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    outdir = argv[1]
    only = set(argv[2:])
    os.makedirs(outdir, exist_ok=True)
    files = corpus_files()
    stamp_path = os.path.join(outdir, "stamp")
    digest = corpus_hash(files)
    if not only and os.path.exists(stamp_path) and open(stamp_path).read() == digest:
        return 0
    if os.path.exists(stamp_path):
        os.remove(stamp_path)
    global torch
    import torch as torch_module
    torch = torch_module
    if os.environ.get("EMBER_CORPUS_UNOPTIMIZED"):
        # Run the graphs as compiled, op by op: autograd is then PyTorch's eager engine on every
        # run (its JIT autodiff, used from the second run on, rounds differently).
        torch._C._set_graph_executor_optimize(False)
    if not only:
        for f in os.listdir(outdir):  # outputs of programs that no longer exist
            if f.endswith(".json") or f.endswith(".graph.txt"):
                os.remove(os.path.join(outdir, f))
    problems = []
    for f in files:
        name = f[:-3]
        if only and name not in only:
            continue
        try:
            problems += process(name, os.path.join(CORPUS, f), outdir)
        except CorpusError as e:
            problems.append(str(e))
    if problems:
        print(f"gen_expected.py: {len(problems)} program(s) disagree with PyTorch {torch.__version__}:",
              file=sys.stderr)
        for p in problems:
            print("---- " + p, file=sys.stderr)
        return 1
    if not only:
        with open(stamp_path, "w") as fh:
            fh.write(digest)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv))
    except CorpusError as e:
        print(f"gen_expected.py: {e}", file=sys.stderr)
        sys.exit(1)
