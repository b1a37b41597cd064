def fn(x: int, b: bool) -> Tuple[bool, bool, bool]:
    return not b, not (x > 0), not not b


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [0, true]
# EXPECT: "run"
