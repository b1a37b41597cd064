def fn(x: int) -> int:
    y = 1
    y = "s"
    return x


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [1]
# EXPECT: "compile_error"
# MATCH: ""
