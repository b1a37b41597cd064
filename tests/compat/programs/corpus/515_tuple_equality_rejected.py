def fn(names: List[str], scores: List[int]) -> Tuple[List[Tuple[int, str]], bool]:
    pairs = [(s, n) for n, s in zip(names, scores)]
    return pairs, (1, "b") == (1, "b")


# AREA: "errors"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [["x", "y", "z", "w"], [3, 1, 3, 2]]
# EXPECT: "compile_error"
# MATCH: "Arguments for call are not valid"
