def fn(d: Dict[str, int]) -> int:
    total = 0
    for k, v in d.items():
        total += len(k) * v
    return total


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"dict": [["x", 2], ["y", 5]]}]
# EXPECT: "run"
