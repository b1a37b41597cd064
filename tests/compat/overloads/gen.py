#!/usr/bin/python3
"""Records which overload PyTorch 1.13's TorchScript picks for one-line calls, and their results.

usage: /usr/bin/python3 gen.py OUTDIR

The calls are calls.py's hand-written ones plus one call generated from every overload of every
aten operator that has several (`torch._C._jit_get_all_schemas()`), with arguments synthesised
from the overload's types. Each call is compiled as `torch.jit.CompilationUnit` source
`def call(<ENV>):\n    return <call>`; a call PyTorch does not compile is dropped. For each kept
call, OUTDIR/cases.json records the operator nodes of the graph in order with the overload each
resolved to (`node.schema()`), and the result of running it on ENV's inputs (or the run-time error).
overloads_test.cpp checks that ember resolves every call to the same overloads and gets the same
result. Cached by a hash of the generator's sources and the torch version (OUTDIR/stamp).
"""
import hashlib
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "programs"))
sys.path.insert(0, os.path.join(HERE, ".."))  # schema_text.py

import calls  # noqa: E402
import gen_expected as codec  # noqa: E402  (the program corpus's value encoding)
from schema_text import split_top  # noqa: E402

# name, annotation, value: the inputs every call can use.
ENV = [
    ("x", "Tensor", "torch.tensor([[0.5, 1.5, 2.0], [3.0, -1.0, 4.0]])"),
    ("y", "Tensor", "torch.tensor([[1.0, -2.0, 0.25], [2.0, 3.0, -0.5]])"),
    ("v", "Tensor", "torch.tensor([1.0, 2.0, -3.0])"),
    ("i", "Tensor", "torch.tensor([0, 1])"),
    ("b", "Tensor", "torch.tensor([[True, False, True], [False, False, True]])"),
    ("z", "Tensor", "torch.tensor([[1, 2, 3], [4, 5, 6]])"),
    ("s", "Tensor", "torch.tensor(0.75)"),
    ("o", "Tensor", "torch.empty(0)"),
    ("n", "int", "2"),
    ("f", "float", "0.5"),
]
SIGNATURE = "def call(" + ", ".join(f"{name}: {ann}" for name, ann, _ in ENV) + "):"
# Nodes that build values rather than call an overloaded operator.
STRUCTURAL = {"prim::Constant", "prim::ListConstruct", "prim::TupleConstruct", "prim::ListUnpack",
              "prim::TupleUnpack", "prim::If", "prim::Loop", "prim::GetAttr", "prim::unchecked_cast",
              "prim::RaiseException", "prim::Uninitialized", "prim::TupleIndex", "prim::DictConstruct"}
# Operators whose values are random or uninitialised: only whether the call runs is compared.
NONDETERMINISTIC = {"aten::" + n for n in (
    "rand", "randn", "rand_like", "randn_like", "randint", "randint_like", "randperm", "normal", "normal_",
    "bernoulli", "bernoulli_", "uniform", "uniform_", "exponential", "exponential_", "random", "random_",
    "multinomial", "poisson", "binomial", "_standard_gamma", "_sample_dirichlet", "normal_functional",
    "geometric", "geometric_", "cauchy", "cauchy_", "log_normal", "log_normal_",
    "dropout", "feature_dropout", "alpha_dropout", "feature_alpha_dropout", "native_dropout", "rrelu",
    "rrelu_with_noise", "empty", "empty_like", "new_empty", "empty_strided", "new_empty_strided",
    # a geometry past the source's storage grows it with uninitialised memory
    "set", "set_")}
# Overload names whose calls are not generated: they need values the inputs cannot provide.
SKIP_TYPES = {"Dimname", "Dimname[]", "Generator", "Layout", "Storage", "Stream", "Any", "t", "t[]", "complex",
              "Tensor?[]", "str[]", "Device[]", "float[]", "bool[]", "__torch__", "Dict", "Future", "Union",
              "Scalar[]", "ScalarType[]", "AnyEnumType", "Capsule", "Await", "QScheme", "ConstQuantizerPtr"}
STR_VALUES = {"reduction": "'mean'", "rounding_mode": "'floor'", "approximate": "'none'", "mode": "'bilinear'",
              "padding_mode": "'zeros'", "interpolation": "'linear'", "side": "'left'", "indexing": "'ij'",
              "equation": "'ij->ji'", "UPLO": "'L'"}



def real_types(schema_str):
    """The declared type of each argument ("ScalarType", "SymInt[]", ...): torch's Python API
    exposes only the types TorchScript matches with (a ScalarType is an int there)."""
    inner = schema_str[schema_str.index("(") + 1:]
    depth = 1
    for k, ch in enumerate(inner):
        depth += ch == "("
        depth -= ch == ")"
        if depth == 0:
            inner = inner[:k]
            break
    types = []
    for part in split_top(inner):
        if part == "*":
            continue
        decl = part.split("=")[0].strip()
        ty = decl.rsplit(" ", 1)[0]
        types.append(re.sub(r"\([^)]*\)", "", ty).replace(" ", ""))
    return types


def value_for(ty, name, tensors):
    """A TorchScript expression of type `ty` for the argument `name`, or None."""
    base = ty.rstrip("?")
    base = re.sub(r"\[\d+\]$", "[]", base)
    if base in SKIP_TYPES or base.startswith("__torch__"):
        return None
    if base == "Tensor":
        if name in ("index", "indices"):
            return "i"
        if name == "mask":
            return "b"
        return next(tensors, None)
    if base == "Tensor[]":
        return "[x, y]"
    if base in ("int", "SymInt"):
        return "0" if name.startswith("dim") else "1"
    if base in ("int[]", "SymInt[]"):
        if "size" in name or "shape" in name:
            return "[3, 2]"
        return "[0]" if name.startswith("dim") else "[1]"
    if base == "float":
        return "0.5"
    if base == "Scalar":
        return "2"
    if base == "bool":
        return "False"
    if base == "str":
        return STR_VALUES.get(name)
    if base == "ScalarType":
        return "torch.float64"
    if base == "Device":
        return "torch.device('cpu')"
    if base == "MemoryFormat":
        return "torch.contiguous_format"
    return None


def calls_for(schema):
    """The call expressions generated for one overload: as a method of x when its first argument
    is a Tensor `self`, and as a function of torch."""
    text = str(schema)
    types = real_types(text)
    if len(types) != len(schema.arguments):
        return []
    name = schema.name.split("::")[1]
    if name.startswith("_") or name.startswith("__"):
        return []
    tensors = iter(["x", "y", "x", "y", "x", "y", "x", "y"])
    positional, keywords = [], []
    for arg, ty in zip(schema.arguments, types):
        if arg.has_default_value() and not arg.is_out:
            continue
        if arg.is_out:
            value = "o"
        else:
            value = value_for(ty, arg.name, tensors)
        if value is None:
            return []
        (keywords if arg.kwarg_only else positional).append((arg.name, value))
    exprs = []
    kw = [f"{k}={v}" for k, v in keywords]
    # The same call with the defaulted positional arguments given too, as far as values for them
    # can be made: exercises the matching of every argument type, not only the required ones.
    full = []
    tensors = iter(["x", "y", "x", "y", "x", "y", "x", "y"])
    for arg, ty in zip(schema.arguments, types):
        if arg.kwarg_only:
            break
        value = value_for(ty, arg.name, tensors)
        if value is None:
            break
        full.append(value)
    if len(full) > len(positional) and not any(a.is_out for a in schema.arguments):
        exprs.append("torch." + name + "(" + ", ".join(full + kw) + ")")
    if positional and positional[0][0] == "self" and positional[0][1] == "x" and not any(a.is_out for a in schema.arguments):
        exprs.append("x." + name + "(" + ", ".join([v for _, v in positional[1:]] + kw) + ")")
    exprs.append("torch." + name + "(" + ", ".join([v for _, v in positional] + kw) + ")")
    return exprs


def generated_calls(torch):
    by_name = {}
    for schema in torch._C._jit_get_all_schemas():
        if schema.name.startswith("aten::"):
            by_name.setdefault(schema.name, []).append(schema)
    out = []
    for name in sorted(by_name):
        if len(by_name[name]) < 2:
            continue
        for schema in by_name[name]:
            out += calls_for(schema)
    return out


def operator_nodes(graph):
    """[kind, "name.overload" or ""] of every operator node, nested blocks included, in order."""
    out = []

    def walk(block_nodes):
        for node in block_nodes:
            kind = node.kind()
            if kind not in STRUCTURAL:
                schema = node.schema()
                if schema == "(no schema)":
                    out.append([kind, ""])
                else:
                    parsed = torch_module._C.parse_schema(schema)
                    out.append([kind, parsed.name + ("." + parsed.overload_name if parsed.overload_name else "")])
            for block in node.blocks():
                walk(block.nodes())

    walk(graph.nodes())
    return out


def inputs(torch):
    return [codec.encode(eval(value, {"torch": torch})) for _, _, value in ENV]


def record(torch, expr, encoded_inputs):
    source = SIGNATURE + "\n    return " + expr + "\n"
    try:
        cu = torch.jit.CompilationUnit(source)
    except Exception:  # noqa: BLE001 - a call PyTorch rejects is not a case
        return None
    case = {"call": expr, "source": source, "nodes": operator_nodes(cu.call.graph)}
    if any(kind in NONDETERMINISTIC for kind, _ in case["nodes"]):
        case["values_unchecked"] = True
    torch.manual_seed(0)
    args = codec.decode(encoded_inputs)
    try:
        case["result"] = codec.encode(cu.call(*args))
        json.dumps(case["result"])
    except (codec.CorpusError, TypeError):
        return None  # a result the encoding has no form for (complex numbers, a Generator)
    except Exception as e:  # noqa: BLE001 - the call's run-time error is its outcome
        case["error"] = codec.sanitize(str(e)).strip().split("\n")[-1]
    return case


def source_hash():
    h = hashlib.sha256()
    for path in [codec.torch_version_file(), os.path.abspath(__file__), os.path.join(HERE, "calls.py"),
                 os.path.join(HERE, "..", "programs", "gen_expected.py"), os.path.join(HERE, "..", "schema_text.py")]:
        with open(path, "rb") as fh:
            h.update(fh.read())
    return h.hexdigest()


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    outdir = argv[1]
    os.makedirs(outdir, exist_ok=True)
    stamp = os.path.join(outdir, "stamp")
    digest = source_hash()
    if os.path.exists(stamp) and open(stamp).read() == digest:
        return 0
    global torch_module
    import torch
    import warnings
    torch_module = torch
    codec.torch = torch
    warnings.simplefilter("ignore")
    encoded = inputs(torch)
    hand = list(dict.fromkeys(calls.CALLS))
    generated = [c for c in dict.fromkeys(generated_calls(torch)) if c not in set(hand)]
    cases, dropped = [], []
    for origin, exprs in (("hand", hand), ("generated", generated)):
        for expr in exprs:
            case = record(torch, expr, encoded)
            if case is None:
                if origin == "hand":
                    dropped.append(expr)
                continue
            case["origin"] = origin
            cases.append(case)
    if dropped:
        print("calls.py entries PyTorch does not compile or encode:\n  " + "\n  ".join(dropped), file=sys.stderr)
        return 1
    with open(os.path.join(outdir, "cases.json"), "w", encoding="utf-8") as fh:
        json.dump({"signature": SIGNATURE, "inputs": encoded, "cases": cases}, fh, indent=0)
    with open(stamp, "w") as fh:
        fh.write(digest)
    print(f"{len(cases)} calls ({len(hand)} hand-written, {len(cases) - len(hand)} generated)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
