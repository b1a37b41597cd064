def fn(xs: List[int]) -> int:
    return xs.pop()


# AREA: "lists"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[]]
# EXPECT: "runtime_error"
# MATCH: "pop from empty list"
