def fn() -> Dict[str, int]:
    d: Dict[str, int] = {}
    d["a"] = 1
    d["b"] = 2
    d["a"] = 3
    return d


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
