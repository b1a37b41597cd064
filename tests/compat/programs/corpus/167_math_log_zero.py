def fn(x: float) -> float:
    return math.log(x)


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [0.0]
# EXPECT: "run"
