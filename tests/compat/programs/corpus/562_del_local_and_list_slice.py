def fn(xs: List[int]) -> Tuple[List[int], int]:
    tmp = xs[0]
    del xs[0]
    ys = xs[:]
    del ys[-1]
    return ys, tmp


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[5, 6, 7, 8]]
# EXPECT: "run"
