def fn(x: int) -> str:
    return chr(x)


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [-1]
# EXPECT: "runtime_error"
# MATCH: ""
