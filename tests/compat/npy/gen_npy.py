"""Writes .npy files with NumPy (every dtype ember reads, both byte orders, C and Fortran
order, 0-d and empty arrays) and expected.json with their shapes, dtypes and values."""
import json
import os
import sys

import numpy as np

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
rng = np.random.default_rng(7)
cases = {
    "f4_2x3": rng.standard_normal((2, 3)).astype("<f4"),
    "f8_big_endian": rng.standard_normal((4,)).astype(">f8"),
    "f2_vec": np.array([0.5, -2.0, 65504.0], dtype="<f2"),
    "i8_fortran": np.asfortranarray(np.arange(24, dtype="<i8").reshape(2, 3, 4)),
    "i4_big_endian": np.array([[1, -2], [3, 2**31 - 1]], dtype=">i4"),
    "i2": np.array([-32768, 7], dtype="<i2"),
    "i1": np.array([-128, 127, 0], dtype="i1"),
    "u1": np.array([0, 200, 255], dtype="u1"),
    "b1": np.array([[True, False], [False, True]]),
    # Bool bytes other than 0 and 1 (a damaged file): NumPy reads every nonzero byte as True.
    "b1_raw_bytes": np.frombuffer(bytes([0, 10, 1, 255]), dtype=np.uint8).view(np.bool_),
    "scalar_f8": np.array(3.25),
    "empty_0x3": np.zeros((0, 3), dtype="<f4"),
}
expected = {}
for name, arr in cases.items():
    np.save(os.path.join(out, name + ".npy"), arr)
    expected[name] = {
        "dtype": {"f": "float", "i": "int", "u": "int", "b": "bool"}[arr.dtype.kind] + str(arr.dtype.itemsize * 8),
        "shape": list(arr.shape),
        "data": [v.item() for v in np.ascontiguousarray(arr).reshape(-1)],
    }
with open(os.path.join(out, "expected.json"), "w") as f:
    json.dump(expected, f)
