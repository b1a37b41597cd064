def fn(x: float) -> List[int]:
    return [math.floor(x), math.ceil(x)]


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [-2.5]
# EXPECT: "run"
