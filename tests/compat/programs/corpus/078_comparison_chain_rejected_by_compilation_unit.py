def fn(a: int, b: int, c: int) -> bool:
    return a < b < c


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [1, 5, 9]
# EXPECT: "compile_error"
# MATCH: "Arguments for call are not valid"
