def fn(n: int) -> int:
    d = 2
    while d * d <= n:
        if n % d == 0:
            return d
        d += 1
    return n


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [37]
# EXPECT: "run"
