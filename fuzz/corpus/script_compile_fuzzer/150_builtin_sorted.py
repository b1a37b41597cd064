def fn(xs: List[int], ss: List[str]) -> Tuple[List[int], List[str], List[int]]:
    ys = sorted(xs)
    return ys, sorted(ss), xs


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[3, 1, 2], ["b", "a"]]
# EXPECT: "run"
