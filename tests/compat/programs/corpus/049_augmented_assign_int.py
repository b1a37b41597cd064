def fn(x: int) -> List[int]:
    a = x
    a += 3
    b = x
    b -= 10
    c = x
    c *= -2
    d = x
    d //= 2
    e = x
    e %= 4
    return [a, b, c, d, e]


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [7]
# EXPECT: "run"
