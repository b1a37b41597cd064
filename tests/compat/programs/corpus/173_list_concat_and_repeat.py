def fn(a: List[int], b: List[int]) -> Tuple[List[int], List[int]]:
    return a + b, a * 3


# AREA: "lists"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[1, 2], [3]]
# EXPECT: "run"
