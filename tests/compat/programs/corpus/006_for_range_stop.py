def fn(n: int) -> int:
    s = 0
    for i in range(n):
        s = s * 3 + i
    return s


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [6]
# EXPECT: "run"
