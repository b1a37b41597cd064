def fn(xs: List[int]) -> int:
    i = 0
    while i < len(xs) and xs[i] != 0:
        i += 1
    return i


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[3, 4, 0, 5]]
# EXPECT: "run"
