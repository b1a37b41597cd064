def fn(xs: List[int]) -> List[int]:
    ys = xs
    ys += [3, 4]
    return xs


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[1, 2]]
# EXPECT: "run"
