def fn(i: int, s: str, b: bool) -> List[float]:
    return [float(i), float(s), float(b)]


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [3, "2.5", false]
# EXPECT: "run"
