"""Checks the .npy files ember wrote (npy_test.cpp writes <name>.ember.npy next to each input):
NumPy must read each back with the original's dtype, shape and values."""
import os
import sys

import numpy as np

d = sys.argv[1]
checked = 0
for name in sorted(os.listdir(d)):
    if not name.endswith(".ember.npy"):
        continue
    ours = np.load(os.path.join(d, name))
    theirs = np.load(os.path.join(d, name.replace(".ember.npy", ".npy")))
    assert ours.dtype.kind == theirs.dtype.kind and ours.dtype.itemsize == theirs.dtype.itemsize, name
    assert ours.shape == theirs.shape, (name, ours.shape, theirs.shape)
    assert np.array_equal(ours, theirs), name
    checked += 1
assert checked >= 10, f"only {checked} files written by ember"
print(f"numpy read {checked} files written by ember")
