def fn(xs: List[float]) -> Tuple[float, float]:
    return min(xs), max(xs)


# AREA: "lists"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[2.5, -1.0, 7.25]]
# EXPECT: "run"
