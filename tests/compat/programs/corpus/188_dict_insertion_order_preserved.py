def fn() -> List[int]:
    d: Dict[int, int] = {}
    for k in [5, 1, 9, 3]:
        d[k] = k * k
    d[1] = 0
    return list(d.keys())


# AREA: "dicts"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
