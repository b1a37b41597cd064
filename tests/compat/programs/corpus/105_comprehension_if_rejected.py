def fn(xs: List[int]) -> List[int]:
    return [x * 10 for x in xs if x % 2 == 0]


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[1, 2, 3, 4, 5, 6]]
# EXPECT: "compile_error"
# MATCH: "expected else"
