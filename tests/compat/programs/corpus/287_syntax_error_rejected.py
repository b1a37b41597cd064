def fn(x: int) -> int:
    return x +


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [1]
# EXPECT: "compile_error"
# MATCH: "expected ident but found 'newline'"
