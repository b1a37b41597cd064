def fn() -> List[float]:
    return [float("inf"), -float("inf"), math.inf * 0.0, 1e308 * 10.0]


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
