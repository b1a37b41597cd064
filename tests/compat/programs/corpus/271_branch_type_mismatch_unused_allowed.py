def fn(c: bool) -> int:
    if c:
        y = 1
    else:
        y = "one"
    return 0


# AREA: "typing"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [true]
# EXPECT: "run"
