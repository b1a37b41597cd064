def fn(a: int, b: int) -> Tuple[float, float, float, float, float]:
    return a ** -1, a ** b, 2 ** 0.5, a / b, pow(a, 2)


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [4, 3]
# EXPECT: "run"
