def fn(a: int, b: str) -> int:
    print(a, b, sep="-")
    return a


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [1, "x"]
# EXPECT: "compile_error"
# MATCH: "print doesn't accept any keyword arguments"
