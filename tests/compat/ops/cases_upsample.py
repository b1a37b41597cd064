"""Upsampling operators through the interpreter stack: every schema bound in aten_upsample_ops.cpp
(explicit, .vec and both out= forms)."""
import torch

from caselib import empty_out, floats

NEAREST = {"upsample_nearest1d": 1, "upsample_nearest2d": 2, "upsample_nearest3d": 3,
           "_upsample_nearest_exact1d": 1, "_upsample_nearest_exact2d": 2, "_upsample_nearest_exact3d": 3}
LINEAR = {"upsample_linear1d": 1, "upsample_bilinear2d": 2, "upsample_bicubic2d": 2, "upsample_trilinear3d": 3}


def cases(c):
    tol = {"rtol": 1e-5, "atol": 1e-5}
    for fn, s in list(NEAREST.items()) + list(LINEAR.items()):
        x = floats(*((2, 3) + (4, 5, 6)[3 - s:]))
        size = [7, 3, 9][:s]
        scales = [1.5, None, 2.0][:s]
        factors = [1.7, 2.0, 0.8][:s]
        lin = fn in LINEAR
        pre = [x, size, True] if lin else [x, size]
        c.add(f"aten::{fn}", pre + scales, **tol)
        c.add(f"aten::{fn}", pre, **tol)
        c.add(f"aten::{fn}.out", pre + scales + [empty_out()], **tol)
        mid = [False] if lin else []
        c.add(f"aten::{fn}.vec", [x, None] + mid + [factors], **tol)
        c.add(f"aten::{fn}.vec", [x, size] + mid + [None], **tol)
        c.add(f"aten::{fn}.vec", [x, size] + mid + [factors])  # error: both
        c.add(f"aten::{fn}.vec_out", [x, None] + mid + [factors, empty_out()], **tol)
