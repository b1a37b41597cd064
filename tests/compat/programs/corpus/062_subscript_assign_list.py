def fn(xs: List[int]) -> List[int]:
    xs[0] = 5
    xs[-1] = 7
    return xs


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[0, 0, 0]]
# EXPECT: "run"
