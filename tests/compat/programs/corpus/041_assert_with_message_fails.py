def fn(x: int) -> int:
    assert x > 0, "must be positive"
    return x


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [-5]
# EXPECT: "runtime_error"
# MATCH: "must be positive"
