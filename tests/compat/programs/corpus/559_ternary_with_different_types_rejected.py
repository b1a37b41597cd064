def fn(c: bool) -> int:
    x = 1 if c else "a"
    return 0


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [true]
# EXPECT: "compile_error"
# MATCH: "if-expression's true branch has type int but false branch has type str"
