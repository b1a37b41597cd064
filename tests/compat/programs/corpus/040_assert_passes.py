def fn(x: int) -> int:
    assert x > 0
    return x + 1


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [5]
# EXPECT: "run"
