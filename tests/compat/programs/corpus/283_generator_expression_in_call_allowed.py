def fn(xs: List[int]) -> int:
    return sum(x for x in xs)


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[1, 2]]
# EXPECT: "run"
