def fn() -> Dict[str, int]:
    return dict([("x", 1), ("y", 2)])


# AREA: "dicts"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
