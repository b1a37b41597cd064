def fn(xs: List[int]) -> int:
    return xs[3]


# AREA: "lists"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[1, 2, 3]]
# EXPECT: "runtime_error"
# MATCH: "list index out of range"
