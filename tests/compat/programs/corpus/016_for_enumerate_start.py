def fn(xs: List[int]) -> int:
    s = 0
    for i, x in enumerate(xs, 5):
        s += i * x
    return s


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[10, 20]]
# EXPECT: "run"
