def fn(x: int) -> int:
    raise NotImplementedError("later")


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [0]
# EXPECT: "runtime_error"
# MATCH: "NotImplementedError"
