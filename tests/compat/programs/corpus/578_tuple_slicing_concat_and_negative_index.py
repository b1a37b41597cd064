def fn(a: int, s: str, f: float) -> Tuple[Tuple[str, float], int, Tuple[int, str, float, bool], float, int]:
    t = (a, s, f)
    rest = t[1:]
    longer = t + (True,)
    return rest, t[-3], longer, t[-1], len(longer)


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [7, "x", 2.5]
# EXPECT: "run"
