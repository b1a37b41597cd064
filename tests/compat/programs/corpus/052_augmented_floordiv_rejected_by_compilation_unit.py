def fn(x: int) -> int:
    x //= 2
    return x


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [7]
# EXPECT: "compile_error"
# MATCH: "expected ident"
