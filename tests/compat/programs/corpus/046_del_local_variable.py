def fn(x: int) -> int:
    y = x * 2
    del y
    return x


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [3]
# EXPECT: "run"
