def fn(x: int) -> int:
    return x + 1


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [9223372036854775807]
# EXPECT: "run"
