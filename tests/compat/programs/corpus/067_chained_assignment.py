def fn(x: int) -> Tuple[int, int]:
    a = b = x * 2
    return a, b


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [3]
# EXPECT: "run"
