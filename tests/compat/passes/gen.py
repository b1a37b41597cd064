"""Differential pass fixtures: PyTorch 1.13's own passes run on real TorchScript graphs.

Usage: /usr/bin/python3 gen.py OUTDIR

Every cases_<family>.py in this folder defines CASES, a list of (name, passes, text) tuples, and
optionally KNOWN_DIFFERENCES, a dict from case name to the reason ember's result differs on
purpose (see README.md). `text` is IR text (it starts with "graph("), parsed with torch._C.parse_ir,
or TorchScript source with a function `fn`, compiled with torch.jit.CompilationUnit and inlined
(the unused function constants inlining leaves are removed). The graph's text is what ember
parses, so both start from the same graph. The
passes (comma-separated `torch._C._jit_pass_<name>` names) run in order, and OUTDIR/<family>.json
records the input text and the graph PyTorch prints afterwards.

Output is cached: OUTDIR/stamp holds a hash of the sources in this folder and the torch version.
"""
import hashlib
import importlib.util
import json
import os
import sys
import traceback

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # keep the source tree free of __pycache__


# Case-file spellings that are not `torch._C._jit_pass_<name>` names. cases_alias.py's
# "dce_alias" is PyTorch's alias-aware whole-graph DCE, which Python reaches only through
# constant propagation (each such case has one foldable node); both sides run that.
PASS_SPELLINGS = {"dce_alias": "constant_propagation_immutable_types"}


def _run_pass(name, graph):
    """Runs torch._C._jit_pass_<name>; returns the graph (canonicalize returns a new one)."""
    fn = getattr(torch._C, "_jit_pass_" + name, None)
    if fn is None:
        raise ValueError(f"PyTorch has no pass named {name!r}")
    result = fn(graph)
    return result if isinstance(result, torch._C.Graph) else graph


def _input_graph(text):
    """The graph PyTorch's passes start from and its text for ember."""
    if text.lstrip().startswith("graph("):
        source = text.strip("\n") + "\n"
        return torch._C.parse_ir(source), source
    cu = torch.jit.CompilationUnit(text)
    graph = cu.find_function("fn").graph
    torch._C._jit_pass_inline(graph)
    # the callees' function constants are left unused by inlining; they name functions ember
    # would have to resolve, so they go
    for node in list(graph.nodes()):
        if node.kind() == "prim::Constant" and node.output().type().kind() == "FunctionType" \
                and not node.output().uses():
            node.destroy()
    return graph, graph.str(False)


def _strip_locations(text):
    lines = []
    for line in text.splitlines():
        hash_pos = line.find(" # ")
        if hash_pos >= 0 and ":" in line[hash_pos:]:
            line = line[:hash_pos]
        lines.append(line.rstrip())
    return "\n".join(lines) + "\n"


def _make_case(name, passes, text, known):
    if isinstance(passes, (list, tuple)):
        passes = ",".join(passes)
    passes = ",".join(PASS_SPELLINGS.get(p.strip(), p.strip()) for p in passes.split(","))
    graph, source = _input_graph(text)
    source = _strip_locations(source)
    for p in [p.strip() for p in passes.split(",")]:
        graph = _run_pass(p, graph)
    case = {"name": name, "passes": passes, "input": source, "expected": _strip_locations(str(graph))}
    if name in known:
        case["known_difference"] = known[name]
    return case


def _sources_hash():
    h = hashlib.sha256(torch.__version__.encode())
    for f in sorted(os.listdir(HERE)):
        if f.endswith(".py"):
            with open(os.path.join(HERE, f), "rb") as fh:
                h.update(f.encode() + fh.read())
    return h.hexdigest()


def _family(path):
    spec = importlib.util.spec_from_file_location(os.path.basename(path)[:-3], path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    known = getattr(module, "KNOWN_DIFFERENCES", {})
    names = set()
    cases = []
    for entry in module.CASES:
        name, passes, text = entry
        if name in names:
            raise ValueError(f"duplicate case {name} in {path}")
        names.add(name)
        cases.append(_make_case(name, passes, text, known))
    stale = set(known) - names
    if stale:
        raise ValueError(f"KNOWN_DIFFERENCES names unknown cases {sorted(stale)} in {path}")
    return cases


def main():
    outdir = sys.argv[1]
    os.makedirs(outdir, exist_ok=True)
    stamp_path = os.path.join(outdir, "stamp")
    digest = _sources_hash()
    if os.path.exists(stamp_path) and open(stamp_path).read() == digest:
        return 0
    failed = False
    for f in sorted(os.listdir(HERE)):
        if not (f.startswith("cases_") and f.endswith(".py")):
            continue
        family = f[len("cases_"):-len(".py")]
        try:
            cases = _family(os.path.join(HERE, f))
        except Exception:  # noqa: BLE001
            traceback.print_exc()
            failed = True
            continue
        with open(os.path.join(outdir, family + ".json"), "w") as fh:
            json.dump({"family": family, "cases": cases}, fh, indent=1)
    if failed:
        return 1
    with open(stamp_path, "w") as fh:
        fh.write(digest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
