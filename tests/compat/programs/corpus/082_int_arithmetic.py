def fn(a: int, b: int) -> List[int]:
    return [a + b, a - b, a * b, a // b, a % b, -a]


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [17, 5]
# EXPECT: "run"
