def fn(n: int) -> int:
    s = 0
    i = 0
    while i < n:
        s += i * i
        i += 1
    return s


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [10]
# EXPECT: "run"
