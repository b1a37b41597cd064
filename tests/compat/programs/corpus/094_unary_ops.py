def fn(i: int, f: float) -> Tuple[int, float, int, float]:
    return -i, -f, -(-i), -(-f)


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [5, -2.5]
# EXPECT: "run"
