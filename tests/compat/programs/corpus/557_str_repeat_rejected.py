def fn(s: str, n: int) -> str:
    return s * n


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["ab", 3]
# EXPECT: "compile_error"
# MATCH: "Arguments for call are not valid"
