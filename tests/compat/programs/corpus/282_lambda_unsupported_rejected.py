def fn(x: int) -> int:
    f = lambda y: y + 1
    return f(x)


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [1]
# EXPECT: "compile_error"
# MATCH: "expected newline but found 'ident'"
