def fn(d: Dict[int, str]) -> Tuple[str, str, Dict[int, str]]:
    a = d.pop(1)
    b = d.pop(9, "none")
    return a, b, d


# AREA: "dicts"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"dict": [[1, "a"], [2, "b"], [3, "c"]]}]
# EXPECT: "run"
