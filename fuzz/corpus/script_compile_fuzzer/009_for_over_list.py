def fn(xs: List[int]) -> int:
    best = -1
    for x in xs:
        if x > best:
            best = x
    return best


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[4, 1, 9, 2]]
# EXPECT: "run"
