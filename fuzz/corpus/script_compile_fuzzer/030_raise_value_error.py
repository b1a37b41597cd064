def fn(x: int) -> int:
    if x > 2:
        raise ValueError("x too big: " + str(x))
    return x


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [3]
# EXPECT: "runtime_error"
# MATCH: "ValueError"
