def fn(x: Optional[int]) -> int:
    if x is not None:
        return x + 1
    return 0


# AREA: "typing"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [4]
# EXPECT: "run"
