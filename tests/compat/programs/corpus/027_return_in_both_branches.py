def fn(x: float) -> float:
    if x > 1.0:
        return x * 2.0
    else:
        return x - 1.0


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [2.5]
# EXPECT: "run"
