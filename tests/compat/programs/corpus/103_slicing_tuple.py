def fn() -> Tuple[int, str]:
    t = (1, "a", 2.5, 4)
    u = t[0:2]
    return u


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
