def two(a: int, b: int) -> int:
    return a + b


def fn(x: int) -> int:
    return two(x)


# AREA: "functions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [1]
# EXPECT: "compile_error"
# MATCH: "Argument b not provided"
