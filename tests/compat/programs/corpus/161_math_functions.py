def fn(x: float) -> List[float]:
    return [math.sqrt(x), math.exp(x), math.log(x), math.sin(x), math.cos(x), math.tanh(x), math.pow(x, 3.0), math.fabs(-x), math.log10(100.0), math.atan2(1.0, x)]


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [2.0]
# EXPECT: "run"
