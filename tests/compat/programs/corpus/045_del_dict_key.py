def fn(d: Dict[str, int]) -> Dict[str, int]:
    del d["a"]
    return d


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"dict": [["a", 1], ["b", 2]]}]
# EXPECT: "run"
