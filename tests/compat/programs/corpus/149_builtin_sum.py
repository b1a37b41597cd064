def fn(xs: List[int], fs: List[float]) -> Tuple[int, float]:
    return sum(xs), sum(fs)


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[1, 2, 3], [0.5, 1.5]]
# EXPECT: "run"
