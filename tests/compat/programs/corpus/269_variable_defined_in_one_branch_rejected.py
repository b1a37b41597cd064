def fn(c: bool) -> int:
    if c:
        y = 1
    return y


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [true]
# EXPECT: "compile_error"
# MATCH: "y is not defined in the false branch"
