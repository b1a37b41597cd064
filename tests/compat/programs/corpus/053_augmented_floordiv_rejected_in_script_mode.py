def fn(x: int) -> int:
    x //= 2
    return x


# AREA: "statements"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [-7]
# EXPECT: "compile_error"
# MATCH: "unsupported kind of augumented assignment"
