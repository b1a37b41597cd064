def fn(xs: List[int]) -> int:
    a, *rest = xs
    return a + len(rest)


# AREA: "errors"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [[1, 2, 3]]
# EXPECT: "compile_error"
# MATCH: "cannot statically infer the expected size of a list"
