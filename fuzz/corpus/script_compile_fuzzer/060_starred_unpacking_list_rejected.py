def fn(xs: List[int]) -> int:
    a, *rest = xs
    return a


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[1, 2, 3]]
# EXPECT: "compile_error"
# MATCH: "cannot statically infer the expected size of a list"
