def fn(a: float, b: float) -> List[float]:
    return [a + b, a - b, a * b, a / b, a // b, a % b, a ** b, -a]


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [7.5, 2.0]
# EXPECT: "run"
