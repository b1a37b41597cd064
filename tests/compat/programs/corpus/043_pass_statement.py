def fn(x: int) -> int:
    if x > 0:
        pass
    else:
        x = 0
    for i in range(2):
        pass
    return x


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [3]
# EXPECT: "run"
