def fn(xs: List[int]) -> int:
    for x in xs:
        if x > 2:
            break
    else:
        return -1
    return 1


# AREA: "errors"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [[1, 2, 3]]
# EXPECT: "compile_error"
# MATCH: "else"
