def fn(xs: List[int]) -> List[int]:
    del xs[1]
    del xs[-1]
    return xs


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[1, 2, 3, 4]]
# EXPECT: "run"
