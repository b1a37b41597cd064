def fn(x: int) -> int:
    y = 10
    if x < 0:
        y = x * 2
    return y


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [-4]
# EXPECT: "run"
