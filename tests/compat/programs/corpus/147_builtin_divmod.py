def fn(a: int, b: int, x: float, y: float) -> Tuple[Tuple[int, int], Tuple[float, float]]:
    return divmod(a, b), divmod(x, y)


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [-7, 2, 7.5, 2.0]
# EXPECT: "run"
