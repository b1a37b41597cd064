def fn(a: int, b: int) -> Tuple[float, float]:
    return a / b, 6 / 3


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [7, 2]
# EXPECT: "run"
