def fn(a: int, b: int) -> List[int]:
    return [a // b, a % b, 7 // -2, 7 % -2, -7 // -2, -7 % -2]


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [-7, 2]
# EXPECT: "run"
