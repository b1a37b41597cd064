#!/usr/bin/python3
"""How many of PyTorch 1.13's CPU operators ember registers.

usage: /usr/bin/python3 scripts/op_coverage.py [--ember build/bin/ember] [--missing FILE]

Dumps PyTorch's operator schemas (`torch._C._jit_get_all_schemas()`), keeps the aten ones that
run on a CPU, asks `ember ops --missing` which of them ember lacks (by name and overload name),
prints the share ember registers, overall and for public operators (names without a leading
underscore), and writes the missing schemas to FILE (default: op_coverage_missing.txt).

"Runs on a CPU": the dispatcher has a kernel for the CPU key or a backend-independent
(CompositeImplicitAutograd, CompositeExplicitAutograd, CompositeExplicitAutogradNonFunctional)
one; operators that only the JIT registers (list, str and scalar builtins such as
aten::append.t) have no dispatcher entry and run anywhere, so they count too.
"""
import argparse
import os
import subprocess
import sys
import tempfile

CPU_KEYS = ("CPU", "CompositeImplicitAutograd", "CompositeExplicitAutograd",
            "CompositeExplicitAutogradNonFunctional")


def qualified(schema):
    return schema.name + ("." + schema.overload_name if schema.overload_name else "")


def runs_on_cpu(torch, name):
    try:
        return any(torch._C._dispatch_has_kernel_for_dispatch_key(name, key) for key in CPU_KEYS)
    except RuntimeError:
        return True  # not a dispatcher operator: a JIT builtin


def cpu_schemas(torch):
    """{schema text: has an out= argument} of the aten operators that run on a CPU."""
    return {str(s): any(a.is_out for a in s.arguments) for s in torch._C._jit_get_all_schemas()
            if s.name.startswith("aten::") and runs_on_cpu(torch, qualified(s))}


def missing_from_ember(ember, schemas):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as fh:
        fh.write("\n".join(schemas) + "\n")
        path = fh.name
    try:
        out = subprocess.run([ember, "ops", "--missing", path], check=True, capture_output=True, text=True).stdout
    finally:
        os.remove(path)
    return [line for line in out.splitlines() if line and not line.startswith("#")]


def share(have, total):
    return f"{have} of {total} ({100.0 * have / total:.1f}%)" if total else "0 of 0"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ember", default=os.path.join(here, "..", "build", "bin", "ember"))
    parser.add_argument("--missing", default="op_coverage_missing.txt")
    args = parser.parse_args()
    if not os.path.exists(args.ember):
        sys.exit(f"no ember binary at {args.ember}: build it first (cmake --build build --target ember)")
    import torch
    has_out = cpu_schemas(torch)
    schemas = sorted(has_out)
    missing = set(missing_from_ember(args.ember, schemas))
    public = [s for s in schemas if not s.split("::", 1)[1].startswith("_")]
    functional = [s for s in public if not has_out[s]]

    def report(title, group):
        absent = sum(s in missing for s in group)
        print(f"{title}: ember registers {share(len(group) - absent, len(group))}")

    print(f"PyTorch {torch.__version__.split('a')[0]}: {len(schemas)} aten operators run on a CPU")
    report("all of them", schemas)
    report("public (no leading underscore)", public)
    report("public, without out= variants", functional)
    with open(args.missing, "w", encoding="utf-8") as fh:
        fh.write("\n".join(sorted(missing)) + "\n")
    print(f"missing schemas written to {args.missing}")


if __name__ == "__main__":
    main()
