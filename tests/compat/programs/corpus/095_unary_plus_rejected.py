def fn(x: int) -> int:
    return +x


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [5]
# EXPECT: "compile_error"
# MATCH: "expected ident"
