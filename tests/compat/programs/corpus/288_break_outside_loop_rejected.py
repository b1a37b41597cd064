def fn(x: int) -> int:
    break
    return x


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [1]
# EXPECT: "compile_error"
# MATCH: "'break' outside loop"
