def fn(a: List[int], b: List[int]) -> List[bool]:
    return [a == b, a != b, a is b, [1, 3] == a]


# AREA: "lists"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[1, 2], [1, 2]]
# EXPECT: "run"
