def fn(xs: List[int]) -> int:
    s = 0
    for x in xs:
        if x < 0:
            break
        s += x
    return s


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[3, 5, -1, 7]]
# EXPECT: "run"
