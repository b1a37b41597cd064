def fn(x: int) -> str:
    y = 1
    y = "s"
    return y


# AREA: "typing"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [1]
# EXPECT: "run"
