def fn(f: float, g: float, s: str, b: bool) -> List[int]:
    return [int(f), int(g), int(s), int(b)]


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [3.9, -3.9, "42", true]
# EXPECT: "run"
