def fn(x: float) -> int:
    return math.trunc(x)


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [-2.5]
# EXPECT: "compile_error"
# MATCH: "is currently not supported in Torchscript"
