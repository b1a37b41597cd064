def fn(xs: List[int]) -> List[int]:
    out: List[int] = []
    for v in reversed(xs):
        out.append(v)
    return out


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[1, 2, 3]]
# EXPECT: "compile_error"
# MATCH: "reversed"
