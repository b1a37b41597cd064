def fn(x: int) -> bool:
    return hash(x) == hash(5)


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [5]
# EXPECT: "run"
