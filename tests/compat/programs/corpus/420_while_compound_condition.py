def fn(xs: List[int], limit: int) -> Tuple[int, int, bool]:
    i = 0
    acc = 0
    stopped = False
    while i < len(xs) and (acc + xs[i] <= limit or xs[i] < 0) and not stopped:
        acc += xs[i]
        if acc == limit:
            stopped = True
        i += 1
    return i, acc, stopped


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[3, 4, -2, 6, 1, 9], 12]
# EXPECT: "run"
