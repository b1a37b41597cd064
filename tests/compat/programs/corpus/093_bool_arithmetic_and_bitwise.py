def fn(a: bool, b: bool) -> Tuple[bool, bool, bool, int]:
    return a & b, a | b, a ^ b, int(a) + int(b)


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [true, false]
# EXPECT: "run"
