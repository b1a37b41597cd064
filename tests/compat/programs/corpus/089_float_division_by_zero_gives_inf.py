def fn(x: float) -> List[float]:
    return [1.0 / x, -1.0 / x, x / x]


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [0.0]
# EXPECT: "run"
