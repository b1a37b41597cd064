def fn(x: float) -> float:
    return 1.0 / x


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [0.0]
# EXPECT: "runtime_error"
# MATCH: "ZeroDivisionError"
