def fn(a: int, b: int) -> List[int]:
    q, r = divmod(a, b)
    return [a // b, a % b, -a // b, -a % b, a // -b, a % -b, q, r, abs(a - 3 * b)]


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [7, 3]
# EXPECT: "run"
