def fn(a: float, b: float, c: float, d: float) -> List[float]:
    return [round(a), round(b), round(c), round(d)]


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [2.5, 3.5, -1.5, 2.675]
# EXPECT: "run"
