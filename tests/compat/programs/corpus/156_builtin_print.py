def fn(x: int, s: str) -> int:
    print("x is", x, s, 2.5, [1, 2], True, None)
    return x


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [3, "s"]
# EXPECT: "run"
