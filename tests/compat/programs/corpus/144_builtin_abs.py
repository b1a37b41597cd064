def fn(i: int, f: float) -> Tuple[int, float]:
    return abs(i), abs(f)


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [-3, -2.5]
# EXPECT: "run"
