def fn(x: float) -> float:
    return round(x, 2)


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [2.675]
# EXPECT: "compile_error"
# MATCH: "Arguments for call are not valid"
