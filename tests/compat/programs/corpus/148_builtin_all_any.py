def fn(bs: List[bool], xs: List[int]) -> List[bool]:
    e: List[bool] = []
    return [all(bs), any(bs), all(e), any(e), all(xs), any(xs)]


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[true, false], [1, 2, 3]]
# EXPECT: "run"
