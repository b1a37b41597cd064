def fn(x: float) -> float:
    return math.sqrt(x)


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [-1.0]
# EXPECT: "run"
