def fn(a: float, b: float) -> Tuple[float, float, float]:
    return -a ** 2, a ** b ** 2, (-a) ** 2


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [2.0, 3.0]
# EXPECT: "run"
