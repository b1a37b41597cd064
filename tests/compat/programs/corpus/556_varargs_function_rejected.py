def total(*xs: int) -> int:
    s = 0
    for x in xs:
        s += x
    return s


def fn(a: int) -> int:
    return total(a, a)


# AREA: "errors"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [1]
# EXPECT: "compile_error"
# MATCH: "variable number of arguments"
