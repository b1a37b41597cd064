def fn(x: int) -> int:
    if x == 1:
        raise RuntimeError("boom")
    return x


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [1]
# EXPECT: "runtime_error"
# MATCH: "boom"
