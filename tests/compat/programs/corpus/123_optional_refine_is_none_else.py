def fn(x: Optional[int]) -> int:
    if x is None:
        y = -1
    else:
        y = x * 2
    return y


# AREA: "typing"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [null]
# EXPECT: "run"
