def fn(x: int) -> int:
    d = {1: x, "two": x}
    return len(d)


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [1]
# EXPECT: "compile_error"
# MATCH: "Dict keys"
