def fn(c: bool) -> int:
    if c:
        y = 1
    else:
        y = "one"
    return y


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [true]
# EXPECT: "compile_error"
# MATCH: "Type mismatch: y is set to type int in the true branch and type str in the false branch"
