def fn(a: int, b: float) -> Tuple[int, float, float, float, int, float, float]:
    return abs(a), abs(b), round(b), round(-2.5), abs(-a) + a // 2, round(b * 100) / 100, float(int(b * 10)) / 10


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [-7, -3.14159]
# EXPECT: "run"
