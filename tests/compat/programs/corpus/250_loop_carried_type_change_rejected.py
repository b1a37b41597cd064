def fn(n: int) -> float:
    v = 1
    for i in range(n):
        v = 0.5
    return v


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [3]
# EXPECT: "compile_error"
# MATCH: ""
