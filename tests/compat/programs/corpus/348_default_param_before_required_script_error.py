def fn(a: int = 1, b: int) -> int:
    return a + b


# AREA: "errors"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [1, 2]
# EXPECT: "compile_error"
# MATCH: "non-default argument follows default argument"
