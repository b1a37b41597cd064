#!/usr/bin/python3
"""Records PyTorch 1.13's OpInfo samples as TorchScript calls, with PyTorch's results.

usage: /usr/bin/python3 gen.py OUTDIR [op,op,...]

For every entry of op_db (torch.testing._internal.common_methods_invocations) and every dtype
of DTYPES the entry supports on CPU, each sample becomes one-line TorchScript functions
`def fn(x0: Tensor, ...):\n    return <call>`, one per form the op has:
  fn       torch.<name>(input, *args, **kwargs)    (when torch.<name> is the OpInfo's op, or
           SEEDED/SPELLED say how the OpInfo's lambda calls it)
  property x0.T, x0.mT, ... (PROPERTIES)
  method   x0.<method>(*args, **kwargs)
  inplace  x0.<method_>(*args, **kwargs)
  alias    the same forms under each alias name ("alias=<name>", "alias_method=<name>", ...)
Tensors become the function's inputs, everything else a literal. Each function is compiled with
torch.jit.CompilationUnit (a form PyTorch does not compile is not a case) and run on the sample's
tensors; the result, or the run-time error PyTorch raises, is recorded. A function whose result
differs between two runs with different seeds (random and uninitialised values) is marked
values_unchecked, as are the UNINITIALISED ops'; TIES explains "ties". OUTDIR/cases.json holds
the cases; opinfo_test.cpp runs them all through ember in one process. Complex inputs (complex64,
complex128) are stored as their (re, im) bytes, complex numbers spelled `complex(re, im)`; complex
results are recorded as their real views.
Cached by a hash of this file and the torch version (OUTDIR/stamp).
"""
import hashlib
import json
import math
import numpy
import os
import random
import sys
import time
import types
import unittest
import warnings

# torch.testing._internal imports expecttest, which Debian does not package.
sys.modules.setdefault("expecttest", types.SimpleNamespace(TestCase=unittest.TestCase, ACCEPT=False))

import torch  # noqa: E402  (a global: torch.jit.CompilationUnit resolves `torch` in its caller's frame)

# Ops whose results are uninitialised memory: dtype and shape compared only.
UNINITIALISED = {"empty", "empty_like", "new_empty", "new_empty_strided", "empty_strided"}
# Ops returning indices of values, where which of several equal values' index comes out is
# PyTorch's implementation's choice: with duplicate input values, their index results (int64
# tensors) are compared by dtype and shape only ("ties").
TIES = {"sort", "argsort", "msort", "topk", "kthvalue", "mode", "median", "nanmedian"}
DTYPE_NAMES = ["float32", "float64", "int64", "int32", "bool", "int16", "int8", "uint8", "float16", "bfloat16",
               "complex64", "complex128"]


class Unrepresentable(Exception):
    """A sample argument TorchScript source cannot spell (slices, generators, sparse tensors)."""


def literal(v, tensors):
    """The TorchScript expression for a sample argument; tensors become inputs x0, x1, ..."""
    if isinstance(v, torch.Tensor):
        if v.dtype == torch.complex32 or v.layout != torch.strided or v.is_quantized:
            raise Unrepresentable("tensor kind")
        tensors.append(v)
        return f"x{len(tensors) - 1}"
    if isinstance(v, torch.Size):
        v = tuple(v)
    if isinstance(v, (list, tuple)):
        inner = ", ".join(literal(e, tensors) for e in v)
        if isinstance(v, tuple):
            return f"({inner}{',' if len(v) == 1 else ''})"
        return f"[{inner}]"
    if isinstance(v, bool) or v is None:
        return repr(v)
    if isinstance(v, int):
        return repr(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "float('nan')"
        if math.isinf(v):
            return "float('inf')" if v > 0 else "float('-inf')"
        return repr(v)
    if isinstance(v, complex):  # TorchScript 1.13 folds complex(re, im) of literals to a constant
        return f"complex({literal(v.real, tensors)}, {literal(v.imag, tensors)})"
    if isinstance(v, str):
        return repr(v)
    if isinstance(v, torch.dtype):
        if v == torch.complex32:
            raise Unrepresentable("complex32 dtype")
        return str(v)
    if isinstance(v, torch.device):
        return f"torch.device('{v}')"
    if isinstance(v, (torch.memory_format, torch.layout)):
        return str(v)
    raise Unrepresentable(type(v).__name__)


def resolves_to(torch, name, obj, exists=False):
    """Whether torch.<name> (name dotted) is obj (with exists: whether it is anything)."""
    cur = torch
    for part in name.split("."):
        cur = getattr(cur, part, None)
        if cur is None:
            return False
    return exists or cur is obj


def method_name(variant):
    """The Tensor method name of a method variant, or None (a lambda or a partial)."""
    name = getattr(variant, "__name__", None)
    return name if name and getattr(torch.Tensor, name, None) is variant else None


def _as_given(sample):
    return [sample.input, *sample.args], sample.kwargs


def _second_first(sample):
    return [sample.args[0], sample.input, *sample.args[1:]], sample.kwargs


# Ops whose OpInfo `op` is a lambda reordering the arguments of a torch function: the callee,
# and how a sample's arguments are spelled as its call.
SPELLED = {
    "einsum": ("torch.einsum", lambda s: ([s.args[0], s.input], s.kwargs)),
    "polygamma": ("torch.polygamma", _second_first),
    "nn.functional.embedding": ("torch.nn.functional.embedding", _second_first),
    "nn.functional.embedding_bag": ("torch.nn.functional.embedding_bag", _second_first),
}
# Ops whose `op` wraps torch.<name> only to seed the generator: called as torch.<name>.
SEEDED = {"nn.functional.dropout", "nn.functional.dropout2d", "nn.functional.dropout3d",
          "nn.functional.feature_alpha_dropout", "nn.functional.rrelu", "nn.functional.fractional_max_pool2d",
          "nn.functional.fractional_max_pool3d", "multinomial", "normal", "bernoulli", "randn_like", "rand_like",
          "randint_like"}
# Ops that are Tensor properties (`x.T`).
PROPERTIES = {"T", "H", "mT", "mH"}


def forms(torch, op):
    """(form, callee, spell) triples: callee "torch.<name>", ".<method>" or ".<property>" (spell
    None), spell(sample) -> (positional arguments, keyword arguments) for a torch.<name> callee."""
    out = []
    if resolves_to(torch, op.name, op.op) or (op.name in SEEDED and resolves_to(torch, op.name, None, True)):
        out.append(("fn", "torch." + op.name, _as_given))
    if op.name in SPELLED:
        out.append(("fn", SPELLED[op.name][0], SPELLED[op.name][1]))
    if op.name in PROPERTIES:
        out.append(("property", "." + op.name, None))
    if method_name(op.method_variant):
        out.append(("method", "." + method_name(op.method_variant) + "(", None))
    if method_name(op.inplace_variant):
        out.append(("inplace", "." + method_name(op.inplace_variant) + "(", None))
    for alias in op.aliases:
        name = alias.name[len("torch."):] if alias.name.startswith("torch.") else alias.name
        if alias.op is not None and resolves_to(torch, name, alias.op):
            out.append(("alias=" + name, "torch." + name, _as_given))
        if method_name(alias.method_variant):
            out.append(("alias_method=" + name, "." + method_name(alias.method_variant) + "(", None))
        if method_name(alias.inplace_variant):
            out.append(("alias_inplace=" + name, "." + method_name(alias.inplace_variant) + "(", None))
    return out


def source_for(torch, callee, spell, sample, out=None):
    """The function's source and its tensor inputs; with `out` (a tensor), the call also passes
    out=<that tensor> as the function's last input."""
    tensors = []
    if callee.startswith("."):
        if not isinstance(sample.input, torch.Tensor):
            raise Unrepresentable("method of a non-tensor")
        receiver = literal(sample.input, tensors)
        if not callee.endswith("("):  # a property
            params = ", ".join(f"x{j}: Tensor" for j in range(len(tensors)))
            return f"def fn({params}):\n    return {receiver}{callee}\n", tensors
        head = receiver + callee
        positional, kwargs = sample.args, sample.kwargs
    else:
        head = callee + "("
        positional, kwargs = spell(sample)
    args = [literal(a, tensors) for a in positional]
    for k, v in kwargs.items():
        if k == "out":
            raise Unrepresentable("out=")
        args.append(f"{k}={literal(v, tensors)}")
    if out is not None:
        args.append(f"out={literal(out, tensors)}")
    params = ", ".join(f"x{j}: Tensor" for j in range(len(tensors)))
    return f"def fn({params}):\n    return {head}{', '.join(args)})\n", tensors


def encode_tensor(t):
    if t.layout != torch.strided or t.is_quantized:
        raise Unrepresentable("tensor layout")
    t = t.detach().resolve_conj().resolve_neg().contiguous()
    if t.dtype in (torch.complex32, torch.quint8, torch.qint8, torch.qint32):
        raise Unrepresentable("complex32 or quantized tensor")
    # complex64/complex128 bytes are their (re, im) pairs, as numpy and ember store them.
    raw = t.numpy().tobytes() if t.dtype not in (torch.bfloat16, torch.float16) else \
        t.view(torch.int16).numpy().tobytes()
    return {"dtype": str(t.dtype).replace("torch.", ""), "sizes": list(t.shape), "hex": raw.hex()}


def encode(v, tensor_id):
    """Results: {"t": tensor id} | {"t": id of its real view, "complex": true} | {"tuple": [...]} | [...] | int | bool | None | {"f": float.hex()}
    | {"c": [re.hex(), im.hex()]} | {"dtype": name}."""
    if isinstance(v, torch.Tensor) and (v.dtype == torch.complex32 or v.layout != torch.strided):
        raise Unrepresentable("complex32 or non-strided tensor")
    if isinstance(v, torch.Tensor) and v.is_complex():
        return {"t": tensor_id(torch.view_as_real(v.resolve_conj())), "complex": True}
    if isinstance(v, torch.Tensor):
        return {"t": tensor_id(v)}
    if isinstance(v, tuple):
        return {"tuple": [encode(e, tensor_id) for e in v]}
    if isinstance(v, list):
        return [encode(e, tensor_id) for e in v]
    if v is None or isinstance(v, (bool, int)):
        return v
    if isinstance(v, float):
        return {"f": v.hex()}
    if isinstance(v, complex):
        return {"c": [v.real.hex(), v.imag.hex()]}
    if isinstance(v, torch.dtype):
        return {"dtype": str(v).replace("torch.", "")}
    raise Unrepresentable(type(v).__name__)


def same(a, b):
    """Whether two results are identical (NaN equal to NaN)."""
    if isinstance(a, torch.Tensor) and a.is_complex():
        return isinstance(b, torch.Tensor) and b.is_complex() and same(torch.view_as_real(a.resolve_conj()),
                                                                       torch.view_as_real(b.resolve_conj()))
    if isinstance(a, torch.Tensor):
        return isinstance(b, torch.Tensor) and a.shape == b.shape and a.dtype == b.dtype and \
            bool(torch.equal(torch.nan_to_num(a), torch.nan_to_num(b)) if a.is_floating_point() else torch.equal(a, b))
    if isinstance(a, (tuple, list)):
        return type(a) is type(b) and len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b or (isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b))


class Recorder:
    def __init__(self, torch):
        self.torch = torch
        self.units = {}
        self.tensor_ids = {}
        self.tensors = []

    def unit(self, src):
        if src not in self.units:
            try:
                self.units[src] = self.torch.jit.CompilationUnit(src)
            except Exception:  # noqa: BLE001 - PyTorch does not compile this form: not a case
                self.units[src] = None
        return self.units[src]

    def tensor_id(self, t):
        enc = encode_tensor(t)
        key = json.dumps(enc, sort_keys=True)
        if key not in self.tensor_ids:
            self.tensor_ids[key] = len(self.tensors)
            self.tensors.append(enc)
        return self.tensor_ids[key]

    def run(self, cu, tensors, seed):
        self.torch.manual_seed(seed)
        return cu.fn(*[t.clone() for t in tensors])

    def record(self, src, tensors, op):
        self.last_result = None
        cu = self.unit(src)
        if cu is None:
            return None
        case = {"source": src, "inputs": [self.tensor_id(t) for t in tensors]}
        try:
            with self.torch.no_grad():
                first = self.run(cu, tensors, 0)
                second = self.run(cu, tensors, 1)
        except Exception as e:  # noqa: BLE001 - PyTorch's run-time error is the expected outcome
            case["error"] = str(e).strip().split("\n")[-1][:300]
            return case
        self.last_result = first
        case["result"] = encode(first, self.tensor_id)
        if not same(first, second) or op.name in UNINITIALISED:
            case["values_unchecked"] = True
        if op.name in TIES and tensors and tensors[0].numel() != torch.unique(tensors[0].double()).numel():
            case["ties"] = True
        return case


def out_form(rec, op, callee, spell, sample, result):
    """The `out=` form of a torch.<name> call whose result is one tensor: the same call writing
    into an empty tensor of the result's dtype (resized by the op, as PyTorch resizes empty outputs
    without a warning), as a last input. None when TorchScript does not compile it."""
    if "out" in sample.kwargs:
        return None
    out = torch.empty(0, dtype=result.dtype)
    try:
        src, tensors = source_for(torch, callee, spell, sample, out=out)
        return rec.record(src, tensors, op)
    except Unrepresentable:
        return None


def generate(torch, op_db, only):
    rec = Recorder(torch)
    cases, stats = [], {"unscriptable": 0, "unrepresentable": 0, "sample_errors": 0}
    for op in op_db:
        if only and op.name not in only:
            continue
        op_forms = forms(torch, op)
        if not op_forms:
            continue
        key = op.name + ("." + op.variant_test_name if op.variant_test_name else "")
        supported = op.supported_dtypes("cpu")
        for dtype_name in DTYPE_NAMES:
            dtype = getattr(torch, dtype_name)
            if dtype not in supported:
                continue
            torch.manual_seed(0)
            random.seed(0)
            numpy.random.seed(0)
            try:
                samples = list(op.sample_inputs("cpu", dtype, requires_grad=False))
            except Exception:  # noqa: BLE001 - OpInfo's own generator fails (Python 3.11 vs 1.13)
                stats["sample_errors"] += 1
                continue
            for index, sample in enumerate(samples):
                for form, callee, spell in op_forms:
                    try:
                        src, tensors = source_for(torch, callee, spell, sample)
                        case = rec.record(src, tensors, op)
                    except Unrepresentable:
                        stats["unrepresentable"] += 1
                        continue
                    if case is None:
                        stats["unscriptable"] += 1
                        continue
                    case["id"] = f"{key} {dtype_name} {form} {index}"
                    case["op"] = key
                    cases.append(case)
                    if form == "fn" and op.supports_out and isinstance(rec.last_result, torch.Tensor):
                        out_case = out_form(rec, op, callee, spell, sample, rec.last_result)
                        if out_case is not None:
                            out_case["id"] = f"{key} {dtype_name} out {index}"
                            out_case["op"] = key
                            cases.append(out_case)
                        else:
                            stats["unscriptable"] += 1
    return cases, rec.tensors, stats


def source_hash(torch_version):
    h = hashlib.sha256(torch_version.encode())
    with open(os.path.abspath(__file__), "rb") as fh:
        h.update(fh.read())
    return h.hexdigest()


def main(argv):
    if len(argv) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 2
    outdir = argv[1]
    only = set(argv[2].split(",")) if len(argv) == 3 else None
    os.makedirs(outdir, exist_ok=True)
    warnings.simplefilter("ignore")
    stamp = os.path.join(outdir, "stamp")
    digest = source_hash(torch.__version__ + repr(sorted(only or [])))
    if os.path.exists(stamp) and open(stamp).read() == digest:
        return 0
    from torch.testing._internal.common_methods_invocations import op_db
    torch.set_num_threads(1)
    start = time.time()
    cases, tensors, stats = generate(torch, op_db, only)
    with open(os.path.join(outdir, "cases.json"), "w", encoding="utf-8") as fh:
        json.dump({"tensors": tensors, "cases": cases}, fh, separators=(",", ":"))
    with open(stamp, "w") as fh:
        fh.write(digest)
    ops = len({c["op"] for c in cases})
    print(f"{len(cases)} cases of {ops} OpInfo entries in {time.time() - start:.0f}s; not generated: "
          + ", ".join(f"{v} {k}" for k, v in stats.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
