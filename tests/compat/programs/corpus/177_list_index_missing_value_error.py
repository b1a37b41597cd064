def fn(xs: List[int]) -> int:
    return xs.index(5)


# AREA: "lists"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[1, 2]]
# EXPECT: "runtime_error"
# MATCH: "is not in list"
