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
# MATCH: "Variable 'v' previously had type int but is now being assigned to a value of type float"
