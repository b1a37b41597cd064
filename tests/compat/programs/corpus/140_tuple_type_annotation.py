def fn(t: Tuple[int, str, float]) -> Tuple[float, str]:
    a, b, c = t
    return c + a, b + b


# AREA: "typing"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tuple": [1, "x", 2.5]}]
# EXPECT: "run"
