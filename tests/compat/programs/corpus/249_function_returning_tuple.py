def qr(a: int, b: int) -> Tuple[int, int]:
    return a // b, a % b


def fn(a: int, b: int) -> int:
    q, r = qr(a, b)
    return q * 100 + r


# AREA: "functions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [17, 5]
# EXPECT: "run"
