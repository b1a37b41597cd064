def fn() -> int:
    xs = [1, "a"]
    return len(xs)


# AREA: "typing"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
