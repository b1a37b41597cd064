def fn(a: int, b: int) -> int:
    t = (a, b)
    return t[2]


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [1, 2]
# EXPECT: "compile_error"
# MATCH: "out of range"
