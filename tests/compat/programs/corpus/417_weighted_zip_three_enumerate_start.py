def fn(vals: List[float], weights: List[float], masks: List[bool]) -> Tuple[float, List[int]]:
    total = 0.0
    used: List[int] = []
    for pos, (v, wt, m) in enumerate(zip(vals, weights, masks), start=1):
        if not m:
            continue
        total += v * wt
        used.append(pos)
    return total, used


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[1.0, 2.0, 3.0, 4.0], [0.5, 0.25, 2.0], [true, false, true, true]]
# EXPECT: "run"
