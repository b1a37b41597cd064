def fn() -> int:
    d = {"a": 1, "b": "x"}
    return len(d)


# AREA: "dicts"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
