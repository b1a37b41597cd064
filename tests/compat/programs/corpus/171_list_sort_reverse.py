def fn(xs: List[int]) -> Tuple[List[int], List[int]]:
    ys = xs.copy()
    xs.sort()
    ys.sort(reverse=True)
    zs = xs.copy()
    zs.reverse()
    return xs, zs


# AREA: "lists"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[3, 1, 2]]
# EXPECT: "run"
