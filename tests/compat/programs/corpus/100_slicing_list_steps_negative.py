def fn(xs: List[int]) -> List[List[int]]:
    return [xs[2:5], xs[:3], xs[5:], xs[::2], xs[1::3], xs[-3:], xs[:-2], xs[-5:-1]]


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[0, 1, 2, 3, 4, 5, 6, 7]]
# EXPECT: "run"
