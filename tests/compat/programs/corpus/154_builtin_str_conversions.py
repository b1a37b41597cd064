def fn(i: int, f: float, b: bool) -> List[str]:
    return [str(i), str(f), str(b), str([1, 2]), str(1e20)]


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [3, 2.5, true]
# EXPECT: "run"
