#!/usr/bin/python3
"""Regenerates highlight_cases.txt: SourceRange highlights as PyTorch 1.13 prints them
(torch._C._jit_tree_views.SourceRange.highlight) for a few sources and many ranges.

Run: /usr/bin/python3 gen_highlight_cases.py > highlight_cases.txt
Format per case: a line "#### RANGE <source index> <start> <end>", the expected text, "#### END"
(a "#### NO_TRAILING_NEWLINE" line before it when the text does not end with a newline).
Sources are given first as "#### SOURCE <index> <filename or -> <starting line>" blocks.
"""
import random
import torch

T = torch._C._jit_tree_views

SOURCES = [
    ("model.py", 1, "def f(x, y):\n    a = 1\n    b = 2\n    c = 3\n    return x + y\n    d = 4\n    e = 5\n    g = 6\n    h = 7\n"),
    (None, 1, "def g(x):\n  return x\n"),
    ("<string>", 10, "class A:\n  def f(self):\n\n\n    return (1 +\n            2)\n  x : int\n"),
    ("no_newline.py", 1, "a = 1\nb = 2"),
]


def main():
    rng = random.Random(0)
    for i, (name, line, text) in enumerate(SOURCES):
        print("#### SOURCE %d %s %d" % (i, name if name else "-", line))
        print(text, end="" if text.endswith("\n") else "\n")
        if not text.endswith("\n"):
            print("#### NO_TRAILING_NEWLINE")
        print("#### END")
    for i, (name, line, text) in enumerate(SOURCES):
        factory = T.SourceRangeFactory(text, name, line, 0)
        n = len(text)
        ranges = set()
        for _ in range(40):
            a = rng.randint(0, n)
            b = rng.randint(a, min(n, a + rng.choice([1, 3, 8, 30, 100])))
            ranges.add((a, b))
        ranges.update({(0, 0), (0, n), (n, n), (0, 1), (n - 1, n)})
        for a, b in sorted(ranges):
            out = factory.make_raw_range(a, b).highlight()
            print("#### RANGE %d %d %d" % (i, a, b))
            print(out, end="")
            if not out.endswith("\n"):
                print("\n#### NO_TRAILING_NEWLINE")
            print("#### END")


if __name__ == "__main__":
    main()
