def fn(x: int) -> int:
    raise AssertionError("explicit")


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [0]
# EXPECT: "runtime_error"
# MATCH: "AssertionError"
