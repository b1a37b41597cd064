def fn(x: int) -> str:
    return "even" if x % 2 == 0 else "odd"


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [4]
# EXPECT: "run"
