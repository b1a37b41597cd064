def fn(x: int) -> List[int]:
    a = x
    a += 3
    b = x
    b -= 10
    c = x
    c *= -2
    return [a, b, c]


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [7]
# EXPECT: "run"
