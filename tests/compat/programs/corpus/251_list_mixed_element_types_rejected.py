def fn() -> int:
    xs = [1, "a"]
    return len(xs)


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "compile_error"
# MATCH: ""
