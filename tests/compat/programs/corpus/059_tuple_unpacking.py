def fn(a: int, b: int) -> Tuple[int, int, int]:
    x, y = a, b
    x, y = y, x
    (p, q), r = (x, y), 9
    return p, q, r


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [1, 2]
# EXPECT: "run"
