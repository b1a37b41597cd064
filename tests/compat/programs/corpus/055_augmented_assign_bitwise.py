def fn(x: int) -> List[int]:
    a = x
    a &= 10
    b = x
    b |= 3
    c = x
    c ^= 5
    d = x
    d <<= 2
    e = x
    e >>= 1
    return [a, b, c, d, e]


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [12]
# EXPECT: "run"
