def fn(d: Dict[str, int]) -> int:
    return d["missing"]


# AREA: "dicts"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"dict": [["a", 1]]}]
# EXPECT: "runtime_error"
# MATCH: "KeyError"
