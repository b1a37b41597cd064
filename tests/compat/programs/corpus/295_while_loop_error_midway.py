def fn(n: int) -> int:
    xs = [1, 2, 3]
    i = 0
    s = 0
    while i < n:
        s += xs[i]
        i += 1
    return s


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [5]
# EXPECT: "runtime_error"
# MATCH: "index"
