def fn(a: int, b: int) -> Tuple[float, float]:
    return a ** b, 2 ** 10


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [3, 2]
# EXPECT: "run"
