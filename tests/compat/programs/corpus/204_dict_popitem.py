def fn(d: Dict[int, str]) -> Tuple[Tuple[int, str], Dict[int, str]]:
    kv = d.popitem()
    return kv, d


# AREA: "dicts"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"dict": [[1, "a"], [2, "b"]]}]
# EXPECT: "run"
