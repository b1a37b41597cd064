def fn(x: int) -> float:
    return 7 / x


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [0]
# EXPECT: "runtime_error"
# MATCH: ""
