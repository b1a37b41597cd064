def fn(x: int) -> int:
    global counter
    return x


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [1]
# EXPECT: "compile_error"
# MATCH: "Unrecognized statement kind global"
