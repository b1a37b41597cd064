def fn() -> Tuple[int, int]:
    t = (1, 2, 3)
    a, *rest = t
    return a, len(rest)


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
