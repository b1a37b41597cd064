def fn(x: int):
    e = x
    e %= 4
    return e, x % 4


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [-7]
# EXPECT: "run"
