def fn(a: int, b: int) -> float:
    return a ** b


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [2, -2]
# EXPECT: "run"
