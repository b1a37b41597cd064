def fn(x: int) -> int:
    raise ValueError


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [0]
# EXPECT: "runtime_error"
# MATCH: "ValueError"
