def fn(x: Optional[int]) -> int:
    return x + 1


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [1]
# EXPECT: "compile_error"
# MATCH: "Optional[int]"
