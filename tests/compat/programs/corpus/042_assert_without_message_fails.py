def fn(x: int) -> int:
    assert x > 0
    return x


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [-5]
# EXPECT: "runtime_error"
# MATCH: "AssertionError"
