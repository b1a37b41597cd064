def fn(x: float) -> List[bool]:
    return [x == x, x != x, x < 1.0, x > 1.0, math.isnan(x)]


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"float": "nan"}]
# EXPECT: "run"
