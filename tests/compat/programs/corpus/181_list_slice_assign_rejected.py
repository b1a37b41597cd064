def fn(xs: List[int]) -> List[int]:
    xs[0:2] = [9]
    return xs


# AREA: "lists"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[1, 2, 3]]
# EXPECT: "compile_error"
# MATCH: "Sliced expression not yet supported for subscripted assignment"
