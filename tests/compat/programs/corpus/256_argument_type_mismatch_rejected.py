def inc(a: int) -> int:
    return a + 1


def fn(x: int) -> int:
    return inc("one")


# AREA: "functions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [1]
# EXPECT: "compile_error"
# MATCH: "Expected a value of type 'int' for argument 'a' but instead found type 'str'"
