"""Loads the files ember wrote (FIXTURES/ember/*.pt) with PyTorch's torch.load and compares each
with the value spec.json says it holds; also re-packs each file with an independent writer of
the zip rules of FORMATS.md §1 and requires identical bytes. Exit status 1 on any mismatch.

Usage: check.py FIXTURES
"""
import io
import json
import os
import struct
import sys
import zipfile
import zlib

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen import encode  # noqa: E402


def repack(path):
    """The archive PyTorch's writer would produce for the same entries (stored ones only)."""
    zf = zipfile.ZipFile(path)
    out = io.BytesIO()
    cdir = bytearray()
    names = zf.namelist()
    for name in names:
        data = zf.read(name)
        nb = name.encode()
        off = out.tell()
        pad = (64 - (off + 30 + len(nb) + 4) % 64) % 64
        extra = struct.pack("<HH", 0x4246, pad) + b"Z" * pad
        flags = 0x0808 if data else 0x0800
        crc = zlib.crc32(data) & 0xFFFFFFFF
        out.write(struct.pack("<IHHHHHIIIHH", 0x04034B50, 0, flags, 0, 0, 0, 0, 0, 0, len(nb), len(extra)))
        out.write(nb + extra + data)
        if data:
            out.write(struct.pack("<IIII", 0x08074B50, crc, len(data), len(data)))
        cdir += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 0, 0, flags, 0, 0, 0, crc, len(data), len(data),
                            len(nb), 0, 0, 0, 0, 0, off) + nb
    cd_off = out.tell()
    out.write(bytes(cdir))
    z64 = out.tell()
    n = len(names)
    out.write(struct.pack("<IQHHIIQQQQ", 0x06064B50, 44, 0x031E, 45, 0, 0, n, n, len(cdir), cd_off))
    out.write(struct.pack("<IIQI", 0x07064B50, 0, z64, 1))
    out.write(struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, n, n, len(cdir), cd_off, 0))
    return out.getvalue()


def main():
    fixtures = sys.argv[1]
    with open(os.path.join(fixtures, "spec.json")) as f:
        spec = json.load(f)
    failures = 0
    for name, expected in spec["writable"].items():
        path = os.path.join(fixtures, "ember", name + ".pt")
        try:
            got = encode(torch.load(path))
        except Exception as e:  # noqa: BLE001 - report and go on
            print(f"FAIL {name}: torch.load raised {type(e).__name__}: {e}")
            failures += 1
            continue
        if got != expected:
            print(f"FAIL {name}: torch.load gives\n  {json.dumps(got)[:2000]}\nexpected\n  {json.dumps(expected)[:2000]}")
            failures += 1
        if repack(path) != open(path, "rb").read():
            print(f"FAIL {name}: zip layout differs from PyTorch's writer rules")
            failures += 1
    print(f"{len(spec['writable'])} ember files checked with torch.load, {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
