def fn(i: int, f: float) -> List[float]:
    return [i + f, f + i, i * f, i / f, i - f, i ** f, f ** i]


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [3, 0.5]
# EXPECT: "run"
