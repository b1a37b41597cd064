def fn(x: float, s: str) -> Tuple[int, int, float, int, float, int, float, float, int]:
    return int(x), int(-x), float(7), int(s), float("2.5"), int(True), round(2.5), round(3.5), int(float(s) / 4)


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [3.9, "42"]
# EXPECT: "run"
