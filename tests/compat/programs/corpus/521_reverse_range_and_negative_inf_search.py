def fn(xs: List[float]) -> Tuple[int, float, List[int]]:
    best = -math.inf
    best_i = -1
    for i in range(len(xs) - 1, -1, -1):
        if xs[i] > best:
            best = xs[i]
            best_i = i
    desc: List[int] = []
    for i in range(10, 0, -4):
        desc.append(i)
    return best_i, best, desc


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[1.5, 9.0, -2.0, 9.0]]
# EXPECT: "run"
