#!/usr/bin/python3
"""Pointwise chains for the fuser against PyTorch 1.13 (see README.md).

usage: /usr/bin/python3 gen.py CORPUS_DIR EXPECTED_DIR

Writes each case of cases.py as a program of the TorchScript program corpus format
(tests/compat/programs/README.md) into CORPUS_DIR and records PyTorch's results in EXPECTED_DIR
with that corpus's generator; ember_compat_programs_run then runs them in ember with
EMBER_FUSION=always, so the third call runs the fused kernels.
"""
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "functional"))
sys.path.insert(0, os.path.join(HERE, "..", "programs"))

import gen_expected  # noqa: E402  (tests/compat/programs/gen_expected.py)


def functional_gen():
    """tests/compat/functional/gen.py (its write_corpus), loaded under another name than this file's."""
    spec = importlib.util.spec_from_file_location("functional_gen", os.path.join(HERE, "..", "functional", "gen.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    import cases
    corpus_dir, expected_dir = argv[1], argv[2]
    functional_gen().write_corpus(corpus_dir, cases.CASES)
    gen_expected.CORPUS = corpus_dir
    return gen_expected.main(["gen_expected.py", expected_dir])


if __name__ == "__main__":
    sys.exit(main(sys.argv))
