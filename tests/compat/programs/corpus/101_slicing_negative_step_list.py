def fn(xs: List[int]) -> List[List[int]]:
    return [xs[::-1], xs[4:1:-1], xs[::-2]]


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[0, 1, 2, 3, 4, 5]]
# EXPECT: "run"
