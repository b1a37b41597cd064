def fn() -> Tuple[List[float], int]:
    xs: List[float] = []
    xs.append(1.0)
    return xs, len(xs)


# AREA: "typing"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
