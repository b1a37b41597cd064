def fn(x: int) -> float:
    f: float = x
    return f


# AREA: "typing"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [2]
# EXPECT: "compile_error"
# MATCH: "is annotated with type float"
