def fn(x: int, s: str) -> List[bool]:
    return [isinstance(x, int), isinstance(x, float), isinstance(s, str), isinstance(x, (float, int))]


# AREA: "typing"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [3, "a"]
# EXPECT: "run"
