def fn(x: int) -> str:
    return x + 1


# AREA: "functions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [1]
# EXPECT: "compile_error"
# MATCH: "Return value was annotated as having type str but is actually of type int"
