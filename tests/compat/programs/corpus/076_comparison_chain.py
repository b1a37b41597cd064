def fn(a: int, b: int, c: int) -> Tuple[bool, bool, bool]:
    return a < b < c, a < b > c, a <= a == a < c


# AREA: "expressions"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [1, 5, 9]
# EXPECT: "run"
