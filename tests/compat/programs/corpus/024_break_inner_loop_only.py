def fn(n: int) -> int:
    count = 0
    for i in range(n):
        for j in range(n):
            if j > i:
                break
            count += 1
    return count


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [4]
# EXPECT: "run"
