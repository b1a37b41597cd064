def fn(x: int) -> int:
    if x < 0:
        r = -1
    elif x == 0:
        r = 0
    elif x < 3:
        r = 1
    else:
        r = 2
    return r


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [5]
# EXPECT: "run"
