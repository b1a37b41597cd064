def fn(i: int, f: float) -> Tuple[int, float, int, int]:
    return -i, -f, +i, ~i


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [5, -2.5]
# EXPECT: "run"
