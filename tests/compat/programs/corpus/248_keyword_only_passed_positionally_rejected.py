def scale(x: int, *, factor: int = 2) -> int:
    return x * factor


def fn(x: int) -> int:
    return scale(x, 3)


# AREA: "functions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [5]
# EXPECT: "compile_error"
# MATCH: "Expected at most 1 argument"
