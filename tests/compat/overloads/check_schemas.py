#!/usr/bin/python3
"""Every operator ember registers under a name and overload name PyTorch 1.13 also has must
carry PyTorch's schema, printed the same (`ember ops` against `torch._C._jit_get_all_schemas()`):
calls resolve by these schemas, so a different argument type, default or name changes which
overload a call picks.

usage: /usr/bin/python3 check_schemas.py EMBER
"""
import subprocess
import sys


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    import torch
    ours = {}
    for line in subprocess.run([argv[1], "ops"], check=True, capture_output=True, text=True).stdout.splitlines():
        ours[line.split("(", 1)[0]] = line
    theirs = {s.name + ("." + s.overload_name if s.overload_name else ""): str(s)
              for s in torch._C._jit_get_all_schemas()}
    common = sorted(set(ours) & set(theirs))
    differ = [name for name in common if ours[name] != theirs[name]]
    for name in differ:
        print(f"{name}:\n  ember:   {ours[name]}\n  PyTorch: {theirs[name]}")
    print(f"{len(common)} operators in both, {len(differ)} with a different schema")
    if len(common) < 1000:
        print("too few operators in common: is EMBER the ember binary?")
        return 1
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
