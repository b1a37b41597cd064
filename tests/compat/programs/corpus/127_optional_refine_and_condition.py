def fn(x: Optional[int]) -> bool:
    return x is not None and x > 2


# AREA: "typing"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [3]
# EXPECT: "run"
