#!/usr/bin/python3
"""Differential cases of torch.nn.functional / torch.functional (see README.md).

usage: /usr/bin/python3 gen.py CORPUS_DIR EXPECTED_DIR

Writes each case of cases_*.py as a program of the TorchScript program corpus format
(tests/compat/programs/README.md) into CORPUS_DIR, then runs that corpus's generator on them:
PyTorch 1.13 compiles each program with torch.jit.CompilationUnit (`F` bound to
torch.nn.functional, as after `import torch.nn.functional as F`), runs it and records the result
or the error in EXPECTED_DIR. ember_compat_programs_run then compiles and runs the same programs.
"""
import importlib.util
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "programs"))

import gen_expected  # noqa: E402  (tests/compat/programs/gen_expected.py)


def load_cases():
    cases = []
    for f in sorted(os.listdir(HERE)):
        if f.startswith("cases_") and f.endswith(".py"):
            spec = importlib.util.spec_from_file_location(f[:-3], os.path.join(HERE, f))
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            cases += module.CASES
    return cases


def program_text(case):
    params = ", ".join(p for p, _ in case.args)
    body = case.body if case.body else "    return " + case.expr + "\n"
    text = "def fn(" + params + "):\n" + body + "\n\n"
    trailer = {"AREA": "functions", "MODE": "cu", "ENTRY": "fn", "INPUTS": [v for _, v in case.args]}
    if case.compile_error is not None:
        trailer.update(EXPECT="compile_error", MATCH=case.compile_error)
    elif case.error is not None:
        trailer.update(EXPECT="runtime_error", MATCH=case.error)
    else:
        trailer["EXPECT"] = "run"
    for key, value in trailer.items():
        text += "# " + key + ": " + json.dumps(value, ensure_ascii=False) + "\n"
    return text


def write_corpus(corpus_dir, cases):
    os.makedirs(corpus_dir, exist_ok=True)
    wanted = {}
    names = set()
    for i, case in enumerate(cases):
        if case.name in names:
            raise SystemExit("gen.py: duplicate case name " + case.name)
        names.add(case.name)
        wanted["%03d_%s.py" % (i + 1, case.name)] = program_text(case)
    for f in os.listdir(corpus_dir):
        if f.endswith(".py") and f not in wanted:
            os.remove(os.path.join(corpus_dir, f))
    for f, text in wanted.items():
        path = os.path.join(corpus_dir, f)
        if not os.path.exists(path) or open(path, encoding="utf-8").read() != text:
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(text)


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    corpus_dir, expected_dir = argv[1], argv[2]
    write_corpus(corpus_dir, load_cases())
    gen_expected.CORPUS = corpus_dir
    plain_environment = gen_expected.environment

    def environment():
        env = plain_environment()
        env["F"] = gen_expected.torch.nn.functional
        return env

    gen_expected.environment = environment
    return gen_expected.main(["gen_expected.py", expected_dir])


if __name__ == "__main__":
    sys.exit(main(sys.argv))
