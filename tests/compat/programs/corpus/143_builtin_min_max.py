def fn(a: int, b: int, f: float, xs: List[int]) -> Tuple[int, int, float, int, int]:
    return min(a, b), max(a, b), max(a, f), min(xs), max(xs)


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [3, 7, 2.5, [4, 9, 1]]
# EXPECT: "run"
