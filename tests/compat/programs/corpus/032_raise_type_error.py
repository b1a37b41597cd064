def fn(x: int) -> int:
    raise TypeError("wrong type")


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [0]
# EXPECT: "runtime_error"
# MATCH: "TypeError"
