def fn(a: int, b: int, c: int) -> List[int]:
    return [a + b * c, (a + b) * c, -a ** 2, a ** b ** 2 // 100, a | b & c, a << 1 + b]


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [2, 3, 4]
# EXPECT: "run"
