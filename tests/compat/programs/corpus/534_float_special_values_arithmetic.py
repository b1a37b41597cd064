def fn(x: float) -> Tuple[float, bool, bool, float, float, float, bool]:
    nan = float("nan")
    inf = float("inf")
    return x % 0.5, nan == nan, nan != nan, inf - inf if False else inf * 0.0, abs(-0.0), min(inf, x), math.isfinite(x)


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [2.75]
# EXPECT: "run"
