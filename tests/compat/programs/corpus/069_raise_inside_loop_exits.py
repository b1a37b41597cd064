def fn(xs: List[int]) -> int:
    s = 0
    for x in xs:
        if x > 10:
            raise ValueError("too large: " + str(x))
        s += x
    return s


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[1, 2, 30, 4]]
# EXPECT: "runtime_error"
# MATCH: "too large: 30"
