def fn(x: int) -> int:
    return x + y


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [1]
# EXPECT: "compile_error"
# MATCH: "undefined value"
