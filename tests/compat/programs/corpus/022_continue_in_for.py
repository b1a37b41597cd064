def fn(n: int) -> int:
    s = 0
    for i in range(n):
        if i % 3 == 0:
            continue
        s += i
    return s


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [10]
# EXPECT: "run"
