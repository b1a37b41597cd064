def fn(n: int) -> Tuple[List[int], List[int], List[int], int]:
    down = [i for i in range(n, 0, -3)]
    up = [i * i for i in range(1, n, 4)]
    rev: List[int] = []
    for v in up[::-1]:
        rev.append(v)
    total = 0
    for i in range(-n, n, 5):
        total += i
    return down, up, rev, total


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [11]
# EXPECT: "run"
