def fn(x: int) -> int:
    raise Exception("generic")


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [0]
# EXPECT: "runtime_error"
# MATCH: "Exception"
