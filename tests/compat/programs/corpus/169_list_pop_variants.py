def fn(xs: List[int]) -> Tuple[int, int, List[int]]:
    a = xs.pop()
    b = xs.pop(0)
    return a, b, xs


# AREA: "lists"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[1, 2, 3, 4]]
# EXPECT: "run"
