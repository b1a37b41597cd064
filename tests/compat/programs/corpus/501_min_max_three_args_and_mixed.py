def fn(a: int, b: int, c: int, x: float) -> Tuple[int, int, float, float, int]:
    return min(a, b, c), max(a, b, c), max(x, a), min([x, 0.5, 2.0]), max([a, b], [c, 0])[0]


# AREA: "builtins"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [3, -2, 7, 1.5]
# EXPECT: "run"
