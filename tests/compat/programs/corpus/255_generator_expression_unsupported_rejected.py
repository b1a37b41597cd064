def fn(xs: List[int]) -> int:
    return sum(x for x in xs)


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[1, 2]]
# EXPECT: "compile_error"
# MATCH: ""
