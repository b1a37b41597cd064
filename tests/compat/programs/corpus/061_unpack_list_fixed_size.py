def fn(xs: List[int]) -> int:
    a, b = xs
    return a * 10 + b


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[4, 5]]
# EXPECT: "run"
