def fn(n: int) -> List[int]:
    return [len(range(n)), len(range(2, n)), len(range(0, n, 3))]


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [10]
# EXPECT: "compile_error"
# MATCH: "range cannot be used as a value"
