def fn(xss: List[List[int]]) -> List[int]:
    return [sum(xs) + len(xs) for xs in xss]


# AREA: "lists"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[[1, 2], [3], []]]
# EXPECT: "run"
