def fn(n: int) -> int:
    if n <= 1:
        return 1
    return n * fn(n - 1)


# AREA: "functions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [5]
# EXPECT: "compile_error"
# MATCH: "Recursive calls are not supported"
