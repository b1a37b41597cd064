def fn(n: int) -> int:
    s = 7
    while n > 0:
        s = 0
        n -= 1
    return s


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [0]
# EXPECT: "run"
