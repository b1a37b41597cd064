def fn(a: int, b: int) -> int:
    d: Dict[Tuple[int, int], int] = {}
    d[(a, b)] = 1
    return len(d)


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [1, 2]
# EXPECT: "compile_error"
# MATCH: "Cannot create dict for key type"
