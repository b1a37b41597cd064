def fn() -> int:
    xs: List[int] = []
    xs.append("a")
    return len(xs)


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "compile_error"
# MATCH: "Could not match type str to t in argument 'el'"
