def popcount(x: int) -> int:
    c = 0
    while x > 0:
        c += x & 1
        x >>= 1
    return c


def fn(a: int, b: int) -> List[int]:
    return [a & b, a | b, a ^ b, a << 3, a >> 2, -a >> 1, popcount(a), popcount(b), (a | b) ^ (a & b), -a & 0xFF]


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [44, 27]
# EXPECT: "run"
