def fn(a: int, b: int, c: int) -> List[int]:
    return [a + b * c, (a + b) * c, a | b & c, a << 1 + b, a - b - c, a ^ b | c, -a % c]


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [2, 3, 4]
# EXPECT: "run"
