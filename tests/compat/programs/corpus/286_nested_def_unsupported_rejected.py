def fn(x: int) -> int:
    def inner(y: int) -> int:
        return y
    return inner(x)


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [1]
# EXPECT: "compile_error"
# MATCH: "cannot call a closure"
