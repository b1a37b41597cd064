def fn(xs: List[int]) -> int:
    if len(xs) < 2:
        raise IndexError("need two")
    return xs[1]


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[1]]
# EXPECT: "runtime_error"
# MATCH: "IndexError"
