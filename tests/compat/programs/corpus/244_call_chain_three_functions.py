def a(x: float) -> float:
    return x + 1.0


def b(x: float) -> float:
    return a(x) * 2.0


def fn(x: float) -> float:
    return b(a(x))


# AREA: "functions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [2.0]
# EXPECT: "run"
