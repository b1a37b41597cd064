def fn(x: Any) -> bool:
    return isinstance(x, int)


# AREA: "typing"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [3]
# EXPECT: "run"
