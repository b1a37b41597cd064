def fn(x: float) -> List[float]:
    a = x
    a += 1
    b = x
    b /= 2
    c = x
    c *= 0.5
    d = x
    d -= 10
    return [a, b, c, d]


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [7.5]
# EXPECT: "run"
