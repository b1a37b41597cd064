def fn(x: int) -> int:
    if x == 0:
        raise ZeroDivisionError("custom")
    return 10 // x


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [0]
# EXPECT: "runtime_error"
# MATCH: "ZeroDivisionError"
