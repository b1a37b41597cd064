def fn(a: int) -> int:
    return ~a


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [5]
# EXPECT: "compile_error"
# MATCH: "bitwise_not"
