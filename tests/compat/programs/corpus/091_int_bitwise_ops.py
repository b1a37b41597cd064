def fn(a: int, b: int) -> List[int]:
    return [a & b, a | b, a ^ b, a << 3, a >> 2, -a >> 1]


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [12, 10]
# EXPECT: "run"
