def fn(n: int) -> int:
    i = 0
    while True:
        if i * i > n:
            break
        i += 1
    return i


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [100]
# EXPECT: "run"
