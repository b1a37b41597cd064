def fn(n: int) -> str:
    return "count: " + n


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [3]
# EXPECT: "compile_error"
# MATCH: "Arguments for call are not valid"
