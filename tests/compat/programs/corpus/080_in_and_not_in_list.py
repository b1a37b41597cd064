def fn(xs: List[int], v: int) -> Tuple[bool, bool, bool]:
    return v in xs, v not in xs, 7 in xs


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[1, 2, 3], 2]
# EXPECT: "run"
