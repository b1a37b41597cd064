def fn(n: int) -> int:
    total = 0
    for i in range(n):
        for j in range(i):
            total += i * j
    return total


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [5]
# EXPECT: "run"
