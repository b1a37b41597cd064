def fn(a: int = 1, b: int) -> int:
    return a + b


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [1, 2]
# EXPECT: "compile_error"
# MATCH: "Non-default positional argument follows default argument"
