def fn(xs: List[int]) -> Tuple[int, int]:
    return xs[-1], xs[-3]


# AREA: "lists"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[1, 2, 3]]
# EXPECT: "run"
