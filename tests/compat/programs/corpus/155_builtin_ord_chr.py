def fn(c: str, i: int) -> Tuple[int, str]:
    return ord(c), chr(i)


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["A", 98]
# EXPECT: "run"
