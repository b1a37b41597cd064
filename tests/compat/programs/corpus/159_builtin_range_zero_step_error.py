def fn(s: int) -> int:
    t = 0
    for i in range(0, 5, s):
        t += i
    return t


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [0]
# EXPECT: "runtime_error"
# MATCH: "range() arg 3 must not be zero"
