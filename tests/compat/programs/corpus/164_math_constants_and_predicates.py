def fn(x: float) -> List[bool]:
    return [math.pi > 3.14, math.e < 2.72, math.isinf(math.inf), math.isfinite(x), math.isnan(x)]


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [1.0]
# EXPECT: "run"
