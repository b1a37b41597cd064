#!/usr/bin/python3
"""Which of ember's registered aten operators lack a derivative formula.

usage: scripts/autograd_coverage.py [--ember build/bin/ember]

Takes the schemas `ember ops` prints, keeps the aten operators that take a tensor and return
one (out= overloads excluded: autograd refuses them), drops those whose results never carry a
gradient (comparisons, integer and boolean ops, index results, factories, random fills, the
autograd builtins: NON_DIFFERENTIABLE below), and prints the rest that have no entry in
kFormulaOps / kNonDifferentiable of src/runtime/autograd/formulas.cpp, the tables of the formula
shards (derivatives_*.cpp), nor in kDecompositionOps of decompositions.cpp and the decomposition
shards (decompositions_*.cpp) (an in-place `op_` counts as covered by `op`'s formula, as the runtime looks
it up, but not by `op`'s decomposition, which the runtime does not use for `op_`). Operators listed in not_implemented.cpp (PyTorch 1.13 records them but raises in backward, or
refuses them in the forward, and ember does the same) count as handled, as do kNonDifferentiable
entries, whole names or "name.overload" ("name.default" for the unnamed overload). The summary
goes into docs/internals/autograd.md.
"""
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Name patterns (regular expressions on the name without "aten::") of operators whose results
# are never differentiable in PyTorch: they compute integers, booleans or indices, build tensors
# from sizes, draw random numbers, or are the autograd and quantization machinery.
NON_DIFFERENTIABLE = [
    r"(eq|ne|lt|gt|le|ge|greater|less|greater_equal|less_equal|not_equal|equal)_?",
    r"logical_.*", r"bitwise_.*", r"__(and|or|xor|lshift|rshift|iand|ior|ixor|ilshift|irshift)__",
    r"arg(max|min|sort|where)", r"is(_.*|close|finite|inf|nan|neginf|posinf|real|in)", r"nonzero.*", r"count_nonzero", r"bincount", r"histc",
    r"bucketize", r"searchsorted", r"unique.*", r"_unique.*", r"one_hot", r"(all|any)", r"numel",
    r"size", r"stride", r"dim", r"len", r"item", r"__getitem__", r"(zeros|ones|empty|full|rand|randn|randint|randperm)(_like)?",
    r"new_.*", r"arange", r"linspace", r"logspace", r"eye", r"tensor", r"scalar_tensor", r"as_tensor",
    r"from_numpy", r"(bernoulli|uniform|normal|random|exponential|geometric|cauchy|log_normal|multinomial|poisson)_?",
    r"(floor_divide|remainder|fmod|bitwise_not|gcd|lcm)_?", r"(__)?(floordiv|mod|div_floor)(__)?",
    r"sign|sgn|signbit|heaviside", r"(floor|ceil|round|trunc|frac)_?", r"fix_?", r"q_.*", r"quantize.*",
    r"dequantize", r"_?fake_quantize.*", r"int_repr", r"_make_per_tensor_quantized_tensor",
    r"(data|detach|requires_grad|retain_grad|retains_grad|grad|backward|_version|is_leaf|output_nr)_?",
    r"(set|resize|resize_as|copy|zero|fill|share_memory|record_stream|set_)_?", r"tril_indices", r"triu_indices",
    r"(max|min|sort|topk|kthvalue|median|nanmedian|mode)_indices?", r"crow_indices|col_indices|indices|values",
    r"_?nested.*", r"to_sparse.*", r"to_dense", r"_shape_as_tensor", r"_reshape_from_tensor",
    r"embedding_renorm_?", r"clip_grad_norm_", r"_foreach.*", r"__(is|isnot|contains|not)__",
    r"(Bool|Int|Float|Complex|ScalarImplicit|str|format|list|dict|keys|values|items|append|extend|pop|insert|clear|sorted|reverse|index|count)",
    r"(warn|device|layout|dtype|get_device|is_cuda|cpu|cuda)", r"_(assert|set_item|get_tracing_state|unwrap_optional|grad_sum_to_size|size_if_not_equal)",
    r"(cummax|cummin)_?helper", r"_local_scalar_dense", r"result_type", r"can_cast", r"promote_types",
    r"__(interpolate|upsample.*)", r"popitem", r"histogram.*", r"linalg_matrix_rank", r"_?(max|min)_pool.*_with_indices_backward", r".*_backward.*",
]
NON_DIFFERENTIABLE_RE = re.compile("^(" + "|".join(NON_DIFFERENTIABLE) + ")$")


# Operators whose kernels call a recorded operator once autograd is in use (the interpreter does
# not record vararg operators): their results carry that operator's history.
RECORDED_INSIDE = {"aten::einsum.sublist"}

def formula_table():
    """The operator keys with a formula (formulas.cpp) or a decomposition (decompositions.cpp),
    and those kNonDifferentiable names."""
    adir = os.path.join(ROOT, "src/runtime/autograd")
    src = open(os.path.join(adir, "formulas.cpp")).read()
    covered = set()
    # kFormulaOps, and the tables of the formula shards (derivatives_<family>.cpp).
    for name in ["formulas.cpp"] + sorted(f for f in os.listdir(adir) if f.startswith("derivatives_")):
        covered |= set(re.findall(r'\{"(aten::[^"]+)", "d_', open(os.path.join(adir, name)).read()))
    # kDecompositionOps and the decomposition shards (decompositions_<family>.cpp): an in-place
    # op is covered only by its own entry (the runtime does not use op's decomposition for op_).
    decomposed = set()
    for name in sorted(f for f in os.listdir(adir) if f.startswith("decompositions") and f.endswith(".cpp")):
        decomposed |= set(re.findall(r'\{"(aten::[^"]+)", "c_', open(os.path.join(adir, name)).read()))
    nondiff_block = src[src.index("kNonDifferentiable[]"):]
    nondiff_block = nondiff_block[:nondiff_block.index("};")]
    nondiff = set(re.findall(r'"(aten::[^"]+)"', nondiff_block))
    # Recorded without a derivative, as in PyTorch (not_implemented.cpp).
    notimpl = set(re.findall(r'\{"(aten::[^"]+)", Kind::', open(os.path.join(adir, "not_implemented.cpp")).read()))
    return covered, decomposed, nondiff, notimpl


SCHEMA_RE = re.compile(r"^(aten::[A-Za-z0-9_]+)(?:\.([A-Za-z0-9_]+))?\((.*)\) -> (.*)$")


def parse(line):
    m = SCHEMA_RE.match(line.strip())
    if not m:
        return None
    name, overload, args, rets = m.groups()
    return name, overload or "", args, rets


def takes_and_returns_tensor(args, rets):
    # out= overloads: a written tensor after the `*`.
    if "*" in args and re.search(r"\*.*Tensor\([a-z]!\)", args):
        return False
    return "Tensor" in args and "Tensor" in rets


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ember", default=os.path.join(ROOT, "build/bin/ember"))
    opts = ap.parse_args()
    lines = subprocess.run([opts.ember, "ops"], check=True, capture_output=True, text=True).stdout.splitlines()
    covered, decomposed, nondiff, notimpl = formula_table()
    missing = {}
    total = 0
    unimplemented = 0
    for line in lines:
        p = parse(line)
        if not p:
            continue
        name, overload, args, rets = p
        short = name[len("aten::"):]
        if not takes_and_returns_tensor(args, rets) or NON_DIFFERENTIABLE_RE.match(short):
            continue
        if name in nondiff or f"{name}.{overload or 'default'}" in nondiff:
            continue
        total += 1
        key = name + ("." + overload if overload else "")
        base = name[:-1] if name.endswith("_") and not name.endswith("__") else None
        base_key = base + ("." + overload if overload else "") if base else None
        if key in covered or key in decomposed or (base_key and base_key in covered) or key in RECORDED_INSIDE:
            continue
        if {key, name, base_key, base} & notimpl:
            unimplemented += 1
            continue
        missing.setdefault(short.rstrip("_") if base else short, []).append(overload or "default")
    left = sum(len(v) for v in missing.values())
    print(f"# {total} differentiable aten overloads, {total - left - unimplemented} with a formula, "
          f"{unimplemented} without a derivative in PyTorch 1.13 either (not_implemented.cpp), {left} missing")
    for name in sorted(missing):
        print(f"{name}: {', '.join(sorted(set(missing[name])))}")


if __name__ == "__main__":
    sys.exit(main())
