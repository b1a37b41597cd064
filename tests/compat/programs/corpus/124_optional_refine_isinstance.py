def fn(x: Optional[float]) -> float:
    if isinstance(x, float):
        return x * 2.0
    return 0.0


# AREA: "typing"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [2.5]
# EXPECT: "run"
