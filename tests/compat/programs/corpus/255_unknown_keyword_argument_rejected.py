def two(a: int, b: int) -> int:
    return a + b


def fn(x: int) -> int:
    return two(x, 1, c=2)


# AREA: "functions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [1]
# EXPECT: "compile_error"
# MATCH: "Keyword argument c unknown"
