"""Padding operators through the interpreter stack: every schema bound in aten_pad_ops.cpp."""
import torch

from caselib import empty_out, floats, ints


def cases(c):
    x = floats(2, 3, 4, 5)
    c.add("aten::constant_pad_nd", [x, [1, 2, 0, 1], 1.5])
    c.add("aten::constant_pad_nd", [ints(3, 4), [1, -1]])
    c.add("aten::constant_pad_nd", [x, [1, 2, 3]])  # error
    c.add("aten::constant_pad_nd.out", [x, [1, 1], 0, empty_out()])
    for name, k in [("reflection_pad1d", 1), ("reflection_pad2d", 2), ("reflection_pad3d", 3),
                    ("replication_pad1d", 1), ("replication_pad2d", 2), ("replication_pad3d", 3)]:
        t = x[0] if k == 1 else (x if k == 2 else x.unsqueeze(0))
        p = [1, 2, 2, 1, 1, 0][:2 * k]
        c.add(f"aten::{name}", [t, p])
        c.add(f"aten::{name}.out", [t, p, empty_out()])
    c.add("aten::reflection_pad2d", [x, [5, 0, 0, 0]])  # error
    c.add("aten::_pad_circular", [x, [1, 2, 2, 1]])
    c.add("aten::_pad_enum", [x, [1, 2, 2, 1], 0])
    c.add("aten::_pad_enum", [x, [1, 2], 3, 2.0])
    for mode in ["constant", "reflect", "replicate", "circular"]:
        c.add("aten::pad", [x, [1, 2, 2, 1], mode])
    c.add("aten::pad", [x, [1, 1], "constant", -1.0])
    c.add("aten::pad", [x, [1, 1], "reflect", 1.0])  # error
