def fn(d: Dict[str, int]) -> Tuple[Dict[str, int], Dict[str, int]]:
    c = d.copy()
    d.clear()
    return d, c


# AREA: "dicts"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"dict": [["a", 1]]}]
# EXPECT: "run"
