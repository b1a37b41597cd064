def fn(xs: List[int]) -> List[int]:
    xs[1] += 10
    xs[-1] *= 3
    return xs


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[1, 2, 3]]
# EXPECT: "run"
