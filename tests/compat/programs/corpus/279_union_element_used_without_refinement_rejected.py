def fn() -> int:
    xs = [1, "a"]
    return xs[0] + 1


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "compile_error"
# MATCH: "Union[int, str]"
