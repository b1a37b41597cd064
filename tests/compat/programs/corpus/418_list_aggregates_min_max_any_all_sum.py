def fn(xs: List[int], fs: List[float]) -> Tuple[int, int, float, float, bool, bool, int, float, List[int]]:
    pos = [x > 0 for x in xs]
    return min(xs), max(xs), min(fs), max(fs), any(pos), all(pos), sum(xs), sum(fs), sorted(xs)


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[3, -1, 4, 1, -5, 9], [2.5, -0.5, 8.0]]
# EXPECT: "run"
