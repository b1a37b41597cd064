def fn(x: int) -> float:
    return 7 / x


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [0]
# EXPECT: "run"
