def fn(x: Optional[int]) -> int:
    if x is None:
        return 0
    return x * x


# AREA: "typing"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [5]
# EXPECT: "run"
