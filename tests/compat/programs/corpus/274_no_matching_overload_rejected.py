def fn(x: int) -> int:
    return x + "a"


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [1]
# EXPECT: "compile_error"
# MATCH: "Arguments for call are not valid"
