def fn(x: int) -> int:
    return 7 // x


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [0]
# EXPECT: "runtime_error"
# MATCH: "division by 0"
