def fn(xs: List[int]) -> Tuple[int, int, List[int]]:
    i = xs.index(7)
    c = xs.count(5)
    xs.remove(5)
    return i, c, xs


# AREA: "lists"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[5, 3, 5, 7]]
# EXPECT: "run"
