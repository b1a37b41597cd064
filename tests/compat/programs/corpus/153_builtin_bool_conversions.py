def fn(i: int, f: float, s: str) -> List[bool]:
    return [bool(i), bool(f), bool(1)]


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [0, 2.5, ""]
# EXPECT: "run"
