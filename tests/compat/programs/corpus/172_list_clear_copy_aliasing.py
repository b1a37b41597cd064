def fn(xs: List[int]) -> Tuple[List[int], List[int], List[int]]:
    alias = xs
    c = xs.copy()
    xs.clear()
    return xs, alias, c


# AREA: "lists"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[1, 2]]
# EXPECT: "run"
