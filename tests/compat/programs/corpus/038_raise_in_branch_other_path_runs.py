def fn(x: int) -> int:
    if x > 0:
        raise ValueError("positive")
    return x * 10


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [-1]
# EXPECT: "run"
