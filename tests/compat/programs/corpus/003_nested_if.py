def fn(a: int, b: int) -> int:
    if a > 0:
        if b > 5:
            return a * b
        else:
            return a + b
    return 0


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [3, 7]
# EXPECT: "run"
