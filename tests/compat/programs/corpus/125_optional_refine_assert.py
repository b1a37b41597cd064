def fn(x: Optional[int]) -> int:
    assert x is not None
    return x - 1


# AREA: "typing"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [7]
# EXPECT: "run"
