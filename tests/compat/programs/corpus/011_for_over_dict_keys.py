def fn(d: Dict[str, int]) -> str:
    out = ""
    for k in d:
        out += k
    return out


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"dict": [["b", 2], ["a", 1], ["c", 3]]}]
# EXPECT: "run"
