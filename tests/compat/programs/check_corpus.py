#!/usr/bin/python3
"""Checks the shape of the differential program corpus (no PyTorch needed).

usage: /usr/bin/python3 check_corpus.py

Asserts: at least 150 programs and 30 error cases; file names are `NNN_concern.py` with unique
numbers and unique concerns; every file ends in a well-formed trailer (README.md) whose ENTRY is
defined in the source; error cases carry a non-empty MATCH. Prints the count per area.
"""
import collections
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus")
NAME_RE = re.compile(r"^(\d{3})_([a-z0-9]+(?:_[a-z0-9]+)*)\.py$")
TRAILER_RE = re.compile(r"^# ([A-Z_]+): (.*)$")
KEYS = ("AREA", "MODE", "ENTRY", "INPUTS", "EXPECT")
AREAS = {"statements", "expressions", "typing", "builtins", "lists", "dicts", "strings", "tensors",
         "functions", "classes", "async", "errors"}
MIN_PROGRAMS = 150
MIN_ERRORS = 30


def check_value(v, where):
    """INPUTS use the value encoding of README.md; reject anything a C++ decoder would not know."""
    if v is None or isinstance(v, (bool, int, float, str)):
        return
    if isinstance(v, list):
        for x in v:
            check_value(x, where)
        return
    assert isinstance(v, dict) and len(v) >= 1, f"{where}: bad input value {v!r}"
    if "float" in v:
        assert v["float"] in ("nan", "inf", "-inf"), f"{where}: bad float {v!r}"
    elif "tuple" in v:
        check_value(v["tuple"], where)
    elif "dict" in v:
        for pair in v["dict"]:
            assert isinstance(pair, list) and len(pair) == 2, f"{where}: dict entries are [key, value]"
            check_value(pair, where)
    elif "tensor" in v:
        t = v["tensor"]
        assert set(t) == {"dtype", "sizes", "data"}, f"{where}: tensor needs dtype, sizes, data"
        n = 1
        for s in t["sizes"]:
            n *= s
        assert len(t["data"]) == n, f"{where}: tensor data has {len(t['data'])} values, sizes say {n}"
    elif "dtype" not in v and "device" not in v:
        raise AssertionError(f"{where}: unknown encoded value {v!r}")


def parse(path):
    with open(path, encoding="utf-8") as fh:
        lines = fh.read().rstrip("\n").split("\n")
    trailer = {}
    i = len(lines)
    while i > 0 and TRAILER_RE.match(lines[i - 1]):
        key, value = TRAILER_RE.match(lines[i - 1]).groups()
        assert key not in trailer, f"{path}: duplicate {key}"
        trailer[key] = json.loads(value)
        i -= 1
    source = "\n".join(lines[:i])
    return trailer, source


def main():
    files = sorted(f for f in os.listdir(CORPUS) if f.endswith(".py"))
    numbers, concerns = set(), set()
    areas = collections.Counter()
    expects = collections.Counter()
    for f in files:
        m = NAME_RE.match(f)
        assert m, f"{f}: name must be NNN_concern.py (lower case, underscores)"
        assert m.group(1) not in numbers, f"{f}: number {m.group(1)} used twice"
        assert m.group(2) not in concerns, f"{f}: concern {m.group(2)} used twice"
        numbers.add(m.group(1))
        concerns.add(m.group(2))
        trailer, source = parse(os.path.join(CORPUS, f))
        for key in KEYS:
            assert key in trailer, f"{f}: trailer lacks {key}"
        assert set(trailer) <= set(KEYS) | {"MATCH"}, f"{f}: unknown trailer keys"
        assert trailer["AREA"] in AREAS, f"{f}: AREA must be one of {sorted(AREAS)}"
        assert trailer["MODE"] in ("cu", "script"), f"{f}: MODE must be cu or script"
        assert trailer["EXPECT"] in ("run", "compile_error", "runtime_error"), f"{f}: bad EXPECT"
        assert isinstance(trailer["ENTRY"], str), f"{f}: ENTRY is a string"
        assert re.search(r"^def " + re.escape(trailer["ENTRY"]) + r"\(", source, re.M), f"{f}: ENTRY not defined"
        assert isinstance(trailer["INPUTS"], list), f"{f}: INPUTS is a JSON array"
        check_value(trailer["INPUTS"], f)
        if trailer["EXPECT"] == "run":
            assert "MATCH" not in trailer, f"{f}: MATCH only for error cases"
        else:
            assert isinstance(trailer.get("MATCH"), str) and trailer["MATCH"], f"{f}: error case needs a MATCH"
        assert source.strip(), f"{f}: no source"
        areas[trailer["AREA"]] += 1
        expects[trailer["EXPECT"]] += 1
    errors = expects["compile_error"] + expects["runtime_error"]
    assert len(files) >= MIN_PROGRAMS, f"only {len(files)} programs, need {MIN_PROGRAMS}"
    assert errors >= MIN_ERRORS, f"only {errors} error cases, need {MIN_ERRORS}"
    print(f"{len(files)} programs: {expects['run']} run, {expects['compile_error']} compile_error, "
          f"{expects['runtime_error']} runtime_error")
    for area, n in sorted(areas.items()):
        print(f"  {area:12} {n}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except AssertionError as e:
        print(f"check_corpus.py: {e}", file=sys.stderr)
        sys.exit(1)
