def fn(x: int) -> int:
    y: Final[int] = 3
    return x + y


# AREA: "typing"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [3]
# EXPECT: "compile_error"
# MATCH: "Unknown type constructor Final"
