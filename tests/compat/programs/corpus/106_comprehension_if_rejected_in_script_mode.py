def fn(xs: List[int]) -> List[int]:
    return [x * 10 for x in xs if x % 2 == 0]


# AREA: "expressions"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [[1, 2, 3, 4, 5, 6]]
# EXPECT: "compile_error"
# MATCH: "Comprehension ifs are not supported"
